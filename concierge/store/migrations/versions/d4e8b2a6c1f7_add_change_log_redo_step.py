"""Add change_log.redo_step, so an undone step can be redone until a new change is made.

Revision ID: d4e8b2a6c1f7
Revises: c3f1a7d2e9b4
Created: 2026-12-01 20:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "d4e8b2a6c1f7"
down_revision: str | Sequence[str] | None = "c3f1a7d2e9b4"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("change_log") as batch:
        batch.add_column(sa.Column("redo_step", sa.Integer(), nullable=True))
    op.create_index(op.f("ix_change_log_redo_step"), "change_log", ["redo_step"])


def downgrade() -> None:
    op.drop_index(op.f("ix_change_log_redo_step"), "change_log")
    with op.batch_alter_table("change_log") as batch:
        batch.drop_column("redo_step")
