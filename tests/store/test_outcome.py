"""A write says what it did (issue 23 item 7): the record, the changes it committed and
published, and whether it was applied, only proposed, refused by a lock or changed nothing,
without a second query or a second read of the `assistant.edits` setting."""

from __future__ import annotations

import pytest

from concierge.model.settings import ASSISTANT_EDITS, EditMode
from concierge.store import (
    Action,
    Actor,
    Change,
    ChangeBus,
    ChangeContext,
    Database,
    EntityKind,
    ItineraryItemRecord,
    ItineraryRepository,
    LockedError,
    LockKind,
    LockRepository,
    Settings,
    Status,
    TripRecord,
    TripRepository,
)


def assistant() -> ChangeContext:
    return ChangeContext(actor=Actor.ASSISTANT, label="the assistant’s change")


async def test_an_applied_write_returns_its_record_and_the_changes_it_published(
    trips: TripRepository, bus: ChangeBus
) -> None:
    published: list[Change] = []
    bus.subscribe(published.append)
    created = await trips.create({"title": "Porto"})
    assert created.status is Status.APPLIED and created.applied and not created.proposed
    assert created.record == await trips.get(created.record.id)
    assert created.changes == tuple(published)
    assert [(c.entity, c.action) for c in created.changes] == [(EntityKind.TRIP, Action.CREATE)]
    assert created.trip_ids == {created.record.id}

    published.clear()
    renamed = await trips.update(created.record.id, {"title": "Porto and Douro"})
    assert renamed.record.title == "Porto and Douro"
    assert renamed.changes == tuple(published)
    assert [change.fields for change in renamed.changes] == [frozenset({"title"})]


async def test_a_write_that_changes_nothing_says_so_and_publishes_nothing(
    trips: TripRepository, bus: ChangeBus
) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    published: list[Change] = []
    bus.subscribe(published.append)
    same = await trips.update(trip.id, {"title": "Porto"})
    assert same.status is Status.UNCHANGED and not same.applied
    assert same.record == trip
    assert same.changes == () and published == []


async def test_the_assistants_write_in_propose_mode_is_proposed_and_changes_nothing(
    database: Database, trips: TripRepository, itinerary: ItineraryRepository, bus: ChangeBus
) -> None:
    trip = (await trips.create({"title": "Porto", "start_date": "2026-05-14"})).record
    await Settings(database).set(ASSISTANT_EDITS, EditMode.PROPOSE)
    published: list[Change] = []
    bus.subscribe(published.append)
    added = await itinerary.add(
        trip.id, {"day": "2026-05-14", "title": "Fado"}, context=assistant()
    )
    assert added.status is Status.PROPOSED and added.proposed and not added.applied
    assert added.record.title == "Fado"  # what the write would make
    assert added.changes == () and published == []
    assert await itinerary.items(trip.id) == []

    persons = await itinerary.add(trip.id, {"day": "2026-05-14", "title": "Tram 28"})
    assert persons.applied  # the setting is about the assistant's writes only
    assert [item.title for item in await itinerary.items(trip.id)] == ["Tram 28"]


async def _locked_item(
    trips: TripRepository, itinerary: ItineraryRepository, locks: LockRepository
) -> tuple[TripRecord, ItineraryItemRecord]:
    trip = (await trips.create({"title": "Porto", "start_date": "2026-05-14"})).record
    item = (await itinerary.add(trip.id, {"day": "2026-05-14", "title": "Fado"})).record
    await locks.toggle(LockKind.ITEM, item.id)
    return trip, item


async def test_a_write_a_lock_refuses_says_so_and_its_record_raises_the_lock(
    trips: TripRepository, itinerary: ItineraryRepository, database: Database, bus: ChangeBus
) -> None:
    _, item = await _locked_item(trips, itinerary, LockRepository(database, bus))
    published: list[Change] = []
    bus.subscribe(published.append)
    refused = await itinerary.update(item.id, {"title": "Jazz"}, context=assistant())
    assert refused.status is Status.REFUSED and not refused.applied and not refused.proposed
    sentence = "Item “Fado” is locked by the person; ask them to unlock it."
    assert refused.reason == sentence
    assert refused.changes == () and refused.trip_ids == frozenset() and published == []
    with pytest.raises(LockedError, match=sentence):
        refused.record  # noqa: B018 - a caller ignoring the status fails as loudly as before
    with pytest.raises(LockedError, match=sentence):
        refused.map(lambda record: record.title).record  # noqa: B018
    assert (await itinerary.get(item.id)) == item


async def test_the_assistants_write_a_lock_refuses_in_propose_mode_is_refused_not_proposed(
    trips: TripRepository, itinerary: ItineraryRepository, database: Database, bus: ChangeBus
) -> None:
    trip, item = await _locked_item(trips, itinerary, LockRepository(database, bus))
    await Settings(database).set(ASSISTANT_EDITS, EditMode.PROPOSE)
    refused = await itinerary.remove(item.id, context=assistant())
    assert refused.status is Status.REFUSED
    assert refused.reason == "Item “Fado” is locked by the person; ask them to unlock it."
    assert await itinerary.items(trip.id) == [item]


async def test_the_persons_write_is_never_refused(
    trips: TripRepository, itinerary: ItineraryRepository, database: Database, bus: ChangeBus
) -> None:
    _, item = await _locked_item(trips, itinerary, LockRepository(database, bus))
    edited = await itinerary.update(item.id, {"title": "Jazz"})
    assert edited.status is Status.APPLIED and edited.reason == ""
    assert edited.record.title == "Jazz"


async def test_an_outcome_is_no_truth_value(trips: TripRepository) -> None:
    removed = await trips.delete("no such trip")
    with pytest.raises(TypeError, match="no truth value"):
        bool(removed)
    assert removed.record is False and removed.status is Status.UNCHANGED
