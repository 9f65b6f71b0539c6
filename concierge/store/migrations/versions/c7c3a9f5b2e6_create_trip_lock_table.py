"""Create trip_lock: what the person locked against the assistant's changes (a field, an
item, a day or a stop of a trip), and allow change_log entity 'trip_lock' so locking and
unlocking undo like any edit.

Revision ID: c7c3a9f5b2e6
Revises: e3b7d9a1c5f8
Created: 2026-12-02 13:30:00

SQLite cannot alter a CHECK constraint in place, so change_log is rebuilt (batch mode copies
its rows). Downgrading deletes the locks' change-log rows first (an older version cannot
undo them), restores the old constraint and drops the table.
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "c7c3a9f5b2e6"
down_revision: str | Sequence[str] | None = "e3b7d9a1c5f8"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_OLD = (
    "trip",
    "itinerary_item",
    "form",
    "form_answer",
    "goal",
    "pin",
    "trip_stop",
    "expense",
    "document",
)
_NEW = (*_OLD, "trip_lock")


def _check(entities: tuple[str, ...]) -> str:
    return f"entity IN ({', '.join(repr(entity) for entity in entities)})"


def _text() -> sqlmodel.sql.sqltypes.AutoString:
    return sqlmodel.sql.sqltypes.AutoString()


def upgrade() -> None:
    op.create_table(
        "trip_lock",
        sa.Column("id", _text(), nullable=False),
        sa.Column("trip_id", _text(), nullable=False),
        sa.Column("kind", _text(), nullable=False),
        sa.Column("target", _text(), nullable=False),
        sa.Column("entity", _text(), nullable=False),
        sa.Column("field", _text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint(
            "kind IN ('field', 'item', 'day', 'stop')", name=op.f("ck_trip_lock_kind")
        ),
        sa.CheckConstraint("target <> ''", name=op.f("ck_trip_lock_target_not_empty")),
        sa.CheckConstraint(
            "(kind = 'field') = (field <> '')", name=op.f("ck_trip_lock_field_when_field_lock")
        ),
        sa.CheckConstraint(
            "(kind = 'field') = (entity IN ('trip', 'itinerary_item', 'trip_stop'))",
            name=op.f("ck_trip_lock_entity_when_field_lock"),
        ),
        sa.ForeignKeyConstraint(
            ["trip_id"], ["trip.id"], name=op.f("fk_trip_lock_trip_id_trip"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_trip_lock")),
    )
    op.create_index(
        "ix_trip_lock_trip_id_kind_target_field",
        "trip_lock",
        ["trip_id", "kind", "target", "field"],
        unique=True,
    )
    with op.batch_alter_table("change_log", recreate="always") as batch:
        batch.drop_constraint(op.f("ck_change_log_entity"), type_="check")
        batch.create_check_constraint(op.f("ck_change_log_entity"), _check(_NEW))


def downgrade() -> None:
    op.execute("DELETE FROM change_log WHERE entity = 'trip_lock'")
    with op.batch_alter_table("change_log", recreate="always") as batch:
        batch.drop_constraint(op.f("ck_change_log_entity"), type_="check")
        batch.create_check_constraint(op.f("ck_change_log_entity"), _check(_OLD))
    op.drop_index("ix_trip_lock_trip_id_kind_target_field", table_name="trip_lock")
    op.drop_table("trip_lock")
