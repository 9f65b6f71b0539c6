"""Trip dates for the travel layer: the one date reader (`concierge.model.values.dates`)
with its refusals as `DateError`, the trip's span checked, and time zones by name.

A person typing into a form means the numeric form of their own locale: `parse_typed_date`
reads "05/06/2026" in the order of the locale's short date pattern (which the UI passes in).
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from concierge.model.values.dates import MONTHS as MONTHS
from concierge.model.values.dates import WEEKDAYS as WEEKDAYS
from concierge.model.values.dates import format_date as format_date
from concierge.model.values.dates import pattern_example as pattern_example
from concierge.model.values.dates import read_date, read_typed_date
from concierge.model.values.dates import short_date as short_date
from concierge.model.values.errors import DateTextError
from concierge.store.validation import MAX_TRIP_DAYS as MAX_TRIP_DAYS  # one declaration
from concierge.text import QT_TRANSLATE_NOOP

from ..errors import DateError as DateError
from .app_locale import app_locale


def parse_date(text: str) -> date:
    """The date in ``text``, month names in English or the app's language, or a
    ``DateError`` saying what to write instead."""
    try:
        return read_date(text, app_locale())
    except DateTextError as error:
        raise DateError(*error.args) from None


def parse_typed_date(text: str, pattern: str) -> date:
    """The date a person typed, numbers in the order of `pattern` (their locale's short
    date pattern), or a ``DateError``; see `read_typed_date`."""
    try:
        return read_typed_date(text, pattern, app_locale())
    except DateTextError as error:
        raise DateError(*error.args) from None


def validate_trip_dates(start: date, end: date) -> None:
    """Raise a ``DateError`` if the trip ends before it starts or lasts over MAX_TRIP_DAYS."""
    start, end = _day(start), _day(end)
    if end < start:
        raise DateError(
            QT_TRANSLATE_NOOP(
                "Validation",
                "The end date ({date}) is before the start date ({date2}).",
            ).format(date=end, date2=start)
        )
    days = (end - start).days + 1
    if days > MAX_TRIP_DAYS:
        raise DateError(
            QT_TRANSLATE_NOOP(
                "Validation",
                "A trip can last at most {max_trip_days} days; {date} to {date2} is {days} days.",
            ).format(
                max_trip_days=MAX_TRIP_DAYS,
                date=start,
                date2=end,
                days=days,
            )
        )


def parse_trip_dates(start: str, end: str) -> tuple[date, date]:
    """Both dates parsed and checked together, as a form or a tool receives them."""
    first, last = parse_date(start), parse_date(end)
    validate_trip_dates(first, last)
    return first, last


def trip_days(start: date, end: date) -> list[date]:
    """Every day of the trip, first and last included (a same-day trip has one)."""
    validate_trip_dates(start, end)
    first, last = _day(start), _day(end)
    return [first + timedelta(days=n) for n in range((last - first).days + 1)]


def zone(name: str) -> ZoneInfo:
    """The IANA time zone called ``name``, or a ``DateError`` naming the bad value."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise DateError(
            QT_TRANSLATE_NOOP(
                "Validation", "Unknown time zone {name!r}. Use an IANA name such as Europe/Lisbon."
            ).format(name=name)
        ) from None


def local_now(tz: str) -> datetime:
    """The current wall-clock time at a place, aware of its zone (e.g. a destination's)."""
    return datetime.now(zone(tz))


def _day(value: date) -> date:
    """A ``datetime`` is a ``date`` to the type checker but cannot be compared with one."""
    return value.date() if isinstance(value, datetime) else value
