"""A trip rendered as concise, deterministic text for the model.

The same rendering serves the trip provider (every iteration) and the `get_trip` tool, so
the model always reads one format. Item ids are shortened to eight characters; tools accept
them back. Every value a person or the model wrote goes through `one_line` (free text through
`free_text`, which holds back passport numbers and the like unless the person shared them),
and a stored value the store's rules now refuse is shown as it is and marked, never an
error: a provider that raised would stop every later turn. Labels are the declared ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from itertools import groupby

from concierge.store import ItineraryItemRecord, TripRecord
from concierge.store.validation import TRIP_RULES, out_of_range, trip_problem

from .currencies import CurrencyError, format_money
from .sensitive import sharing
from .value_text import free_text, one_line

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


def _problems(trip: TripRecord) -> str | None:
    """The stored values the store's rules refuse, named by label, or None."""
    values = {name: getattr(trip, name) for name in TRIP_RULES}
    found = list(out_of_range(TRIP_RULES, values).values())
    if (span := trip_problem(trip)) is not None:
        found.append(span)
    if not found:
        return None
    return "Out of range (stored before a rule refused it; ask the person to correct it): " + (
        " ".join(one_line(problem) for problem in found)
    )


def _label(name: str) -> str:
    return TRIP_RULES[name].label


def render_trip(
    trip: TripRecord, items: Sequence[ItineraryItemRecord], *, notes_limit: int | None = NOTES_LIMIT
) -> str:
    """The trip for the model; the values the person shared on this trip are shown."""
    with sharing(trip.shared_values):
        return _render_trip(trip, items, notes_limit)


def _render_trip(
    trip: TripRecord, items: Sequence[ItineraryItemRecord], notes_limit: int | None
) -> str:
    interests = ", ".join(free_text(interest) for interest in trip.interests)
    lines = [
        f"Trip: {free_text(trip.title)}",
        f"From: {_place(trip.origin, trip.origin_code, trip.origin_tz)}",
        f"To: {_place(trip.destination, trip.destination_code, trip.destination_tz)}",
        f"Dates: {_dates(trip)}",
        f"{_label('travellers')}: {trip.travellers}",
        f"{_label('budget_amount')}: {_budget(trip)}",
        f"{_label('interests')}: {interests or 'not set'}",
        f"{_label('pace')}: {one_line(trip.pace.value)}",
    ]
    if (problems := _problems(trip)) is not None:
        lines.append(problems)
    notes = free_text(" ".join(trip.notes.split()))
    if notes:
        if notes_limit is not None and len(notes) > notes_limit:
            notes = notes[:notes_limit] + "… (shortened; get_trip shows all)"
        lines.append(f"{_label('notes')}: {notes}")
    lines.append("Itinerary:" if items else "Itinerary: empty")
    lines.extend(render_items(trip, items))
    return "\n".join(lines)


def render_items(trip: TripRecord, items: Sequence[ItineraryItemRecord]) -> list[str]:
    lines: list[str] = []
    for day, group in groupby(items, key=lambda item: item.day):
        number = ""
        if trip.start_date is not None and trip.start_date <= day:
            number = f", day {(day - trip.start_date).days + 1}"
        outside = _outside(trip, day)
        lines.append(f"- {_day(day)}{number}{outside}")
        lines.extend(f"  - {render_item(item)}" for item in group)
    return lines


def render_item(item: ItineraryItemRecord) -> str:
    when = item.start_time.strftime("%H:%M") if item.start_time else "--:--"
    text = f"[{short_id(item.id)}] {when} {free_text(item.title)}"
    if item.place:
        text += f" @ {free_text(item.place)}"
    if item.notes:
        text += f" ({free_text(' '.join(item.notes.split()))})"
    return text


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
