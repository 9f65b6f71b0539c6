"""Create the lookup_job table: background lookups of a trip, with progress and results.

Written by hand, like the revision before it: timestamps are plain DATETIME, JSON is TEXT.

Revision ID: bb12a08eadaa
Revises: 1dfd1398efa4
Created: 2026-11-30 12:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "bb12a08eadaa"
down_revision: str | Sequence[str] | None = "1dfd1398efa4"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _text() -> sqlmodel.sql.sqltypes.AutoString:
    return sqlmodel.sql.sqltypes.AutoString()


def upgrade() -> None:
    op.create_table(
        "lookup_job",
        sa.Column("id", _text(), nullable=False),
        sa.Column("trip_id", _text(), nullable=False),
        sa.Column("kind", _text(), nullable=False),
        sa.Column("parameters", sa.Text(), nullable=False),
        sa.Column("status", _text(), nullable=False),
        sa.Column("progress", sa.Float(), nullable=False),
        sa.Column("status_line", _text(), nullable=False),
        sa.Column("result", sa.Text(), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=True),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
        sa.Column("seen_by_assistant", sa.Boolean(), nullable=False),
        sa.CheckConstraint(
            "status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled', 'interrupted')",
            name=op.f("ck_lookup_job_status"),
        ),
        sa.CheckConstraint(
            "progress >= 0 AND progress <= 1", name=op.f("ck_lookup_job_progress_in_range")
        ),
        sa.ForeignKeyConstraint(
            ["trip_id"],
            ["trip.id"],
            name=op.f("fk_lookup_job_trip_id_trip"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lookup_job")),
    )
    op.create_index("ix_lookup_job_trip_id_created_at", "lookup_job", ["trip_id", "created_at"])
    op.create_index("ix_lookup_job_status", "lookup_job", ["status"])


def downgrade() -> None:
    op.drop_index("ix_lookup_job_status", "lookup_job")
    op.drop_index("ix_lookup_job_trip_id_created_at", "lookup_job")
    op.drop_table("lookup_job")
