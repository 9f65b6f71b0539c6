"""The app's context providers: plain functions of the abort signal on the public API.

They read SQLite at every resolution (the source of truth) and never cache, so an edit
made in a form a moment ago is what the model sees next.
"""

from __future__ import annotations

import inspect

from concierge.agent import AbortSignal, ContextProvider, Notice
from concierge.store import (
    DocumentRepository,
    ItineraryRepository,
    LookupJobRepository,
    StopRepository,
    TripRepository,
)

from ..selection import SelectionState
from ..sensitive import sharing
from ..value_text import one_line
from .feature import AssistantFeature
from .trip_view import render_item, render_trip, short_id


def trip_provider(
    trips: TripRepository,
    itinerary: ItineraryRepository,
    trip_id: str,
    stops: StopRepository | None = None,
    documents: DocumentRepository | None = None,
) -> ContextProvider:
    """The trip with its route and itinerary; `stops` defaults to the trips' database's;
    given `documents`, how many are on file (see `trip_view`)."""
    route = stops if stops is not None else StopRepository(trips.database, trips.bus)

    async def trip(signal: AbortSignal) -> str | None:
        record = await trips.get(trip_id)
        if record is None:
            return "The trip this conversation belongs to has been deleted."
        attached = [] if documents is None else await documents.for_trip(trip_id)
        return render_trip(
            record,
            await itinerary.items(trip_id),
            await route.stops(trip_id),
            documents=attached,
        )

    return trip


def disclosing(trips: TripRepository, trip_id: str, provider: ContextProvider) -> ContextProvider:
    """`provider` rendering with the sensitive values the person shared on the trip shown;
    without it every such value is held back."""

    async def disclosed(signal: AbortSignal) -> str | Notice | None:
        record = await trips.get(trip_id)
        with sharing(record.shared_values if record is not None else ()):
            outcome = provider(signal)
            return await outcome if inspect.isawaitable(outcome) else outcome

    return disclosed


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


class SelectionFeature(AssistantFeature):
    """What the person has selected, so "this one" has a referent; no tools of its own."""

    name = "selection"
    disclosed = True

    def __init__(
        self,
        selection: SelectionState,
        itinerary: ItineraryRepository,
        trip_id: str,
        lookups: LookupJobRepository | None = None,
    ) -> None:
        self.selection = selection
        self.itinerary = itinerary
        self.trip_id = trip_id
        self.lookups = lookups

    def status_provider(self) -> ContextProvider:
        return selection_provider(self.selection, self.itinerary, self.trip_id, self.lookups)
