"""SQLite through SQLModel: engine set-up, tables, migrations, the history store, trips with
their stops, change log and undo, forms with answer history, goals, pinned context,
background lookup jobs, settings, API keys and data paths. No Qt."""

from .change_history import ChangeHistory
from .changes import Action, Actor, Change, ChangeBus, ChangeContext, EntityKind, FactSource
from .conversations import create_conversation, delete_conversation, list_conversations
from .database import Database
from .document_files import DocumentFolder, documents_folder
from .documents import DocumentRepository
from .errors import (
    ConversationBusyError,
    CorruptDatabaseError,
    CorruptHistoryError,
    DatabaseBusyError,
    DatabaseClosedError,
    DatabaseOpenError,
    DocumentError,
    InvalidChangeError,
    InvalidSettingError,
    MigrationError,
    RecordNotFoundError,
    StoreError,
    UndoError,
)
from .field_sources import FieldSourceRecord
from .forms import FormAnswerRepository
from .goals import GoalRepository
from .history import SqliteHistoryStore
from .itinerary import ItineraryRepository
from .ledger import LedgerRepository
from .lookup_job_records import LookupJobBus, LookupJobRecord, LookupStatus
from .lookup_jobs import LookupJobRepository
from .migrate import MigrationReport, upgrade_to_head
from .paths import data_dir, database_path, log_dir
from .pins import PinRepository
from .records import (
    AnswerAction,
    AnswerEvent,
    DocumentRecord,
    ExpenseCategory,
    ExpenseRecord,
    FormInstanceRecord,
    FormState,
    GoalRecord,
    GoalStatus,
    ItemKind,
    ItineraryItemRecord,
    Pace,
    PinRecord,
    Share,
    StopRecord,
    TripRecord,
)
from .secrets import Secret, SecretSaved, SecretSource, SecretStore
from .seen import CREATED, UnseenChanges
from .settings import (
    MODEL_BASE_URL,
    MODEL_MERGE_USER_TURNS,
    MODEL_NAME,
    MODEL_PRESET,
    SETTINGS,
    UI_LAST_TRIP_ID,
    UI_WINDOW_GEOMETRY,
    Setting,
    Settings,
)
from .stops import StopRepository
from .tables import (
    AppSetting,
    ChangeLogEntry,
    Conversation,
    ConversationMessage,
    Document,
    Expense,
    FormAnswer,
    FormInstance,
    Goal,
    ItineraryItem,
    LookupJob,
    Pin,
    Trip,
    TripStop,
)
from .transcript_notes import NoteKeeper, NoteKind, TranscriptNote
from .trips import TripRepository
from .undo import UndoResult
from .words import and_list, field_labels, trip_label

__all__ = [
    "CREATED",
    "MODEL_BASE_URL",
    "MODEL_MERGE_USER_TURNS",
    "MODEL_NAME",
    "MODEL_PRESET",
    "SETTINGS",
    "UI_LAST_TRIP_ID",
    "UI_WINDOW_GEOMETRY",
    "Action",
    "Actor",
    "AnswerAction",
    "AnswerEvent",
    "AppSetting",
    "Change",
    "ChangeBus",
    "ChangeContext",
    "ChangeHistory",
    "ChangeLogEntry",
    "Conversation",
    "ConversationBusyError",
    "ConversationMessage",
    "CorruptDatabaseError",
    "CorruptHistoryError",
    "Database",
    "DatabaseBusyError",
    "DatabaseClosedError",
    "DatabaseOpenError",
    "Document",
    "DocumentError",
    "DocumentFolder",
    "DocumentRecord",
    "DocumentRepository",
    "EntityKind",
    "Expense",
    "ExpenseCategory",
    "ExpenseRecord",
    "FactSource",
    "FieldSourceRecord",
    "FormAnswer",
    "FormAnswerRepository",
    "FormInstance",
    "FormInstanceRecord",
    "FormState",
    "Goal",
    "GoalRecord",
    "GoalRepository",
    "GoalStatus",
    "InvalidChangeError",
    "InvalidSettingError",
    "ItemKind",
    "ItineraryItem",
    "ItineraryItemRecord",
    "ItineraryRepository",
    "LedgerRepository",
    "LookupJob",
    "LookupJobBus",
    "LookupJobRecord",
    "LookupJobRepository",
    "LookupStatus",
    "MigrationError",
    "MigrationReport",
    "NoteKeeper",
    "NoteKind",
    "Pace",
    "Pin",
    "PinRecord",
    "PinRepository",
    "RecordNotFoundError",
    "Secret",
    "SecretSaved",
    "SecretSource",
    "SecretStore",
    "Setting",
    "Settings",
    "Share",
    "SqliteHistoryStore",
    "StopRecord",
    "StopRepository",
    "StoreError",
    "TranscriptNote",
    "Trip",
    "TripRecord",
    "TripRepository",
    "TripStop",
    "UndoError",
    "UndoResult",
    "UnseenChanges",
    "and_list",
    "create_conversation",
    "data_dir",
    "database_path",
    "delete_conversation",
    "documents_folder",
    "field_labels",
    "list_conversations",
    "log_dir",
    "trip_label",
    "upgrade_to_head",
]
