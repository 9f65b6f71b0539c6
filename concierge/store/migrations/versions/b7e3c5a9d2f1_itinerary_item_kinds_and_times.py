"""Give itinerary items a kind, an end (or a duration), all-day, the details of bookings
and a cost.

Revision ID: b7e3c5a9d2f1
Revises: a2d9f4c7e1b5
Created: 2026-12-01 23:20:00

Existing items become activities and keep their day, time and zone. SQLite cannot add a
CHECK constraint in place, so itinerary_item is rebuilt (batch mode copies its rows). The
new NOT NULL columns get server defaults so the copied rows (and any raw SQL writer) have
a value. Downgrading drops the new columns and what they held.
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "b7e3c5a9d2f1"
down_revision: str | Sequence[str] | None = "a2d9f4c7e1b5"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_KINDS = ("flight", "train", "bus", "car", "ferry", "lodging", "activity", "meal", "note")
_DETAILS = (
    "carrier",
    "service_number",
    "from_place",
    "to_place",
    "seat",
    "confirmation_code",
    "provider",
    "address",
    "link",
)


def _text() -> sqlmodel.sql.sqltypes.AutoString:
    return sqlmodel.sql.sqltypes.AutoString()


def upgrade() -> None:
    with op.batch_alter_table("itinerary_item", recreate="always") as batch:
        batch.add_column(
            sa.Column("kind", _text(), nullable=False, server_default=sa.text("'activity'"))
        )
        batch.add_column(sa.Column("end_day", sa.Date(), nullable=True))
        batch.add_column(sa.Column("end_time", sa.Time(), nullable=True))
        batch.add_column(sa.Column("end_timezone", _text(), nullable=True))
        batch.add_column(
            sa.Column("all_day", sa.Boolean(), nullable=False, server_default=sa.text("0"))
        )
        batch.add_column(sa.Column("duration_minutes", sa.Integer(), nullable=True))
        for name in _DETAILS:
            batch.add_column(sa.Column(name, _text(), nullable=False, server_default=sa.text("''")))
        batch.add_column(sa.Column("cost_amount", sa.Text(), nullable=True))
        batch.add_column(sa.Column("cost_currency", _text(), nullable=True))
        batch.create_check_constraint(
            op.f("ck_itinerary_item_kind"),
            f"kind IN ({', '.join(repr(kind) for kind in _KINDS)})",
        )


def downgrade() -> None:
    with op.batch_alter_table("itinerary_item", recreate="always") as batch:
        batch.drop_constraint(op.f("ck_itinerary_item_kind"), type_="check")
        for name in ("cost_currency", "cost_amount", *reversed(_DETAILS)):
            batch.drop_column(name)
        for name in ("duration_minutes", "all_day", "end_timezone", "end_time", "end_day"):
            batch.drop_column(name)
        batch.drop_column("kind")
