"""`read_trip`: the one tool that reads what the bounded snapshot leaves out. Every result is
bounded (`READ_LIMIT`) and counts what it leaves out."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from pydantic import Field

from concierge.agent import Tool, ToolContext, ToolError, ToolOutput
from concierge.store import (
    DocumentRecord,
    DocumentRepository,
    ItineraryItemRecord,
    ItineraryRepository,
    StopRecord,
    StopRepository,
    TripRecord,
    TripRepository,
)
from concierge.store.validation import ITEM_RULES

from ..itinerary.item_kinds import field_label
from ..itinerary.item_zones import TripZones
from ..safe_text.sensitive import sharing
from ..safe_text.value_text import field_text, one_line
from .ledger_tools import LedgerTools
from .snapshot_budget import clip, page_lines
from .tool_support import ToolArgs, by_reference
from .trip_view import (
    UNVERIFIED_LEGEND,
    day_heading,
    day_zone,
    header_lines,
    item_problems,
    on_file,
    render_item,
    short_id,
)

READ_LIMIT = 2_000
"""Estimated tokens of one `read_trip` result."""
SEARCHED = (
    *("title", "place", "notes", "carrier", "service_number"),
    *("from_place", "to_place", "provider", "address"),
)
"""The item fields a search reads, beside the kind: never the sensitive ones (a search for
a booking code would tell the model it is there)."""


class ReadTrip(ToolArgs):
    day: date | None = Field(None, description="A day; with to, the first of a range.")
    to: date | None = Field(None, description="The last day of the range.")
    item: str | None = Field(None, min_length=4, description="An item's id: all its fields.")
    search: str | None = Field(None, min_length=2, description="Words in items' text.")
    ledger: bool = Field(False, description="The expenses and totals.")
    page: int = Field(1, ge=1, description="A later page of a long result.")


@dataclass(eq=False)
class TripReader:
    """Reads one trip for `read_trip`, from SQLite at every call."""

    trip_id: str
    trips: TripRepository
    itinerary: ItineraryRepository
    stops: StopRepository
    documents: DocumentRepository | None = None
    ledger: LedgerTools | None = None

    def tool(self) -> Tool[Any]:
        return Tool(
            name="read_trip",
            title="Read the trip",
            description="Read what the snapshot leaves out: no argument for the overview, or "
            "one of day (and to), item, search, ledger.",
            input_model=ReadTrip,
            handler=self.read,
        )

    async def read(self, args: ReadTrip, ctx: ToolContext) -> ToolOutput:
        asked = [
            name
            for name, given in (
                ("day", args.day is not None or args.to is not None),
                ("item", args.item is not None),
                ("search", args.search is not None),
                ("ledger", args.ledger),
            )
            if given
        ]
        if len(asked) > 1:
            raise ToolError(f"Give one of day (with to), item, search or ledger, not {asked}.")
        if args.to is not None and args.day is None:
            raise ToolError("to ends a range: give day, its first day, too.")
        if args.ledger:
            if self.ledger is None:
                raise ToolError("This trip has no ledger.")
            text = await self.ledger.read(READ_LIMIT, args.page)
            return ToolOutput(text, summary="(ledger read)")
        trip = await self.trips.get(self.trip_id)
        if trip is None:
            raise ToolError("The trip no longer exists.")
        items = await self.itinerary.items(self.trip_id)
        unverified = await self.itinerary.unverified(self.trip_id)
        stops = await self.stops.stops(self.trip_id)
        documents = [] if self.documents is None else await self.documents.for_trip(self.trip_id)
        with sharing(trip.shared_values):
            if args.item is not None:
                item = by_reference(items, args.item, "itinerary item", "in the snapshot")
                text = item_fields(item, documents, unverified.get(item.id, ()))
                summary = f"(item [{short_id(item.id)}] read)"
            elif args.search is not None:
                text = search_items(trip, items, stops, args.search, args.page, unverified)
                summary = f"(searched for {one_line(args.search)})"
            elif args.day is not None:
                last = args.to if args.to is not None else args.day
                if last < args.day:
                    raise ToolError("to is before day: give the range's first day as day.")
                text = read_days(
                    trip, items, stops, args.day, last, documents, args.page, unverified
                )
                summary = f"(read {args.day.isoformat()} to {last.isoformat()})"
            else:
                text = overview(trip, items, stops, documents, args.page)
                summary = "(trip overview read)"
        return ToolOutput(clip(text, READ_LIMIT), summary=summary)


def overview(
    trip: TripRecord,
    items: Sequence[ItineraryItemRecord],
    stops: Sequence[StopRecord],
    documents: Sequence[DocumentRecord],
    page: int = 1,
) -> str:
    """Every field of the trip in full, then each day with its number of items and the
    items whose values the rules refuse."""
    head = header_lines(trip, stops, notes_limit=READ_LIMIT // 2, documents=documents)
    counts = Counter(item.day for item in items)
    if items:
        head.append(f"Itinerary: {len(items):,} items on {len(counts):,} days:")
    rows = [f"{day_heading(trip, day)}: {counts[day]:,} items" for day in sorted(counts)]
    rows.extend(
        f"- to correct: [{short_id(item.id)}] {item.day.isoformat()} {problem}"
        for item in items
        if (problem := item_problems(item)) is not None
    )
    return "\n".join(page_lines(head, rows, READ_LIMIT, page, _next_page("")))


def _page_note(page: int) -> str:
    return f", page {page}:" if page > 1 else ":"


def _next_page(call: str) -> Callable[[int, int], str]:
    """The line that ends a page: how many lines follow and the call that reads them."""
    joined = f"{call} " if call else ""

    def line(left: int, number: int) -> str:
        return f"… {left:,} more lines: read_trip {joined}page={number}"

    return line


def read_days(
    trip: TripRecord,
    items: Sequence[ItineraryItemRecord],
    stops: Sequence[StopRecord],
    first: date,
    last: date,
    documents: Sequence[DocumentRecord],
    page: int = 1,
    unverified: Mapping[str, Sequence[str]] | None = None,
) -> str:
    """The items of `first` to `last`, by day, as the snapshot shows them."""
    attached = Counter(document.item_id for document in documents)
    marks = unverified or {}
    rows: list[str] = []
    shown: list[str] = []
    zones = TripZones.of(stops)
    for day in sorted({item.day for item in items if first <= item.day <= last}):
        rows.append(day_heading(trip, day))
        zone = day_zone(trip, stops, day)
        for item in items:
            if item.day == day:
                rows.append(
                    "  - "
                    + render_item(item, zone, attached[item.id], marks.get(item.id, ()), zones)
                )
                shown.append(item.id)
    call = f"day={first.isoformat()}"
    span = first.isoformat()
    if last != first:
        call += f" to={last.isoformat()}"
        span += f" to {last.isoformat()}"
    if not rows:
        return f"No items on {span}."
    head = [f"Items on {span}" + _page_note(page), *_legend(marks, shown)]
    return "\n".join(page_lines(head, rows, READ_LIMIT, page, _next_page(call)))


def search_items(
    trip: TripRecord,
    items: Sequence[ItineraryItemRecord],
    stops: Sequence[StopRecord],
    text: str,
    page: int = 1,
    unverified: Mapping[str, Sequence[str]] | None = None,
) -> str:
    """The items whose title, place, notes, kind or plain details hold every word of `text`
    (any case), in itinerary order."""
    words = text.casefold().split()
    found = [item for item in items if all(word in _searchable(item) for word in words)]
    if not found:
        return f"No item matches “{one_line(text)}”."
    marks = unverified or {}
    zones = TripZones.of(stops)
    rows = [
        f"- {item.day.isoformat()} "
        + render_item(item, day_zone(trip, stops, item.day), 0, marks.get(item.id, ()), zones)
        for item in found
    ]
    head = [
        f"{len(found):,} items match “{one_line(text)}”" + _page_note(page),
        *_legend(marks, [item.id for item in found]),
    ]
    call = f"search={json.dumps(text, ensure_ascii=False)}"
    return "\n".join(page_lines(head, rows, READ_LIMIT, page, _next_page(call)))


def _searchable(item: ItineraryItemRecord) -> str:
    return " ".join([item.kind.value, *(str(getattr(item, name)) for name in SEARCHED)]).casefold()


def _legend(unverified: Mapping[str, Sequence[str]], shown: Sequence[str]) -> list[str]:
    """The unverified marks' legend, if any of the items `shown` has one."""
    return [UNVERIFIED_LEGEND] if any(item_id in unverified for item_id in shown) else []


def item_fields(
    item: ItineraryItemRecord, documents: Sequence[DocumentRecord], unverified: Sequence[str] = ()
) -> str:
    """Every field of the item that holds a value, by its label, unconfirmed facts marked, and
    how many documents are attached to it."""
    lines = [f"Item [{short_id(item.id)}], position {item.position} on its day:"]
    for name, rule in ITEM_RULES.items():
        value = getattr(item, name)
        if value is None or value == "" or (value is False and name == "all_day"):
            continue
        shown = value.isoformat() if hasattr(value, "isoformat") else field_text(rule, value)
        mark = " (unverified)" if name in unverified else ""
        lines.append(f"- {field_label(item.kind, name)}: {shown}{mark}")
    if (problem := item_problems(item)) is not None:
        lines.append(f"- Problems: {problem}")
    attached = sum(1 for document in documents if document.item_id == item.id)
    if attached:
        lines.append(f"- Documents: {on_file(attached)}")
    if unverified:
        lines.append(UNVERIFIED_LEGEND)
    return "\n".join(lines)
