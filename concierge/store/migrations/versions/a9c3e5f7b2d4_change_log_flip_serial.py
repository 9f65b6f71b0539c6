"""Add change_log.flip_serial: the serial of the undo or redo that last flipped a row, so an open
window finds another program's undo even when a redo flipped it back before it looked.

Revision ID: a9c3e5f7b2d4
Revises: f4a8c2e6b1d9
Created: 2026-12-07 19:40:00

Older rows have none (NULL): their flips happened before anything watched for them.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "a9c3e5f7b2d4"
down_revision: str | Sequence[str] | None = "f4a8c2e6b1d9"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("change_log") as batch:
        batch.add_column(sa.Column("flip_serial", sa.Integer(), nullable=True))
    op.create_index(op.f("ix_change_log_flip_serial"), "change_log", ["flip_serial"])


def downgrade() -> None:
    op.drop_index(op.f("ix_change_log_flip_serial"), "change_log")
    with op.batch_alter_table("change_log") as batch:
        batch.drop_column("flip_serial")
