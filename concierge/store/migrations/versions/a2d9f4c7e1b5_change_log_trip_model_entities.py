"""Allow change_log entities 'trip_stop', 'expense' and 'document' (the trip model's new parts).

Revision ID: a2d9f4c7e1b5
Revises: f1c5e8a2b9d3
Created: 2026-12-01 23:15:00

SQLite cannot alter a CHECK constraint in place, so change_log is rebuilt (batch mode copies
its rows). Downgrading deletes the rows of the new entities first (an older version cannot
undo them) and restores the old constraint.
"""

from collections.abc import Sequence

from alembic import op

revision: str = "a2d9f4c7e1b5"
down_revision: str | Sequence[str] | None = "f1c5e8a2b9d3"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_OLD = ("trip", "itinerary_item", "form", "form_answer", "goal", "pin")
_NEW = (*_OLD, "trip_stop", "expense", "document")


def _check(entities: tuple[str, ...]) -> str:
    return f"entity IN ({', '.join(repr(entity) for entity in entities)})"


def upgrade() -> None:
    with op.batch_alter_table("change_log", recreate="always") as batch:
        batch.drop_constraint(op.f("ck_change_log_entity"), type_="check")
        batch.create_check_constraint(op.f("ck_change_log_entity"), _check(_NEW))


def downgrade() -> None:
    op.execute("DELETE FROM change_log WHERE entity IN ('trip_stop', 'expense', 'document')")
    with op.batch_alter_table("change_log", recreate="always") as batch:
        batch.drop_constraint(op.f("ck_change_log_entity"), type_="check")
        batch.create_check_constraint(op.f("ck_change_log_entity"), _check(_OLD))
