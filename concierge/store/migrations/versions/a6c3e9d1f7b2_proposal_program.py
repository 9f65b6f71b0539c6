"""Add proposal.program: which program's assistant proposed a change (an MCP client's name), so
the review panel says so.

Revision ID: a6c3e9d1f7b2
Revises: a9c3e5f7b2d4
Created: 2026-12-07 19:20:00

Older proposals have none (NULL): only the window's own assistant proposed before.
Downgrading drops the column.
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "a6c3e9d1f7b2"
down_revision: str | Sequence[str] | None = "a9c3e5f7b2d4"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("proposal") as batch:
        batch.add_column(sa.Column("program", sqlmodel.sql.sqltypes.AutoString(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("proposal") as batch:
        batch.drop_column("program")
