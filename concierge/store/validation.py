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

import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from .day_text import format_date
from .errors import InvalidChangeError
from .field_kinds import LINE_LIMIT as LINE_LIMIT
from .field_kinds import MAX_YEAR as MAX_YEAR
from .field_kinds import MIN_YEAR as MIN_YEAR
from .field_kinds import TEXT_LIMIT as TEXT_LIMIT
from .field_kinds import (
    AirportCode,
    Amount,
    Choice,
    CurrencyCode,
    Day,
    Kind,
    Line,
    Text,
    TimeOfDay,
    Whole,
    Words,
    Zone,
    got,
    short,
)
from .field_kinds import stored_text as stored_text
from .records import Pace, TripRecord

MAX_TRIP_DAYS = 365
"""The longest trip accepted, counting both the first and the last day."""
MAX_TRAVELLERS = 999
MAX_BUDGET = Decimal(10) ** 12
"""A budget of a trillion or more is a typing mistake, and beyond what money formats."""
MAX_INTERESTS = 50
MAX_SHARED = 100
"""Sensitive values a person can share with the assistant on one trip."""
PIN_TEXT_LIMIT = 500
"""Characters in a pin: a preference or fact, repeated in every snapshot."""

_TRIGGER = re.compile(r"[a-z][a-z0-9_-]*:\S+")


@dataclass(frozen=True, slots=True)
class FieldRule:
    """How to read one editable field: `parse(label, value)` returns the normalized value or
    raises ValueError with the message for the person. When `parse` is a `Kind` (Line(200),
    Whole(1, 999), …) the rule also declares the field's type and limits for the table, the
    tool schemas and the form. `sensitive`: the model sees "on file" instead of the value
    unless the person shares it. `description`: one line for the model, in tool schemas."""

    label: str
    parse: Callable[[str, object], object]
    default: object = None
    sensitive: bool = False
    description: str = ""

    @property
    def kind(self) -> Kind | None:
        return self.parse if isinstance(self.parse, Kind) else None


def _optional(parse: Callable[[str, Any], object]) -> Callable[[str, object], object]:
    """The same rule where None or blank text means "not set": a kind stays a kind."""
    if isinstance(parse, Kind):
        optional: Kind = dataclasses.replace(parse, nullable=True)  # type: ignore[type-var]
        return optional

    def read(label: str, value: object) -> object:
        if value is None:
            return None
        text = _line(label, value)
        return parse(label, text) if text else None

    return read


# The names the rules below are written with: rules added elsewhere in this form keep working.
_got = got
_short = short
_text = stored_text
_line = Line()
_required_text = Line(required=True)
_notes = Text()
_date = Day()
_optional_date = Day(nullable=True)
_optional_time = TimeOfDay()
_airport_code = AirportCode()
_time_zone = Zone()
_travellers = Whole(1, MAX_TRAVELLERS)
_budget = Amount(MAX_BUDGET)
_currency = CurrencyCode()
_interests = Words(MAX_INTERESTS)
_pace = Choice(Pace)


TRIP_RULES: Mapping[str, FieldRule] = {
    "title": FieldRule("Title", _required_text, "New trip"),
    "origin": FieldRule(
        "Origin", _line, "", description="City or airport, e.g. 'Lisbon' or 'LIS'."
    ),
    "origin_code": FieldRule("Origin airport code", _optional(_airport_code)),
    "origin_tz": FieldRule("Origin time zone", _optional(_time_zone)),
    "destination": FieldRule(
        "Destination", _line, "", description="City or airport, e.g. 'Porto' or 'OPO'."
    ),
    "destination_code": FieldRule("Destination airport code", _optional(_airport_code)),
    "destination_tz": FieldRule("Destination time zone", _optional(_time_zone)),
    "start_date": FieldRule("Start date", _optional_date),
    "end_date": FieldRule("End date", _optional_date),
    "travellers": FieldRule("Travellers", _travellers, 1),
    "budget_amount": FieldRule("Budget", _budget, description="Total budget, e.g. 1800."),
    "budget_currency": FieldRule("Currency", _currency, "EUR", description="ISO 4217, e.g. EUR."),
    "interests": FieldRule("Interests", _interests, ()),
    "pace": FieldRule("Pace", _pace, Pace.BALANCED),
    "notes": FieldRule("Notes", _notes, ""),
    "shared_values": FieldRule("Shared with the assistant", Words(MAX_SHARED), ()),
}

ITEM_RULES: Mapping[str, FieldRule] = {
    "day": FieldRule("Day", _date),
    "start_time": FieldRule(
        "Start time", _optional_time, description="Local time at the place, HH:MM."
    ),
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

FORM_KEY_RULES: Mapping[str, FieldRule] = {
    "form_id": FieldRule("Form id", _required_text),
    "field": FieldRule("Field name", _required_text),
}


def defaults(rules: Mapping[str, FieldRule]) -> dict[str, object]:
    """Each field's declared default: what a new record starts with."""
    return {name: rule.default for name, rule in rules.items()}


def whole_range(rule: FieldRule) -> tuple[int, int]:
    """The lowest and highest value of a whole-number field, for a spin box."""
    if not isinstance(rule.kind, Whole):
        raise TypeError(f"{rule.label} is not declared as a whole number.")
    return rule.kind.minimum, rule.kind.maximum


def text_limit(rule: FieldRule) -> int | None:
    """The most characters a text field keeps, for an editor's maximum length."""
    return rule.kind.limit if isinstance(rule.kind, Line | Text) else None


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
