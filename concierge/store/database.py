"""The app's SQLite database, with all of its work serialized on one worker thread.

SQLite calls block, so the GUI thread awaits `Database.run` on one worker thread, which is
also one writer at a time. A transaction still meeting SQLITE_BUSY after the busy timeout is
retried until `busy_timeout` seconds have passed (`DatabaseBusyError`). Damage met after
start-up fails this and all later work with `CorruptDatabaseError`, so nothing more is
written into a damaged file.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from types import TracebackType
from typing import Self, TypeVar

from sqlalchemy.exc import DBAPIError
from sqlmodel import Session

from .engine import BUSY_TIMEOUT_SECONDS, create_sqlite_engine, is_busy, is_damage, open_error
from .errors import CorruptDatabaseError, DatabaseBusyError, DatabaseClosedError
from .integrity import ensure_intact, latest_good_backup
from .migrate import MigrationReport, upgrade_to_head
from .writers import Writer, note_writer

T = TypeVar("T")

log = logging.getLogger(__name__)

RETRY_PAUSE_SECONDS = 0.05


class Database:
    """One SQLite file. `run` executes a function with a Session in one transaction."""

    def __init__(
        self,
        path: Path,
        *,
        busy_timeout: float = BUSY_TIMEOUT_SECONDS,
        writer: Writer | None = None,
    ) -> None:
        """Open `path` as it is, without migrating (start-up uses `Database.open`); `busy_timeout`
        is in seconds, for the whole transaction; `writer` names the program in the change log
        (default: the window)."""
        self.path = path
        self.busy_timeout = busy_timeout
        self.writer = writer if writer is not None else Writer()
        self.migration: MigrationReport | None = None
        self._closed = False
        self._damage: tuple[str, ...] = ()
        self._good_backup: Path | None = None
        self._worker_ident: int | None = None
        self._engine = create_sqlite_engine(path, busy_timeout=busy_timeout)
        self._executor = ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="concierge-db", initializer=self._note_worker
        )
        try:
            self.run_sync(_probe)
        except DBAPIError as error:
            self.close()
            raise open_error(path, error) from error
        except (DatabaseBusyError, CorruptDatabaseError):
            self.close()
            raise

    @classmethod
    def open(cls, path: Path, *, writer: Writer | None = None) -> Self:
        """Check the file is sound (`CorruptDatabaseError`, the file untouched, if not),
        upgrade it to the current schema (backing it up first), then open it."""
        ensure_intact(path)
        report = upgrade_to_head(path)
        database = cls(path, writer=writer)
        database.migration = report
        return database

    async def run(self, fn: Callable[[Session], T]) -> T:
        """Run `fn` on the worker thread; commit if it returns, roll back if it raises. Cancelling
        the awaiting task does not stop work already started."""
        return await asyncio.wrap_future(self._submit(fn))

    def run_sync(self, fn: Callable[[Session], T]) -> T:
        """Like `run`, blocking the caller: for start-up code, scripts and tests."""
        if threading.get_ident() == self._worker_ident:
            raise RuntimeError("Database.run_sync called from the database thread would deadlock.")
        return self._submit(fn).result()

    def close(self) -> None:
        """Finish queued work, close every connection and stop the worker. Idempotent."""
        if self._closed:
            return
        self._closed = True
        self._executor.submit(self._engine.dispose)
        self._executor.shutdown(wait=True)

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def _submit(self, fn: Callable[[Session], T]) -> Future[T]:
        if self._closed:
            raise DatabaseClosedError(self.path)
        return self._executor.submit(self._transaction, fn)

    @property
    def damaged(self) -> bool:
        """Whether SQLite met damage in the file since it was opened (no work runs since)."""
        return bool(self._damage)

    def _transaction(self, fn: Callable[[Session], T]) -> T:
        deadline = time.monotonic() + self.busy_timeout
        while True:
            if self._damage:
                raise self._damaged()
            try:
                with Session(self._engine, expire_on_commit=False) as session, session.begin():
                    note_writer(session, self.writer)
                    return fn(session)
            except DBAPIError as error:
                if is_damage(error):
                    self._damage = (str(error.orig),)
                    self._good_backup = latest_good_backup(self.path)
                    log.error("%s is damaged: %s; no more work runs on it", self.path, error.orig)
                    raise self._damaged() from error
                if not is_busy(error):
                    raise
                if time.monotonic() + RETRY_PAUSE_SECONDS >= deadline:
                    raise DatabaseBusyError(self.path, self.busy_timeout) from error
                log.info("%s is busy (%s); trying the transaction again", self.path, error.orig)
            time.sleep(RETRY_PAUSE_SECONDS)

    def _damaged(self) -> CorruptDatabaseError:
        return CorruptDatabaseError(self.path, self._damage, self._good_backup, while_open=True)

    def _note_worker(self) -> None:
        self._worker_ident = threading.get_ident()


def _probe(session: Session) -> None:
    """Read the schema so a missing, locked or foreign file fails now, not on first use."""
    session.connection().exec_driver_sql("SELECT count(*) FROM sqlite_master").all()
