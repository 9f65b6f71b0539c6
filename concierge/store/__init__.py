"""SQLite through SQLModel: engine set-up, tables, migrations, the history store, trips with
their stops, change log and undo, forms with answer history, goals, pinned context,
background lookup jobs, setting values and data paths. No Qt."""

from .change_history import ChangeHistory, LoggedStep
from .changes import (
    Action,
    Actor,
    Change,
    ChangeBus,
    ChangeContext,
    EntityKind,
    FactSource,
    ImportNews,
    Initiator,
    ProposalNews,
)
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
    LockedError,
    MigrationError,
    RecordNotFoundError,
    StoreError,
    UndoError,
)
from .forms import FormAnswerRepository
from .goals import GoalRepository
from .history import SqliteHistoryStore
from .import_queue import ImportQueue, ImportRefused, Incoming, QueuedCandidate, RecordError
from .itinerary import ItineraryRepository
from .ledger import LedgerRepository
from .locks import LockRepository
from .lookup_job_records import LookupJobBus, LookupJobRecord, LookupStatus
from .lookup_jobs import LookupJobRepository
from .migrate import upgrade_to_head
from .outcome import Outcome, Status
from .paths import data_dir, database_path, log_dir
from .pins import PinRepository
from .proposals import Decision, ProposalRepository, ProposedCall, ProposedChange
from .records import (
    AnswerAction,
    AnswerEvent,
    DocumentRecord,
    ExpenseCategory,
    ExpenseRecord,
    FormState,
    GoalRecord,
    GoalStatus,
    ItemKind,
    ItineraryItemRecord,
    LockKind,
    LockRecord,
    Pace,
    PinRecord,
    Share,
    StopRecord,
    TripRecord,
)
from .seen import CREATED
from .settings import Settings
from .stops import StopRepository
from .tables import AppSetting, ChangeLogEntry, Conversation, ConversationMessage
from .transcript_notes import NoteKeeper, NoteKind, TranscriptNote
from .trips import TripRepository
from .words import and_list, field_labels, trip_label

__all__ = [
    "CREATED",
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
    "Decision",
    "DocumentError",
    "DocumentFolder",
    "DocumentRecord",
    "DocumentRepository",
    "EntityKind",
    "ExpenseCategory",
    "ExpenseRecord",
    "FactSource",
    "FormAnswerRepository",
    "FormState",
    "GoalRecord",
    "GoalRepository",
    "GoalStatus",
    "ImportNews",
    "ImportQueue",
    "ImportRefused",
    "Incoming",
    "Initiator",
    "InvalidChangeError",
    "InvalidSettingError",
    "ItemKind",
    "ItineraryItemRecord",
    "ItineraryRepository",
    "LedgerRepository",
    "LockKind",
    "LockRecord",
    "LockRepository",
    "LockedError",
    "LoggedStep",
    "LookupJobBus",
    "LookupJobRecord",
    "LookupJobRepository",
    "LookupStatus",
    "MigrationError",
    "NoteKeeper",
    "NoteKind",
    "Outcome",
    "Pace",
    "PinRecord",
    "PinRepository",
    "ProposalNews",
    "ProposalRepository",
    "ProposedCall",
    "ProposedChange",
    "QueuedCandidate",
    "RecordError",
    "RecordNotFoundError",
    "Settings",
    "Share",
    "SqliteHistoryStore",
    "Status",
    "StopRecord",
    "StopRepository",
    "StoreError",
    "TranscriptNote",
    "TripRecord",
    "TripRepository",
    "UndoError",
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
