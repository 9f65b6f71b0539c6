"""Record who set each fact field: create field_source, give change_log the sources each
write replaced and set (so undo restores them), and give itinerary items opening hours (`hours`).

Facts written before have no recorded source, so nothing is shown as unverified until the
assistant sets a fact again. Downgrading drops the sources and the opening hours.

Revision ID: c5a1e7d3b9f4
Revises: c8d4b0a6c3f7
Created: 2026-12-02 13:20:00
"""

import json
from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "c5a1e7d3b9f4"
down_revision: str | Sequence[str] | None = "c8d4b0a6c3f7"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _text() -> sqlmodel.sql.sqltypes.AutoString:
    return sqlmodel.sql.sqltypes.AutoString()


def upgrade() -> None:
    op.create_table(
        "field_source",
        sa.Column("entity", _text(), nullable=False),
        sa.Column("entity_id", _text(), nullable=False),
        sa.Column("field", _text(), nullable=False),
        sa.Column("trip_id", _text(), nullable=False),
        sa.Column("source", _text(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("confirmed", sa.Boolean(), nullable=False),
        sa.Column("file_name", _text(), nullable=True),
        sa.CheckConstraint(
            "source IN ('person', 'assistant', 'lookup', 'import')",
            name=op.f("ck_field_source_source"),
        ),
        sa.ForeignKeyConstraint(
            ["trip_id"], ["trip.id"], name=op.f("fk_field_source_trip_id_trip"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("entity", "entity_id", "field", name=op.f("pk_field_source")),
    )
    op.create_index("ix_field_source_trip_id", "field_source", ["trip_id"])
    with op.batch_alter_table("change_log") as batch:
        batch.add_column(sa.Column("sources_before", sa.Text(), nullable=True))
        batch.add_column(sa.Column("sources_after", sa.Text(), nullable=True))
    with op.batch_alter_table("itinerary_item") as batch:
        batch.add_column(sa.Column("hours", _text(), nullable=False, server_default=sa.text("''")))


def downgrade() -> None:
    with op.batch_alter_table("itinerary_item", recreate="always") as batch:
        batch.drop_column("hours")
    _forget_logged_hours()
    # A confirmation changed only sources: an older version has nothing to undo in it.
    op.execute(
        "DELETE FROM change_log WHERE action = 'update' AND after = '{}' "
        "AND sources_after IS NOT NULL"
    )
    with op.batch_alter_table("change_log", recreate="always") as batch:
        batch.drop_column("sources_after")
        batch.drop_column("sources_before")
    op.drop_index("ix_field_source_trip_id", table_name="field_source")
    op.drop_table("field_source")


def _forget_logged_hours() -> None:
    """Take the opening hours out of the logged item images, written back exactly as the
    store writes them (undo compares the text), and drop edits left with no field."""
    bind = op.get_bind()
    rows = bind.execute(
        sa.text(
            "SELECT id, action, before, after FROM change_log WHERE entity = 'itinerary_item' "
            "AND (before LIKE '%\"hours\"%' OR after LIKE '%\"hours\"%')"
        )
    ).all()
    for row_id, action, *images in rows:
        kept = [_without_hours(image) for image in images]
        if action == "update" and kept[1] == "{}":
            bind.execute(sa.text("DELETE FROM change_log WHERE id = :id"), {"id": row_id})
        else:
            bind.execute(
                sa.text("UPDATE change_log SET before = :before, after = :after WHERE id = :id"),
                {"id": row_id, "before": kept[0], "after": kept[1]},
            )


def _without_hours(image: str | None) -> str | None:
    if image is None:
        return None
    data = {k: v for k, v in json.loads(image).items() if k != "hours"}
    return json.dumps(data, ensure_ascii=False, sort_keys=True)
