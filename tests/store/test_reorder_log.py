"""A renumbering is one change-log row: an insert at the top of a 500-item day, or a move
across it, writes O(1) rows, and undo and redo restore the exact order as one step each."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import text

from concierge.store import (
    ChangeHistory,
    Database,
    ItineraryRepository,
    TripRepository,
    UndoError,
)
from tests.store.support import log_rows

DAY = date(2027, 5, 1)
ITEMS = 500


async def _long_day(trips: TripRepository, itinerary: ItineraryRepository) -> str:
    trip = (await trips.create({"title": "Porto"})).record
    for number in range(ITEMS):
        await itinerary.add(trip.id, {"day": DAY, "title": f"Stop {number}"})
    return trip.id


def _newest_row(database: Database) -> int:
    return max(row.id or 0 for row in log_rows(database))


def _rows_since(database: Database, newest: int) -> list[str]:
    """The actions of the rows logged after row `newest` (older ones may be pruned)."""
    return [row.action for row in log_rows(database) if (row.id or 0) > newest]


async def _order(itinerary: ItineraryRepository, trip_id: str) -> list[tuple[str, int]]:
    return [(item.id, item.position) for item in await itinerary.items(trip_id)]


async def test_an_insert_at_the_top_of_a_long_day_is_two_rows_and_one_step(
    trips: TripRepository,
    itinerary: ItineraryRepository,
    history: ChangeHistory,
    database: Database,
) -> None:
    trip_id = await _long_day(trips, itinerary)
    before = await _order(itinerary, trip_id)
    newest = _newest_row(database)
    first = (await itinerary.add(trip_id, {"day": DAY, "title": "Breakfast"}, position=0)).record
    assert _rows_since(database, newest) == ["create", "reorder"]
    after = await _order(itinerary, trip_id)
    assert after[0] == (first.id, 0)
    assert [i for i, _ in after[1:]] == [i for i, _ in before]
    undone = await history.undo_last()
    assert undone is not None and undone.labels == ("Add “Breakfast” to the itinerary",)
    assert await _order(itinerary, trip_id) == before
    redone = await history.redo_last()
    assert redone is not None
    assert await _order(itinerary, trip_id) == after
    await history.undo_last()
    assert await _order(itinerary, trip_id) == before


async def test_a_move_across_a_long_day_undoes_and_redoes_exactly(
    trips: TripRepository,
    itinerary: ItineraryRepository,
    history: ChangeHistory,
    database: Database,
) -> None:
    trip_id = await _long_day(trips, itinerary)
    before = await _order(itinerary, trip_id)
    last = before[-1][0]
    newest = _newest_row(database)
    await itinerary.move(last, position=0)
    assert _rows_since(database, newest) == ["update", "reorder"]
    after = await _order(itinerary, trip_id)
    assert after[0] == (last, 0)
    assert [position for _, position in after] == list(range(ITEMS))
    await itinerary.remove(after[250][0])  # a later change on the same day
    await history.undo_last()
    await history.undo_last()
    assert await _order(itinerary, trip_id) == before
    await history.redo_last()
    assert await _order(itinerary, trip_id) == after


async def test_an_order_changed_behind_the_log_refuses_undo(
    trips: TripRepository,
    itinerary: ItineraryRepository,
    history: ChangeHistory,
    database: Database,
) -> None:
    trip_id = await _long_day(trips, itinerary)
    await itinerary.add(trip_id, {"day": DAY, "title": "Breakfast"}, position=0)
    moved = await _order(itinerary, trip_id)
    database.run_sync(
        lambda session: session.execute(
            text("UPDATE itinerary_item SET position = 999 WHERE id = :id"),
            {"id": moved[3][0]},
        )
    )
    with pytest.raises(UndoError, match="cannot be undone"):
        await history.undo_last()
    assert (await _order(itinerary, trip_id))[0] == moved[0]
