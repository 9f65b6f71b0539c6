"""How trips and days read in the trip views: list subtitles, day headings, place hints.
English uses the app's own date words, so the views and the assistant's context agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from concierge.model.values.dates import MONTHS
from concierge.store import TripRecord
from concierge.ui.i18n import shown_date, translate
from concierge.ui.views.shown_dates import shown_date_interval, shown_weekday, shown_weekday_date


def no_stops() -> str:
    return translate("TripText", "No stops yet")


def no_dates() -> str:
    return translate("TripText", "Dates not set")


def unmatched_place() -> str:
    return translate("TripText", "Not matched to an airport — kept as typed")


def _short_month(day: date) -> str:
    return MONTHS[day.month - 1][:3]


def date_range(start: date | None, end: date | None) -> str:
    """A compact range: 14–18 May 2026, 28 May – 2 Jun 2026, 28 Dec 2026 – 3 Jan 2027."""
    if start is None and end is None:
        return no_dates()
    if end is None:
        assert start is not None
        return translate("TripText", "From {date}").format(date=shown_date(start))
    if start is None:
        return translate("TripText", "Until {date}").format(date=shown_date(end))
    if start == end:
        return shown_date(start)
    if (local := shown_date_interval(start, end)) is not None:
        return local
    if (start.year, start.month) == (end.year, end.month):
        return f"{start.day}–{end.day} {MONTHS[end.month - 1]} {end.year}"
    if start.year == end.year:
        return f"{start.day} {_short_month(start)} – {end.day} {_short_month(end)} {end.year}"
    return (
        f"{start.day} {_short_month(start)} {start.year} – {end.day} {_short_month(end)} {end.year}"
    )


def trip_subtitle(trip: TripRecord, stops: Sequence[str] = ()) -> str:
    """The second line of a trip in the list: when, then where (the stops' places)."""
    return f"{date_range(trip.start_date, trip.end_date)} · {' → '.join(stops) or no_stops()}"


def day_heading(day: date, start: date | None, end: date | None) -> str:
    """A day row's heading, "Thu 14 May 2026 — Day 1"; days outside the trip say so."""
    text = shown_weekday_date(day)
    if start is not None and day < start:
        return translate("TripText", "{day} — before the trip").format(day=text)
    if end is not None and day > end:
        return translate("TripText", "{day} — after the trip").format(day=text)
    if start is not None:
        return translate("TripText", "{day} — Day {number}").format(
            day=text, number=(day - start).days + 1
        )
    return text


def place_hint(text: str, code: str | None, tz: str | None) -> str:
    """What the form says under a place field about how the store understood it."""
    if not text:
        return ""
    if code is None:
        return (
            translate("TripText", "Time zone {zone}").format(zone=tz) if tz else unmatched_place()
        )
    if tz:
        return translate("TripText", "Airport {code} · time zone {zone}").format(code=code, zone=tz)
    return translate("TripText", "Airport {code}").format(code=code)


def date_hint(day: date | None, start: date | None = None) -> str:
    """Under a date field: the weekday, and for the end date how long the trip is."""
    if day is None:
        return ""
    weekday = shown_weekday(day)
    if start is None or day < start:
        return weekday
    days = (day - start).days + 1
    if days == 1:
        return translate("TripText", "{weekday} · 1 day").format(weekday=weekday)
    return translate("TripText", "{weekday} · {days} days").format(weekday=weekday, days=days)
