"""Two processes writing one database file: every write waits its turn and lands, and a lock
held too long is reported in words, never as a raw driver error."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest
from sqlmodel import Session

from concierge.store import (
    Conversation,
    Database,
    DatabaseBusyError,
    ItineraryRepository,
    TripRepository,
)

WRITES = 40


def _start(path: Path, trip_id: str, name: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.store.hammer", str(path), trip_id, name, str(WRITES)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


async def test_two_processes_hammering_one_file_lose_nothing_and_never_fail(
    db_path: Path, trips: TripRepository, itinerary: ItineraryRepository
) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    writers = [_start(db_path, trip.id, name) for name in ("first", "second")]
    outputs = [writer.communicate(timeout=120)[0] for writer in writers]
    for writer, output in zip(writers, outputs, strict=True):
        assert writer.returncode == 0, output
        assert "OperationalError" not in output
        assert output.count("committed") == WRITES
    titles = [item.title for item in await itinerary.items(trip.id)]
    assert sorted(titles) == sorted(f"{n} {i}" for n in ("first", "second") for i in range(WRITES))
    assert [item.position for item in await itinerary.items(trip.id)] == list(range(2 * WRITES))


def test_a_lock_held_too_long_is_a_readable_store_error_and_nothing_is_written(
    db_path: Path, database: Database
) -> None:
    with Database(db_path, busy_timeout=0.3) as impatient:
        with closing(sqlite3.connect(db_path, isolation_level=None)) as other:
            other.execute("BEGIN IMMEDIATE")
            with pytest.raises(DatabaseBusyError) as caught:
                impatient.run_sync(lambda s: s.add(Conversation(id="c1", title="Porto")))
            other.execute("ROLLBACK")
        assert "another program" in str(caught.value)
        assert "Nothing was saved" in str(caught.value)
        assert impatient.run_sync(lambda s: s.get(Conversation, "c1")) is None
        impatient.run_sync(lambda s: s.add(Conversation(id="c1", title="Porto")))
    assert database.run_sync(lambda s: s.get(Conversation, "c1")) is not None


def test_every_transaction_holds_the_write_lock_from_its_start(
    db_path: Path, database: Database
) -> None:
    """A deferred transaction that reads and then writes cannot wait for another process's
    writer (SQLITE_BUSY_SNAPSHOT at once); one that locks at BEGIN can."""

    def other_process_tries_to_write(session: Session) -> str:
        session.get(Conversation, "any")  # A read: a deferred BEGIN would take no lock.
        with closing(sqlite3.connect(db_path, timeout=0, isolation_level=None)) as other:
            try:
                other.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as error:
                return str(error)
            other.execute("ROLLBACK")
            return "the other process got the write lock"

    assert database.run_sync(other_process_tries_to_write) == "database is locked"
