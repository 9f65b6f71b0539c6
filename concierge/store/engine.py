"""How every connection to the app's SQLite file is configured.

WAL, `synchronous=NORMAL` (safe with WAL) and enforced foreign keys. Every transaction
begins IMMEDIATE: a deferred one that reads then writes fails its lock upgrade at once with
SQLITE_BUSY, whatever the busy timeout.
"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import URL, Engine, create_engine, event
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError

from .errors import DatabaseOpenError

log = logging.getLogger(__name__)

BUSY_TIMEOUT_SECONDS = 15


def create_sqlite_engine(
    path: Path, *, foreign_keys: bool = True, busy_timeout: float = BUSY_TIMEOUT_SECONDS
) -> Engine:
    """An engine for the SQLite file at `path`, creating its folder if needed. `busy_timeout`:
    seconds a statement waits for another process's lock."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise DatabaseOpenError(path, f"its folder cannot be created ({error}).") from error
    engine = create_engine(
        URL.create("sqlite", database=str(path)),
        connect_args={"timeout": busy_timeout},
    )

    def configure(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
        # Let SQLAlchemy's "begin" hook below own transactions (see the module docstring).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            (mode,) = cursor.execute("PRAGMA journal_mode=WAL").fetchone()
            if str(mode).lower() != "wal":
                log.warning("SQLite refused WAL for %s (journal mode is %s).", path, mode)
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute(f"PRAGMA foreign_keys={'ON' if foreign_keys else 'OFF'}")
        finally:
            cursor.close()

    def begin(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    event.listen(engine, "connect", configure)
    event.listen(engine, "begin", begin)
    return engine


def is_busy(error: BaseException) -> bool:
    """Whether SQLite refused because another connection holds a lock (SQLITE_BUSY or
    SQLITE_LOCKED, with any of their extended codes); `error` from the driver or SQLAlchemy."""
    driver_error = error.orig if isinstance(error, DBAPIError) else error
    code = getattr(driver_error, "sqlite_errorcode", None)
    return isinstance(code, int) and code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def is_damage(error: BaseException) -> bool:
    """Whether SQLite met a damaged file (SQLITE_CORRUPT, any extended code); a file that is no
    database at all (SQLITE_NOTADB) is `open_error`'s to explain."""
    driver_error = error.orig if isinstance(error, DBAPIError) else error
    code = getattr(driver_error, "sqlite_errorcode", None)
    return isinstance(code, int) and code & 0xFF == sqlite3.SQLITE_CORRUPT


def open_error(path: Path, error: DBAPIError) -> DatabaseOpenError:
    """Explain in words why SQLite could not open `path`."""
    detail = str(error.orig) if error.orig is not None else str(error)
    if isinstance(error.orig, sqlite3.DatabaseError) and "not a database" in detail:
        reason = "the file is not a SQLite database."
    elif "unable to open" in detail:
        reason = "SQLite cannot open the file (is it a folder, or is access denied?)."
    elif is_busy(error):
        reason = "another program keeps the database locked."
    else:
        reason = f"{detail}."
    return DatabaseOpenError(path, reason)
