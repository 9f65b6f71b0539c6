"""Add change_log.label_message: the JSON that shows an undo step's English label in the
window's language (its context, template and values), so no translation is ever stored.

Revision ID: d2f6a8c4e0b3
Revises: c7c3a9f5b2e6
Created: 2026-12-02 17:20:00

Older rows keep only their English label. Downgrading drops the column; the English labels
are all an older release reads.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "d2f6a8c4e0b3"
down_revision: str | Sequence[str] | None = "c7c3a9f5b2e6"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("change_log") as batch:
        batch.add_column(sa.Column("label_message", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("change_log") as batch:
        batch.drop_column("label_message")
