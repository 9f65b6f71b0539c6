"""Add trip.shared_values: the sensitive values the person lets the assistant see.

Revision ID: b7e3d5a9c2f1
Revises: b7e3d1f9a2c6
Created: 2026-12-01 23:20:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "b7e3d5a9c2f1"
down_revision: str | Sequence[str] | None = "b7e3d1f9a2c6"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("trip") as batch:
        batch.add_column(sa.Column("shared_values", sa.Text(), nullable=False, server_default="[]"))
    with op.batch_alter_table("trip") as batch:
        batch.alter_column("shared_values", server_default=None)


def downgrade() -> None:
    with op.batch_alter_table("trip") as batch:
        batch.drop_column("shared_values")
