"""Add to conversation_message: `answers` (the call a tool result answers, unique, so no call
gets two results), `writer`, `writer_host` and `writer_pid` (the process that stored a
message with tool calls, so only it answers them while it runs) and `covers_digest` (the
digest of the messages a framework-written compaction summary stands for).

Revision ID: e8b4c1f6a3d7
Revises: d2f6a8c4e0b3
Created: 2026-12-07 06:25:00

Existing rows: each tool result answers the latest earlier call with its id; a second result
for a call keeps `answers` empty (loading already ignored it). Older calls have no writer:
their process is treated as gone. A summary stored before this revision gets its digest when
the message it names is before it, as loading trusted it until now, so no real summary turns
into ordinary content on upgrade; one naming no earlier message stays without a digest.
Downgrading drops the columns and the index.
"""

import hashlib
import json
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "e8b4c1f6a3d7"
down_revision: str | Sequence[str] | None = "d2f6a8c4e0b3"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("conversation_message") as batch:
        batch.add_column(sa.Column("answers", sa.String(), nullable=True))
        batch.add_column(sa.Column("writer", sa.String(), nullable=True))
        batch.add_column(sa.Column("writer_host", sa.String(), nullable=True))
        batch.add_column(sa.Column("writer_pid", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("covers_digest", sa.String(), nullable=True))
    connection = op.get_bind()
    rows = connection.execute(
        sa.text(
            "SELECT id, conversation_id, role, provenance, payload FROM conversation_message "
            "WHERE role != 'note' ORDER BY conversation_id, seq"
        )
    ).all()
    conversation = None
    open_calls: dict[str, str] = {}
    answered: set[str] = set()
    digest = hashlib.sha256()
    seen: dict[str, str] = {}
    for row_id, conversation_id, role, provenance, payload in rows:
        if conversation_id != conversation:
            conversation, open_calls, digest, seen = conversation_id, {}, hashlib.sha256(), {}
        fields = json.loads(payload)
        if role == "assistant":
            for call in fields.get("tool_calls") or ():
                open_calls[call["id"]] = row_id
        elif role == "tool" and fields.get("tool_call_id") in open_calls:
            answers = f"{open_calls[fields['tool_call_id']]}:{fields['tool_call_id']}"
            if answers not in answered:
                answered.add(answers)
                _set(connection, row_id, answers=answers)
        if provenance == "compaction" and fields.get("covers_through") in seen:
            _set(connection, row_id, covers_digest=seen[fields["covers_through"]])
        digest.update(_digest_part(row_id, provenance, payload))
        seen[row_id] = digest.hexdigest()
    with op.batch_alter_table("conversation_message") as batch:
        batch.create_index("ix_conversation_message_answers", ["answers"], unique=True)


def _digest_part(row_id: str, provenance: str | None, payload: str) -> bytes:
    """As `concierge.store.history_checks.digest_part` at this revision."""
    return json.dumps([row_id, provenance, payload]).encode()


def _set(connection: sa.Connection, row_id: str, **values: str) -> None:
    assignments = ", ".join(f"{name} = :{name}" for name in values)
    connection.execute(
        sa.text(f"UPDATE conversation_message SET {assignments} WHERE id = :id"),
        {"id": row_id, **values},
    )


def downgrade() -> None:
    with op.batch_alter_table("conversation_message") as batch:
        batch.drop_index("ix_conversation_message_answers")
        batch.drop_column("covers_digest")
        batch.drop_column("writer_pid")
        batch.drop_column("writer_host")
        batch.drop_column("writer")
        batch.drop_column("answers")
