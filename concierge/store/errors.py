"""Errors the store raises, worded so they can be shown to the person as they are."""

from __future__ import annotations

from pathlib import Path

from concierge.text import QT_TRANSLATE_NOOP, TranslatedError


class StoreError(TranslatedError):
    """Base class for every error of `concierge.store`; its `str` keeps a marked message."""


class DatabaseOpenError(StoreError):
    """The database file could not be opened, or it is not a SQLite database."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(
            QT_TRANSLATE_NOOP("StoreError", "Cannot open the database {path}: {reason}").format(
                path=path, reason=reason
            )
        )
        self.path = path
        self.reason = reason


class DatabaseClosedError(StoreError):
    """Work was handed to a database that has already been closed."""

    def __init__(self, path: Path) -> None:
        super().__init__(
            QT_TRANSLATE_NOOP("StoreError", "The database {path} is closed.").format(path=path)
        )
        self.path = path


class DatabaseBusyError(StoreError):
    """Another process kept the database locked too long; nothing was written: try again."""

    def __init__(self, path: Path, waited: float) -> None:
        super().__init__(
            QT_TRANSLATE_NOOP(
                "StoreError",
                "The database {path} is busy: another program (another Concierge window, or "
                "the concierge command) kept it locked for more than {waited:.0f} s. Nothing "
                "was saved; try again.",
            ).format(path=path, waited=waited)
        )
        self.path = path
        self.waited = waited


class ConversationBusyError(StoreError):
    """Another process is answering in this conversation; nothing was written."""

    def __init__(self, conversation_id: str) -> None:
        super().__init__(
            QT_TRANSLATE_NOOP(
                "StoreError",
                "This conversation is being answered in another Concierge window. Wait for "
                "that answer, or continue there.",
            )
        )
        self.conversation_id = conversation_id


class CorruptDatabaseError(StoreError):
    """SQLite's check found damage in the database file, which was left untouched; `backup` is
    the newest backup that passed the same check, if any."""

    def __init__(
        self,
        path: Path,
        problems: tuple[str, ...],
        backup: Path | None,
        *,
        while_open: bool = False,
    ) -> None:
        """`while_open`: the damage was met by a read or write after start-up (whose check
        found none, or the damage is newer), not by the start-up check."""
        if while_open:
            damage = QT_TRANSLATE_NOOP(
                "StoreError",
                "The database {path} is damaged; SQLite found: {problem}. Nothing was "
                "saved, and Concierge will write nothing more into it: quit and start it "
                "again to be offered a good backup.",
            )
        else:
            damage = QT_TRANSLATE_NOOP(
                "StoreError",
                "The database {path} is damaged; SQLite's check found: {problem}. "
                "Concierge has not changed the file and will not write into it.",
            )
        if backup is None:
            message = damage.format(path=path, problem=problems[0])
        else:
            message = QT_TRANSLATE_NOOP(
                "StoreError", "{damage} A good backup is at {backup}."
            ).format(damage=damage.format(path=path, problem=problems[0]), backup=backup)
        super().__init__(message)
        self.path = path
        self.problems = problems
        self.backup = backup
        self.while_open = while_open


class MigrationError(StoreError):
    """Bringing the database file up to the current schema failed; the file is unchanged."""

    def __init__(self, path: Path, reason: str, backup_path: Path | None = None) -> None:
        message = QT_TRANSLATE_NOOP(
            "StoreError", "Cannot upgrade the database {path}: {reason}"
        ).format(path=path, reason=reason)
        if backup_path is not None:
            message = QT_TRANSLATE_NOOP(
                "StoreError", "{failure} A copy made before the upgrade is at {backup}."
            ).format(failure=message, backup=backup_path)
        super().__init__(message)
        self.path = path
        self.reason = reason
        self.backup_path = backup_path


class CorruptHistoryError(StoreError):
    """A stored message no longer validates as a message."""


class InvalidChangeError(StoreError):
    """A write was refused because a value breaks a rule; nothing was written. `field` lets a
    form point at it; the message is for the person (or the assistant, as a tool error)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


class LockedError(InvalidChangeError):
    """An assistant's write was refused because it would change something the person locked;
    nothing was written. `field` is the locked field, if one is."""

    def __init__(self, message: str, *, field: str = "") -> None:
        super().__init__(field, message)


class RecordNotFoundError(StoreError):
    """The trip or itinerary item to change does not exist (any more)."""

    def __init__(self, entity: str, entity_id: str) -> None:
        super().__init__(
            QT_TRANSLATE_NOOP("StoreError", "The {entity} {id} does not exist.").format(
                entity=entity.replace("_", " "), id=entity_id
            )
        )
        self.entity = entity
        self.entity_id = entity_id


class UndoError(StoreError):
    """An undo refused: its rows were changed behind the log's back."""


class InvalidSettingError(StoreError):
    """A value does not fit the declared type of the setting it was meant for."""


class DocumentError(StoreError):
    """A file could not be attached or found; nothing attached, no stray file."""
