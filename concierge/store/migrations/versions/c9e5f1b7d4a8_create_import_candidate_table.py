"""Create import_candidate: records read from imported booking files (calendars, wallet
passes, e-mails), waiting in a trip's review queue. The status list is frozen here as it
was when this revision was written.

Revision ID: c9e5f1b7d4a8
Revises: c5a1e7d3b9f4
Created: 2026-12-02 14:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "c9e5f1b7d4a8"
down_revision: str | Sequence[str] | None = "c5a1e7d3b9f4"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_STATUSES = ("pending", "accepted", "rejected")


def _one_of(column: str, values: tuple[str, ...]) -> str:
    return f"{column} IN ({', '.join(repr(value) for value in values)})"


def _text() -> sqlmodel.sql.sqltypes.AutoString:
    return sqlmodel.sql.sqltypes.AutoString()


def upgrade() -> None:
    op.create_table(
        "import_candidate",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("trip_id", _text(), nullable=False),
        sa.Column("file_name", _text(), nullable=False),
        sa.Column("source_ref", _text(), nullable=False),
        sa.Column("candidate", sa.Text(), nullable=False),
        sa.Column("status", _text(), nullable=False),
        sa.Column("duplicate_of", _text(), nullable=True),
        sa.Column("duplicate_of_candidate", sa.Integer(), nullable=True),
        sa.Column("item_id", _text(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("decided_at", sa.DateTime(), nullable=True),
        sa.CheckConstraint(_one_of("status", _STATUSES), name=op.f("ck_import_candidate_status")),
        sa.ForeignKeyConstraint(
            ["trip_id"],
            ["trip.id"],
            name=op.f("fk_import_candidate_trip_id_trip"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["duplicate_of"],
            ["itinerary_item.id"],
            name=op.f("fk_import_candidate_duplicate_of_itinerary_item"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["duplicate_of_candidate"],
            ["import_candidate.id"],
            name=op.f("fk_import_candidate_duplicate_of_candidate_import_candidate"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["item_id"],
            ["itinerary_item.id"],
            name=op.f("fk_import_candidate_item_id_itinerary_item"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_import_candidate")),
    )
    op.create_index("ix_import_candidate_trip_id_status", "import_candidate", ["trip_id", "status"])


def downgrade() -> None:
    op.drop_index("ix_import_candidate_trip_id_status", "import_candidate")
    op.drop_table("import_candidate")
