"""Create the trip, itinerary_item, change_log and app_setting tables.

Written by hand: decimals are TEXT (never a float) and timestamps plain DATETIME, so the
migration does not import the app's column types.

Revision ID: 1dfd1398efa4
Revises: f6e6761c12eb
Created: 2026-11-30 01:44:55
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "1dfd1398efa4"
down_revision: str | Sequence[str] | None = "f6e6761c12eb"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _text() -> sqlmodel.sql.sqltypes.AutoString:
    return sqlmodel.sql.sqltypes.AutoString()


def upgrade() -> None:
    op.create_table(
        "trip",
        sa.Column("id", _text(), nullable=False),
        sa.Column("title", _text(), nullable=False),
        sa.Column("origin", _text(), nullable=False),
        sa.Column("origin_code", _text(), nullable=True),
        sa.Column("origin_tz", _text(), nullable=True),
        sa.Column("destination", _text(), nullable=False),
        sa.Column("destination_code", _text(), nullable=True),
        sa.Column("destination_tz", _text(), nullable=True),
        sa.Column("start_date", sa.Date(), nullable=True),
        sa.Column("end_date", sa.Date(), nullable=True),
        sa.Column("travellers", sa.Integer(), nullable=False),
        sa.Column("budget_amount", sa.Text(), nullable=True),
        sa.Column("budget_currency", _text(), nullable=False),
        sa.Column("interests", sa.Text(), nullable=False),
        sa.Column("pace", _text(), nullable=False),
        sa.Column("notes", sa.Text(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint("title <> ''", name=op.f("ck_trip_title_not_empty")),
        sa.CheckConstraint("travellers >= 1", name=op.f("ck_trip_travellers_at_least_one")),
        sa.CheckConstraint("pace IN ('relaxed', 'balanced', 'packed')", name=op.f("ck_trip_pace")),
        sa.CheckConstraint(
            "start_date IS NULL OR end_date IS NULL OR end_date >= start_date",
            name=op.f("ck_trip_dates_in_order"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_trip")),
    )
    op.create_index(op.f("ix_trip_position"), "trip", ["position"])
    op.create_table(
        "itinerary_item",
        sa.Column("id", _text(), nullable=False),
        sa.Column("trip_id", _text(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("start_time", sa.Time(), nullable=True),
        sa.Column("timezone", _text(), nullable=True),
        sa.Column("title", _text(), nullable=False),
        sa.Column("place", _text(), nullable=False),
        sa.Column("notes", sa.Text(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint("title <> ''", name=op.f("ck_itinerary_item_title_not_empty")),
        sa.ForeignKeyConstraint(
            ["trip_id"],
            ["trip.id"],
            name=op.f("fk_itinerary_item_trip_id_trip"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_itinerary_item")),
    )
    op.create_index(
        "ix_itinerary_item_trip_id_day_position",
        "itinerary_item",
        ["trip_id", "day", "position"],
    )
    op.create_table(
        "change_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("group_id", _text(), nullable=False),
        sa.Column("actor", _text(), nullable=False),
        sa.Column("label", _text(), nullable=False),
        sa.Column("entity", _text(), nullable=False),
        sa.Column("entity_id", _text(), nullable=False),
        sa.Column("trip_id", _text(), nullable=False),
        sa.Column("action", _text(), nullable=False),
        sa.Column("before", sa.Text(), nullable=True),
        sa.Column("after", sa.Text(), nullable=True),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.Column("seen", sa.Boolean(), nullable=False),
        sa.CheckConstraint(
            "actor IN ('person', 'assistant', 'app')", name=op.f("ck_change_log_actor")
        ),
        sa.CheckConstraint(
            "entity IN ('trip', 'itinerary_item')", name=op.f("ck_change_log_entity")
        ),
        sa.CheckConstraint(
            "action IN ('create', 'update', 'delete')", name=op.f("ck_change_log_action")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_change_log")),
    )
    op.create_index(op.f("ix_change_log_group_id"), "change_log", ["group_id"])
    op.create_index("ix_change_log_trip_id_id", "change_log", ["trip_id", "id"])
    op.create_table(
        "app_setting",
        sa.Column("key", _text(), nullable=False),
        sa.Column("value", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_app_setting")),
    )


def downgrade() -> None:
    op.drop_table("app_setting")
    op.drop_index("ix_change_log_trip_id_id", "change_log")
    op.drop_index(op.f("ix_change_log_group_id"), "change_log")
    op.drop_table("change_log")
    op.drop_index("ix_itinerary_item_trip_id_day_position", "itinerary_item")
    op.drop_table("itinerary_item")
    op.drop_index(op.f("ix_trip_position"), "trip")
    op.drop_table("trip")
