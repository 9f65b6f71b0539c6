"""SQLite through SQLModel: engine set-up, tables, migrations and the history store. No Qt."""

from .conversations import create_conversation, delete_conversation, list_conversations
from .database import Database
from .errors import (
    CorruptHistoryError,
    DatabaseClosedError,
    DatabaseOpenError,
    MigrationError,
    StoreError,
)
from .history import SqliteHistoryStore
from .migrate import MigrationReport, upgrade_to_head
from .tables import Conversation, ConversationMessage

__all__ = [
    "Conversation",
    "ConversationMessage",
    "CorruptHistoryError",
    "Database",
    "DatabaseClosedError",
    "DatabaseOpenError",
    "MigrationError",
    "MigrationReport",
    "SqliteHistoryStore",
    "StoreError",
    "create_conversation",
    "delete_conversation",
    "list_conversations",
    "upgrade_to_head",
]
