"""Upgrading a database from before documents: its trips, items and undo history survive,
and documents can be attached at once. Downgrading drops the documents and their log rows
(an older version could neither show nor undo them)."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import time
from contextlib import closing
from datetime import date
from pathlib import Path

from concierge.store import (
    ChangeBus,
    ChangeHistory,
    Database,
    DocumentFolder,
    DocumentRepository,
    ItineraryRepository,
    TripRepository,
)
from tests.store.support import downgrade_to

PREVIOUS = "b8e3f5a1d2c4"


def tables(path: Path) -> set[str]:
    with closing(sqlite3.connect(path)) as connection:
        rows = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        return {name for (name,) in rows}


async def test_a_database_from_before_documents_keeps_its_data_and_takes_documents(
    db_path: Path, tmp_path: Path
) -> None:
    ticket = tmp_path / "ticket.pdf"
    ticket.write_bytes(b"%PDF-1.4 ticket")
    folder = DocumentFolder(db_path.parent / "documents")
    with Database.open(db_path) as database:
        bus = ChangeBus()
        trips = TripRepository(database, bus)
        trip = (await trips.create({"title": "Japan"})).record
        item = (
            await ItineraryRepository(database, bus).add(
                trip.id, {"day": date(2027, 4, 2), "title": "Flight"}
            )
        ).record
        await trips.update(trip.id, {"notes": "rail pass"})
        await DocumentRepository(database, bus, folder, prune_after=None).attach(
            ticket, trip_id=trip.id
        )
    downgrade_to(db_path, PREVIOUS)
    assert "document" not in tables(db_path)
    with closing(sqlite3.connect(db_path)) as connection:
        entities = {e for (e,) in connection.execute("SELECT entity FROM change_log")}
    assert entities == {"trip", "itinerary_item"}

    with Database.open(db_path) as database:
        bus = ChangeBus()
        trips = TripRepository(database, bus)
        assert "document" in tables(db_path)
        assert (await trips.get(trip.id)).notes == "rail pass"  # type: ignore[union-attr]
        assert [i.id for i in await ItineraryRepository(database, bus).items(trip.id)] == [item.id]
        documents = DocumentRepository(database, bus, folder, prune_after=None)
        assert await documents.for_trip(trip.id) == []
        # The file of the dropped row is named by nothing now: start-up removes it.
        stale = f"{hashlib.sha256(ticket.read_bytes()).hexdigest()}.pdf"
        an_hour_ago = time.time() - 3601
        os.utime(folder.root / stale, (an_hour_ago, an_hour_ago))
        assert documents.prune_files_at_start() == [stale]
        document = (await documents.attach(ticket, trip_id=trip.id, item_id=item.id)).record
        assert await documents.for_item(item.id) == [document]
        history = ChangeHistory(database, bus)
        assert (await history.undo_last()) is not None  # the attach
        undone = await history.undo_last()
        assert undone is not None and undone.label == "Change Notes"
