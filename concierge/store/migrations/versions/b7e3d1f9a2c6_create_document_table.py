"""Create the document table: files attached to a trip or to one of its itinerary items.

Written by hand, like the revisions before it. The files themselves live in the data folder
(`documents/`); downgrading drops the rows (an older version cannot show them) and leaves
the files, which the next start of a version with documents prunes.

Revision ID: b7e3d1f9a2c6
Revises: b8e3f5a1d2c4
Created: 2026-12-01 23:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "b7e3d1f9a2c6"
down_revision: str | Sequence[str] | None = "b8e3f5a1d2c4"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _text() -> sqlmodel.sql.sqltypes.AutoString:
    return sqlmodel.sql.sqltypes.AutoString()


def upgrade() -> None:
    op.create_table(
        "document",
        sa.Column("id", _text(), nullable=False),
        sa.Column("trip_id", _text(), nullable=False),
        sa.Column("item_id", _text(), nullable=True),
        sa.Column("file_name", _text(), nullable=False),
        sa.Column("stored_name", _text(), nullable=False),
        sa.Column("media_type", _text(), nullable=False),
        sa.Column("size_bytes", sa.Integer(), nullable=False),
        sa.Column("sha256", _text(), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint("file_name <> ''", name=op.f("ck_document_file_name_not_empty")),
        sa.CheckConstraint("stored_name <> ''", name=op.f("ck_document_stored_name_not_empty")),
        sa.CheckConstraint("size_bytes >= 0", name=op.f("ck_document_size_not_negative")),
        sa.ForeignKeyConstraint(
            ["trip_id"], ["trip.id"], name=op.f("fk_document_trip_id_trip"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["item_id"],
            ["itinerary_item.id"],
            name=op.f("fk_document_item_id_itinerary_item"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_document")),
    )
    op.create_index(
        "ix_document_trip_id_created_at", "document", ["trip_id", "created_at"], unique=False
    )
    op.create_index("ix_document_item_id", "document", ["item_id"], unique=False)


def downgrade() -> None:
    op.execute("DELETE FROM change_log WHERE entity = 'document'")
    op.drop_index("ix_document_item_id", table_name="document")
    op.drop_index("ix_document_trip_id_created_at", table_name="document")
    op.drop_table("document")
