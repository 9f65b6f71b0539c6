"""Seen marks: the assistant's changes stay unseen until the person has looked at them."""

from __future__ import annotations

from datetime import date

from concierge.store import (
    CREATED,
    Actor,
    ChangeContext,
    ChangeHistory,
    EntityKind,
    ItineraryRepository,
    TripRepository,
)

MAY_1 = date(2026, 5, 1)


def assistant(label: str = "Assistant: tool") -> ChangeContext:
    return ChangeContext(Actor.ASSISTANT, label)


async def test_only_the_assistants_changes_are_unseen(
    trips: TripRepository, itinerary: ItineraryRepository, history: ChangeHistory
) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    kept = (await itinerary.add(trip.id, {"day": MAY_1, "title": "Lunch"})).record
    await trips.update(trip.id, {"notes": "by the person"})
    await trips.update(trip.id, {"pace": "packed", "travellers": 2}, context=assistant())
    await trips.update(trip.id, {"travellers": 3, "budget_amount": "10"}, context=assistant())
    created = (
        await itinerary.add(trip.id, {"day": MAY_1, "title": "Cellars"}, context=assistant())
    ).record
    await itinerary.update(kept.id, {"title": "Long lunch"}, context=ChangeContext(Actor.APP))

    unseen = await history.unseen_assistant_changes(trip.id)

    assert unseen[EntityKind.TRIP, trip.id] == {"pace", "travellers", "budget_amount"}
    created_fields = unseen[EntityKind.ITINERARY_ITEM, created.id]
    assert CREATED in created_fields
    assert {"title", "day", "place"} <= created_fields
    assert set(unseen) == {(EntityKind.TRIP, trip.id), (EntityKind.ITINERARY_ITEM, created.id)}


async def test_mark_seen_for_one_entity_or_the_whole_trip(
    trips: TripRepository, itinerary: ItineraryRepository, history: ChangeHistory
) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    other = (await trips.create({"title": "Lisbon"})).record
    item = (
        await itinerary.add(trip.id, {"day": MAY_1, "title": "Lunch"}, context=assistant())
    ).record
    await trips.update(trip.id, {"notes": "x"}, context=assistant())
    await trips.update(other.id, {"notes": "y"}, context=assistant())

    assert await history.mark_seen(trip.id, EntityKind.ITINERARY_ITEM, item.id) == 1
    assert set(await history.unseen_assistant_changes(trip.id)) == {(EntityKind.TRIP, trip.id)}
    assert await history.mark_seen(trip.id) == 1
    assert await history.unseen_assistant_changes(trip.id) == {}
    assert await history.unseen_assistant_changes(other.id) == {
        (EntityKind.TRIP, other.id): frozenset({"notes"})
    }
    assert await history.mark_seen(trip.id) == 0


async def test_undone_and_deleted_changes_are_not_unseen(
    trips: TripRepository, itinerary: ItineraryRepository, history: ChangeHistory
) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    await trips.update(trip.id, {"notes": "x"}, context=assistant())
    await history.undo_last()
    gone = (
        await itinerary.add(trip.id, {"day": MAY_1, "title": "Lunch"}, context=assistant())
    ).record
    await itinerary.remove(gone.id)  # the person removed it
    assert await history.unseen_assistant_changes(trip.id) == {}


async def test_an_assistant_delete_shows_nothing_for_the_row(
    trips: TripRepository, itinerary: ItineraryRepository, history: ChangeHistory
) -> None:
    trip = (await trips.create()).record
    item = (
        await itinerary.add(trip.id, {"day": MAY_1, "title": "Lunch"}, context=assistant())
    ).record
    await itinerary.remove(item.id, context=assistant())
    assert await history.unseen_assistant_changes(trip.id) == {}
