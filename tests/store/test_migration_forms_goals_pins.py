"""Upgrading a database written before forms, goals and pins existed: everything in it
survives (the change log is rebuilt to accept the new kinds and all-trip rows), its undo
history still works, and the new tables work."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from datetime import date
from pathlib import Path

from concierge.agent.messages import user_message
from concierge.store import (
    Actor,
    ChangeBus,
    ChangeContext,
    ChangeHistory,
    Database,
    FormAnswerRepository,
    GoalRepository,
    ItineraryRepository,
    LookupJobRepository,
    PinRepository,
    SqliteHistoryStore,
    TripRepository,
)
from tests.store.support import downgrade_to, undo_everything

PREVIOUS = "bb12a08eadaa"
TABLES = ("trip", "itinerary_item", "change_log", "lookup_job", "conversation_message")


Dump = dict[str, tuple[tuple[str, ...], list[tuple[object, ...]]]]
"""Each table's column names and rows."""


def dump(path: Path) -> Dump:
    dumped: Dump = {}
    with closing(sqlite3.connect(path)) as connection:
        for table in TABLES:
            cursor = connection.execute(f"SELECT * FROM {table} ORDER BY rowid")
            names = tuple(column[0] for column in cursor.description)
            dumped[table] = (names, cursor.fetchall())
    return dumped


def in_common(dumped: Dump, other: Dump) -> dict[str, list[tuple[object, ...]]]:
    """`dumped`'s rows cut to the columns `other` has too: later revisions add columns (a file
    from before them has none) and remove some (the destination became the trip's stops)."""
    common: dict[str, list[tuple[object, ...]]] = {}
    for table, (names, rows) in dumped.items():
        keep = [i for i, name in enumerate(names) if name in other[table][0]]
        common[table] = [tuple(row[i] for i in keep) for row in rows]
    return common


async def test_a_database_from_before_forms_keeps_its_data_and_its_undo(db_path: Path) -> None:
    """The data is written by today's code, then the file is taken back to the revision
    before forms, as that release would have left it."""
    with Database.open(db_path) as database:
        bus = ChangeBus()
        trips = TripRepository(database, bus)
        trip = (await trips.create({"title": "Porto", "budget_amount": "1234.50"})).record
        await ItineraryRepository(database, bus).add(
            trip.id, {"day": date(2026, 5, 1), "title": "Lunch"}
        )
        await trips.update(
            trip.id, {"notes": "port wine"}, context=ChangeContext(Actor.ASSISTANT, "Assistant")
        )
        await LookupJobRepository(database).create(trip.id, "holidays", {"country": "PT"})
        await SqliteHistoryStore(database, "c1").append([user_message("plan Porto")])
    downgrade_to(db_path, PREVIOUS)
    before = dump(db_path)
    assert len(before["change_log"][1]) == 3

    with Database.open(db_path) as database:
        report = database.migration
        assert report is not None
        assert report.from_revision == PREVIOUS
        assert report.backup_path == db_path.with_name(f"concierge.db.bak-{PREVIOUS}")
        after = dump(db_path)
        assert in_common(after, before) == in_common(before, after)

        bus = ChangeBus()
        history = ChangeHistory(database, bus)
        trips = TripRepository(database, bus)
        unseen = await history.unseen_assistant_changes(trip.id)
        assert set(unseen.values()) == {frozenset({"notes"})}
        result = await history.undo_last()
        assert result is not None
        assert result.label == "Assistant"
        assert (await trips.get(trip.id)).notes == ""  # type: ignore[union-attr]

        forms = FormAnswerRepository(database, bus)
        await forms.set_answer(trip.id, "trip-brief", "diet", "vegan")
        goal = (await GoalRepository(database, bus).add(trip.id, "Flights booked")).record
        pin = (await PinRepository(database, bus).add("Vegetarian")).record
        assert await forms.answers(trip.id, "trip-brief") == {"diet": "vegan"}
        assert goal.position == 0
        assert pin.trip_id is None
        assert await undo_everything(history) == [
            "Pin “Vegetarian”",
            "Add goal “Flights booked”",
            "Answer “diet” in trip-brief",
            "Add “Lunch” to the itinerary",
            "Create trip “Porto”",
        ]

    backup = dump(db_path.with_name(f"concierge.db.bak-{PREVIOUS}"))
    assert backup == before
