"""A trip file carries each pin's constraint and whether the person confirmed it; a file
from before constraints imports with none, and a rule that does not read is a problem
named by its place in the file, with nothing written."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from concierge.store import (
    Actor,
    ChangeBus,
    ChangeContext,
    Database,
    PinRepository,
    TripRepository,
)
from concierge.store.trip_bundle import BundleError, import_bundle, trip_bundle


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Database]:
    opened = Database.open(tmp_path / "concierge.db")
    try:
        yield opened
    finally:
        opened.close()


async def exported(database: Database, trip_id: str) -> dict[str, Any]:
    bundle = await database.run(lambda session: trip_bundle(session, trip_id))
    return json.loads(json.dumps(bundle))


async def test_the_file_keeps_each_rule_and_whether_it_was_confirmed(database: Database) -> None:
    bus = ChangeBus()
    trips, pins = TripRepository(database, bus), PinRepository(database, bus)
    trip = (await trips.create({"title": "Japan"})).record
    await pins.add("No red-eyes", trip_id=trip.id, rule="no_departure_between(22:00,06:00)")
    await pins.add(
        "Few flights",
        trip_id=trip.id,
        rule="max_flights(2)",
        context=ChangeContext(Actor.ASSISTANT),
    )
    await pins.add("Window seat", trip_id=trip.id)
    document = await exported(database, trip.id)
    assert [(p["text"], p["rule"], p["rule_confirmed"]) for p in document["pins"]] == [
        ("No red-eyes", "no_departure_between(22:00,06:00)", True),
        ("Few flights", "max_flights(2)", False),
        ("Window seat", None, False),
    ]
    copy = (await import_bundle(database, bus, document)).record
    assert [(p.rule, p.rule_confirmed) for p in await pins.list_for_trip(copy.id)] == [
        ("no_departure_between(22:00,06:00)", True),
        ("max_flights(2)", False),
        (None, False),
    ]


async def test_a_file_from_before_constraints_imports_and_a_bad_rule_is_refused(
    database: Database,
) -> None:
    bus = ChangeBus()
    trips, pins = TripRepository(database, bus), PinRepository(database, bus)
    trip = (await trips.create({"title": "Japan"})).record
    await pins.add("Window seat", trip_id=trip.id)
    document = await exported(database, trip.id)
    for pin in document["pins"]:
        del pin["rule"], pin["rule_confirmed"]
    copy = (await import_bundle(database, bus, document)).record
    assert [(p.text, p.rule) for p in await pins.list_for_trip(copy.id)] == [("Window seat", None)]

    document["pins"][0]["rule"] = "max_flights(lots)"
    with pytest.raises(BundleError) as raised:
        await import_bundle(database, bus, document)
    assert raised.value.problems == [
        "pins[0].rule: Flights must be a whole number from 0 to 50 (got 'lots')."
    ]
    assert len(await trips.all()) == 2
