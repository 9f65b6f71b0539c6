"""Create proposal: the assistant's changes waiting for the person's decision, when the
setting assistant.edits is "propose". The entity and action lists are frozen here as they
were when this revision was written.

Revision ID: c8d4b0a6c3f7
Revises: c6b2f8e4a1d5
Created: 2026-12-02 13:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "c8d4b0a6c3f7"
down_revision: str | Sequence[str] | None = "c6b2f8e4a1d5"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ENTITIES = (
    "trip",
    "itinerary_item",
    "form",
    "form_answer",
    "goal",
    "pin",
    "trip_stop",
    "expense",
    "document",
)
_ACTIONS = ("create", "update", "delete", "reorder")
_STATUSES = ("pending", "accepted", "rejected", "conflict")


def _one_of(column: str, values: tuple[str, ...]) -> str:
    return f"{column} IN ({', '.join(repr(value) for value in values)})"


def _text() -> sqlmodel.sql.sqltypes.AutoString:
    return sqlmodel.sql.sqltypes.AutoString()


def upgrade() -> None:
    op.create_table(
        "proposal",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("trip_id", _text(), nullable=False),
        sa.Column("call_id", _text(), nullable=False),
        sa.Column("label", _text(), nullable=False),
        sa.Column("entity", _text(), nullable=False),
        sa.Column("entity_id", _text(), nullable=False),
        sa.Column("action", _text(), nullable=False),
        sa.Column("before", sa.Text(), nullable=True),
        sa.Column("after", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("status", _text(), nullable=False),
        sa.Column("decided_at", sa.DateTime(), nullable=True),
        sa.Column("note", _text(), nullable=True),
        sa.Column("reported", sa.Boolean(), nullable=False),
        sa.CheckConstraint(_one_of("entity", _ENTITIES), name=op.f("ck_proposal_entity")),
        sa.CheckConstraint(_one_of("action", _ACTIONS), name=op.f("ck_proposal_action")),
        sa.CheckConstraint(_one_of("status", _STATUSES), name=op.f("ck_proposal_status")),
        sa.ForeignKeyConstraint(
            ["trip_id"], ["trip.id"], name=op.f("fk_proposal_trip_id_trip"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_proposal")),
    )
    op.create_index(op.f("ix_proposal_call_id"), "proposal", ["call_id"])
    op.create_index("ix_proposal_trip_id_status", "proposal", ["trip_id", "status"])


def downgrade() -> None:
    op.drop_index("ix_proposal_trip_id_status", "proposal")
    op.drop_index(op.f("ix_proposal_call_id"), "proposal")
    op.drop_table("proposal")
