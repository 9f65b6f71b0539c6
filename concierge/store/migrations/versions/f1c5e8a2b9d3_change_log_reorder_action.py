"""Allow change_log.action 'reorder': renumbering a list is logged as one row.

Revision ID: f1c5e8a2b9d3
Revises: e7a3c9d1f2b8
Created: 2026-12-01 21:00:00

SQLite cannot alter a CHECK constraint in place, so change_log is rebuilt (batch mode copies
its rows). Downgrading expands nothing: it deletes the reorder rows (their steps can no
longer be undone by an older version) before restoring the old constraint.
"""

from collections.abc import Sequence

from alembic import op

revision: str = "f1c5e8a2b9d3"
down_revision: str | Sequence[str] | None = "e7a3c9d1f2b8"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_OLD_ACTIONS = "action IN ('create', 'update', 'delete')"
_NEW_ACTIONS = "action IN ('create', 'update', 'delete', 'reorder')"


def upgrade() -> None:
    with op.batch_alter_table("change_log", recreate="always") as batch:
        batch.drop_constraint(op.f("ck_change_log_action"), type_="check")
        batch.create_check_constraint(op.f("ck_change_log_action"), _NEW_ACTIONS)


def downgrade() -> None:
    op.execute("DELETE FROM change_log WHERE action = 'reorder'")
    with op.batch_alter_table("change_log", recreate="always") as batch:
        batch.drop_constraint(op.f("ck_change_log_action"), type_="check")
        batch.create_check_constraint(op.f("ck_change_log_action"), _OLD_ACTIONS)
