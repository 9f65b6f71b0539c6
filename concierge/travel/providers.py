"""The app's context providers: plain functions of the abort signal on the public API.

They read SQLite at every resolution (the source of truth) and never cache, so an edit
made in a form a moment ago is what the model sees next.
"""

from __future__ import annotations

from concierge.agent import AbortSignal, ContextProvider
from concierge.store import (
    ItineraryRepository,
    LookupJobRepository,
    StopRepository,
    TripRepository,
)

from .selection import SelectionState
from .trip_view import render_item, render_trip, short_id
from .value_text import one_line


def trip_provider(
    trips: TripRepository,
    itinerary: ItineraryRepository,
    trip_id: str,
    stops: StopRepository | None = None,
) -> ContextProvider:
    """The trip with its route and itinerary; `stops` defaults to the trips' database's."""
    route = stops if stops is not None else StopRepository(trips.database, trips.bus)

    async def trip(signal: AbortSignal) -> str | None:
        record = await trips.get(trip_id)
        if record is None:
            return "The trip this conversation belongs to has been deleted."
        return render_trip(record, await itinerary.items(trip_id), await route.stops(trip_id))

    return trip


def selection_provider(
    selection: SelectionState,
    itinerary: ItineraryRepository,
    trip_id: str,
    lookups: LookupJobRepository | None = None,
) -> ContextProvider:
    """What the person has selected in this trip's itinerary and, given `lookups`, in the
    lookups panel, so "this one" and "that result" have a referent."""

    async def selection_view(signal: AbortSignal) -> str | None:
        current = selection.current
        if current.trip_id != trip_id:
            return None
        lines: list[str] = []
        if current.item_ids:
            lines.append("Selected in the itinerary:")
            for item_id in current.item_ids:
                item = await itinerary.get(item_id)
                if item is not None and item.trip_id == trip_id:
                    lines.append(f"- {item.day.isoformat()} {render_item(item)}")
                else:
                    lines.append(f"- [{short_id(item_id)}] (no longer exists)")
        if lookups is not None and current.lookup_ids:
            lines.append("Selected lookup results:")
            for job_id in current.lookup_ids:
                job = await lookups.get(job_id)
                if job is not None and job.trip_id == trip_id:
                    lines.append(
                        f"- [{short_id(job.id)}] {job.kind}: {job.status.value} — "
                        f"{one_line(job.summary)}"
                    )
                else:
                    lines.append(f"- [{short_id(job_id)}] (no longer exists)")
        return "\n".join(lines) if lines else None

    return selection_view
