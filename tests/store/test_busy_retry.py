"""A transaction SQLite refuses as busy is rolled back and run again from the start, so a
retried write lands exactly once; one that stays busy past the timeout fails in words and
leaves nothing behind."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy.exc import OperationalError
from sqlmodel import Session, select

from concierge.store import Conversation, Database, DatabaseBusyError


def _busy_reply() -> OperationalError:
    """What the driver raises when another connection holds the lock at commit time."""
    driver = sqlite3.OperationalError("database is locked")
    driver.sqlite_errorcode = sqlite3.SQLITE_BUSY  # type: ignore[attr-defined]
    return OperationalError("COMMIT", {}, driver)


def test_a_busy_transaction_is_run_again_and_its_first_attempt_leaves_nothing(
    database: Database,
) -> None:
    attempts: list[int] = []

    def write(session: Session) -> int:
        attempts.append(len(attempts))
        session.add(Conversation(id=f"c{len(attempts)}", title="Porto"))
        session.flush()  # The first attempt's row is in the transaction when it fails.
        if len(attempts) == 1:
            raise _busy_reply()
        return len(attempts)

    assert database.run_sync(write) == 2
    assert database.run_sync(lambda s: s.get(Conversation, "c1")) is None
    assert database.run_sync(lambda s: s.get(Conversation, "c2")) is not None


def test_a_transaction_busy_past_the_timeout_fails_in_words(
    db_path: Path, database: Database
) -> None:
    attempts: list[int] = []

    def always_busy(session: Session) -> None:
        attempts.append(1)
        session.add(Conversation(id=f"c{len(attempts)}", title="Porto"))
        session.flush()
        raise _busy_reply()

    with Database(db_path, busy_timeout=0.3) as impatient:
        with pytest.raises(DatabaseBusyError) as caught:
            impatient.run_sync(always_busy)
        assert len(attempts) > 1  # It was tried again before giving up.
        assert "Nothing was saved" in str(caught.value)
        assert impatient.run_sync(lambda s: s.exec(select(Conversation)).all()) == []


def test_other_driver_errors_are_not_retried(database: Database) -> None:
    attempts: list[int] = []

    def broken(session: Session) -> None:
        attempts.append(1)
        raise OperationalError("SELECT", {}, sqlite3.OperationalError("no such table: x"))

    with pytest.raises(OperationalError):
        database.run_sync(broken)
    assert attempts == [1]
