"""import_candidate: the parser's warnings for each record (a JSON list of sentences, shown
in the review queue), and the id of the item an accepted candidate became as plain text
(`accepted_item`, no foreign key): undoing the acceptance deletes the item, and the candidate
is waiting again exactly while that item does not exist, so redo (which re-creates the item
with its id) accepts it again.

Revision ID: e3b7d9a1c5f8
Revises: c9e5f1b7d4a8
Created: 2026-12-02 14:10:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "e3b7d9a1c5f8"
down_revision: str | Sequence[str] | None = "c9e5f1b7d4a8"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("import_candidate") as batch:
        batch.add_column(sa.Column("warnings", sa.Text(), nullable=False, server_default="[]"))
        batch.add_column(
            sa.Column("accepted_item", sqlmodel.sql.sqltypes.AutoString(), nullable=True)
        )
    op.execute("UPDATE import_candidate SET accepted_item = item_id WHERE item_id IS NOT NULL")


def downgrade() -> None:
    with op.batch_alter_table("import_candidate") as batch:
        batch.drop_column("accepted_item")
        batch.drop_column("warnings")
