"""A file from any earlier release upgrades with its data: the trip becomes a one-stop trip
(its destination, with the trip's dates; a file from after stops has the stop already), its
itinerary item keeps its day and time, and its pin (where pins existed) its text."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from datetime import date, time
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory

from concierge.store import (
    ChangeBus,
    Database,
    ItineraryRepository,
    PinRepository,
    StopRepository,
    TripRepository,
)
from concierge.store.migrate import alembic_config
from tests.store.support import migrate_to

NOW = "2026-11-01 10:00:00.000000"
KNOWN = {
    "trip": {
        "id": "t1",
        "title": "Porto weekend",
        "origin": "Lisbon (LIS)",
        "origin_code": "LIS",
        "origin_tz": "Europe/Lisbon",
        "destination": "Porto (OPO)",
        "destination_code": "OPO",
        "destination_tz": "Europe/Lisbon",
        "start_date": "2027-04-10",
        "end_date": "2027-04-12",
        "travellers": 2,
        "budget_currency": "EUR",
        "interests": "[]",
        "pace": "balanced",
        "shared_values": "[]",
    },
    "itinerary_item": {
        "id": "i1",
        "trip_id": "t1",
        "day": "2027-04-11",
        "start_time": "10:30:00.000000",
        "timezone": "Europe/Lisbon",
        "title": "Livraria Lello",
        "kind": "activity",
    },
    "trip_stop": {
        "id": "s1",
        "trip_id": "t1",
        "position": 0,
        "place": "Porto (OPO)",
        "place_code": "OPO",
        "timezone": "Europe/Lisbon",
        "arrive": "2027-04-10",
        "depart": "2027-04-12",
    },
    "pin": {
        "id": "p1",
        "trip_id": "t1",
        "text": "No red-eye flights",
        "position": 0,
        "created_by": "person",
    },
}


def _revisions_with_trips() -> list[str]:
    """Every revision but the newest, from the first that has trips and items (the base
    holds only conversations)."""
    scripts = ScriptDirectory.from_config(alembic_config())
    ordered = [script.revision for script in reversed(list(scripts.walk_revisions()))]
    return ordered[1:-1]


def _insert(connection: sqlite3.Connection, table: str) -> None:
    """One row with the known values for the columns this revision has; any other required
    column gets an empty value of its type."""
    values: dict[str, object] = {}
    for _cid, name, kind, notnull, default, _pk in connection.execute(
        f"PRAGMA table_info({table})"
    ):
        if name in KNOWN[table]:
            values[name] = KNOWN[table][name]
        elif name in ("created_at", "updated_at"):
            values[name] = NOW
        elif notnull and default is None:
            values[name] = 0 if kind.upper() in ("INTEGER", "BOOLEAN", "FLOAT") else ""
    names = ", ".join(values)
    marks = ", ".join("?" for _ in values)
    connection.execute(f"INSERT INTO {table} ({names}) VALUES ({marks})", list(values.values()))


@pytest.mark.parametrize("revision", _revisions_with_trips())
async def test_a_file_from_every_earlier_revision_upgrades_with_its_trip_and_item(
    db_path: Path, revision: str
) -> None:
    migrate_to(db_path, revision)
    with closing(sqlite3.connect(db_path)) as connection, connection:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
        for table in ("trip", "itinerary_item", "trip_stop", "pin"):
            if table in tables:
                _insert(connection, table)
    with Database.open(db_path) as database:
        bus = ChangeBus()
        trip = await TripRepository(database, bus).get("t1")
        assert trip is not None
        assert (trip.title, trip.origin, trip.travellers) == ("Porto weekend", "Lisbon (LIS)", 2)
        (stop,) = await StopRepository(database, bus).stops("t1")
        assert (stop.place, stop.place_code, stop.timezone) == (
            "Porto (OPO)",
            "OPO",
            "Europe/Lisbon",
        )
        assert (stop.arrive, stop.depart) == (date(2027, 4, 10), date(2027, 4, 12))
        (item,) = await ItineraryRepository(database, bus).items("t1")
        assert (item.day, item.start_time, item.title) == (
            date(2027, 4, 11),
            time(10, 30),
            "Livraria Lello",
        )
        pins = await PinRepository(database, bus).list_for_trip("t1")
        if "pin" in tables:
            assert [(pin.text, pin.rule, pin.rule_confirmed) for pin in pins] == [
                ("No red-eye flights", None, False)
            ]
