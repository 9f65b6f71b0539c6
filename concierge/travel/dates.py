"""Trip dates from what people and models type, with errors that say how to fix the input.

Accepted: ISO "2026-05-14" (also "2026/5/14"), "14 May 2026", "May 14, 2026", optionally
after a weekday ("Thu 14 May 2026"), which is then checked, since models often get weekdays
wrong. Refused with an explanation: numeric day/month forms such as "05/06/2026" (5 June or
May 6?), dates without a year, and date-times. Month names are English and parsed here, not
by ``strptime``, whose ``%B`` follows the process locale.

A person typing into a form means the numeric form of their own locale: `parse_typed_date`
reads "05/06/2026" in the order of the locale's short date pattern (which the UI passes in).
"""

from __future__ import annotations

import calendar
import re
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from concierge.store.day_text import MONTHS as MONTHS  # re-exported: one declaration
from concierge.store.day_text import format_date as format_date
from concierge.store.validation import MAX_TRIP_DAYS as MAX_TRIP_DAYS  # one declaration
from concierge.store.validation import MAX_YEAR as MAX_YEAR
from concierge.store.validation import MIN_YEAR as MIN_YEAR
from concierge.text import QT_TRANSLATE_NOOP

from .errors import DateError as DateError

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")

_MONTH_NUMBERS = {name.lower(): i for i, name in enumerate(MONTHS, 1)} | {
    name[:3].lower(): i for i, name in enumerate(MONTHS, 1)
}
_MONTH_NUMBERS["sept"] = 9
_WEEKDAY_NUMBERS = {name.lower(): i for i, name in enumerate(WEEKDAYS)} | {
    name[:3].lower(): i for i, name in enumerate(WEEKDAYS)
}
_WEEKDAY_NUMBERS |= {"tues": 1, "wed": 2, "thur": 3, "thurs": 3}

_DAY = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"
_MONTH = r"(?P<month>[a-z]+)\.?"
_YEAR = r"(?P<year>\d{4})"
_ISO = re.compile(r"(?P<year>\d{4})[-/.](?P<month>\d{1,2})[-/.](?P<day>\d{1,2})")
_DAY_MONTH_YEAR = re.compile(rf"{_DAY}\s+(?:of\s+)?{_MONTH},?\s+{_YEAR}")
_MONTH_DAY_YEAR = re.compile(rf"{_MONTH}\s+{_DAY},?\s+{_YEAR}")
_WEEKDAY = re.compile(r"(?P<weekday>[a-z]+)\.?,?\s+(?P<rest>.+)")
_NUMERIC = re.compile(r"\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}")
_NO_YEAR = re.compile(r"\d{1,2}(?:st|nd|rd|th)?\s+[a-z]+\.?|[a-z]+\.?\s+\d{1,2}(?:st|nd|rd|th)?")
_DATE_TIME = re.compile(r"(?P<date>\d{4}-\d{1,2}-\d{1,2})[t ]\d{1,2}:\d{2}.*")
_ALL_NUMBERS = re.compile(r"[\d\s./-]+")
_PATTERN_PART = re.compile(r"d+|M+|y+")

EXAMPLE = "2026-05-14"


def short_date(day: date) -> str:
    """A date as "14 May 2026" with the month shortened ("10 Apr 2027"), as a form shows it:
    short, the same in every locale, and read back by `parse_date`."""
    return f"{day.day} {MONTHS[day.month - 1][:3]} {day.year}"


def pattern_example(pattern: str, day: date = date(2026, 5, 14)) -> str:
    """`day` written in a Qt/ICU-style date pattern ("dd/MM/yyyy" → "14/05/2026"), to show
    people the numeric form their locale reads."""

    def part(match: re.Match[str]) -> str:
        token = match[0]
        if token[0] == "y":
            return f"{day.year % 100:02d}" if len(token) == 2 else str(day.year)
        if token[0] == "M" and len(token) >= 3:
            return MONTHS[day.month - 1][: 3 if len(token) == 3 else None]
        if token[0] == "d" and len(token) >= 3:
            return WEEKDAYS[day.weekday()][: 3 if len(token) == 3 else None]
        number = day.month if token[0] == "M" else day.day
        return f"{number:02d}" if len(token) == 2 else str(number)

    return _PATTERN_PART.sub(part, pattern)


def parse_typed_date(text: str, pattern: str) -> date:
    """The date a person typed into a form: anything `parse_date` reads, or day, month and
    year in numbers in the order of `pattern`, their locale's short date pattern
    ("dd/MM/yyyy": 10/04/2027 is 10 April; "M/d/yy": October 4). Numbers that start with a
    four-digit year are year, month, day in every locale; a two-digit year is 20yy."""
    cleaned = text.strip()
    numbers = re.findall(r"\d+", cleaned)
    if not _ALL_NUMBERS.fullmatch(cleaned):
        return parse_date(cleaned)
    example = pattern_example(pattern)
    if len(numbers) != 3:
        raise DateError(
            QT_TRANSLATE_NOOP(
                "Validation",
                "{cleaned!r} is not a whole date: give the day, month and year, for "
                "example {example} or 14 May 2026.",
            ).format(cleaned=cleaned, example=example)
        )
    if len(numbers[0]) == 4:
        order = ["y", "M", "d"]
    else:
        order = sorted("dMy", key=lambda letter: pattern.find(letter) % (len(pattern) + 1))
    parts = dict(zip(order, numbers, strict=True))
    if len(parts["y"]) not in (2, 4):
        raise DateError(
            QT_TRANSLATE_NOOP(
                "Validation", "{cleaned!r} has no clear year: write it like {example}."
            ).format(cleaned=cleaned, example=example)
        )
    year = int(parts["y"]) + (2000 if len(parts["y"]) == 2 else 0)
    month, day = int(parts["M"]), int(parts["d"])
    if not MIN_YEAR <= year <= MAX_YEAR:
        raise DateError(
            QT_TRANSLATE_NOOP(
                "Validation",
                "{cleaned!r} is not a plausible trip date: the year must be between "
                "{min_year} and {max_year}.",
            ).format(cleaned=cleaned, min_year=MIN_YEAR, max_year=MAX_YEAR)
        )
    try:
        return date(year, month, day)
    except ValueError:
        raise DateError(
            QT_TRANSLATE_NOOP(
                "Validation",
                "{cleaned!r} is not a valid date (read as day {day}, month {month}, "
                "year {year}, like {example}). {why}",
            ).format(
                cleaned=cleaned,
                day=day,
                month=month,
                year=year,
                example=example,
                why=_why(year, month),
            )
        ) from None


def parse_date(text: str) -> date:
    """The date in ``text`` (see the module docstring for the forms), or a ``DateError``."""
    cleaned = " ".join(text.strip().lower().split())
    if not cleaned:
        raise DateError(
            QT_TRANSLATE_NOOP(
                "Validation", "No date given. Write it as YYYY-MM-DD, for example {example}."
            ).format(example=EXAMPLE)
        )
    weekday = None
    if (named := _WEEKDAY.fullmatch(cleaned)) and named["weekday"] in _WEEKDAY_NUMBERS:
        weekday, cleaned = _WEEKDAY_NUMBERS[named["weekday"]], named["rest"]
    day = _date_from(cleaned, text.strip())
    if weekday is not None and day.weekday() != weekday:
        raise DateError(
            QT_TRANSLATE_NOOP("Validation", "{date} is a {weekdays}, not a {weekdays2}.").format(
                date=day,
                weekdays=WEEKDAYS[day.weekday()],
                weekdays2=WEEKDAYS[weekday],
            )
        )
    return day


def _date_from(cleaned: str, original: str) -> date:
    if match := _ISO.fullmatch(cleaned):
        month = int(match["month"])
    elif match := _DAY_MONTH_YEAR.fullmatch(cleaned) or _MONTH_DAY_YEAR.fullmatch(cleaned):
        if match["month"] not in _MONTH_NUMBERS:
            raise DateError(
                QT_TRANSLATE_NOOP(
                    "Validation",
                    "{original!r} is not a date: {match!r} is not an English month name.",
                ).format(original=original, match=match["month"])
            )
        month = _MONTH_NUMBERS[match["month"]]
    else:
        raise DateError(_unreadable(cleaned, original))
    year = int(match["year"])
    if not MIN_YEAR <= year <= MAX_YEAR:
        raise DateError(
            QT_TRANSLATE_NOOP(
                "Validation",
                "{original!r} is not a plausible trip date: the year must be between "
                "{min_year} and {max_year}.",
            ).format(original=original, min_year=MIN_YEAR, max_year=MAX_YEAR)
        )
    try:
        return date(year, month, int(match["day"]))
    except ValueError:
        raise DateError(
            QT_TRANSLATE_NOOP("Validation", "{original!r} is not a valid date. {why}").format(
                original=original, why=_why(year, month)
            )
        ) from None


def _why(year: int, month: int) -> str:
    if not 1 <= month <= 12:
        return f"There is no month {month}."
    return f"{MONTHS[month - 1]} {year} has {calendar.monthrange(year, month)[1]} days."


def _unreadable(cleaned: str, original: str) -> str:
    if timed := _DATE_TIME.fullmatch(cleaned):
        return f"{original!r} has a time of day; give the date only, for example {timed['date']}."
    if _NUMERIC.fullmatch(cleaned):
        return (
            f"{original!r} is ambiguous (day and month could be either way round). "
            f"Write it as YYYY-MM-DD, for example {EXAMPLE}."
        )
    if _NO_YEAR.fullmatch(cleaned):
        return f"{original!r} has no year. Write the full date, for example 14 May 2026."
    return f"{original!r} is not a date. Write it as YYYY-MM-DD, for example {EXAMPLE}."


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
