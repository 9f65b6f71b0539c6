"""A trip rendered as concise, deterministic text for the model, for every snapshot and for
`read_trip`. A stored value the rules now refuse is shown and marked, never an error: a provider
that raised would stop every later turn. Documents are only counted: a file name often carries a
booking code or a passenger's name."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from concierge.model.fields import ITEM
from concierge.store import (
    DocumentRecord,
    EntityKind,
    ItemKind,
    ItineraryItemRecord,
    LockKind,
    LockRecord,
    StopRecord,
    TripRecord,
    trip_label,
)
from concierge.store.lock_rules import field_name
from concierge.store.validation import (
    ITEM_RULES,
    TRIP_RULES,
    item_problem,
    out_of_range,
    stop_problem,
    trip_problem,
)

from ..itinerary.date_spans import SpanWords, span_text
from ..itinerary.item_kinds import cost_text, field_label
from ..itinerary.item_times import duration_text, item_end, item_start
from ..itinerary.item_zones import NO_STOPS, TripZones
from ..itinerary.stops import render_route
from ..money.currencies import CurrencyError, format_money
from ..safe_text.value_text import free_text, one_line, sensitive_text

SHORT_ID = 8
NOTES_LIMIT = 600
LOCKS_SHOWN = 6
"""Locks the view names; the rest are counted."""


def short_id(item_id: str) -> str:
    return item_id[:SHORT_ID]


def day_text(value: date) -> str:
    return f"{value.isoformat()} ({value.strftime('%a')})"


def home_place(name: str, code: str | None, tz: str | None) -> str:
    if not name:
        return "not set"
    shown = one_line(name)
    if code is None and tz is None:
        return f"{shown} (not matched to an airport or city)"
    return f"{shown}, time zone {one_line(tz)}" if tz else shown


def trip_budget(trip: TripRecord) -> str:
    if trip.budget_amount is None:
        return f"not set (currency {one_line(trip.budget_currency)})"
    try:
        return format_money(trip.budget_amount, trip.budget_currency)
    except CurrencyError:
        return f"{trip.budget_amount} {one_line(trip.budget_currency)}"


def trip_problems(trip: TripRecord, stops: Sequence[StopRecord]) -> str | None:
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


def header_lines(
    trip: TripRecord,
    stops: Sequence[StopRecord],
    *,
    notes_limit: int | None,
    documents: Sequence[DocumentRecord],
    text_limit: int | None = None,
) -> list[str]:
    """The trip's own fields, its route and its problems, one line each. `notes_limit`
    shortens the notes, `text_limit` every other line (a long route, many interests)."""
    interests = ", ".join(free_text(interest) for interest in trip.interests)
    lines = [
        f"Trip: {free_text(trip.title)}",
        f"Home: {home_place(trip.origin, trip.origin_code, trip.origin_tz)}",
        f"Route: {render_route(trip.origin, stops)}",
        f"Dates: {trip_dates(trip)}",
        f"{trip_label('travellers')}: {trip.travellers}",
        f"{trip_label('budget_amount')}: {trip_budget(trip)}",
        f"{trip_label('interests')}: {interests or 'not set'}",
        f"{trip_label('pace')}: {one_line(trip.pace.value)}",
    ]
    if (problems := trip_problems(trip, stops)) is not None:
        lines.append(problems)
    if text_limit is not None:
        lines = [shortened(line, text_limit) for line in lines]
    notes = free_text(" ".join(trip.notes.split()))
    if notes:
        lines.append(shortened(f"{trip_label('notes')}: {notes}", notes_limit))
    if documents:
        lines.append(
            f"Documents: {on_file(len(documents))} (attached by the person; names and "
            "contents are private unless the person attaches one in the chat)"
        )
    return lines


def lock_line(
    locks: Sequence[LockRecord],
    items: Sequence[ItineraryItemRecord],
    stops: Sequence[StopRecord],
) -> str | None:
    """ "Locked by the person: trip start date; stop Kyoto; …": what the tools will refuse to
    change, the first few and a count; None without locks (a lock on a gone row is left out)."""
    by_id = {item.id: f"[{short_id(item.id)}] {free_text(item.title)}" for item in items}
    by_id |= {stop.id: f"stop {one_line(stop.place)}" for stop in stops}
    named: list[str] = []
    for lock in locks:
        if lock.kind is LockKind.DAY and lock.day is not None:
            named.append(f"day {day_text(lock.day)}")
        elif lock.kind is LockKind.FIELD and lock.entity == EntityKind.TRIP:
            named.append(f"trip {field_name(lock.entity, lock.field)}")
        elif lock.target in by_id:
            owner = by_id[lock.target]
            if lock.kind is LockKind.FIELD:
                named.append(f"{field_name(lock.entity, lock.field)} of {owner}")
            else:
                named.append(owner if lock.kind is LockKind.STOP else f"item {owner}")
    if not named:
        return None
    more = len(named) - LOCKS_SHOWN
    shown = "; ".join(named[:LOCKS_SHOWN]) + (f"; {more} more" if more > 0 else "")
    return f"Locked by the person: {shown}"


def shortened(line: str, limit: int | None) -> str:
    """`line` cut to `limit` characters, saying so and where to read the rest."""
    if limit is None or len(line) <= limit:
        return line
    return line[:limit] + "… (shortened; read_trip shows all)"


def day_heading(trip: TripRecord, day: date) -> str:
    """ "- 2027-05-03 (Mon), day 3": the day, its number in the trip, and whether it is
    outside the trip's dates."""
    number = ""
    if trip.start_date is not None and trip.start_date <= day:
        number = f", day {(day - trip.start_date).days + 1}"
    return f"- {day_text(day)}{number}{_outside(trip, day)}"


def day_zone(trip: TripRecord, stops: Sequence[StopRecord], day: date) -> str | None:
    """The zone times are named against on `day` (`TripZones.named_against`)."""
    return TripZones.of(stops).named_against(day, trip.origin_tz)


UNVERIFIED_LEGEND = (
    "Unverified: facts you set that the person has not confirmed and no lookup backs; "
    "say so before relying on them."
)
"""Shown once wherever a view marks an item's facts unverified."""


def unverified_text(item: ItineraryItemRecord, fields: Sequence[str]) -> str:
    """ "(unverified: start time, cost)" for the item's facts `fields`, empty for none."""
    names = dict.fromkeys(field_label(item.kind, ITEM.marked_as(name)).lower() for name in fields)
    return f"(unverified: {', '.join(names)})" if names else ""


def render_item(
    item: ItineraryItemRecord,
    zone: str | None = None,
    documents: int = 0,
    unverified: Sequence[str] = (),
    zones: TripZones = NO_STOPS,
) -> str:
    """One item on one line, times in its effective zones; unconfirmed facts the assistant set
    (`unverified`) come last."""
    text = f"[{short_id(item.id)}] {_when(zones.read(item), zone)} "
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
    if (problem := item_problems(item)) is not None:
        text += f" {problem}"
    if documents:
        text += f" [{on_file(documents)}]"
    if unverified:
        text += f" {unverified_text(item, unverified)}"
    return text


def item_title(item: ItineraryItemRecord) -> str:
    """ "[id] 07:10 train: Shinkansen to Kyoto": enough to name an item that is shown in
    full elsewhere (the selection beside the trip's view)."""
    start = item.start_time
    when = "all day" if item.all_day else start.strftime("%H:%M") if start else "--:--"
    kind = "" if item.kind is ItemKind.ACTIVITY else f"{item.kind.value}: "
    return f"[{short_id(item.id)}] {when} {kind}{free_text(item.title)}"


def _when(item: ItineraryItemRecord, zone: str | None) -> str:
    """Local times with their zones (named where they differ from `zone`), the end's date
    when it is another day, and the real length when it is not plain from the clocks."""
    if item.all_day:
        until = f" to {day_text(item.end_day)}" if item.end_day is not None else ""
        return f"all day{until}"
    start, end = item_start(item), item_end(item)
    start_zone, end_zone = item.timezone, item.end_timezone or item.timezone
    text = start.strftime("%H:%M") if start is not None else "--:--"
    if start is not None and start_zone and start_zone != zone:
        text += f" {one_line(start_zone)}"
    if end is not None:
        text += " to "
        if end.date() != item.day:
            text += f"{day_text(end.date())} "
        text += end.strftime("%H:%M")
        if end_zone and end_zone != start_zone:
            text += f" {one_line(end_zone)}"
    elif item.end_day is not None:
        text += f" to {day_text(item.end_day)}"
    if item.duration_minutes is not None:
        text += f" ({duration_text(item.duration_minutes)})"
    elif start is not None and end is not None and end_zone != start_zone:
        text += f" ({duration_text(end - start)})"
    return text


def _details(item: ItineraryItemRecord) -> str:
    """The item's declared details as "label value": the plain ones first, then those
    read as "on file"; its link and cost after them."""
    details, sensitive = ITEM.details, ITEM.sensitive
    parts = [
        f"{field_label(item.kind, name).lower()} {one_line(value)}"
        for name in details
        if name not in sensitive and (value := getattr(item, name))
    ]
    parts.extend(
        f"{field_label(item.kind, name).lower()} {shown}"
        for name in details
        if name in sensitive and (shown := sensitive_text(getattr(item, name)))
    )
    if item.link:
        parts.append(f"link {one_line(item.link)}")
    if cost := cost_text(item):
        parts.append(f"cost {one_line(cost)}")
    return ", ".join(parts)


def item_problems(item: ItineraryItemRecord) -> str | None:
    """The item's stored values the store's rules now refuse, marked like the trip's."""
    values = {name: getattr(item, name) for name in ITEM_RULES}
    found = list(out_of_range(ITEM_RULES, values).values())
    if (span := item_problem(item)) is not None:
        found.append(span[1])
    if not found:
        return None
    return "[out of range: " + " ".join(one_line(problem) for problem in found) + "]"


def trip_dates(trip: TripRecord) -> str:
    return span_text(trip.start_date, trip.end_date, _TRIP_SPAN)


def _trip_days(start: date, end: date) -> str:
    return f"{day_text(start)} to {day_text(end)}, {(end - start).days + 1} days"


_TRIP_SPAN = SpanWords(
    day=day_text,
    unset="not set",
    starts="starts {}; the end date is not set",
    ends="ends {}; the start date is not set",
    both=_trip_days,
)


def _outside(trip: TripRecord, day: date) -> str:
    start, end = trip.start_date, trip.end_date
    if start is not None and end is not None and not start <= day <= end:
        return " (outside the trip dates)"
    return ""
