"""A trip's span and time zones by name; every refusal is a `DateTextError`, so a caller catches one
error type for any date."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from concierge.model.fields import MAX_TRIP_DAYS
from concierge.model.values.errors import DateTextError
from concierge.text import QT_TRANSLATE_NOOP


def validate_trip_dates(start: date, end: date) -> None:
    """Raise a ``DateTextError`` if the trip ends before it starts or lasts over MAX_TRIP_DAYS."""
    start, end = _day(start), _day(end)
    if end < start:
        raise DateTextError(
            QT_TRANSLATE_NOOP(
                "Validation",
                "The end date ({date}) is before the start date ({date2}).",
            ).format(date=end, date2=start)
        )
    days = (end - start).days + 1
    if days > MAX_TRIP_DAYS:
        raise DateTextError(
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


def trip_days(start: date, end: date) -> list[date]:
    """Every day of the trip, first and last included (a same-day trip has one)."""
    validate_trip_dates(start, end)
    first, last = _day(start), _day(end)
    return [first + timedelta(days=n) for n in range((last - first).days + 1)]


def zone(name: str) -> ZoneInfo:
    """The IANA time zone called ``name``, or a ``DateTextError`` naming the bad value."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise DateTextError(
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
