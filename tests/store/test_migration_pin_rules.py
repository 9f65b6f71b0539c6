"""Pin rules across the migration that adds them: downgrading keeps every pin's text and an
undo history an older version can replay; upgrading again gives every pin no rule, and rules
then work and undo."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

from concierge.store import ChangeBus, ChangeHistory, Database, PinRepository, TripRepository
from tests.store.support import downgrade_to, migrate_to

PREVIOUS = "b7e4d1a9c3f2"
REVISION = "c6b2f8e4a1d5"


def pin_columns(path: Path) -> set[str]:
    with closing(sqlite3.connect(path)) as connection:
        return {row[1] for row in connection.execute("PRAGMA table_info(pin)")}


def logged_pins(path: Path) -> list[tuple[str, dict[str, object] | None]]:
    with closing(sqlite3.connect(path)) as connection:
        rows = connection.execute(
            "SELECT action, after FROM change_log WHERE entity = 'pin' ORDER BY id"
        ).fetchall()
    return [(action, None if after is None else json.loads(after)) for action, after in rows]


async def test_downgrading_keeps_the_pins_and_an_undo_history_without_rules(
    db_path: Path,
) -> None:
    with Database.open(db_path) as database:
        bus = ChangeBus()
        trip = (await TripRepository(database, bus).create({"title": "Porto"})).record
        pins = PinRepository(database, bus)
        red_eye = (await pins.add("No red-eyes", trip_id=trip.id, rule="max_flights(2)")).record
        await pins.add("Window seat", trip_id=trip.id)
        await pins.set_rule(red_eye.id, "no_departure_between(22:00,06:00)")
    downgrade_to(db_path, PREVIOUS)
    assert {"rule", "rule_confirmed"}.isdisjoint(pin_columns(db_path))
    logged = logged_pins(db_path)
    assert [action for action, _ in logged] == ["create", "create"]
    assert all("rule" not in (after or {}) for _, after in logged)
    with closing(sqlite3.connect(db_path)) as connection:
        assert connection.execute("SELECT text FROM pin ORDER BY position").fetchall() == [
            ("No red-eyes",),
            ("Window seat",),
        ]

    migrate_to(db_path, REVISION)
    with Database.open(db_path) as database:
        bus = ChangeBus()
        pins = PinRepository(database, bus)
        listed = await pins.list_for_trip(trip.id)
        assert [(pin.text, pin.rule, pin.rule_confirmed) for pin in listed] == [
            ("No red-eyes", None, False),
            ("Window seat", None, False),
        ]
        ruled = (await pins.set_rule(listed[0].id, "max_flights(1)")).record
        assert ruled.rule_confirmed
        history = ChangeHistory(database, bus)
        assert await history.undo_last(trip.id) is not None
        assert await history.undo_last(trip.id) is not None  # The window seat pin, logged before.
        assert [pin.text for pin in await pins.list_for_trip(trip.id)] == ["No red-eyes"]
