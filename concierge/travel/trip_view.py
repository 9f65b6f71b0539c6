"""A trip rendered as concise, deterministic text for the model.

The same rendering serves the trip provider (every iteration) and the `get_trip` tool, so
the model always reads one format. Item ids are shortened to eight characters; tools accept
them back. Every value a person or the model wrote goes through `one_line`, and a stored
value the store's rules now refuse is shown as it is and marked, never an error: a provider
that raised would stop every later turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from itertools import groupby

from concierge.store import ItineraryItemRecord, StopRecord, TripRecord
from concierge.store.validation import TRIP_RULES, out_of_range, stop_problem, trip_problem

from .currencies import CurrencyError, format_money
from .stops import render_route
from .value_text import one_line

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


def render_trip(
    trip: TripRecord,
    items: Sequence[ItineraryItemRecord],
    stops: Sequence[StopRecord] = (),
    *,
    notes_limit: int | None = NOTES_LIMIT,
) -> str:
    interests = ", ".join(one_line(interest) for interest in trip.interests)
    lines = [
        f"Trip: {one_line(trip.title)}",
        f"Home: {_place(trip.origin, trip.origin_code, trip.origin_tz)}",
        f"Route: {render_route(trip.origin, stops)}",
        f"Dates: {_dates(trip)}",
        f"Travellers: {trip.travellers}",
        f"Budget: {_budget(trip)}",
        f"Interests: {interests or 'not set'}",
        f"Pace: {one_line(trip.pace.value)}",
    ]
    if (problems := _problems(trip, stops)) is not None:
        lines.append(problems)
    notes = one_line(" ".join(trip.notes.split()))
    if notes:
        if notes_limit is not None and len(notes) > notes_limit:
            notes = notes[:notes_limit] + "… (shortened; get_trip shows all)"
        lines.append(f"Notes: {notes}")
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
    text = f"[{short_id(item.id)}] {when} {one_line(item.title)}"
    if item.place:
        text += f" @ {one_line(item.place)}"
    if item.notes:
        text += f" ({one_line(' '.join(item.notes.split()))})"
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
