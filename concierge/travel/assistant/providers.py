"""The app's context providers. They read SQLite at every resolution and never cache, so an edit
made in a form a moment ago is what the model sees next."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import KW_ONLY, dataclass, field
from datetime import date

from concierge.agent import AbortSignal, ContextProvider, Notice
from concierge.store import (
    DocumentRepository,
    ItineraryItemRecord,
    ItineraryRepository,
    LockRepository,
    LookupJobRepository,
    StopRepository,
    TripRecord,
    TripRepository,
)

from ..safe_text.sensitive import sharing
from ..safe_text.value_text import one_line
from ..selection import SelectionState
from .feature import AssistantFeature
from .ledger_view import TripSource
from .snapshot_budget import TRIP, Section, clip, default_budget, fit_sections
from .trip_snapshot import trip_snapshot
from .trip_view import item_title, short_id


@dataclass(eq=False)
class TripReads:
    """The trip and its items read once per resolution, shared by the providers: `reset` runs
    as a context hook, so the first to ask reads after the hooks have written."""

    trips: TripRepository
    trip_id: str
    itinerary: ItineraryRepository | None = None
    _read: asyncio.Future[TripRecord | None] | None = field(default=None, init=False)
    _items: asyncio.Future[list[ItineraryItemRecord]] | None = field(default=None, init=False)

    def reset(self, signal: AbortSignal) -> None:
        self._read = None
        self._items = None

    async def get(self, trip_id: str | None = None) -> TripRecord | None:
        """The trip (`trip_id`, if given, must be this one's: the `TripSource` shape)."""
        if trip_id is not None and trip_id != self.trip_id:
            return await self.trips.get(trip_id)
        if self._read is None:
            self._read = asyncio.ensure_future(self.trips.get(self.trip_id))
        return await asyncio.shield(self._read)

    async def items(self) -> list[ItineraryItemRecord]:
        """The trip's items (given the itinerary; else none)."""
        if self.itinerary is None:
            return []
        if self._items is None:
            self._items = asyncio.ensure_future(self.itinerary.items(self.trip_id))
        return await asyncio.shield(self._items)


def _items(
    itinerary: ItineraryRepository, trip_id: str, reads: TripReads | None
) -> Awaitable[list[ItineraryItemRecord]]:
    if reads is not None and reads.itinerary is not None and reads.trip_id == trip_id:
        return reads.items()
    return itinerary.items(trip_id)


def trip_provider(
    trips: TripRepository,
    itinerary: ItineraryRepository,
    trip_id: str,
    stops: StopRepository | None = None,
    documents: DocumentRepository | None = None,
    *,
    allowance: int | Callable[[], Awaitable[int]] | None = None,
    selection: SelectionState | None = None,
    today: Callable[[], date] = date.today,
    reads: TripReads | None = None,
    locks: LockRepository | None = None,
) -> ContextProvider:
    """The trip's bounded view (`trip_snapshot`) in `allowance` tokens (a number, or what a
    `SharedRoom` leaves), centred on what `selection` holds."""
    route = stops if stops is not None else StopRepository(trips.database, trips.bus)
    locked = locks if locks is not None else LockRepository(trips.database, trips.bus)
    fixed = default_budget().allowance(TRIP) if allowance is None else allowance

    async def trip(signal: AbortSignal) -> str | None:
        tokens = fixed if isinstance(fixed, int) else await fixed()
        record = await reads.get() if reads is not None else await trips.get(trip_id)
        if record is None:
            return "The trip this conversation belongs to has been deleted."
        attached = [] if documents is None else await documents.for_trip(trip_id)
        current = selection.current if selection is not None else None
        chosen = current.item_ids if current is not None and current.trip_id == trip_id else ()
        text = trip_snapshot(
            record,
            await _items(itinerary, trip_id, reads),
            await route.stops(trip_id),
            allowance=tokens,
            selected=chosen,
            today=today(),
            documents=attached,
            unverified=await itinerary.unverified(trip_id),
            locks=await locked.locks(trip_id),
        )
        return clip(text, tokens)

    return trip


def disclosing(trips: TripSource, trip_id: str, provider: ContextProvider) -> ContextProvider:
    """`provider` rendering with the sensitive values the person shared on the trip shown;
    `trips`: the repository, or `TripReads` to share one read per resolution."""

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
    *,
    allowance: int | None = None,
    reads: TripReads | None = None,
) -> ContextProvider:
    """What the person has selected in the itinerary and, given `lookups`, the lookups panel, so
    "this one" has a referent, within `allowance` tokens, counting what does not fit."""
    tokens = allowance if allowance is not None else default_budget().allowance("selection")

    async def selection_view(signal: AbortSignal) -> str | None:
        current = selection.current
        if current.trip_id != trip_id:
            return None
        found: dict[str, ItineraryItemRecord] = {}
        if current.item_ids:
            found = {item.id: item for item in await _items(itinerary, trip_id, reads)}

        def item_rows() -> Iterator[str]:
            for item_id in current.item_ids:
                item = found.get(item_id)
                if item is not None:
                    yield f"- {item.day.isoformat()} {item_title(item)}"
                else:
                    yield f"- [{short_id(item_id)}] (no longer exists)"

        jobs: list[str] = []
        if lookups is not None and current.lookup_ids:
            for job_id in current.lookup_ids:
                job = await lookups.get(job_id)
                if job is not None and job.trip_id == trip_id:
                    jobs.append(
                        f"- [{short_id(job.id)}] {job.kind}: {job.status.value} — "
                        f"{one_line(job.summary)}"
                    )
                else:
                    jobs.append(f"- [{short_id(job_id)}] (no longer exists)")
        chosen = len(current.item_ids)
        return fit_sections(
            [
                Section(
                    f"Selected in the itinerary ({chosen:,}):" if chosen > 1 else "Selected:",
                    item_rows(),
                    lambda count: f"- … {count:,} more selected items (read_trip item or day)",
                    chosen,
                ),
                Section(
                    "Selected lookup results:",
                    jobs,
                    lambda count: f"- … {count:,} more selected lookups",
                ),
            ],
            tokens,
        )

    return selection_view


@dataclass(eq=False)
class SelectionFeature(AssistantFeature):
    """What the person has selected, so "this one" has a referent; no tools of its own."""

    name = "selection"
    disclosed = True

    selection: SelectionState
    itinerary: ItineraryRepository
    trip_id: str
    lookups: LookupJobRepository | None = None
    _: KW_ONLY
    reads: TripReads | None = None

    def status_provider(self) -> ContextProvider:
        return selection_provider(
            self.selection,
            self.itinerary,
            self.trip_id,
            self.lookups,
            allowance=self.allowance(),
            reads=self.reads,
        )
