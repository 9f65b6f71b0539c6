"""ChangeBus: every committed write is announced after the commit, on the awaiting thread,
with its fields and actor; a failing subscriber breaks nothing."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
from contextlib import closing
from datetime import date
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
    EntityKind,
    Initiator,
    InvalidChangeError,
    ItineraryRepository,
    TripRepository,
)


def title_on_disk(path: Path, trip_id: str) -> str | None:
    """Read with a separate connection: it sees only committed data."""
    with closing(sqlite3.connect(path)) as connection:
        row = connection.execute("SELECT title FROM trip WHERE id = ?", (trip_id,)).fetchone()
    return None if row is None else str(row[0])


async def test_subscribers_hear_each_change_after_it_committed(
    trips: TripRepository, bus: ChangeBus, db_path: Path
) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    seen_on_disk: list[str | None] = []
    threads: list[str] = []
    heard: list[Change] = []

    def subscriber(change: Change) -> None:
        heard.append(change)
        threads.append(threading.current_thread().name)
        seen_on_disk.append(title_on_disk(db_path, change.entity_id))

    bus.subscribe(subscriber)
    context = ChangeContext(Actor.ASSISTANT, "Assistant: update_trip")
    await trips.update(trip.id, {"title": "Porto and Douro", "travellers": 2}, context=context)

    assert heard == [
        Change(
            entity=EntityKind.TRIP,
            entity_id=trip.id,
            trip_id=trip.id,
            action=Action.UPDATE,
            fields=frozenset({"title", "travellers"}),
            actor=Actor.ASSISTANT,
            group_id=context.group_id,
        )
    ]
    assert seen_on_disk == ["Porto and Douro"]
    assert threads == [threading.current_thread().name]


async def test_every_kind_of_write_is_announced(
    trips: TripRepository,
    itinerary: ItineraryRepository,
    history: ChangeHistory,
    bus: ChangeBus,
) -> None:
    heard: list[Change] = []
    bus.subscribe(heard.append)
    trip = (await trips.create()).record
    item = (await itinerary.add(trip.id, {"day": "2026-05-01", "title": "Lunch"})).record
    await itinerary.move(item.id, day=date(2026, 5, 2))
    await itinerary.remove(item.id)
    await history.undo_last()
    await trips.delete(trip.id)
    assert [(c.entity, c.action, c.undo) for c in heard] == [
        (EntityKind.TRIP, Action.CREATE, False),
        (EntityKind.ITINERARY_ITEM, Action.CREATE, False),
        (EntityKind.ITINERARY_ITEM, Action.UPDATE, False),
        (EntityKind.ITINERARY_ITEM, Action.DELETE, False),
        (EntityKind.ITINERARY_ITEM, Action.CREATE, True),
        (EntityKind.ITINERARY_ITEM, Action.DELETE, False),
        (EntityKind.TRIP, Action.DELETE, False),
    ]
    assert heard[0].fields >= {"title", "budget_amount", "pace"}
    assert "updated_at" not in heard[0].fields
    assert heard[2].fields == {"day"}  # still first of its (new) day
    assert all(c.trip_id == trip.id for c in heard)
    assert all(c.actor is Actor.PERSON for c in heard)


async def test_refused_writes_announce_nothing(trips: TripRepository, bus: ChangeBus) -> None:
    trip = (await trips.create()).record
    heard: list[Change] = []
    bus.subscribe(heard.append)
    with pytest.raises(InvalidChangeError):
        await trips.update(trip.id, {"travellers": 0})
    await trips.update(trip.id, {"title": trip.title})
    assert heard == []


async def test_a_raising_subscriber_is_logged_and_breaks_nothing(
    trips: TripRepository, bus: ChangeBus, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(change: Change) -> None:
        raise RuntimeError("view is gone")

    heard: list[Change] = []
    bus.subscribe(broken)
    bus.subscribe(heard.append)
    with caplog.at_level(logging.ERROR, logger="concierge.store.changes"):
        trip = (await trips.create({"title": "Porto"})).record
    assert await trips.get(trip.id) == trip
    assert len(heard) == 1
    assert "view is gone" in caplog.text


async def test_unsubscribe_stops_notifications_and_is_idempotent(
    trips: TripRepository, bus: ChangeBus
) -> None:
    heard: list[Change] = []
    unsubscribe = bus.subscribe(heard.append)
    await trips.create()
    unsubscribe()
    unsubscribe()
    await trips.create()
    assert len(heard) == 1


async def test_a_shared_context_makes_one_group(
    trips: TripRepository, itinerary: ItineraryRepository, bus: ChangeBus
) -> None:
    heard: list[Change] = []
    bus.subscribe(heard.append)
    context = ChangeContext(Actor.ASSISTANT, "Assistant: plan_day")
    trip = (await trips.create({"title": "Porto"}, context=context)).record
    await itinerary.add(trip.id, {"day": "2026-05-01", "title": "Lunch"}, context=context)
    separate = (await trips.update(trip.id, {"notes": "mine"})).record
    assert {c.group_id for c in heard[:2]} == {context.group_id}
    assert heard[2].group_id != context.group_id
    assert heard[2].actor is Actor.PERSON
    assert separate.notes == "mine"


async def test_the_initiator_comes_back_with_its_changes_and_not_with_undo_or_redo(
    trips: TripRepository,
    itinerary: ItineraryRepository,
    history: ChangeHistory,
    bus: ChangeBus,
) -> None:
    """A view tells its own echo by the initiator it wrote with; undoing or redoing that
    write is nobody's echo, so every view hears it as news."""
    form = Initiator("trip form")
    trip = (await trips.create({"title": "Porto"})).record
    await itinerary.add(trip.id, {"day": "2026-05-01", "title": "Lunch"})
    heard: list[Change] = []
    bus.subscribe(heard.append)
    context = ChangeContext(Actor.PERSON, initiator=form)
    await trips.update(trip.id, {"title": "Douro"}, context=context)
    await trips.update(trip.id, {"notes": "someone else"})
    assert [c.initiator for c in heard] == [form, None]
    assert heard[0].initiator is form

    heard.clear()
    await history.undo_last(trip.id)
    await history.undo_last(trip.id)
    await history.redo_last(trip.id)
    assert [(c.undo, c.redo, c.initiator) for c in heard] == [
        (True, False, None),
        (True, False, None),
        (False, True, None),
    ]


async def test_a_write_that_commits_after_its_caller_was_cancelled_is_still_announced(
    trips: TripRepository, database: Database, bus: ChangeBus
) -> None:
    """An aborted assistant turn cancels the task awaiting a write the database thread has
    already queued; the write commits anyway, so views must still hear of it."""
    trip = (await trips.create({"title": "Porto"})).record
    heard: list[Change] = []
    bus.subscribe(heard.append)
    gate = threading.Event()
    blocker = asyncio.ensure_future(database.run(lambda _session: gate.wait(5)))

    write = asyncio.ensure_future(trips.rename(trip.id, "Douro"))
    await asyncio.sleep(0.05)  # the rename is queued behind the blocker
    write.cancel()
    with pytest.raises(asyncio.CancelledError):
        await write
    gate.set()
    await blocker
    for _ in range(100):
        if heard:
            break
        await asyncio.sleep(0.01)

    assert [(c.action, c.fields) for c in heard] == [(Action.UPDATE, frozenset({"title"}))]
    assert (await trips.get(trip.id)).title == "Douro"  # type: ignore[union-attr]
