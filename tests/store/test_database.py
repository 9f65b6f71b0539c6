"""The Database: pragmas, the worker thread, transactions and readable open errors."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from sqlmodel import Session, select

from concierge.store import (
    Conversation,
    Database,
    DatabaseClosedError,
    DatabaseOpenError,
)


def pragma(database: Database, name: str) -> object:
    return database.run_sync(
        lambda session: session.connection().exec_driver_sql(f"PRAGMA {name}").scalar_one()
    )


def test_opening_creates_parent_folders(db_path: Path) -> None:
    assert not db_path.parent.exists()
    with Database.open(db_path):
        assert db_path.is_file()


def test_every_connection_has_wal_normal_sync_and_foreign_keys(database: Database) -> None:
    assert pragma(database, "journal_mode") == "wal"
    assert pragma(database, "synchronous") == 1  # NORMAL
    assert pragma(database, "foreign_keys") == 1
    assert pragma(database, "busy_timeout") == 15_000


async def test_work_runs_on_the_database_thread(database: Database) -> None:
    name = await database.run(lambda _session: threading.current_thread().name)
    assert name.startswith("concierge-db")
    assert name != threading.current_thread().name


async def test_run_commits_on_return_and_rolls_back_on_error(database: Database) -> None:
    await database.run(lambda session: session.add(Conversation(id="kept", title="Porto")))

    def add_then_fail(session: Session) -> None:
        session.add(Conversation(id="lost", title="Lisbon"))
        session.flush()
        raise LookupError("changed my mind")

    with pytest.raises(LookupError):
        await database.run(add_then_fail)
    ids = await database.run(lambda session: list(session.exec(select(Conversation.id)).all()))
    assert ids == ["kept"]


async def test_returned_rows_stay_readable_after_commit(database: Database) -> None:
    await database.run(lambda session: session.add(Conversation(id="c1", title="Porto")))
    conversation = await database.run(lambda session: session.get(Conversation, "c1"))
    assert conversation is not None
    assert conversation.title == "Porto"
    assert conversation.created_at.tzinfo is not None


def test_run_sync_on_the_database_thread_is_refused(database: Database) -> None:
    with pytest.raises(RuntimeError, match="deadlock"):
        database.run_sync(lambda _session: database.run_sync(lambda _inner: None))


async def test_closed_database_refuses_work(db_path: Path) -> None:
    database = Database.open(db_path)
    database.close()
    database.close()  # harmless
    with pytest.raises(DatabaseClosedError, match=r"concierge\.db"):
        await database.run(lambda _session: None)


def test_a_file_that_is_not_sqlite_gives_a_readable_error(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_text("Itinerary: Porto, Lisbon, Sintra.\n" * 200)
    with pytest.raises(DatabaseOpenError) as raised:
        Database.open(db_path)
    assert str(raised.value) == (
        f"Cannot open the database {db_path}: the file is not a SQLite database."
    )
    with pytest.raises(DatabaseOpenError, match="not a SQLite database"):
        Database(db_path)
    assert db_path.read_text().startswith("Itinerary")


def test_a_folder_in_place_of_the_file_gives_a_readable_error(db_path: Path) -> None:
    db_path.mkdir(parents=True)
    with pytest.raises(DatabaseOpenError, match="cannot open the file"):
        Database.open(db_path)
