"""Add change_log.program and change_log.writer_id: which program wrote a row, and a token of
the opening of the database that wrote it, so an open window tells another program's writes
from its own and marks them with that program's name.

Revision ID: f4a8c2e6b1d9
Revises: e8b4c1f6a3d7
Created: 2026-12-07 12:40:00

Older rows have neither (NULL): written before anything else could write beside the window.
Downgrading drops both columns.
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "f4a8c2e6b1d9"
down_revision: str | Sequence[str] | None = "e8b4c1f6a3d7"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("change_log") as batch:
        batch.add_column(sa.Column("program", sqlmodel.sql.sqltypes.AutoString(), nullable=True))
        batch.add_column(sa.Column("writer_id", sqlmodel.sql.sqltypes.AutoString(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("change_log") as batch:
        batch.drop_column("writer_id")
        batch.drop_column("program")
