"""The rules every written value must pass, with the sentence to show when it does not.

Edits arrive as plain mappings from forms and from assistant tools, so each field is parsed
leniently (ISO strings for dates, "eur" for EUR, a comma list for interests) and checked for
the invariants the store owns. Deeper checks (is EUR a real currency, is LIS a real airport)
belong to the travel layer.
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

from .day_text import format_date
from .errors import InvalidChangeError
from .records import Pace, TripRecord

_THREE_LETTERS = re.compile(r"[A-Z]{3}")
_TRIGGER = re.compile(r"[a-z][a-z0-9_-]*:\S+")


@dataclass(frozen=True, slots=True)
class FieldRule:
    """How to read one editable field: `parse(label, value)` returns the normalized value or
    raises ValueError with the message for the person."""

    label: str
    parse: Callable[[str, object], object]


def _got(value: object) -> str:
    return f" (got {value!r})"


def _text(label: str, value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{label} must be text{_got(value)}.")
    return value


def _trimmed(label: str, value: object) -> str:
    return _text(label, value).strip()


def _required_text(label: str, value: object) -> str:
    text = _trimmed(label, value)
    if not text:
        raise ValueError(f"{label} must not be empty.")
    return text


def _optional(parse: Callable[[str, str], str]) -> Callable[[str, object], str | None]:
    """None or blank text means "not set"."""

    def read(label: str, value: object) -> str | None:
        if value is None:
            return None
        text = _trimmed(label, value)
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
    if isinstance(value, date) and not isinstance(value, datetime):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise ValueError(f"{label} must be a date such as 2026-05-01{_got(value)}.")


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
            parsed = time.fromisoformat(value.strip())
    if parsed is None:
        raise ValueError(f"{label} must be a time of day such as 09:30{_got(value)}.")
    if parsed.tzinfo is not None:
        raise ValueError(
            f"{label} must be a local time without a UTC offset; the time zone is a field "
            f"of its own{_got(value)}."
        )
    return parsed


def _travellers(label: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{label} must be a whole number of at least 1{_got(value)}.")
    return value


def _budget(label: str, value: object) -> Decimal | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    amount: Decimal | None = None
    if isinstance(value, Decimal):
        amount = value
    elif isinstance(value, int | float | str) and not isinstance(value, bool):
        with suppress(InvalidOperation):
            amount = Decimal(str(value).strip())
    if amount is None or not amount.is_finite():
        raise ValueError(f"{label} must be an amount such as 1234.50{_got(value)}.")
    if amount < 0:
        raise ValueError(f"{label} must not be negative{_got(value)}.")
    return amount


def _currency(label: str, value: object) -> str:
    code = _trimmed(label, value).upper()
    if not _THREE_LETTERS.fullmatch(code):
        raise ValueError(f"{label} must be a three-letter ISO 4217 code such as EUR{_got(value)}.")
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
            raise ValueError(f"{label} must be a list of words{_got(value)}.")
        interest = part.strip()
        if interest:
            kept.setdefault(interest.casefold(), interest)
    return tuple(kept.values())


def _pace(label: str, value: object) -> Pace:
    try:
        return Pace(_trimmed(label, value).lower())
    except ValueError:
        options = ", ".join(pace.value for pace in Pace)
        raise ValueError(f"{label} must be one of {options}{_got(value)}.") from None


TRIP_RULES: Mapping[str, FieldRule] = {
    "title": FieldRule("Title", _required_text),
    "origin": FieldRule("Origin", _trimmed),
    "origin_code": FieldRule("Origin airport code", _optional(_airport_code)),
    "origin_tz": FieldRule("Origin time zone", _optional(_time_zone)),
    "destination": FieldRule("Destination", _trimmed),
    "destination_code": FieldRule("Destination airport code", _optional(_airport_code)),
    "destination_tz": FieldRule("Destination time zone", _optional(_time_zone)),
    "start_date": FieldRule("Start date", _optional_date),
    "end_date": FieldRule("End date", _optional_date),
    "travellers": FieldRule("Travellers", _travellers),
    "budget_amount": FieldRule("Budget", _budget),
    "budget_currency": FieldRule("Currency", _currency),
    "interests": FieldRule("Interests", _interests),
    "pace": FieldRule("Pace", _pace),
    "notes": FieldRule("Notes", _text),
}

ITEM_RULES: Mapping[str, FieldRule] = {
    "day": FieldRule("Day", _date),
    "start_time": FieldRule("Start time", _optional_time),
    "timezone": FieldRule("Time zone", _optional(_time_zone)),
    "title": FieldRule("Title", _required_text),
    "place": FieldRule("Place", _trimmed),
    "notes": FieldRule("Notes", _text),
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

PIN_RULES: Mapping[str, FieldRule] = {
    "text": FieldRule("Pin text", _required_text),
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


def check_trip(trip: TripRecord, changed: Mapping[str, object]) -> None:
    """Rules that span fields: the end date is not before the start date."""
    start, end = trip.start_date, trip.end_date
    if start is not None and end is not None and end < start:
        field = "end_date" if "end_date" in changed else "start_date"
        raise InvalidChangeError(
            field,
            f"The end date ({format_date(end)}) is before the start date ({format_date(start)}).",
        )


def check_position(position: int | None) -> None:
    """A list position: None (the end), or 0 and up; past the end means the end."""
    if position is not None and (
        isinstance(position, bool) or not isinstance(position, int) or position < 0
    ):
        raise InvalidChangeError(
            "position", f"Position must be a whole number of 0 or more (got {position!r})."
        )
