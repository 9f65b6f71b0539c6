"""Locks: the assistant's writes to a locked field, item, day or stop are refused with a
sentence naming the lock and change nothing; the person's are never refused; locking and
unlocking undo and redo like any edit."""

from __future__ import annotations

import re
from collections.abc import Awaitable
from datetime import date, time
from typing import Any

import pytest
from sqlmodel import select

from concierge.model.settings import ASSISTANT_EDITS, EditMode
from concierge.store import (
    Actor,
    ChangeBus,
    ChangeContext,
    ChangeHistory,
    Database,
    EntityKind,
    InvalidChangeError,
    ItineraryRepository,
    LockedError,
    LockKind,
    LockRepository,
    Outcome,
    Status,
    StopRepository,
    TripRepository,
)
from concierge.store.settings import Settings
from concierge.store.tables import Proposal

ASK = "is locked by the person; ask them to unlock it."


@pytest.fixture
def locks(database: Database, bus: ChangeBus) -> LockRepository:
    return LockRepository(database, bus)


@pytest.fixture
def stops(database: Database, bus: ChangeBus) -> StopRepository:
    return StopRepository(database, bus)


def assistant() -> ChangeContext:
    return ChangeContext(actor=Actor.ASSISTANT)


async def refused_write(write: Awaitable[Outcome[Any]]) -> object:
    """A write a lock refuses says so; reading its record raises the lock's `LockedError`."""
    outcome = await write
    assert outcome.status is Status.REFUSED and not outcome.applied and outcome.changes == ()
    return outcome.record


async def _trip(trips: TripRepository, itinerary: ItineraryRepository) -> tuple[str, str, str]:
    trip = (await trips.create({"title": "Japan", "start_date": "2027-04-08"})).record
    ryokan = (
        await itinerary.add(
            trip.id, {"day": "2027-04-09", "title": "Ryokan Kyoto", "start_time": "15:00"}
        )
    ).record
    tea = (await itinerary.add(trip.id, {"day": "2027-04-09", "title": "Tea ceremony"})).record
    return trip.id, ryokan.id, tea.id


async def test_a_locked_item_refuses_every_assistant_change_and_nothing_is_written(
    trips: TripRepository, itinerary: ItineraryRepository, locks: LockRepository
) -> None:
    trip_id, ryokan, _ = await _trip(trips, itinerary)
    assert (await locks.toggle(LockKind.ITEM, ryokan)).record is True
    before = await itinerary.items(trip_id)
    sentence = f"Item “Ryokan Kyoto” {ASK}"

    with pytest.raises(LockedError, match=sentence):
        await refused_write(itinerary.update(ryokan, {"title": "Hotel"}, context=assistant()))
    with pytest.raises(LockedError, match=sentence):
        await refused_write(itinerary.move(ryokan, day=date(2027, 4, 10), context=assistant()))
    with pytest.raises(LockedError, match=sentence):
        await refused_write(itinerary.move(ryokan, position=1, context=assistant()))
    with pytest.raises(LockedError, match=sentence):
        await refused_write(itinerary.remove(ryokan, context=assistant()))

    assert await itinerary.items(trip_id) == before


async def test_a_locked_day_refuses_adding_moving_and_removing_its_items_but_not_edits(
    trips: TripRepository, itinerary: ItineraryRepository, locks: LockRepository
) -> None:
    trip_id, ryokan, tea = await _trip(trips, itinerary)
    elsewhere = (await itinerary.add(trip_id, {"day": "2027-04-10", "title": "Nara"})).record
    await locks.toggle(LockKind.DAY, "2027-04-09", trip_id=trip_id)
    sentence = f"Day Fri 9 Apr 2027 {ASK}"

    with pytest.raises(LockedError, match=sentence):
        await refused_write(
            itinerary.add(trip_id, {"day": "2027-04-09", "title": "Dinner"}, context=assistant())
        )
    with pytest.raises(LockedError, match=sentence):
        await refused_write(itinerary.move(tea, position=0, context=assistant()))
    with pytest.raises(LockedError, match=sentence):
        await refused_write(itinerary.move(tea, day=date(2027, 4, 10), context=assistant()))
    with pytest.raises(LockedError, match=sentence):
        await refused_write(
            itinerary.update(elsewhere.id, {"day": "2027-04-09"}, context=assistant())
        )
    with pytest.raises(LockedError, match=sentence):
        await refused_write(itinerary.remove(ryokan, context=assistant()))

    edited = (await itinerary.update(tea, {"notes": "Bring socks"}, context=assistant())).record
    assert edited.notes == "Bring socks"
    deer = {"day": "2027-04-10", "title": "Deer"}
    other = (await itinerary.add(trip_id, deer, context=assistant())).record
    assert other.day == date(2027, 4, 10)


async def test_a_locked_field_refuses_only_that_field_and_removing_its_row(
    trips: TripRepository, itinerary: ItineraryRepository, locks: LockRepository
) -> None:
    _, ryokan, _ = await _trip(trips, itinerary)
    await locks.toggle(LockKind.FIELD, ryokan, entity=EntityKind.ITINERARY_ITEM, field="start_time")
    sentence = f"The start time of “Ryokan Kyoto” {ASK}"

    with pytest.raises(LockedError, match=sentence) as refused:
        await refused_write(itinerary.update(ryokan, {"start_time": "16:00"}, context=assistant()))
    assert refused.value.field == "start_time"
    with pytest.raises(LockedError, match=sentence):
        await refused_write(itinerary.remove(ryokan, context=assistant()))
    updated = (await itinerary.update(ryokan, {"place": "Gion"}, context=assistant())).record
    assert (updated.place, updated.start_time) == ("Gion", time(15, 0))


async def test_a_locked_trip_field_and_a_locked_stop_refuse_the_assistant(
    trips: TripRepository, stops: StopRepository, locks: LockRepository
) -> None:
    trip = (await trips.create({"title": "Japan", "start_date": "2027-04-08"})).record
    kyoto = (await stops.add(trip.id, {"place": "Kyoto", "arrive": "2027-04-09"})).record
    await stops.add(trip.id, {"place": "Osaka"})
    await locks.toggle(LockKind.FIELD, trip.id, entity=EntityKind.TRIP, field="budget_amount")
    await locks.toggle(LockKind.STOP, kyoto.id)

    with pytest.raises(LockedError, match=re.escape(f"The trip’s budget {ASK}")):
        await refused_write(trips.update(trip.id, {"budget_amount": "900"}, context=assistant()))
    for write in (
        stops.update(kyoto.id, {"depart": "2027-04-12"}, context=assistant()),
        stops.move(kyoto.id, 1, context=assistant()),
        stops.remove(kyoto.id, context=assistant()),
    ):
        with pytest.raises(LockedError, match=re.escape(f"Stop “Kyoto” {ASK}")):
            await refused_write(write)
    # Another stop inserted before it renumbers it but does not change it.
    await stops.add(trip.id, {"place": "Tokyo"}, position=0, context=assistant())
    assert [stop.place for stop in await stops.stops(trip.id)] == ["Tokyo", "Kyoto", "Osaka"]
    assert (
        (await trips.update(trip.id, {"pace": "relaxed"}, context=assistant())).record
    ).pace == "relaxed"


async def test_the_persons_own_edits_are_never_refused(
    trips: TripRepository,
    itinerary: ItineraryRepository,
    stops: StopRepository,
    locks: LockRepository,
) -> None:
    trip_id, ryokan, tea = await _trip(trips, itinerary)
    kyoto = (await stops.add(trip_id, {"place": "Kyoto"})).record
    await locks.toggle(LockKind.ITEM, ryokan)
    await locks.toggle(LockKind.DAY, "2027-04-09", trip_id=trip_id)
    await locks.toggle(LockKind.STOP, kyoto.id)
    await locks.toggle(LockKind.FIELD, trip_id, entity=EntityKind.TRIP, field="title")

    await itinerary.update(ryokan, {"title": "Hotel"})
    await itinerary.move(tea, position=0)
    await itinerary.add(trip_id, {"day": "2027-04-09", "title": "Dinner"})
    await stops.update(kyoto.id, {"place": "Kyōto"})
    await trips.update(trip_id, {"title": "Japan in spring"})
    assert (await itinerary.remove(ryokan)).record is True
    assert [lock.kind for lock in await locks.locks(trip_id)] == [
        LockKind.DAY,
        LockKind.STOP,
        LockKind.FIELD,
    ]


async def test_locking_and_unlocking_undo_and_redo_like_any_edit(
    trips: TripRepository,
    itinerary: ItineraryRepository,
    locks: LockRepository,
    history: ChangeHistory,
) -> None:
    trip_id, ryokan, _ = await _trip(trips, itinerary)
    assert (await locks.toggle(LockKind.ITEM, ryokan)).record is True
    assert await history.undo_label() == "Lock item “Ryokan Kyoto”"
    assert (await locks.toggle(LockKind.ITEM, ryokan)).record is False
    assert await history.undo_label() == "Unlock item “Ryokan Kyoto”"
    assert await locks.locks(trip_id) == []

    await history.undo_last()  # the unlock
    (lock,) = await locks.locks(trip_id)
    assert (lock.kind, lock.target) == (LockKind.ITEM, ryokan)
    with pytest.raises(LockedError):
        await refused_write(itinerary.update(ryokan, {"title": "Hotel"}, context=assistant()))

    await history.undo_last()  # the lock
    assert await locks.locks(trip_id) == []
    await itinerary.update(ryokan, {"title": "Hotel"}, context=assistant())
    await history.undo_last()  # the assistant's edit

    await history.redo_last()  # the edit the unlocked item allowed comes back
    assert (await itinerary.get(ryokan)).title == "Hotel"  # type: ignore[union-attr]


async def test_redo_puts_a_lock_back_after_its_undo(
    trips: TripRepository,
    itinerary: ItineraryRepository,
    locks: LockRepository,
    history: ChangeHistory,
) -> None:
    trip_id, _, _ = await _trip(trips, itinerary)
    await locks.toggle(LockKind.DAY, "2027-04-09", trip_id=trip_id)
    await history.undo_last()
    assert await locks.locks(trip_id) == []
    assert await history.redo_label() == "Lock day Fri 9 Apr 2027"
    await history.redo_last()
    (lock,) = await locks.locks(trip_id)
    assert lock.day == date(2027, 4, 9)


async def test_removing_a_locked_item_takes_its_locks_and_undo_brings_both_back(
    trips: TripRepository,
    itinerary: ItineraryRepository,
    locks: LockRepository,
    history: ChangeHistory,
) -> None:
    trip_id, ryokan, _ = await _trip(trips, itinerary)
    await locks.toggle(LockKind.ITEM, ryokan)
    await locks.toggle(LockKind.FIELD, ryokan, entity=EntityKind.ITINERARY_ITEM, field="start_time")
    await itinerary.remove(ryokan)
    assert await locks.locks(trip_id) == []
    await history.undo_last()
    assert {lock.kind for lock in await locks.locks(trip_id)} == {LockKind.ITEM, LockKind.FIELD}
    assert await itinerary.get(ryokan) is not None


async def test_deleting_a_trip_takes_its_locks_and_undo_brings_them_back(
    trips: TripRepository,
    itinerary: ItineraryRepository,
    locks: LockRepository,
    history: ChangeHistory,
) -> None:
    trip_id, ryokan, _ = await _trip(trips, itinerary)
    await locks.toggle(LockKind.ITEM, ryokan)
    await locks.toggle(LockKind.DAY, "2027-04-09", trip_id=trip_id)
    assert (await trips.delete(trip_id)).record is True
    await history.undo_last()
    assert len(await locks.locks(trip_id)) == 2
    copy = (await trips.duplicate(trip_id)).record
    assert await locks.locks(copy.id) == []


async def test_only_the_person_locks_and_only_known_fields_lock(
    trips: TripRepository, itinerary: ItineraryRepository, locks: LockRepository
) -> None:
    trip_id, ryokan, _ = await _trip(trips, itinerary)
    with pytest.raises(InvalidChangeError, match=re.escape("Only the person can lock or unlock.")):
        await locks.toggle(LockKind.ITEM, ryokan, context=assistant())
    unknown = re.escape("“colour” is not a field that can be locked.")
    with pytest.raises(InvalidChangeError, match=unknown):
        await locks.toggle(LockKind.FIELD, ryokan, entity=EntityKind.ITINERARY_ITEM, field="colour")
    with pytest.raises(InvalidChangeError, match=re.escape("is not a day")):
        await locks.toggle(LockKind.DAY, "someday", trip_id=trip_id)
    assert await locks.locks(trip_id) == []


async def test_locks_hold_in_propose_mode_too(
    database: Database,
    trips: TripRepository,
    itinerary: ItineraryRepository,
    locks: LockRepository,
) -> None:
    """Proposing runs the assistant's write through the same writer, so a locked target is
    refused when proposed, and nothing is proposed."""
    await Settings(database).set(ASSISTANT_EDITS, EditMode.PROPOSE)
    _, ryokan, _ = await _trip(trips, itinerary)
    await locks.toggle(LockKind.ITEM, ryokan)
    with pytest.raises(LockedError, match=re.escape(f"Item “Ryokan Kyoto” {ASK}")):
        await refused_write(itinerary.update(ryokan, {"title": "Hotel"}, context=assistant()))
    pending = database.run_sync(
        lambda session: session.exec(select(Proposal)).all()  # type: ignore[arg-type]
    )
    assert list(pending) == []


async def test_an_invalid_edit_of_a_locked_thing_is_refused_for_its_lock_first(
    trips: TripRepository,
    itinerary: ItineraryRepository,
    stops: StopRepository,
    locks: LockRepository,
) -> None:
    """Issue 24 item 9: the person's lock is the more useful message than the value's."""
    trip_id, ryokan, tea = await _trip(trips, itinerary)
    kyoto = (await stops.add(trip_id, {"place": "Kyoto", "arrive": "2027-04-09"})).record
    await locks.toggle(LockKind.ITEM, ryokan)
    await locks.toggle(LockKind.STOP, kyoto.id)
    await locks.toggle(LockKind.FIELD, trip_id, entity=EntityKind.TRIP, field="end_date")
    await locks.toggle(LockKind.FIELD, tea, entity=EntityKind.ITINERARY_ITEM, field="start_time")

    item = re.escape(f"Item “Ryokan Kyoto” {ASK}")
    with pytest.raises(LockedError, match=item):
        await refused_write(itinerary.update(ryokan, {"title": ""}, context=assistant()))
    with pytest.raises(LockedError, match=item):
        await refused_write(itinerary.update(ryokan, {"colour": "x"}, context=assistant()))
    with pytest.raises(LockedError, match=item):
        await refused_write(itinerary.move(ryokan, position=-1, context=assistant()))
    with pytest.raises(LockedError, match=re.escape(f"Stop “Kyoto” {ASK}")):
        await refused_write(stops.update(kyoto.id, {"depart": "2027-04-01"}, context=assistant()))
    with pytest.raises(LockedError, match=re.escape(f"The trip’s end date {ASK}")):
        await refused_write(trips.update(trip_id, {"end_date": "2027-04-01"}, context=assistant()))
    start = re.escape(f"The start time of “Tea ceremony” {ASK}")
    with pytest.raises(LockedError, match=start):
        await refused_write(itinerary.update(tea, {"start_time": "25:99"}, context=assistant()))

    # What no lock holds is refused for its value, as before; the person's too.
    with pytest.raises(InvalidChangeError, match="Title") as invalid:
        await itinerary.update(tea, {"title": ""}, context=assistant())
    assert not isinstance(invalid.value, LockedError)
    with pytest.raises(InvalidChangeError) as invalid:
        await itinerary.update(ryokan, {"title": ""})
    assert not isinstance(invalid.value, LockedError)
