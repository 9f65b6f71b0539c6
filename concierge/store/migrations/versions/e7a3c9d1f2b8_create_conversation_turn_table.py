"""Create conversation_turn: one turn at a time per conversation, across processes.

Revision ID: e7a3c9d1f2b8
Revises: d4e8b2a6c1f7
Created: 2026-12-01 20:50:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "e7a3c9d1f2b8"
down_revision: str | Sequence[str] | None = "d4e8b2a6c1f7"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "conversation_turn",
        sa.Column("conversation_id", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("owner", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("host", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("pid", sa.Integer(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("conversation_id", name=op.f("pk_conversation_turn")),
    )


def downgrade() -> None:
    op.drop_table("conversation_turn")
