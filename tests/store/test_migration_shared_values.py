"""Upgrading a database from before trips held shared values: every trip keeps its data and
shares nothing (each sensitive value stays held back), and sharing then works and undoes."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from concierge.store import ChangeBus, ChangeHistory, Database, TripRepository
from tests.store.support import downgrade_to

PREVIOUS = "b7e3d1f9a2c6"


def trip_rows(path: Path) -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(path)) as connection:
        return connection.execute(
            "SELECT id, title, notes, travellers, interests FROM trip ORDER BY id"
        ).fetchall()


def trip_columns(path: Path) -> set[str]:
    with closing(sqlite3.connect(path)) as connection:
        return {row[1] for row in connection.execute("PRAGMA table_info(trip)")}


async def test_trips_from_before_sharing_keep_their_data_and_share_nothing(
    db_path: Path,
) -> None:
    with Database.open(db_path) as database:
        trips = TripRepository(database, ChangeBus())
        tokyo = (
            await trips.create(
                {
                    "title": "Tokyo",
                    "notes": "Passport P1234567",
                    "travellers": 2,
                    "interests": "food",
                }
            )
        ).record
        await trips.create({"title": "Porto", "shared_values": ["P7654321"]})
    downgrade_to(db_path, PREVIOUS)
    assert "shared_values" not in trip_columns(db_path)
    before = trip_rows(db_path)

    with Database.open(db_path) as database:
        report = database.migration
        assert report is not None and report.from_revision == PREVIOUS
        assert trip_rows(db_path) == before
        bus = ChangeBus()
        trips = TripRepository(database, bus)
        assert [trip.shared_values for trip in await trips.all()] == [(), ()]
        shared = (await trips.update(tokyo.id, {"shared_values": ["P1234567"]})).record
        assert shared.shared_values == ("P1234567",)
        assert await ChangeHistory(database, bus).undo_last(tokyo.id) is not None
        again = await trips.get(tokyo.id)
        assert again is not None and again.shared_values == ()
        assert (again.notes, again.travellers, again.interests) == (
            "Passport P1234567",
            2,
            ("food",),
        )
