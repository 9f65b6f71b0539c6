"""Create the expense table: a trip's ledger of money paid.

Revision ID: b8e3f5a1d2c4
Revises: b7e3c5a9d2f1
Created: 2026-12-01 23:30:00

Written by hand. A new table only, so nothing existing is rebuilt; downgrading drops it
and the change-log rows about expenses (an older version cannot undo them).
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "b8e3f5a1d2c4"
down_revision: str | Sequence[str] | None = "b7e3c5a9d2f1"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_CATEGORIES = "('transport', 'lodging', 'food', 'activities', 'shopping', 'fees', 'other')"


def _text() -> sqlmodel.sql.sqltypes.AutoString:
    return sqlmodel.sql.sqltypes.AutoString()


def upgrade() -> None:
    op.create_table(
        "expense",
        sa.Column("id", _text(), nullable=False),
        sa.Column("trip_id", _text(), nullable=False),
        sa.Column("amount", sa.Text(), nullable=False),
        sa.Column("currency", _text(), nullable=False),
        sa.Column("spent_on", sa.Date(), nullable=False),
        sa.Column("category", _text(), nullable=False),
        sa.Column("description", _text(), nullable=False),
        sa.Column("paid_by", _text(), nullable=False),
        sa.Column("split", sa.Text(), nullable=False),
        sa.Column("item_id", _text(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint(f"category IN {_CATEGORIES}", name=op.f("ck_expense_category")),
        sa.CheckConstraint("paid_by <> ''", name=op.f("ck_expense_paid_by_not_empty")),
        sa.CheckConstraint("length(currency) = 3", name=op.f("ck_expense_currency_code")),
        sa.ForeignKeyConstraint(
            ["trip_id"], ["trip.id"], name=op.f("fk_expense_trip_id_trip"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["item_id"],
            ["itinerary_item.id"],
            name=op.f("fk_expense_item_id_itinerary_item"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_expense")),
    )
    op.create_index("ix_expense_trip_id_spent_on", "expense", ["trip_id", "spent_on"])


def downgrade() -> None:
    op.execute("DELETE FROM change_log WHERE entity = 'expense'")
    op.drop_index("ix_expense_trip_id_spent_on", table_name="expense")
    op.drop_table("expense")
