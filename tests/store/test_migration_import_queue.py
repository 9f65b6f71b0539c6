"""Upgrading a database from before the import queue keeps its trips and gives it an empty
queue; downgrading drops the queue (an older version has no imports) and nothing else."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from concierge.store import ChangeBus, Database, ImportQueue, Incoming, TripRepository
from tests.store.support import downgrade_to

PREVIOUS = "c5a1e7d3b9f4"


def tables(path: Path) -> set[str]:
    with closing(sqlite3.connect(path)) as connection:
        rows = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        return {name for (name,) in rows}


async def test_the_queue_comes_and_goes_with_its_revision(db_path: Path) -> None:
    record = Incoming({"title": "Fado night", "day": "2027-04-11"}, "VEVENT 1")
    with Database.open(db_path) as database:
        bus = ChangeBus()
        trip = (await TripRepository(database, bus).create({"title": "Lisbon"})).record
        await ImportQueue(database, bus).queue(trip.id, "fado.ics", [record])
    downgrade_to(db_path, PREVIOUS)
    assert "import_candidate" not in tables(db_path)

    with Database.open(db_path) as database:  # upgraded again at open
        bus = ChangeBus()
        queue = ImportQueue(database, bus)
        stored = await TripRepository(database, bus).get(trip.id)
        assert stored is not None and stored.title == "Lisbon"
        assert await queue.pending(trip.id) == []
        (queued,) = await queue.queue(trip.id, "fado.ics", [record])
        assert queued.source_ref == "VEVENT 1" and not queued.is_duplicate
