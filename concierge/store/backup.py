"""A consistent copy of the database file, taken before a schema upgrade touches it."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from .engine import BUSY_TIMEOUT_SECONDS
from .integrity import SIDECARS, check_integrity


def backup_path_for(path: Path, revision: str | None) -> Path:
    """`concierge.db.bak-<revision>` beside `path`; never the name of an existing file."""
    stem = f"{path.name}.bak-{revision or 'base'}"
    candidate = path.with_name(stem)
    number = 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{stem}-{number}")
    return candidate


def backup_database(path: Path, revision: str | None) -> Path:
    """Copy `path` with SQLite's online backup API, which sees committed pages still in the WAL
    and never copies a half-written page. The copy is made under another name and renamed once
    whole: a start-up abandoned mid-copy (a quick exit) leaves no backup that is one only in
    part. A copy failing the start-up check is removed and `sqlite3.DatabaseError` raised, so
    no damaged backup is ever offered."""
    target = backup_path_for(path, revision)
    copying = path.with_name(f"{path.name}.backing-up")
    with (
        closing(sqlite3.connect(path, timeout=BUSY_TIMEOUT_SECONDS)) as source,
        closing(sqlite3.connect(copying)) as copy,
    ):
        source.backup(copy)
        copy.execute("PRAGMA journal_mode=DELETE")  # One self-contained file, no -wal/-shm.
    report = check_integrity(copying)
    if not report.ok:
        for suffix in ("", *SIDECARS):
            copying.with_name(copying.name + suffix).unlink(missing_ok=True)
        raise sqlite3.DatabaseError(f"the copy failed its check ({report.problems[0]})")
    copying.replace(target)
    return target
