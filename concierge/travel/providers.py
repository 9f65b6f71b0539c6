"""The app's context providers: plain functions of the abort signal on the public API.

They read SQLite at every resolution (the source of truth) and never cache, so an edit
made in a form a moment ago is what the model sees next.
"""

from __future__ import annotations

from concierge.agent import AbortSignal, ContextProvider
from concierge.store import ItineraryRepository, TripRepository

from .selection import SelectionState
from .trip_view import render_item, render_trip, short_id


def trip_provider(
    trips: TripRepository, itinerary: ItineraryRepository, trip_id: str
) -> ContextProvider:
    async def trip(signal: AbortSignal) -> str | None:
        record = await trips.get(trip_id)
        if record is None:
            return "The trip this conversation belongs to has been deleted."
        return render_trip(record, await itinerary.items(trip_id))

    return trip


def selection_provider(
    selection: SelectionState, itinerary: ItineraryRepository, trip_id: str
) -> ContextProvider:
    """What the person has selected in this trip's itinerary, so "this one" has a referent."""

    async def selection_view(signal: AbortSignal) -> str | None:
        current = selection.current
        if current.trip_id != trip_id or not current.item_ids:
            return None
        lines = ["Selected in the itinerary:"]
        for item_id in current.item_ids:
            item = await itinerary.get(item_id)
            if item is not None and item.trip_id == trip_id:
                lines.append(f"- {item.day.isoformat()} {render_item(item)}")
            else:
                lines.append(f"- [{short_id(item_id)}] (no longer exists)")
        return "\n".join(lines)

    return selection_view
