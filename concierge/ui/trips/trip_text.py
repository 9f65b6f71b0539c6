"""How trips and days read in the trip views: list subtitles, day headings, place hints.

Kept free of Qt and of the process locale (month and weekday names come from
`concierge.travel.dates`), so the list, the itinerary and the assistant's context agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from concierge.store import TripRecord
from concierge.travel.dates import MONTHS, WEEKDAYS, format_date

NO_STOPS = "No stops yet"
NO_DATES = "Dates not set"
UNMATCHED_PLACE = "Not matched to an airport — kept as typed"


def _short_month(day: date) -> str:
    return MONTHS[day.month - 1][:3]


def date_range(start: date | None, end: date | None) -> str:
    """A compact range: 14–18 May 2026, 28 May – 2 Jun 2026, 28 Dec 2026 – 3 Jan 2027."""
    if start is None and end is None:
        return NO_DATES
    if end is None:
        assert start is not None
        return f"From {format_date(start)}"
    if start is None:
        return f"Until {format_date(end)}"
    if start == end:
        return format_date(start)
    if (start.year, start.month) == (end.year, end.month):
        return f"{start.day}–{end.day} {MONTHS[end.month - 1]} {end.year}"
    if start.year == end.year:
        return f"{start.day} {_short_month(start)} – {end.day} {_short_month(end)} {end.year}"
    return (
        f"{start.day} {_short_month(start)} {start.year} – {end.day} {_short_month(end)} {end.year}"
    )


def trip_subtitle(trip: TripRecord, stops: Sequence[str] = ()) -> str:
    """The second line of a trip in the list: when, then where (the stops' places)."""
    return f"{date_range(trip.start_date, trip.end_date)} · {' → '.join(stops) or NO_STOPS}"


def day_heading(day: date, start: date | None, end: date | None) -> str:
    """A day row's heading, "Thu 14 May 2026 — Day 1"; days outside the trip say so."""
    text = f"{WEEKDAYS[day.weekday()][:3]} {format_date(day)}"
    if start is not None and day < start:
        return f"{text} — before the trip"
    if end is not None and day > end:
        return f"{text} — after the trip"
    if start is not None:
        return f"{text} — Day {(day - start).days + 1}"
    return text


def place_hint(text: str, code: str | None, tz: str | None) -> str:
    """What the form says under a place field about how the store understood it."""
    if not text:
        return ""
    if code is None:
        return f"Time zone {tz}" if tz else UNMATCHED_PLACE
    return f"Airport {code} · time zone {tz}" if tz else f"Airport {code}"


def date_hint(day: date | None, start: date | None = None) -> str:
    """Under a date field: the weekday, and for the end date how long the trip is."""
    if day is None:
        return ""
    weekday = WEEKDAYS[day.weekday()]
    if start is None or day < start:
        return weekday
    days = (day - start).days + 1
    return f"{weekday} · {days} day{'s' if days != 1 else ''}"
