"""Errors the store raises, worded so they can be shown to the person as they are."""

from __future__ import annotations

from pathlib import Path


class StoreError(Exception):
    """Base class for every error of `concierge.store`."""


class DatabaseOpenError(StoreError):
    """The database file could not be opened, or it is not a SQLite database."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"Cannot open the database {path}: {reason}")
        self.path = path
        self.reason = reason


class DatabaseClosedError(StoreError):
    """Work was handed to a database that has already been closed."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"The database {path} is closed.")
        self.path = path


class MigrationError(StoreError):
    """Bringing the database file up to the current schema failed; the file is unchanged."""

    def __init__(self, path: Path, reason: str, backup_path: Path | None = None) -> None:
        message = f"Cannot upgrade the database {path}: {reason}"
        if backup_path is not None:
            message += f" A copy made before the upgrade is at {backup_path}."
        super().__init__(message)
        self.path = path
        self.reason = reason
        self.backup_path = backup_path


class CorruptHistoryError(StoreError):
    """A stored message no longer validates as a message."""
