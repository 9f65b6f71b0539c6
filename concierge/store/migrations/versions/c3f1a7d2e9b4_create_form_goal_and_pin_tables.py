"""Create the form_instance, form_answer, goal and pin tables; let the change log name them
and hold rows of no trip (all-trip pins).

Written by hand, like the revisions before it. SQLite cannot alter a column or a CHECK
constraint in place, so change_log is rebuilt (batch mode copies its rows).

Revision ID: c3f1a7d2e9b4
Revises: bb12a08eadaa
Created: 2026-12-01 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "c3f1a7d2e9b4"
down_revision: str | Sequence[str] | None = "bb12a08eadaa"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ACTORS = "('person', 'assistant', 'app')"
_OLD_ENTITIES = "entity IN ('trip', 'itinerary_item')"
_NEW_ENTITIES = "entity IN ('trip', 'itinerary_item', 'form', 'form_answer', 'goal', 'pin')"


def _text() -> sqlmodel.sql.sqltypes.AutoString:
    return sqlmodel.sql.sqltypes.AutoString()


def upgrade() -> None:
    op.create_table(
        "form_instance",
        sa.Column("id", _text(), nullable=False),
        sa.Column("trip_id", _text(), nullable=False),
        sa.Column("form_id", _text(), nullable=False),
        sa.Column("completed_at", sa.DateTime(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint("form_id <> ''", name=op.f("ck_form_instance_form_id_not_empty")),
        sa.ForeignKeyConstraint(
            ["trip_id"],
            ["trip.id"],
            name=op.f("fk_form_instance_trip_id_trip"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_form_instance")),
    )
    op.create_index(
        "ix_form_instance_trip_id_form_id", "form_instance", ["trip_id", "form_id"], unique=True
    )
    op.create_table(
        "form_answer",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("instance_id", _text(), nullable=False),
        sa.Column("field", _text(), nullable=False),
        sa.Column("value", sa.Text(), nullable=True),
        sa.Column("action", _text(), nullable=False),
        sa.Column("actor", _text(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.CheckConstraint("field <> ''", name=op.f("ck_form_answer_field_not_empty")),
        sa.CheckConstraint(
            "action IN ('set', 'revise', 'retract')", name=op.f("ck_form_answer_action")
        ),
        sa.CheckConstraint(f"actor IN {_ACTORS}", name=op.f("ck_form_answer_actor")),
        sa.CheckConstraint(
            "(action = 'retract') = (value IS NULL)",
            name=op.f("ck_form_answer_value_unless_retract"),
        ),
        sa.ForeignKeyConstraint(
            ["instance_id"],
            ["form_instance.id"],
            name=op.f("fk_form_answer_instance_id_form_instance"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_form_answer")),
        sqlite_autoincrement=True,
    )
    op.create_index(
        "ix_form_answer_instance_id_field_id", "form_answer", ["instance_id", "field", "id"]
    )
    op.create_table(
        "goal",
        sa.Column("id", _text(), nullable=False),
        sa.Column("trip_id", _text(), nullable=False),
        sa.Column("title", _text(), nullable=False),
        sa.Column("status", _text(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("completes_on", _text(), nullable=True),
        sa.Column("created_by", _text(), nullable=False),
        sa.Column("completed_at", sa.DateTime(), nullable=True),
        sa.Column("completed_by", _text(), nullable=True),
        sa.Column("seen_by_assistant", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint("title <> ''", name=op.f("ck_goal_title_not_empty")),
        sa.CheckConstraint("status IN ('open', 'done')", name=op.f("ck_goal_status")),
        sa.CheckConstraint(f"created_by IN {_ACTORS}", name=op.f("ck_goal_created_by")),
        sa.CheckConstraint(
            f"completed_by IS NULL OR completed_by IN {_ACTORS}",
            name=op.f("ck_goal_completed_by"),
        ),
        sa.CheckConstraint(
            "(status = 'done') = (completed_at IS NOT NULL AND completed_by IS NOT NULL)",
            name=op.f("ck_goal_completed_when_done"),
        ),
        sa.ForeignKeyConstraint(
            ["trip_id"], ["trip.id"], name=op.f("fk_goal_trip_id_trip"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_goal")),
    )
    op.create_index("ix_goal_trip_id_position", "goal", ["trip_id", "position"])
    op.create_table(
        "pin",
        sa.Column("id", _text(), nullable=False),
        sa.Column("trip_id", _text(), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("created_by", _text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint("text <> ''", name=op.f("ck_pin_text_not_empty")),
        sa.CheckConstraint(f"created_by IN {_ACTORS}", name=op.f("ck_pin_created_by")),
        sa.ForeignKeyConstraint(
            ["trip_id"], ["trip.id"], name=op.f("fk_pin_trip_id_trip"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_pin")),
    )
    op.create_index("ix_pin_trip_id_position", "pin", ["trip_id", "position"])
    with op.batch_alter_table("change_log", recreate="always") as batch:
        batch.alter_column("trip_id", existing_type=_text(), nullable=True)
        batch.drop_constraint(op.f("ck_change_log_entity"), type_="check")
        batch.create_check_constraint(op.f("ck_change_log_entity"), _NEW_ENTITIES)


def downgrade() -> None:
    op.execute(
        "DELETE FROM change_log WHERE trip_id IS NULL "
        "OR entity IN ('form', 'form_answer', 'goal', 'pin')"
    )
    with op.batch_alter_table("change_log", recreate="always") as batch:
        batch.drop_constraint(op.f("ck_change_log_entity"), type_="check")
        batch.create_check_constraint(op.f("ck_change_log_entity"), _OLD_ENTITIES)
        batch.alter_column("trip_id", existing_type=_text(), nullable=False)
    op.drop_index("ix_pin_trip_id_position", "pin")
    op.drop_table("pin")
    op.drop_index("ix_goal_trip_id_position", "goal")
    op.drop_table("goal")
    op.drop_index("ix_form_answer_instance_id_field_id", "form_answer")
    op.drop_table("form_answer")
    op.drop_index("ix_form_instance_trip_id_form_id", "form_instance")
    op.drop_table("form_instance")
