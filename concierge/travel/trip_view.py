"""A trip rendered as concise, deterministic text for the model.

The same rendering serves the trip provider (every iteration) and the `get_trip` tool, so
the model always reads one format. Item ids are shortened to eight characters; tools accept
them back.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from itertools import groupby

from concierge.store import ItineraryItemRecord, TripRecord

from .currencies import format_money
from .dates import trip_days

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
    if code is None and tz is None:
        return f"{name} (not matched to an airport or city)"
    return f"{name}, time zone {tz}" if tz else name


def render_trip(
    trip: TripRecord, items: Sequence[ItineraryItemRecord], *, notes_limit: int | None = NOTES_LIMIT
) -> str:
    lines = [
        f"Trip: {trip.title}",
        f"From: {_place(trip.origin, trip.origin_code, trip.origin_tz)}",
        f"To: {_place(trip.destination, trip.destination_code, trip.destination_tz)}",
        f"Dates: {_dates(trip)}",
        f"Travellers: {trip.travellers}",
        "Budget: "
        + (
            format_money(trip.budget_amount, trip.budget_currency)
            if trip.budget_amount is not None
            else f"not set (currency {trip.budget_currency})"
        ),
        f"Interests: {', '.join(trip.interests) if trip.interests else 'not set'}",
        f"Pace: {trip.pace.value}",
    ]
    notes = " ".join(trip.notes.split())
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
    text = f"[{short_id(item.id)}] {when} {item.title}"
    if item.place:
        text += f" @ {item.place}"
    if item.notes:
        text += f" ({' '.join(item.notes.split())})"
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
    return f"{_day(start)} to {_day(end)}, {len(trip_days(start, end))} days"


def _outside(trip: TripRecord, day: date) -> str:
    start, end = trip.start_date, trip.end_date
    if start is not None and end is not None and not start <= day <= end:
        return " (outside the trip dates)"
    return ""
