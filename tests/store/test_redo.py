"""Redo: the newest undone step is made again as one step, whoever made it, for every kind of
change; a new change clears what could be redone; undo, redo and undo again leave every row
as the first undo left it."""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable
from contextlib import closing
from datetime import date
from pathlib import Path

import pytest

from concierge.store import (
    CREATED,
    Actor,
    Change,
    ChangeBus,
    ChangeContext,
    ChangeHistory,
    Database,
    EntityKind,
    FormAnswerRepository,
    GoalRepository,
    ItineraryRepository,
    PinRepository,
    TripRepository,
    UndoError,
)
from concierge.store.change_writer import UNLOGGED_FIELDS
from tests.store.support import downgrade_to, log_rows

MAY_1, MAY_2 = date(2026, 5, 1), date(2026, 5, 2)
BRIEF = "trip-brief"
TABLES = ("trip", "itinerary_item", "form_instance", "form_answer", "goal", "pin")

Rows = dict[str, list[tuple[object, ...]]]


def stored(db_path: Path, *, redone: bool = False) -> Rows:
    """Every row of every table but the change log, sorted, without the bookkeeping the log
    leaves out (`updated_at`: an undo or redo is a write of its own; a goal's
    `seen_by_assistant`). With `redone`, answer events' id and `at` are blanked too: redo
    appends an undone answer anew."""
    rows: Rows = {}
    with closing(sqlite3.connect(db_path)) as connection:
        for table in TABLES:
            cursor = connection.execute(f"SELECT * FROM {table}")
            names = [column[0] for column in cursor.description]
            blanked = UNLOGGED_FIELDS | (
                {"id", "at"} if redone and table == "form_answer" else set()
            )
            rows[table] = sorted(
                (
                    tuple(
                        "" if name in blanked else value
                        for name, value in zip(names, row, strict=True)
                    )
                    for row in cursor.fetchall()
                ),
                key=repr,
            )
    return rows


async def assert_redo_round_trip(
    history: ChangeHistory, db_path: Path, change: Callable[[], Awaitable[object]]
) -> None:
    """Make `change`; undo gives the rows before it, redo the rows after it (under the same
    label), undo again exactly the rows the first undo left."""
    before = stored(db_path)
    await change()
    after = stored(db_path, redone=True)
    assert stored(db_path) != before
    assert await history.redo_label() is None
    label = await history.undo_label()

    undone = await history.undo_last()
    assert undone is not None and undone.label == label
    first_undo = stored(db_path)
    assert first_undo == before
    assert await history.redo_label() == label

    redone = await history.redo_last()
    assert redone is not None and redone.label == label
    assert stored(db_path, redone=True) == after
    assert await history.redo_label() is None
    assert await history.undo_label() == label

    again = await history.undo_last()
    assert again is not None and again.label == label
    assert stored(db_path) == first_undo


# -- each kind of change --------------------------------------------------------------------


async def test_nothing_to_redo(history: ChangeHistory, trips: TripRepository) -> None:
    assert await history.redo_last() is None
    await trips.create()
    assert await history.redo_label() is None
    assert await history.redo_last() is None


async def test_redo_a_trip_field_change(
    trips: TripRepository, history: ChangeHistory, db_path: Path
) -> None:
    trip = (await trips.create({"title": "Porto", "budget_amount": "1234.50"})).record
    await assert_redo_round_trip(
        history,
        db_path,
        lambda: trips.update(trip.id, {"budget_amount": "2000", "pace": "packed"}),
    )


async def test_redo_a_trip_creation_gives_back_the_same_trip(
    trips: TripRepository, history: ChangeHistory, db_path: Path
) -> None:
    created = (await trips.create({"title": "Porto"})).record
    await history.undo_last()
    assert await trips.all() == []
    await history.redo_last()
    assert await trips.all() == [created]


async def test_redo_itinerary_add_remove_and_move(
    trips: TripRepository, itinerary: ItineraryRepository, history: ChangeHistory, db_path: Path
) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    for day, title in [(MAY_1, "A"), (MAY_1, "B"), (MAY_2, "C")]:
        await itinerary.add(trip.id, {"day": day, "title": title})
    a, _, c = await itinerary.items(trip.id)
    await assert_redo_round_trip(
        history,
        db_path,
        lambda: itinerary.add(trip.id, {"day": MAY_1, "title": "First"}, position=0),
    )
    await assert_redo_round_trip(history, db_path, lambda: itinerary.remove(a.id))
    await assert_redo_round_trip(
        history,
        db_path,
        lambda: itinerary.move(c.id, day=MAY_1, position=0),
    )


async def test_redo_a_trip_deletion_with_everything_on_it(
    trips: TripRepository,
    itinerary: ItineraryRepository,
    forms: FormAnswerRepository,
    goals: GoalRepository,
    pins: PinRepository,
    history: ChangeHistory,
    db_path: Path,
) -> None:
    await trips.create({"title": "Lisbon"})
    trip = (await trips.create({"title": "Porto"})).record
    await trips.create({"title": "Sintra"})
    await itinerary.add(trip.id, {"day": MAY_1, "title": "Port cellars"})
    await forms.set_answer(trip.id, BRIEF, "diet", "vegan")
    await forms.set_answer(trip.id, BRIEF, "diet", "vegetarian")
    await forms.mark_completed(trip.id, BRIEF)
    await goals.add(trip.id, "Flights booked")
    await pins.add("Window seat", trip_id=trip.id)
    await pins.add("Vegetarian")
    await assert_redo_round_trip(history, db_path, lambda: trips.delete(trip.id))


async def test_redo_form_answers(
    trips: TripRepository, forms: FormAnswerRepository, history: ChangeHistory, db_path: Path
) -> None:
    trip = (await trips.create()).record
    await assert_redo_round_trip(
        history,
        db_path,
        lambda: forms.set_answer(trip.id, BRIEF, "diet", "vegan"),
    )
    await forms.set_answer(trip.id, BRIEF, "ages", [30])
    await assert_redo_round_trip(
        history,
        db_path,
        lambda: forms.set_answer(trip.id, BRIEF, "diet", "vegetarian"),
    )
    await assert_redo_round_trip(history, db_path, lambda: forms.retract(trip.id, BRIEF, "ages"))


async def test_redo_goal_changes(
    trips: TripRepository, goals: GoalRepository, history: ChangeHistory, db_path: Path
) -> None:
    trip = (await trips.create()).record
    a = (await goals.add(trip.id, "A")).record
    b = (await goals.add(trip.id, "B")).record
    await assert_redo_round_trip(history, db_path, lambda: goals.add(trip.id, "First", position=0))
    await assert_redo_round_trip(history, db_path, lambda: goals.complete(b.id))
    await assert_redo_round_trip(history, db_path, lambda: goals.move(b.id, 0))
    await assert_redo_round_trip(history, db_path, lambda: goals.remove(a.id))


async def test_redo_pin_changes(
    trips: TripRepository, pins: PinRepository, history: ChangeHistory, db_path: Path
) -> None:
    trip = (await trips.create()).record
    a = (await pins.add("A", trip_id=trip.id)).record
    await pins.add("B", trip_id=trip.id)
    await assert_redo_round_trip(history, db_path, lambda: pins.add("Vegetarian"))
    await assert_redo_round_trip(history, db_path, lambda: pins.update_text(a.id, "A!"))
    await assert_redo_round_trip(history, db_path, lambda: pins.move(a.id, 1))
    await assert_redo_round_trip(history, db_path, lambda: pins.remove(a.id))


# -- the stack ------------------------------------------------------------------------------


async def test_redo_replays_undone_steps_newest_undone_first(
    trips: TripRepository, history: ChangeHistory
) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    await trips.rename(trip.id, "Porto 2")
    await trips.rename(trip.id, "Porto 3")
    await history.undo_last()
    await history.undo_last()
    assert (await trips.get(trip.id)).title == "Porto"  # type: ignore[union-attr]
    assert await history.redo_label() == "Rename trip to “Porto 2”"
    await history.redo_last()
    assert (await trips.get(trip.id)).title == "Porto 2"  # type: ignore[union-attr]
    await history.redo_last()
    assert (await trips.get(trip.id)).title == "Porto 3"  # type: ignore[union-attr]
    assert await history.redo_last() is None


async def test_a_new_change_after_an_undo_clears_redo(
    trips: TripRepository, history: ChangeHistory, database: Database
) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    await trips.rename(trip.id, "Lisbon")
    await trips.rename(trip.id, "Sintra")
    await history.undo_last()
    await history.undo_last()
    other = (await trips.create({"title": "Faro"})).record
    assert await history.redo_label() is None
    assert await history.redo_last() is None
    assert (await trips.get(trip.id)).title == "Porto"  # type: ignore[union-attr]
    assert await trips.get(other.id) is not None
    assert all(row.redo_step is None for row in log_rows(database))
    assert await history.undo_label() == "Create trip “Faro”"


async def test_redo_of_a_tool_call_is_one_step_and_brings_its_marks_back(
    trips: TripRepository,
    itinerary: ItineraryRepository,
    history: ChangeHistory,
    bus: ChangeBus,
) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    call = ChangeContext(Actor.ASSISTANT, "Assistant: update_trip")
    await trips.update(trip.id, {"budget_amount": "5200", "pace": "relaxed"}, context=call)
    item = (await itinerary.add(trip.id, {"day": MAY_1, "title": "Dinner"}, context=call)).record
    marks = await history.unseen_assistant_changes(trip.id)
    assert marks[EntityKind.TRIP, trip.id] == {"budget_amount", "pace"}
    assert CREATED in marks[EntityKind.ITINERARY_ITEM, item.id]

    await history.undo_last()
    assert await history.unseen_assistant_changes(trip.id) == {}
    heard: list[Change] = []
    bus.subscribe(heard.append)

    result = await history.redo_last()

    assert result is not None and result.labels == ("Assistant: update_trip",)
    assert heard == list(result.changes)
    assert all(change.redo and not change.undo for change in heard)
    assert all(change.actor is Actor.PERSON for change in heard)
    assert {(change.entity, change.entity_id) for change in heard} == {
        (EntityKind.TRIP, trip.id),
        (EntityKind.ITINERARY_ITEM, item.id),
    }
    assert await history.unseen_assistant_changes(trip.id) == marks
    assert str((await trips.get(trip.id)).budget_amount) == "5200"  # type: ignore[union-attr]
    assert await itinerary.items(trip.id) == [item]


async def test_redo_of_a_trip_only_replays_that_trips_steps(
    trips: TripRepository, history: ChangeHistory
) -> None:
    porto = (await trips.create({"title": "Porto"})).record
    lisbon = (await trips.create({"title": "Lisbon"})).record
    await trips.rename(porto.id, "Porto!")
    await trips.rename(lisbon.id, "Lisbon!")
    await history.undo_last()
    await history.undo_last()
    assert await history.redo_label(porto.id) == "Rename trip to “Porto!”"
    await history.redo_last(porto.id)
    assert (await trips.get(porto.id)).title == "Porto!"  # type: ignore[union-attr]
    assert (await trips.get(lisbon.id)).title == "Lisbon"  # type: ignore[union-attr]


async def test_a_row_changed_behind_the_log_makes_redo_refuse(
    trips: TripRepository, history: ChangeHistory, db_path: Path, database: Database
) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    await trips.rename(trip.id, "Lisbon")
    await history.undo_last()
    with closing(sqlite3.connect(db_path)) as connection, connection:
        connection.execute("UPDATE trip SET title = 'Faro'")
    with pytest.raises(UndoError, match="cannot be redone"):
        await history.redo_last()
    assert (await trips.get(trip.id)).title == "Faro"  # type: ignore[union-attr]
    assert await history.redo_label() == "Rename trip to “Lisbon”"


async def test_a_database_from_before_redo_is_upgraded_and_its_undo_can_be_redone(
    db_path: Path,
) -> None:
    with Database.open(db_path) as database:
        trips = TripRepository(database, ChangeBus())
        trip = (await trips.create({"title": "Porto"})).record
        await trips.rename(trip.id, "Lisbon")
    downgrade_to(db_path, "c3f1a7d2e9b4")
    with closing(sqlite3.connect(db_path)) as connection:
        columns = [row[1] for row in connection.execute("PRAGMA table_info(change_log)")]
    assert "redo_step" not in columns

    with Database.open(db_path) as database:
        assert database.migration is not None
        assert database.migration.from_revision == "c3f1a7d2e9b4"
        history = ChangeHistory(database, ChangeBus())
        trips = TripRepository(database, ChangeBus())
        assert await history.redo_label() is None
        await history.undo_last()
        await history.redo_last()
        assert (await trips.get(trip.id)).title == "Lisbon"  # type: ignore[union-attr]
