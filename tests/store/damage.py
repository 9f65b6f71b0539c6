"""Making a realistic database and damaging it as a disk would: for the corruption tests."""

from __future__ import annotations

import hashlib
import random
import sqlite3
from contextlib import closing
from pathlib import Path

from concierge.store import ChangeBus, Database, ItineraryRepository, TripRepository

ITEMS = 300


async def fill(path: Path) -> str:
    """A database with one trip of `ITEMS` items, its WAL folded into the file; the trip id."""
    with Database.open(path) as database:
        bus = ChangeBus()
        trip = (await TripRepository(database, bus).create({"title": "Porto"})).record
        itinerary = ItineraryRepository(database, bus)
        for number in range(ITEMS):
            await itinerary.add(
                trip.id, {"day": "2027-05-01", "title": f"Stop {number}", "notes": "x" * 200}
            )
    assert not path.with_name(path.name + "-wal").exists()
    return trip.id


def damage(path: Path) -> None:
    """Overwrite a page in the middle of the item table's data with random bytes."""
    with closing(sqlite3.connect(path)) as connection:
        page_size = connection.execute("PRAGMA page_size").fetchone()[0]
        pages = [
            row[0]
            for row in connection.execute(
                "SELECT pageno FROM dbstat WHERE name = 'itinerary_item' AND pagetype = 'leaf' "
                "ORDER BY pageno"
            )
        ]
    assert len(pages) > 10
    page = pages[len(pages) // 2]
    noise = random.Random(10).randbytes(page_size)
    with path.open("r+b") as file:
        file.seek((page - 1) * page_size)
        file.write(noise)


def fingerprint(path: Path) -> tuple[str, int]:
    return hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mtime_ns
