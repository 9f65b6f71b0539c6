"""Upgrading a database from before stops: each trip with a destination becomes a one-stop
trip, the logged trip edits still undo, and downgrading puts the first stop back."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from datetime import date
from pathlib import Path

from concierge.store import ChangeBus, ChangeHistory, Database, StopRepository, TripRepository
from tests.store.support import downgrade_to, migrate_to

PREVIOUS = "b7e3d5a9c2f1"
NOW = "2026-11-30 10:00:00.000000"


def trip_row(
    trip_id: str, title: str, destination: str, code: str | None, tz: str | None
) -> tuple[object, ...]:
    return (
        trip_id,
        title,
        "Lisbon",
        "LIS",
        "Europe/Lisbon",
        destination,
        code,
        tz,
        "2027-04-10",
        "2027-04-24",
        2,
        None,
        "EUR",
        "[]",
        "balanced",
        "old notes",
        0,
        NOW,
        NOW,
        "[]",
    )


def write_old_file(path: Path) -> None:
    """Trips and change-log rows as the previous release wrote them."""
    migrate_to(path, PREVIOUS)
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.executemany(
            "INSERT INTO trip (id, title, origin, origin_code, origin_tz, destination, "
            "destination_code, destination_tz, start_date, end_date, travellers, budget_amount, "
            "budget_currency, interests, pace, notes, position, created_at, updated_at, "
            "shared_values) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                trip_row("t1", "Japan", "Tokyo (HND)", "HND", "Asia/Tokyo"),
                trip_row("t2", "Somewhere", "", None, None),
            ],
        )

        def log(
            group: str, label: str, before: dict[str, object], after: dict[str, object]
        ) -> None:
            connection.execute(
                "INSERT INTO change_log (group_id, actor, label, entity, entity_id, trip_id, "
                "action, before, after, at, undone, seen) "
                "VALUES (?, 'person', ?, 'trip', 't1', 't1', 'update', ?, ?, ?, 0, 1)",
                (
                    group,
                    label,
                    json.dumps(before, sort_keys=True),
                    json.dumps(after, sort_keys=True),
                    NOW,
                ),
            )

        log("g1", "Change Destination", {"destination": "Osaka"}, {"destination": "Tokyo (HND)"})
        log(
            "g2",
            "Change Destination and Notes",
            {"destination": "Kyoto", "notes": "older notes"},
            {"destination": "Osaka", "notes": "old notes"},
        )


def columns(path: Path, table: str) -> list[str]:
    with closing(sqlite3.connect(path)) as connection:
        return [row[1] for row in connection.execute(f"PRAGMA table_info({table})")]


async def test_a_trip_with_a_destination_becomes_a_one_stop_trip(db_path: Path) -> None:
    write_old_file(db_path)
    with Database.open(db_path) as database:
        bus = ChangeBus()
        trips, stops = TripRepository(database, bus), StopRepository(database, bus)
        japan = await trips.get("t1")
        assert japan is not None and (japan.origin, japan.notes) == ("Lisbon", "old notes")
        [tokyo] = await stops.stops("t1")
        assert (tokyo.place, tokyo.place_code, tokyo.timezone, tokyo.position) == (
            "Tokyo (HND)",
            "HND",
            "Asia/Tokyo",
            0,
        )
        assert (tokyo.arrive, tokyo.depart) == (date(2027, 4, 10), date(2027, 4, 24))
        assert await stops.stops("t2") == []
        assert not {"destination", "destination_code", "destination_tz"} & set(
            columns(db_path, "trip")
        )

        history = ChangeHistory(database, bus)
        assert await history.undo_label() == "Change Destination and Notes"
        step = await history.undo_last()
        assert step is not None
        assert (await trips.get("t1")).notes == "older notes"  # type: ignore[union-attr]
        assert await history.undo_last() is None

        await stops.add("t1", {"place": "Kyoto"})


def test_downgrading_puts_the_first_stop_back_as_the_destination(db_path: Path) -> None:
    write_old_file(db_path)
    with Database.open(db_path):
        pass
    with closing(sqlite3.connect(db_path)) as connection, connection:
        connection.execute(
            "INSERT INTO trip_stop (id, trip_id, position, place, created_at, updated_at) "
            "VALUES ('s2', 't1', 1, 'Kyoto', ?, ?), ('s3', 't2', 0, 'Porto', ?, ?)",
            (NOW, NOW, NOW, NOW),
        )
        connection.execute(
            "INSERT INTO change_log (group_id, actor, label, entity, entity_id, trip_id, "
            "action, before, after, at, undone, seen) VALUES ('g3', 'person', 'Add stop', "
            "'trip_stop', 's3', 't2', 'create', NULL, '{}', ?, 0, 1)",
            (NOW,),
        )
    downgrade_to(db_path, PREVIOUS)
    assert columns(db_path, "trip")[5:8] == ["destination", "destination_code", "destination_tz"]
    with closing(sqlite3.connect(db_path)) as connection:
        rows = connection.execute(
            "SELECT id, destination, destination_code, destination_tz FROM trip ORDER BY id"
        ).fetchall()
        entities = connection.execute("SELECT DISTINCT entity FROM change_log").fetchall()
        tables = connection.execute("SELECT name FROM sqlite_master WHERE type='table'").fetchall()
    assert rows == [("t1", "Tokyo (HND)", "HND", "Asia/Tokyo"), ("t2", "Porto", None, None)]
    assert entities == [("trip",)]
    assert ("trip_stop",) not in tables
