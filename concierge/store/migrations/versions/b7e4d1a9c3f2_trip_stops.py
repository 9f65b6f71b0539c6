"""Create trip_stop: a trip's route as an ordered list of stops. Each trip with a destination
becomes a one-stop trip (the destination, its code and zone, from the trip's first to its
last day), then trip loses its destination columns.

Change-log rows written before keep their undo: the destination fields are taken out of the
logged trip images, and a logged edit that changed nothing else is dropped (there is no
column left to put back). Downgrading puts each trip's first stop back into the destination
columns, drops the stops and their change-log rows (an older version cannot undo them).

Revision ID: b7e4d1a9c3f2
Revises: b7e3d5a9c2f1
Created: 2026-12-01 23:30:00
"""

import json
from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "b7e4d1a9c3f2"
down_revision: str | Sequence[str] | None = "b7e3d5a9c2f1"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_DESTINATION = ("destination", "destination_code", "destination_tz")


def _text() -> sqlmodel.sql.sqltypes.AutoString:
    return sqlmodel.sql.sqltypes.AutoString()


def upgrade() -> None:
    op.create_table(
        "trip_stop",
        sa.Column("id", _text(), nullable=False),
        sa.Column("trip_id", _text(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("place", _text(), nullable=False),
        sa.Column("place_code", _text(), nullable=True),
        sa.Column("timezone", _text(), nullable=True),
        sa.Column("arrive", sa.Date(), nullable=True),
        sa.Column("depart", sa.Date(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint("place <> ''", name=op.f("ck_trip_stop_place_not_empty")),
        sa.CheckConstraint(
            "arrive IS NULL OR depart IS NULL OR depart >= arrive",
            name=op.f("ck_trip_stop_dates_in_order"),
        ),
        sa.ForeignKeyConstraint(
            ["trip_id"], ["trip.id"], name=op.f("fk_trip_stop_trip_id_trip"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_trip_stop")),
    )
    op.create_index("ix_trip_stop_trip_id_position", "trip_stop", ["trip_id", "position"])
    op.execute(
        "INSERT INTO trip_stop (id, trip_id, position, place, place_code, timezone, arrive, "
        "depart, created_at, updated_at) "
        "SELECT lower(hex(randomblob(16))), id, 0, trim(destination), destination_code, "
        "destination_tz, start_date, end_date, created_at, updated_at "
        "FROM trip WHERE trim(destination) <> ''"
    )
    _forget_logged_destinations()
    with op.batch_alter_table("trip", recreate="always") as batch:
        for name in _DESTINATION:
            batch.drop_column(name)


def _forget_logged_destinations() -> None:
    """Take the destination fields out of the logged trip images, written back exactly as
    the store writes them (undo compares the text), and drop edits left with no field."""
    bind = op.get_bind()
    rows = bind.execute(
        sa.text(
            "SELECT id, action, before, after FROM change_log WHERE entity = 'trip' "
            "AND (before LIKE '%\"destination%' OR after LIKE '%\"destination%')"
        )
    ).all()
    for row_id, action, *images in rows:
        kept = [_without_destination(image) for image in images]
        if action == "update" and kept[1] == "{}":
            bind.execute(sa.text("DELETE FROM change_log WHERE id = :id"), {"id": row_id})
        else:
            bind.execute(
                sa.text("UPDATE change_log SET before = :before, after = :after WHERE id = :id"),
                {"id": row_id, "before": kept[0], "after": kept[1]},
            )


def _without_destination(image: str | None) -> str | None:
    if image is None:
        return None
    data = {k: v for k, v in json.loads(image).items() if k not in _DESTINATION}
    return json.dumps(data, ensure_ascii=False, sort_keys=True)


def downgrade() -> None:
    with op.batch_alter_table("trip", recreate="always") as batch:
        batch.add_column(
            sa.Column("destination", _text(), nullable=False, server_default=""),
            insert_after="origin_tz",
        )
        batch.add_column(
            sa.Column("destination_code", _text(), nullable=True), insert_after="destination"
        )
        batch.add_column(
            sa.Column("destination_tz", _text(), nullable=True), insert_after="destination_code"
        )
    first = "(SELECT {0} FROM trip_stop WHERE trip_id = trip.id ORDER BY position LIMIT 1)"
    op.execute(
        f"UPDATE trip SET destination = coalesce({first.format('place')}, ''), "
        f"destination_code = {first.format('place_code')}, "
        f"destination_tz = {first.format('timezone')}"
    )
    with op.batch_alter_table("trip", recreate="always") as batch:
        batch.alter_column("destination", server_default=None)
    op.execute("DELETE FROM change_log WHERE entity = 'trip_stop'")
    op.drop_index("ix_trip_stop_trip_id_position", table_name="trip_stop")
    op.drop_table("trip_stop")
