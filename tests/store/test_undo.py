"""Undo: the newest group is reverted exactly, in one step, whoever made it; overlapping later
groups come along; rows changed behind the log's back make undo refuse."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from concierge.store import (
    Action,
    Actor,
    Change,
    ChangeBus,
    ChangeContext,
    ChangeHistory,
    Database,
    ItineraryRepository,
    TripRepository,
    UndoError,
)
from tests.store.support import ignoring_updated_at, log_rows, positions, undo_everything

MAY_1, MAY_2 = date(2026, 5, 1), date(2026, 5, 2)


async def test_nothing_to_undo(history: ChangeHistory) -> None:
    assert await history.undo_last() is None
    assert await history.undo_label() is None


async def test_undo_a_create(trips: TripRepository, history: ChangeHistory) -> None:
    kept = (await trips.create({"title": "Lisbon"})).record
    trip = (await trips.create({"title": "Porto"})).record
    assert await history.undo_label() == "Create trip “Porto”"
    result = await history.undo_last()
    assert result is not None
    assert result.label == "Create trip “Porto”"
    assert result.trip_ids == {trip.id}
    assert await trips.all() == [kept]


async def test_undo_an_update_restores_exactly_the_changed_fields(
    trips: TripRepository, history: ChangeHistory
) -> None:
    trip = (
        await trips.create(
            {"title": "Porto", "budget_amount": "1234.50", "start_date": "2026-05-01"}
        )
    ).record
    await trips.update(
        trip.id,
        {
            "budget_amount": "2000",
            "end_date": "2026-05-04",
            "interests": ["wine"],
            "pace": "packed",
        },
    )
    await history.undo_last()
    restored = await trips.get(trip.id)
    assert restored is not None
    assert ignoring_updated_at([restored]) == ignoring_updated_at([trip])
    assert str(restored.budget_amount) == "1234.50"
    assert restored.updated_at > trip.updated_at  # undo is a write of its own


async def test_undo_a_delete_restores_the_trip_and_its_itinerary_exactly(
    trips: TripRepository, itinerary: ItineraryRepository, history: ChangeHistory
) -> None:
    first = (await trips.create({"title": "Lisbon"})).record
    trip = (
        await trips.create({"title": "Porto", "budget_amount": "0.50", "interests": "a, b"})
    ).record
    last = (await trips.create({"title": "Sintra"})).record
    for day, title in [(MAY_1, "A"), (MAY_1, "B"), (MAY_2, "C")]:
        await itinerary.add(trip.id, {"day": day, "title": title, "start_time": "09:15"})
    items = await itinerary.items(trip.id)
    trip_before = await trips.get(trip.id)

    await trips.delete(trip.id)
    result = await history.undo_last()

    assert result is not None
    assert result.label == "Delete trip “Porto”"
    assert await trips.get(trip.id) == trip_before  # same id, position and timestamps
    assert await itinerary.items(trip.id) == items
    assert [t.id for t in await trips.all()] == [first.id, trip.id, last.id]


async def test_undo_an_add_in_the_middle_restores_the_order(
    trips: TripRepository, itinerary: ItineraryRepository, history: ChangeHistory
) -> None:
    trip = (await trips.create()).record
    for title in "ABC":
        await itinerary.add(trip.id, {"day": MAY_1, "title": title})
    before = await itinerary.items(trip.id)
    await itinerary.add(trip.id, {"day": MAY_1, "title": "X"}, position=0)
    await history.undo_last()
    assert positions(await itinerary.items(trip.id)) == positions(before)


async def test_undo_a_move_restores_both_days(
    trips: TripRepository, itinerary: ItineraryRepository, history: ChangeHistory
) -> None:
    trip = (await trips.create()).record
    for day, title in [(MAY_1, "A"), (MAY_1, "B"), (MAY_1, "C"), (MAY_2, "D"), (MAY_2, "E")]:
        await itinerary.add(trip.id, {"day": day, "title": title})
    before = await itinerary.items(trip.id)
    moved = next(item for item in before if item.title == "A")
    await itinerary.move(moved.id, day=MAY_2, position=1)
    assert positions(await itinerary.items(trip.id)) != positions(before)
    result = await history.undo_last()
    assert result is not None
    assert result.label == "Move “A”"
    assert ignoring_updated_at(await itinerary.items(trip.id)) == ignoring_updated_at(before)


async def test_undo_a_remove_puts_the_item_back_in_its_place(
    trips: TripRepository, itinerary: ItineraryRepository, history: ChangeHistory
) -> None:
    trip = (await trips.create()).record
    for title in "ABC":
        await itinerary.add(trip.id, {"day": MAY_1, "title": title, "notes": f"about {title}"})
    before = await itinerary.items(trip.id)
    await itinerary.remove(before[0].id)
    await history.undo_last()
    after = await itinerary.items(trip.id)
    assert ignoring_updated_at(after) == ignoring_updated_at(before)
    assert after[0] == before[0]  # re-inserted as it was, timestamps included


async def test_an_assistant_group_of_several_writes_undoes_in_one_step(
    trips: TripRepository,
    itinerary: ItineraryRepository,
    history: ChangeHistory,
    bus: ChangeBus,
    database: Database,
) -> None:
    trip = (await trips.create({"title": "Porto", "start_date": "2026-05-01"})).record
    lunch = (await itinerary.add(trip.id, {"day": MAY_1, "title": "Lunch"})).record
    trip_before, items_before = await trips.get(trip.id), await itinerary.items(trip.id)

    tool_call = ChangeContext(Actor.ASSISTANT, "Assistant: update_trip")
    await trips.update(trip.id, {"end_date": "2026-05-03", "pace": "relaxed"}, context=tool_call)
    await itinerary.add(trip.id, {"day": MAY_1, "title": "Cellars"}, position=0, context=tool_call)
    await itinerary.update(lunch.id, {"place": "Bolhão"}, context=tool_call)
    await itinerary.add(trip.id, {"day": MAY_2, "title": "Train"}, context=tool_call)

    heard: list[Change] = []
    bus.subscribe(heard.append)
    assert await history.undo_label(trip.id) == "Assistant: update_trip"
    result = await history.undo_last(trip.id)

    assert result is not None
    assert result.labels == ("Assistant: update_trip",)
    assert result.group_ids == (tool_call.group_id,)
    trip_after = await trips.get(trip.id)
    assert trip_after is not None
    assert trip_before is not None
    assert ignoring_updated_at([trip_after]) == ignoring_updated_at([trip_before])
    assert ignoring_updated_at(await itinerary.items(trip.id)) == ignoring_updated_at(items_before)
    assert heard == list(result.changes)
    assert all(c.undo and c.actor is Actor.PERSON for c in heard)
    assert all(c.group_id == tool_call.group_id for c in heard)
    assert [c.action for c in heard].count(Action.DELETE) == 2  # the two added items
    group_rows = [row for row in log_rows(database) if row.group_id == tool_call.group_id]
    assert all(row.undone for row in group_rows)
    assert all(not row.undone for row in log_rows(database) if row.group_id != tool_call.group_id)

    # The next undo goes to the group before it: adding the lunch.
    assert await history.undo_label() == "Add “Lunch” to the itinerary"


async def test_the_undo_label_is_the_first_write_of_the_newest_open_group(
    trips: TripRepository, history: ChangeHistory
) -> None:
    porto = (await trips.create({"title": "Porto"})).record
    step = ChangeContext()  # one step whose writes each describe themselves
    await trips.update(porto.id, {"notes": "slow days"}, context=step)
    lisbon = (await trips.create({"title": "Lisbon"})).record
    await trips.update(porto.id, {"title": "Porto again"}, context=step)
    for n in range(30):
        await trips.update(lisbon.id, {"travellers": n + 2})

    assert await history.undo_label() == "Change Travellers"
    assert await history.undo_label(porto.id) == "Change Notes"
    for _ in range(30):
        await history.undo_last(lisbon.id)
    assert await history.undo_label(lisbon.id) == "Create trip “Lisbon”"
    assert await history.undo_label() == "Change Notes"
    undone = await history.undo_last(porto.id)
    assert undone is not None
    assert undone.group_ids == (step.group_id,)
    assert await history.undo_label() == "Create trip “Lisbon”"


async def test_undo_walks_back_to_the_beginning(
    trips: TripRepository, itinerary: ItineraryRepository, history: ChangeHistory
) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    item = (await itinerary.add(trip.id, {"day": MAY_1, "title": "Lunch"})).record
    await trips.rename(trip.id, "Porto!")
    await itinerary.move(item.id, day=MAY_2)
    copy = (await trips.duplicate(trip.id)).record
    await trips.delete(trip.id)
    assert await undo_everything(history) == [
        "Delete trip “Porto!”",
        "Duplicate trip “Porto!”",
        "Move “Lunch”",
        "Rename trip to “Porto!”",
        "Add “Lunch” to the itinerary",
        "Create trip “Porto”",
    ]
    assert await trips.all() == []
    assert await trips.get(copy.id) is None
    assert await itinerary.items(trip.id) == []


async def test_undo_as_the_assistant_reports_the_assistant(
    trips: TripRepository, history: ChangeHistory, bus: ChangeBus
) -> None:
    await trips.create()
    heard: list[Change] = []
    bus.subscribe(heard.append)
    await history.undo_last(actor=Actor.ASSISTANT)
    assert [c.actor for c in heard] == [Actor.ASSISTANT]


async def test_undo_for_one_trip_leaves_other_trips_alone(
    trips: TripRepository, history: ChangeHistory
) -> None:
    porto = (await trips.create({"title": "Porto"})).record
    lisbon = (await trips.create({"title": "Lisbon"})).record
    await trips.update(porto.id, {"notes": "port wine"})
    await trips.update(lisbon.id, {"notes": "pastéis"})
    result = await history.undo_last(porto.id)
    assert result is not None
    assert result.label == "Change Notes"
    assert (await trips.get(porto.id)).notes == ""  # type: ignore[union-attr]
    assert (await trips.get(lisbon.id)).notes == "pastéis"  # type: ignore[union-attr]


async def test_an_interleaved_group_takes_along_later_changes_to_the_same_fields(
    trips: TripRepository, itinerary: ItineraryRepository, history: ChangeHistory
) -> None:
    """A form edit landed between two writes of one tool call, on a field the call had
    changed: undoing the call must revert the form edit too, or the state would be mixed."""
    trip = (await trips.create({"title": "Porto"})).record
    item = (await itinerary.add(trip.id, {"day": MAY_1, "title": "Lunch"})).record
    tool_call = ChangeContext(Actor.ASSISTANT, "Assistant: plan")
    await itinerary.update(item.id, {"title": "Long lunch"}, context=tool_call)
    await itinerary.update(item.id, {"title": "Quick lunch"}, context=ChangeContext(label="Form"))
    await trips.update(trip.id, {"notes": "from the assistant"}, context=tool_call)

    result = await history.undo_last()

    assert result is not None
    assert result.labels == ("Assistant: plan", "Form")
    assert (await itinerary.get(item.id)).title == "Lunch"  # type: ignore[union-attr]
    assert (await trips.get(trip.id)).notes == ""  # type: ignore[union-attr]
    assert await history.undo_label() == "Add “Lunch” to the itinerary"


async def test_an_interleaved_group_on_other_fields_stays(
    trips: TripRepository, itinerary: ItineraryRepository, history: ChangeHistory
) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    item = (await itinerary.add(trip.id, {"day": MAY_1, "title": "Lunch"})).record
    tool_call = ChangeContext(Actor.ASSISTANT, "Assistant: plan")
    await itinerary.update(item.id, {"title": "Long lunch"}, context=tool_call)
    await itinerary.update(item.id, {"notes": "mine"}, context=ChangeContext(label="Form"))
    await trips.update(trip.id, {"notes": "from the assistant"}, context=tool_call)

    result = await history.undo_last()

    assert result is not None
    assert result.labels == ("Assistant: plan",)
    restored = await itinerary.get(item.id)
    assert restored is not None
    assert (restored.title, restored.notes) == ("Lunch", "mine")
    assert await history.undo_label() == "Form"


async def test_undoing_a_created_trip_takes_along_items_added_to_it_meanwhile(
    trips: TripRepository, itinerary: ItineraryRepository, history: ChangeHistory
) -> None:
    tool_call = ChangeContext(Actor.ASSISTANT, "Assistant: new_trip")
    trip = (await trips.create({"title": "Porto"}, context=tool_call)).record
    await itinerary.add(trip.id, {"day": MAY_1, "title": "Lunch"})
    await trips.update(trip.id, {"notes": "plan"}, context=tool_call)
    result = await history.undo_last()
    assert result is not None
    assert result.labels == ("Assistant: new_trip", "Add “Lunch” to the itinerary")
    assert await trips.all() == []
    assert await history.undo_last() is None


async def test_a_trip_filter_takes_along_later_reorders_of_other_trips(
    trips: TripRepository, history: ChangeHistory
) -> None:
    a, _, c = [(await trips.create({"title": t})).record for t in "ABC"]
    await trips.move(a.id, 2)  # B C A: touches A, B and C
    await trips.move(c.id, 0)  # C B A: touches B and C only
    result = await history.undo_last(a.id)
    assert result is not None
    assert result.labels == ("Move trip “C”", "Move trip “A”")
    assert [(t.title, t.position) for t in await trips.all()] == [("A", 0), ("B", 1), ("C", 2)]


async def test_a_row_changed_behind_the_log_makes_undo_refuse(
    trips: TripRepository, history: ChangeHistory, db_path: Path, database: Database
) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    await trips.rename(trip.id, "Porto and Douro")
    with closing(sqlite3.connect(db_path)) as connection, connection:
        connection.execute("UPDATE trip SET title = 'Edited elsewhere'")
    with pytest.raises(UndoError, match="“Rename trip to “Porto and Douro”” cannot be undone"):
        await history.undo_last()
    assert (await trips.get(trip.id)).title == "Edited elsewhere"  # type: ignore[union-attr]
    assert not any(row.undone for row in log_rows(database))


async def test_undo_keeps_exact_money(trips: TripRepository, history: ChangeHistory) -> None:
    trip = (await trips.create({"budget_amount": "1234.50"})).record
    await trips.update(trip.id, {"budget_amount": None})
    await history.undo_last()
    restored = await trips.get(trip.id)
    assert restored is not None
    assert restored.budget_amount == Decimal("1234.50")
    assert str(restored.budget_amount) == "1234.50"
