"""The SQLite tables, as SQLModel classes.

The migrations in `migrations/versions` create exactly these; a test compares them.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import DateTime, Dialect, Index, Text
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field, SQLModel

# Named constraints let future batch migrations (SQLite rebuilds tables to alter them) refer
# to foreign keys and checks by name. Set before any table below is declared.
SQLModel.metadata.naming_convention = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UtcDateTime(TypeDecorator[datetime]):
    """A timestamp stored as naive UTC and read back as an aware UTC `datetime`.

    SQLite has no time zones; without this, values would come back naive and compare
    wrongly with aware ones.
    """

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("Timestamps must be timezone-aware.")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        return None if value is None else value.replace(tzinfo=UTC)


def utc_now() -> datetime:
    return datetime.now(UTC)


class Conversation(SQLModel, table=True):
    """One chat with the assistant."""

    __tablename__ = "conversation"

    id: str = Field(primary_key=True)
    title: str = ""
    created_at: datetime = Field(default_factory=utc_now, sa_type=UtcDateTime)


class ConversationMessage(SQLModel, table=True):
    """One stored message; `payload` is its JSON without provenance, which has its own column.

    Provenance lives only in its column so nothing inside a message's content or metadata can
    make it look framework-made (R7).
    """

    __tablename__ = "conversation_message"
    __table_args__ = (
        Index("ix_conversation_message_conversation_id_seq", "conversation_id", "seq", unique=True),
    )

    id: str = Field(primary_key=True)
    conversation_id: str = Field(foreign_key="conversation.id", ondelete="CASCADE")
    seq: int
    role: str
    provenance: str | None = None
    payload: str = Field(sa_type=Text)
    created_at: datetime = Field(default_factory=utc_now, sa_type=UtcDateTime)
