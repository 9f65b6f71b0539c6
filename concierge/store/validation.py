"""The rules every written value must pass, with the sentence to show when it does not.

Edits arrive as plain mappings from forms and from assistant tools, so each field is parsed
leniently (ISO strings for dates, "eur" for EUR, a comma list for interests) and checked for
the invariants the store owns. Deeper checks (is EUR a real currency, is LIS a real airport)
belong to the travel layer. The limits are the store's: every writer (forms, tools,
imports, repositories called directly) passes through `parse_changes`, so nothing out of
range reaches SQLite, and `out_of_range` tells a renderer which stored values a rule refuses
(rows written before a limit existed) so it can mark them instead of failing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal, InvalidOperation
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .currency_codes import CURRENCY_CODES
from .day_text import format_date
from .errors import InvalidChangeError
from .records import Pace, StopRecord, TripRecord

MIN_YEAR = 1900
MAX_YEAR = 2199
"""Years outside this range are typing mistakes ("0226-05-14"), not trips."""
MAX_TRIP_DAYS = 365
"""The longest trip accepted, counting both the first and the last day."""
MAX_TRAVELLERS = 999
MAX_BUDGET = Decimal(10) ** 12
"""A budget of a trillion or more is a typing mistake, and beyond what money formats."""
LINE_LIMIT = 200
"""Characters in a one-line value: a title, a place, an interest."""
TEXT_LIMIT = 20_000
"""Characters in free text: notes, a pin."""
MAX_INTERESTS = 50
PIN_TEXT_LIMIT = 500
"""Characters in a pin: a preference or fact, repeated in every snapshot."""

_THREE_LETTERS = re.compile(r"[A-Z]{3}")
_TRIGGER = re.compile(r"[a-z][a-z0-9_-]*:\S+")


@dataclass(frozen=True, slots=True)
class FieldRule:
    """How to read one editable field: `parse(label, value)` returns the normalized value or
    raises ValueError with the message for the person."""

    label: str
    parse: Callable[[str, object], object]
    default: object = None


def _got(value: object) -> str:
    return f" (got {value!r})"


def _text(label: str, value: object, limit: int = TEXT_LIMIT) -> str:
    """Text SQLite can store as UTF-8: no lone surrogate (a broken copy and paste), no NUL."""
    if not isinstance(value, str):
        raise ValueError(f"{label} must be text{_got(value)}.")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise ValueError(
            f"{label} contains a broken character (an unpaired surrogate) at position "
            f"{error.start + 1}; type or paste it again."
        ) from None
    if "\0" in value:
        raise ValueError(f"{label} contains a NUL character at position {value.index(chr(0)) + 1}.")
    if len(value) > limit:
        raise ValueError(f"{label} is {len(value):,} characters long; at most {limit:,} are kept.")
    return value


stored_text = _text
"""Public for writers of other shapes (form answers as JSON text): the same checks."""


def _line(label: str, value: object) -> str:
    """One-line text (a title, a place), trimmed, at most LINE_LIMIT characters."""
    return _text(label, _text(label, value).strip(), LINE_LIMIT)


def _required_text(label: str, value: object) -> str:
    text = _line(label, value)
    if not text:
        raise ValueError(f"{label} must not be empty.")
    return text


def _optional(parse: Callable[[str, str], str]) -> Callable[[str, object], str | None]:
    """None or blank text means "not set"."""

    def read(label: str, value: object) -> str | None:
        if value is None:
            return None
        text = _line(label, value)
        return parse(label, text) if text else None

    return read


def _airport_code(label: str, text: str) -> str:
    code = text.upper()
    if not _THREE_LETTERS.fullmatch(code):
        raise ValueError(f"{label} must be a three-letter IATA code such as LIS{_got(text)}.")
    return code


def _time_zone(label: str, text: str) -> str:
    try:
        ZoneInfo(text)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(
            f"{label} must be an IANA time zone such as Europe/Lisbon{_got(text)}."
        ) from None
    return text


def _date(label: str, value: object) -> date:
    parsed: date | None = None
    if isinstance(value, date) and not isinstance(value, datetime):
        parsed = value
    elif isinstance(value, str):
        with suppress(ValueError):
            parsed = date.fromisoformat(_text(label, value).strip())
    if parsed is None:
        raise ValueError(f"{label} must be a date such as 2026-05-01{_got(value)}.")
    if not MIN_YEAR <= parsed.year <= MAX_YEAR:
        raise ValueError(
            f"{label} must be a date between the years {MIN_YEAR} and {MAX_YEAR}{_got(value)}."
        )
    return parsed


def _optional_date(label: str, value: object) -> date | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    return _date(label, value)


def _optional_time(label: str, value: object) -> time | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    parsed: time | None = None
    if isinstance(value, time):
        parsed = value
    elif isinstance(value, str):
        with suppress(ValueError):
            parsed = time.fromisoformat(_text(label, value).strip())
    if parsed is None:
        raise ValueError(f"{label} must be a time of day such as 09:30{_got(value)}.")
    if parsed.tzinfo is not None:
        raise ValueError(
            f"{label} must be a local time without a UTC offset; the time zone is a field "
            f"of its own{_got(value)}."
        )
    return parsed


def _travellers(label: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_TRAVELLERS:
        raise ValueError(
            f"{label} must be a whole number from 1 to {MAX_TRAVELLERS}{_got(_short(value))}."
        )
    return value


def _short(value: object) -> object:
    """A value fit to quote in a message (10**20 digits are not)."""
    text = repr(value)
    return value if len(text) <= 40 else f"{text[:37]}…"


def _budget(label: str, value: object) -> Decimal | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    amount: Decimal | None = None
    if isinstance(value, Decimal):
        amount = value
    elif isinstance(value, int | float | str) and not isinstance(value, bool):
        text = _text(label, value, LINE_LIMIT) if isinstance(value, str) else None
        with suppress(InvalidOperation, ValueError):
            amount = Decimal(text.strip() if text is not None else str(value))
    if amount is None or not amount.is_finite():
        raise ValueError(f"{label} must be an amount such as 1234.50{_got(_short(value))}.")
    if amount < 0:
        raise ValueError(f"{label} must not be negative{_got(_short(value))}.")
    if amount >= MAX_BUDGET:
        raise ValueError(f"{label} must be less than {MAX_BUDGET:,}{_got(_short(value))}.")
    return amount


def _currency(label: str, value: object) -> str:
    code = _line(label, value).upper()
    if code not in CURRENCY_CODES:
        raise ValueError(
            f"{label} must be a three-letter ISO 4217 code in use, such as EUR"
            f"{_got(_short(value))}."
        )
    return code


def _interests(label: str, value: object) -> tuple[str, ...]:
    """A comma-separated string or a list of strings; blanks and repeats are dropped."""
    if isinstance(value, str):
        parts: list[object] = list(value.split(","))
    elif isinstance(value, list | tuple):
        parts = list(value)
    else:
        raise ValueError(f"{label} must be a list of words{_got(value)}.")
    kept: dict[str, str] = {}
    for part in parts:
        if not isinstance(part, str):
            raise ValueError(f"{label} must be a list of words{_got(_short(value))}.")
        interest = _line(label, part)
        if interest:
            kept.setdefault(interest.casefold(), interest)
    if len(kept) > MAX_INTERESTS:
        raise ValueError(f"{label} can hold at most {MAX_INTERESTS} entries (got {len(kept)}).")
    return tuple(kept.values())


def _pace(label: str, value: object) -> Pace:
    try:
        return Pace(_line(label, value).lower())
    except ValueError:
        options = ", ".join(pace.value for pace in Pace)
        raise ValueError(f"{label} must be one of {options}{_got(value)}.") from None


def _notes(label: str, value: object) -> str:
    return _text(label, value)


TRIP_RULES: Mapping[str, FieldRule] = {
    "title": FieldRule("Title", _required_text, "New trip"),
    "origin": FieldRule("Origin", _line, ""),
    "origin_code": FieldRule("Origin airport code", _optional(_airport_code)),
    "origin_tz": FieldRule("Origin time zone", _optional(_time_zone)),
    "start_date": FieldRule("Start date", _optional_date),
    "end_date": FieldRule("End date", _optional_date),
    "travellers": FieldRule("Travellers", _travellers, 1),
    "budget_amount": FieldRule("Budget", _budget),
    "budget_currency": FieldRule("Currency", _currency, "EUR"),
    "interests": FieldRule("Interests", _interests, ()),
    "pace": FieldRule("Pace", _pace, Pace.BALANCED),
    "notes": FieldRule("Notes", _notes, ""),
}

ITEM_RULES: Mapping[str, FieldRule] = {
    "day": FieldRule("Day", _date),
    "start_time": FieldRule("Start time", _optional_time),
    "timezone": FieldRule("Time zone", _optional(_time_zone)),
    "title": FieldRule("Title", _required_text),
    "place": FieldRule("Place", _line, ""),
    "notes": FieldRule("Notes", _notes, ""),
}


def _trigger(label: str, text: str) -> str:
    if not _TRIGGER.fullmatch(text):
        raise ValueError(
            f"{label} must be a trigger such as lookup:holidays or form:trip-brief{_got(text)}."
        )
    return text


GOAL_RULES: Mapping[str, FieldRule] = {
    "title": FieldRule("Goal title", _required_text),
    "completes_on": FieldRule("Completes on", _optional(_trigger)),
}


def _pin_text(label: str, value: object) -> str:
    text = _text(label, _text(label, value).strip(), PIN_TEXT_LIMIT)
    if not text:
        raise ValueError(f"{label} must not be empty.")
    return text


PIN_RULES: Mapping[str, FieldRule] = {
    "text": FieldRule("Pin text", _pin_text),
}

STOP_RULES: Mapping[str, FieldRule] = {
    "place": FieldRule("Stop", _required_text),
    "place_code": FieldRule("Stop airport code", _optional(_airport_code)),
    "timezone": FieldRule("Stop time zone", _optional(_time_zone)),
    "arrive": FieldRule("Arrival date", _optional_date),
    "depart": FieldRule("Departure date", _optional_date),
}

FORM_KEY_RULES: Mapping[str, FieldRule] = {
    "form_id": FieldRule("Form id", _required_text),
    "field": FieldRule("Field name", _required_text),
}

_MANAGED = {
    "id": "is assigned by Concierge",
    "trip_id": "is fixed when the item is added",
    "position": "changes only by moving",
    "created_at": "is kept by Concierge",
    "updated_at": "is kept by Concierge",
}


def parse_changes(
    entity: str, rules: Mapping[str, FieldRule], changes: Mapping[str, object]
) -> dict[str, Any]:
    """Every value of `changes`, parsed by its field's rule; the first problem is raised as
    an `InvalidChangeError` naming the field."""
    parsed: dict[str, Any] = {}
    for name, value in changes.items():
        rule = rules.get(name)
        if rule is None:
            if name in _MANAGED:
                raise InvalidChangeError(name, f"The {name} of {entity} {_MANAGED[name]}.")
            known = ", ".join(rules)
            raise InvalidChangeError(
                name, f"{entity.capitalize()} has no field {name!r}; its fields are {known}."
            )
        try:
            parsed[name] = rule.parse(rule.label, value)
        except ValueError as error:
            raise InvalidChangeError(name, str(error)) from None
    return parsed


def trip_problem(trip: TripRecord) -> str | None:
    """What breaks a rule that spans fields (the dates' order and span), or None."""
    start, end = trip.start_date, trip.end_date
    if start is None or end is None:
        return None
    if end < start:
        return f"The end date ({format_date(end)}) is before the start date ({format_date(start)})."
    days = (end - start).days + 1
    if days > MAX_TRIP_DAYS:
        return (
            f"A trip can last at most {MAX_TRIP_DAYS} days; {format_date(start)} to "
            f"{format_date(end)} is {days:,} days."
        )
    return None


def check_trip(trip: TripRecord, changed: Mapping[str, object]) -> None:
    """Rules that span fields: the end date is not before the start date, and the trip
    lasts at most MAX_TRIP_DAYS."""
    problem = trip_problem(trip)
    if problem is not None:
        field = "end_date" if "end_date" in changed else "start_date"
        raise InvalidChangeError(field, problem)


def stop_problem(stop: StopRecord, trip: TripRecord) -> tuple[str, str] | None:
    """The date field of a stop that breaks a rule spanning fields (departure not before
    arrival; both within the trip's dates when those are set) and why, or None."""
    arrive, depart = stop.arrive, stop.depart
    if arrive is not None and depart is not None and depart < arrive:
        return "depart", (
            f"The departure from {stop.place} ({format_date(depart)}) is before the arrival "
            f"({format_date(arrive)})."
        )
    start, end = trip.start_date, trip.end_date
    for field, day, what in (
        ("arrive", arrive, "arrival at"),
        ("depart", depart, "departure from"),
    ):
        if day is not None and start is not None and day < start:
            return field, (
                f"The {what} {stop.place} ({format_date(day)}) is before the trip starts "
                f"({format_date(start)})."
            )
        if day is not None and end is not None and day > end:
            return field, (
                f"The {what} {stop.place} ({format_date(day)}) is after the trip ends "
                f"({format_date(end)})."
            )
    return None


def check_stop(stop: StopRecord, trip: TripRecord) -> None:
    """`stop_problem` as an `InvalidChangeError` naming the field."""
    problem = stop_problem(stop, trip)
    if problem is not None:
        raise InvalidChangeError(*problem)


def out_of_range(rules: Mapping[str, FieldRule], values: Mapping[str, object]) -> dict[str, str]:
    """Field → the rule's message, for each stored value its rule refuses now."""
    problems: dict[str, str] = {}
    for name, value in values.items():
        rule = rules.get(name)
        if rule is None:
            continue
        try:
            rule.parse(rule.label, value)
        except (ValueError, TypeError) as error:
            problems[name] = str(error)
    return problems


def check_position(position: int | None) -> None:
    """A list position: None (the end), or 0 and up; past the end means the end."""
    if position is not None and (
        isinstance(position, bool) or not isinstance(position, int) or position < 0
    ):
        raise InvalidChangeError(
            "position", f"Position must be a whole number of 0 or more (got {position!r})."
        )
