"""Knowing the database file is sound before writing into it, and restoring a good backup.

Damaged pages go unnoticed until a read touches them, and every write before then builds on
them, so start-up runs SQLite's `quick_check` over a read-only connection; a file that fails
is never opened for writing. Backups are checked the same way when made and when offered.
"""

from __future__ import annotations

import logging
import shutil
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from .engine import BUSY_TIMEOUT_SECONDS
from .errors import CorruptDatabaseError

log = logging.getLogger(__name__)

PROBLEMS_SHOWN = 5
"""How many of SQLite's findings a report keeps; one is enough to refuse the file."""
BACKUP_PATTERN = "{name}.bak-*"
SIDECARS = ("-wal", "-shm")


@dataclass(frozen=True, slots=True)
class IntegrityReport:
    path: Path
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


def check_integrity(path: Path) -> IntegrityReport:
    """Run `PRAGMA quick_check` on `path` without writing to it (nor its WAL). SQLITE_CORRUPT
    is a finding too; any other error is raised as `sqlite3.Error`."""
    uri = f"{path.absolute().as_uri()}?mode=ro"
    try:
        with closing(
            sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)
        ) as connection:
            rows = connection.execute(f"PRAGMA quick_check({PROBLEMS_SHOWN})").fetchall()
    except sqlite3.DatabaseError as error:
        if getattr(error, "sqlite_errorcode", 0) & 0xFF != sqlite3.SQLITE_CORRUPT:
            raise
        return IntegrityReport(path, (str(error),))
    findings = tuple(str(row[0]) for row in rows)
    return IntegrityReport(path, () if findings == ("ok",) else findings)


def ensure_intact(path: Path) -> None:
    """Raise `CorruptDatabaseError` if `path` exists and fails its check. A file SQLite cannot
    read at all is left to the open that follows, which explains it."""
    if not path.is_file():
        return
    try:
        report = check_integrity(path)
    except sqlite3.Error as error:
        log.info("%s could not be checked (%s); opening it will say why", path, error)
        return
    if report.ok:
        return
    log.error("%s failed its integrity check: %s", path, "; ".join(report.problems))
    raise CorruptDatabaseError(path, report.problems, latest_good_backup(path))


def backups_of(path: Path) -> list[Path]:
    """The backups made beside `path`, newest first."""
    found = path.parent.glob(BACKUP_PATTERN.format(name=path.name))
    return sorted(
        (
            backup
            for backup in found
            if backup.is_file() and not backup.name.endswith((*SIDECARS, "-journal"))
        ),
        key=lambda backup: backup.stat().st_mtime_ns,
        reverse=True,
    )


def latest_good_backup(path: Path) -> Path | None:
    """The newest backup of `path` that passes its own check, or None."""
    for backup in backups_of(path):
        try:
            if check_integrity(backup).ok:
                return backup
        except sqlite3.Error:
            pass
        log.warning("the backup %s is damaged too; not offering it", backup)
    return None


def restore_backup(path: Path, backup: Path) -> Path:
    """Put the checked `backup` in place of the damaged `path`, kept with its WAL as
    `<name>.damaged-<time>`; returns where the damaged file went."""
    report = check_integrity(backup)
    if not report.ok:
        raise CorruptDatabaseError(backup, report.problems, None)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    damaged = path.with_name(f"{path.name}.damaged-{stamp}")
    for suffix in ("", *SIDECARS):
        source = path.with_name(path.name + suffix)
        if source.exists():
            source.replace(damaged.with_name(damaged.name + suffix))
    partial = path.with_name(path.name + ".restoring")
    shutil.copyfile(backup, partial)
    partial.replace(path)
    log.warning("restored %s from %s; the damaged file is at %s", path, backup, damaged)
    return damaged
