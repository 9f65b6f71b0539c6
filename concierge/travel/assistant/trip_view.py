"""A trip rendered as concise, deterministic text for the model.

The same rendering serves the trip provider (every iteration) and the `get_trip` tool, so
the model always reads one format. Item ids are shortened to eight characters; tools accept
them back. Every value a person or the model wrote goes through `one_line` (free text through
`free_text`, which holds back passport numbers and the like unless the person shared them),
and a stored value the store's rules now refuse is shown as it is and marked, never an
error: a provider that raised would stop every later turn. Labels are the declared ones.

Attached documents are only counted, "on file": never their contents, where they are stored,
or even their names (a ticket's file name often carries a booking code or a passenger's
name). The person shares a document with the model by attaching it in the chat.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import date
from itertools import groupby

from concierge.store import (
    DocumentRecord,
    ItemKind,
    ItineraryItemRecord,
    StopRecord,
    TripRecord,
)
from concierge.store.validation import (
    ITEM_RULES,
    TRIP_RULES,
    item_problem,
    out_of_range,
    stop_problem,
    trip_problem,
)

from ..currencies import CurrencyError, format_money
from ..item_kinds import cost_text, field_label
from ..item_times import duration_text, item_end, item_start
from ..sensitive import sharing
from ..stops import render_route, stop_or_first
from ..value_text import free_text, one_line, sensitive_text

SHORT_ID = 8
NOTES_LIMIT = 600


def short_id(item_id: str) -> str:
    return item_id[:SHORT_ID]


def headed_lists(*sections: tuple[str, Sequence[str]]) -> str | None:
    """Each list of lines that is not empty, under its heading; None when all are empty (a
    provider then contributes nothing)."""
    lines: list[str] = []
    for heading, items in sections:
        if items:
            lines.append(heading)
            lines.extend(items)
    return "\n".join(lines) or None


def _day(value: date) -> str:
    return f"{value.isoformat()} ({value.strftime('%a')})"


def _place(name: str, code: str | None, tz: str | None) -> str:
    if not name:
        return "not set"
    shown = one_line(name)
    if code is None and tz is None:
        return f"{shown} (not matched to an airport or city)"
    return f"{shown}, time zone {one_line(tz)}" if tz else shown


def _budget(trip: TripRecord) -> str:
    if trip.budget_amount is None:
        return f"not set (currency {one_line(trip.budget_currency)})"
    try:
        return format_money(trip.budget_amount, trip.budget_currency)
    except CurrencyError:
        return f"{trip.budget_amount} {one_line(trip.budget_currency)}"


def _problems(trip: TripRecord, stops: Sequence[StopRecord]) -> str | None:
    """The stored values the store's rules refuse, named by label, or None."""
    values = {name: getattr(trip, name) for name in TRIP_RULES}
    found = list(out_of_range(TRIP_RULES, values).values())
    if (span := trip_problem(trip)) is not None:
        found.append(span)
    found.extend(problem[1] for stop in stops if (problem := stop_problem(stop, trip)))
    if not found:
        return None
    return "Out of range (stored before a rule refused it; ask the person to correct it): " + (
        " ".join(one_line(problem) for problem in found)
    )


def on_file(count: int) -> str:
    """ "document on file", "3 documents on file": what the model may know of documents."""
    return "document on file" if count == 1 else f"{count} documents on file"


def _label(name: str) -> str:
    return TRIP_RULES[name].label


def render_trip(
    trip: TripRecord,
    items: Sequence[ItineraryItemRecord],
    stops: Sequence[StopRecord] = (),
    *,
    notes_limit: int | None = NOTES_LIMIT,
    documents: Sequence[DocumentRecord] = (),
) -> str:
    """The trip for the model; the values the person shared on this trip are shown."""
    with sharing(trip.shared_values):
        return _render_trip(trip, items, stops, notes_limit, documents)


def _render_trip(
    trip: TripRecord,
    items: Sequence[ItineraryItemRecord],
    stops: Sequence[StopRecord],
    notes_limit: int | None,
    documents: Sequence[DocumentRecord],
) -> str:
    interests = ", ".join(free_text(interest) for interest in trip.interests)
    lines = [
        f"Trip: {free_text(trip.title)}",
        f"Home: {_place(trip.origin, trip.origin_code, trip.origin_tz)}",
        f"Route: {render_route(trip.origin, stops)}",
        f"Dates: {_dates(trip)}",
        f"{_label('travellers')}: {trip.travellers}",
        f"{_label('budget_amount')}: {_budget(trip)}",
        f"{_label('interests')}: {interests or 'not set'}",
        f"{_label('pace')}: {one_line(trip.pace.value)}",
    ]
    if (problems := _problems(trip, stops)) is not None:
        lines.append(problems)
    notes = free_text(" ".join(trip.notes.split()))
    if notes:
        if notes_limit is not None and len(notes) > notes_limit:
            notes = notes[:notes_limit] + "… (shortened; get_trip shows all)"
        lines.append(f"{_label('notes')}: {notes}")
    if documents:
        lines.append(
            f"Documents: {on_file(len(documents))} (attached by the person; names and "
            "contents are private unless the person attaches one in the chat)"
        )
    lines.append("Itinerary:" if items else "Itinerary: empty")
    lines.extend(render_items(trip, items, stops, documents))
    return "\n".join(lines)


def render_items(
    trip: TripRecord,
    items: Sequence[ItineraryItemRecord],
    stops: Sequence[StopRecord] = (),
    documents: Sequence[DocumentRecord] = (),
) -> list[str]:
    """The itinerary by day; times name their zone where it is not the zone of the day's
    stop."""
    attached = Counter(document.item_id for document in documents)
    lines: list[str] = []
    for day, group in groupby(items, key=lambda item: item.day):
        number = ""
        if trip.start_date is not None and trip.start_date <= day:
            number = f", day {(day - trip.start_date).days + 1}"
        outside = _outside(trip, day)
        lines.append(f"- {_day(day)}{number}{outside}")
        stop = stop_or_first(stops, day)
        zone = stop.timezone if stop is not None else trip.origin_tz
        lines.extend(f"  - {render_item(item, zone, attached[item.id])}" for item in group)
    return lines


def render_item(item: ItineraryItemRecord, zone: str | None = None, documents: int = 0) -> str:
    """One item on one line: "[id] 09:30 Title @ place (notes)" for a plain activity in
    `zone` (where the trip is that day); a booking adds its kind, its end, the zones that
    differ, its details and its cost. Sensitive details read as "on file", and attached
    documents only by their number."""
    text = f"[{short_id(item.id)}] {_when(item, zone)} "
    if item.kind is not ItemKind.ACTIVITY:
        text += f"{item.kind.value}: "
    text += free_text(item.title)
    if item.place:
        text += f" @ {free_text(item.place)}"
    details = _details(item)
    if details:
        text += f"; {details}"
    if item.notes:
        text += f" ({free_text(' '.join(item.notes.split()))})"
    if (problem := _item_problems(item)) is not None:
        text += f" {problem}"
    if documents:
        text += f" [{on_file(documents)}]"
    return text


def _when(item: ItineraryItemRecord, zone: str | None) -> str:
    """Local times with their zones (named where they differ from `zone`), the end's date
    when it is another day, and the real length when it is not plain from the clocks."""
    if item.all_day:
        until = f" to {_day(item.end_day)}" if item.end_day is not None else ""
        return f"all day{until}"
    start, end = item_start(item), item_end(item)
    start_zone, end_zone = item.timezone, item.end_timezone or item.timezone
    text = start.strftime("%H:%M") if start is not None else "--:--"
    if start is not None and start_zone and start_zone != zone:
        text += f" {one_line(start_zone)}"
    if end is not None:
        text += " to "
        if end.date() != item.day:
            text += f"{_day(end.date())} "
        text += end.strftime("%H:%M")
        if end_zone and end_zone != start_zone:
            text += f" {one_line(end_zone)}"
    elif item.end_day is not None:
        text += f" to {_day(item.end_day)}"
    if item.duration_minutes is not None:
        text += f" ({duration_text(item.duration_minutes)})"
    elif start is not None and end is not None and end_zone != start_zone:
        text += f" ({duration_text(end - start)})"
    return text


_PLAIN_DETAILS = ("carrier", "service_number", "from_place", "to_place", "provider", "address")
_SENSITIVE_DETAILS = ("seat", "confirmation_code")


def _details(item: ItineraryItemRecord) -> str:
    parts = [
        f"{field_label(item.kind, name).lower()} {one_line(value)}"
        for name in _PLAIN_DETAILS
        if (value := getattr(item, name))
    ]
    parts.extend(
        f"{field_label(item.kind, name).lower()} {shown}"
        for name in _SENSITIVE_DETAILS
        if (shown := sensitive_text(getattr(item, name)))
    )
    if item.link:
        parts.append(f"link {one_line(item.link)}")
    if cost := cost_text(item):
        parts.append(f"cost {one_line(cost)}")
    return ", ".join(parts)


def _item_problems(item: ItineraryItemRecord) -> str | None:
    """The item's stored values the store's rules now refuse, marked like the trip's."""
    values = {name: getattr(item, name) for name in ITEM_RULES}
    found = list(out_of_range(ITEM_RULES, values).values())
    if (span := item_problem(item)) is not None:
        found.append(span[1])
    if not found:
        return None
    return "[out of range: " + " ".join(one_line(problem) for problem in found) + "]"


def _dates(trip: TripRecord) -> str:
    start, end = trip.start_date, trip.end_date
    if start is None and end is None:
        return "not set"
    if start is None:
        assert end is not None
        return f"ends {_day(end)}; the start date is not set"
    if end is None:
        return f"starts {_day(start)}; the end date is not set"
    return f"{_day(start)} to {_day(end)}, {(end - start).days + 1} days"


def _outside(trip: TripRecord, day: date) -> str:
    start, end = trip.start_date, trip.end_date
    if start is not None and end is not None and not start <= day <= end:
        return " (outside the trip dates)"
    return ""
