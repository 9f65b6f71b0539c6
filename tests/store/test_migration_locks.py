"""The locks migration: a file from the previous release upgrades with its undo history
intact and can lock at once; downgrading drops the locks and their change-log rows, and the
older release's undo still works on what is left."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from concierge.store import (
    ChangeBus,
    ChangeHistory,
    Database,
    ItineraryRepository,
    LockKind,
    LockRepository,
    TripRepository,
)
from tests.store.support import downgrade_to, migrate_to

PREVIOUS = "e3b7d9a1c5f8"


async def test_a_previous_file_upgrades_keeps_its_undo_and_locks(db_path: Path) -> None:
    migrate_to(db_path, PREVIOUS)
    with Database.open(db_path) as database:
        bus = ChangeBus()
        trip = (await TripRepository(database, bus).create({"title": "Japan"})).record
        item = (
            await ItineraryRepository(database, bus).add(
                trip.id, {"day": "2027-04-09", "title": "Ryokan Kyoto"}
            )
        ).record
        locks = LockRepository(database, bus)
        assert (await locks.toggle(LockKind.ITEM, item.id)).record is True
        history = ChangeHistory(database, bus)
        assert await history.undo_label() == "Lock item “Ryokan Kyoto”"
        await history.undo_last()
        await history.undo_last()
        assert await ItineraryRepository(database, bus).items(trip.id) == []


async def test_downgrading_drops_the_locks_and_their_log_rows(db_path: Path) -> None:
    with Database.open(db_path) as database:
        bus = ChangeBus()
        trip = (await TripRepository(database, bus).create({"title": "Japan"})).record
        await LockRepository(database, bus).toggle(LockKind.DAY, "2027-04-09", trip_id=trip.id)
    downgrade_to(db_path, PREVIOUS)
    with closing(sqlite3.connect(db_path)) as connection:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
        entities = [row[0] for row in connection.execute("SELECT entity FROM change_log")]
        schema = connection.execute(
            "SELECT sql FROM sqlite_master WHERE name = 'change_log'"
        ).fetchone()[0]
    assert "trip_lock" not in tables
    assert entities == ["trip"]
    assert "trip_lock" not in schema
    migrate_to(db_path, "head")
    with Database.open(db_path) as database:
        bus = ChangeBus()
        assert await LockRepository(database, bus).locks(trip.id) == []
        assert await ChangeHistory(database, bus).undo_label() == "Create trip “Japan”"
