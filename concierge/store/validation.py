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
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_DOWN, Decimal, InvalidOperation
from typing import Any

from concierge.text import QT_TRANSLATE_NOOP, error_text

from .constraints import constraint_rule
from .currency_codes import minor_units
from .errors import InvalidChangeError
from .field_kinds import LINE_LIMIT as LINE_LIMIT
from .field_kinds import MAX_YEAR as MAX_YEAR
from .field_kinds import MIN_YEAR as MIN_YEAR
from .field_kinds import TEXT_LIMIT as TEXT_LIMIT
from .field_kinds import (
    AirportCode,
    Amount,
    Choice,
    Code,
    CurrencyCode,
    Day,
    Flag,
    Kind,
    Line,
    Link,
    Minutes,
    Name,
    Text,
    TimeOfDay,
    Whole,
    Words,
    Zone,
    got,
    one_line,
    refused,
    short,
)
from .field_kinds import stored_text as stored_text
from .records import (
    ExpenseCategory,
    ItemKind,
    ItineraryItemRecord,
    Pace,
    Share,
    StopRecord,
    TripRecord,
)
from .wall_clock import end_of, instant, start_of

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
LINK_LIMIT = 2_000
"""Characters in a link: booking pages carry long query strings."""
MAX_ITEM_DAYS = MAX_TRIP_DAYS
"""The longest an item lasts (a car hired for the whole trip), in days after its first."""
MAX_DURATION_MINUTES = MAX_ITEM_DAYS * 24 * 60

_TRIGGER = re.compile(r"[a-z][a-z0-9_-]*:\S+")


@dataclass(frozen=True, slots=True)
class FieldRule:
    """How to read one editable field: `parse(label, value)` returns the normalized value or
    raises ValueError with the message for the person. When `parse` is a `Kind` (Line(200),
    Whole(1, 999), …) the rule also declares the field's type and limits for the table, the
    tool schemas and the form. `sensitive`: the model sees "on file" instead of the value
    unless the person shares it. `description`: one line for the model, in tool schemas.
    `fact`: a time, price or address someone may have guessed, so the store records who set
    it (`field_sources`) and shows the assistant's unconfirmed ones as unverified."""

    label: str
    parse: Callable[[str, object], object]
    default: object = None
    sensitive: bool = False
    description: str = ""
    fact: bool = False

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
        text = one_line(label, value)
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
    "title": FieldRule(QT_TRANSLATE_NOOP("Field", "Title"), _required_text, "New trip"),
    "origin": FieldRule(QT_TRANSLATE_NOOP("Field", "Origin"), _line, ""),
    "origin_code": FieldRule(
        QT_TRANSLATE_NOOP("Field", "Origin airport code"), _optional(_airport_code)
    ),
    "origin_tz": FieldRule(QT_TRANSLATE_NOOP("Field", "Origin time zone"), _optional(_time_zone)),
    "start_date": FieldRule(QT_TRANSLATE_NOOP("Field", "Start date"), _optional_date),
    "end_date": FieldRule(QT_TRANSLATE_NOOP("Field", "End date"), _optional_date),
    "travellers": FieldRule(QT_TRANSLATE_NOOP("Field", "Travellers"), _travellers, 1),
    "budget_amount": FieldRule(
        QT_TRANSLATE_NOOP("Field", "Budget"), _budget, description="The total."
    ),
    "budget_currency": FieldRule(QT_TRANSLATE_NOOP("Field", "Currency"), _currency, "EUR"),
    "interests": FieldRule(QT_TRANSLATE_NOOP("Field", "Interests"), _interests, ()),
    "pace": FieldRule(QT_TRANSLATE_NOOP("Field", "Pace"), _pace, Pace.BALANCED),
    "notes": FieldRule(QT_TRANSLATE_NOOP("Field", "Notes"), _notes, ""),
    "shared_values": FieldRule(
        QT_TRANSLATE_NOOP("Field", "Shared with the assistant"), Words(MAX_SHARED), ()
    ),
}


ITEM_RULES: Mapping[str, FieldRule] = {
    "day": FieldRule(QT_TRANSLATE_NOOP("Field", "Day"), _date),
    "start_time": FieldRule(
        QT_TRANSLATE_NOOP("Field", "Start time"),
        _optional_time,
        description="HH:MM, local at the place.",
        fact=True,
    ),
    "timezone": FieldRule(
        QT_TRANSLATE_NOOP("Field", "Time zone"),
        _optional(_time_zone),
        description="IANA; default: the stop's.",
    ),
    "title": FieldRule(QT_TRANSLATE_NOOP("Field", "Title"), _required_text),
    "place": FieldRule(QT_TRANSLATE_NOOP("Field", "Place"), _line, ""),
    "notes": FieldRule(QT_TRANSLATE_NOOP("Field", "Notes"), _notes, ""),
    "kind": FieldRule(QT_TRANSLATE_NOOP("Field", "Kind"), Choice(ItemKind), ItemKind.ACTIVITY),
    "end_day": FieldRule(QT_TRANSLATE_NOOP("Field", "End day"), _optional_date, fact=True),
    "end_time": FieldRule(
        QT_TRANSLATE_NOOP("Field", "End time"),
        _optional_time,
        description="HH:MM, in end_timezone.",
        fact=True,
    ),
    "end_timezone": FieldRule(QT_TRANSLATE_NOOP("Field", "End time zone"), _optional(_time_zone)),
    "all_day": FieldRule(QT_TRANSLATE_NOOP("Field", "All day"), Flag(), False),
    "duration_minutes": FieldRule(
        QT_TRANSLATE_NOOP("Field", "Duration"),
        Minutes(MAX_DURATION_MINUTES),
        description="Instead of an end.",
        fact=True,
    ),
    "carrier": FieldRule(QT_TRANSLATE_NOOP("Field", "Carrier"), _line, ""),
    "service_number": FieldRule(QT_TRANSLATE_NOOP("Field", "Number"), _line, ""),
    "from_place": FieldRule(QT_TRANSLATE_NOOP("Field", "From"), _line, ""),
    "to_place": FieldRule(QT_TRANSLATE_NOOP("Field", "To"), _line, ""),
    "seat": FieldRule(QT_TRANSLATE_NOOP("Field", "Seat"), _line, "", sensitive=True),
    "confirmation_code": FieldRule(
        QT_TRANSLATE_NOOP("Field", "Confirmation code"), _line, "", sensitive=True
    ),
    "provider": FieldRule(QT_TRANSLATE_NOOP("Field", "Provider"), _line, ""),
    "address": FieldRule(QT_TRANSLATE_NOOP("Field", "Address"), _line, "", fact=True),
    "link": FieldRule(QT_TRANSLATE_NOOP("Field", "Link"), Link(LINK_LIMIT), ""),
    "cost_amount": FieldRule(QT_TRANSLATE_NOOP("Field", "Cost"), _budget, fact=True),
    "cost_currency": FieldRule(
        QT_TRANSLATE_NOOP("Field", "Cost currency"), CurrencyCode(nullable=True), fact=True
    ),
    "hours": FieldRule(QT_TRANSLATE_NOOP("Field", "Opening hours"), _line, "", fact=True),
}


@dataclass(frozen=True, slots=True)
class Trigger(Code):
    """What completes a goal, as `source:name`; blank is "nothing completes it"."""

    def read(self, label: str, text: str) -> str:
        if not _TRIGGER.fullmatch(text):
            raise refused(
                QT_TRANSLATE_NOOP(
                    "Validation",
                    "{label} must be a trigger such as lookup:holidays or form:trip-brief{got}.",
                ),
                label,
                got=_got(text),
            )
        return text


GOAL_RULES: Mapping[str, FieldRule] = {
    "title": FieldRule(QT_TRANSLATE_NOOP("Field", "Goal title"), _required_text),
    "completes_on": FieldRule(QT_TRANSLATE_NOOP("Field", "Completes on"), Trigger()),
}

PIN_RULES: Mapping[str, FieldRule] = {
    "text": FieldRule(QT_TRANSLATE_NOOP("Field", "Pin text"), Line(PIN_TEXT_LIMIT, required=True)),
    "rule": FieldRule(QT_TRANSLATE_NOOP("Field", "Constraint"), constraint_rule, None),
    "rule_confirmed": FieldRule(QT_TRANSLATE_NOOP("Field", "Constraint confirmed"), Flag(), False),
}

STOP_RULES: Mapping[str, FieldRule] = {
    "place": FieldRule(QT_TRANSLATE_NOOP("Field", "Stop"), _required_text),
    "place_code": FieldRule(
        QT_TRANSLATE_NOOP("Field", "Stop airport code"), _optional(_airport_code)
    ),
    "timezone": FieldRule(QT_TRANSLATE_NOOP("Field", "Stop time zone"), _optional(_time_zone)),
    "arrive": FieldRule(QT_TRANSLATE_NOOP("Field", "Arrival date"), _optional_date),
    "depart": FieldRule(QT_TRANSLATE_NOOP("Field", "Departure date"), _optional_date),
}

FORM_KEY_RULES: Mapping[str, FieldRule] = {
    "form_id": FieldRule(QT_TRANSLATE_NOOP("Field", "Form id"), _required_text),
    "field": FieldRule(QT_TRANSLATE_NOOP("Field", "Field name"), _required_text),
}

MAX_SPLIT = 50
"""People one expense can be split between."""
NAME_LIMIT = 60
"""Characters in a traveller's name in the ledger."""
DEFAULT_PAYER = "Me"
"""Who paid, until the person names someone else."""

_name = Name(NAME_LIMIT)


def _share(label: str, name: str, value: object) -> Decimal:
    text = value if isinstance(value, str) else str(value)
    amount: Decimal | None = None
    if not isinstance(value, bool) and isinstance(value, int | float | str | Decimal):
        with suppress(InvalidOperation, ValueError):
            amount = Decimal(text.strip())
    if amount is None or not amount.is_finite() or amount <= 0 or amount >= MAX_BUDGET:
        raise refused(
            QT_TRANSLATE_NOOP(
                "Validation", "{label}: {name}'s share must be a number more than zero{got}."
            ),
            label,
            name=name,
            got=_got(_short(value)),
        )
    return amount


@dataclass(frozen=True, slots=True)
class Split(Kind):
    """Who shares an expense, and in which parts: a list of {"name", "share"} objects or of
    names (equal parts), or text such as "Me, Ana" or "Me: 2, Ana: 1". Empty means "the
    default" (the repository splits equally between the trip's travellers)."""

    max_people: int

    def __call__(self, label: str, value: object) -> tuple[Share, ...]:
        if value is None:
            return ()
        if isinstance(value, str):
            parts: list[object] = [part for part in value.split(",") if part.strip()]
        elif isinstance(value, list | tuple):
            parts = list(value)
        else:
            raise refused(
                QT_TRANSLATE_NOOP(
                    "Validation", "{label} must be a list of names with their shares{got}."
                ),
                label,
                got=_got(_short(value)),
            )
        shares: dict[str, Share] = {}
        for part in parts:
            if isinstance(part, Share):
                name, weight = _name(label, part.name), _share(label, part.name, part.share)
            elif isinstance(part, dict):
                name = _name(label, part.get("name"))
                weight = _share(label, name, part.get("share", 1))
            elif isinstance(part, str):
                typed, _, typed_share = part.rpartition(":") if ":" in part else (part, "", "1")
                name = _name(label, typed)
                weight = _share(label, name, typed_share)
            else:
                raise refused(
                    QT_TRANSLATE_NOOP(
                        "Validation", "{label} must be a list of names with their shares{got}."
                    ),
                    label,
                    got=_got(part),
                )
            if name.casefold() in shares:
                raise refused(
                    QT_TRANSLATE_NOOP("Validation", "{label} names {name} twice."), label, name=name
                )
            shares[name.casefold()] = Share(name, weight)
        if len(shares) > self.max_people:
            raise refused(
                QT_TRANSLATE_NOOP(
                    "Validation", "{label} can name at most {max_people} people (got {count})."
                ),
                label,
                max_people=self.max_people,
                count=len(shares),
            )
        return tuple(shares.values())

    @property
    def python_type(self) -> Any:
        return list[str]

    def constraints(self) -> dict[str, Any]:
        return {"max_length": self.max_people}


EXPENSE_RULES: Mapping[str, FieldRule] = {
    "amount": FieldRule(
        QT_TRANSLATE_NOOP("Field", "Amount"),
        Amount(MAX_BUDGET, nullable=False, positive=True),
        fact=True,
    ),
    "currency": FieldRule(
        QT_TRANSLATE_NOOP("Field", "Currency"),
        _currency,
        description="Default: the trip's.",
        fact=True,
    ),
    "spent_on": FieldRule(QT_TRANSLATE_NOOP("Field", "Date"), _date),
    "category": FieldRule(
        QT_TRANSLATE_NOOP("Field", "Category"), Choice(ExpenseCategory), ExpenseCategory.OTHER
    ),
    "description": FieldRule(QT_TRANSLATE_NOOP("Field", "Description"), _line, ""),
    "paid_by": FieldRule(QT_TRANSLATE_NOOP("Field", "Paid by"), _name, DEFAULT_PAYER),
    "split": FieldRule(
        QT_TRANSLATE_NOOP("Field", "Split"),
        Split(MAX_SPLIT),
        (),
        description="Names sharing equally; default: all.",
    ),
    "item_id": FieldRule(QT_TRANSLATE_NOOP("Field", "Itinerary item"), Line(nullable=True)),
}


def check_amount(amount: Decimal, currency: str, changed: Mapping[str, object]) -> None:
    """An amount carries no more decimals than its currency has (12.345 EUR is a typo)."""
    units = minor_units(currency)
    if amount != amount.quantize(Decimal(1).scaleb(-units), rounding=ROUND_DOWN):
        field = "amount" if "amount" in changed or "currency" not in changed else "currency"
        decimals = (
            QT_TRANSLATE_NOOP("Validation", "no decimals")
            if units == 0
            else QT_TRANSLATE_NOOP("Validation", "at most {units} decimals").format(units=units)
        )
        raise InvalidChangeError(
            field,
            QT_TRANSLATE_NOOP(
                "Validation",
                "Amount {amount} {currency} has too many decimals; {currency} has {decimals}.",
            ).format(amount=amount, currency=currency, decimals=decimals),
        )


def defaults(rules: Mapping[str, FieldRule]) -> dict[str, object]:
    """Each field's declared default: what a new record starts with."""
    return {name: rule.default for name, rule in rules.items()}


def required_fields(rules: Mapping[str, FieldRule]) -> tuple[str, ...]:
    """The fields a new record cannot be made without: no default, and None is no value of
    their kind (an item's day and title)."""
    return tuple(
        name
        for name, rule in rules.items()
        if rule.default is None and rule.kind is not None and not rule.kind.nullable
    )


def whole_range(rule: FieldRule) -> tuple[int, int]:
    """The lowest and highest value of a whole-number field, for a spin box."""
    if not isinstance(rule.kind, Whole):
        raise TypeError(f"{rule.label} is not declared as a whole number.")
    return rule.kind.minimum, rule.kind.maximum


def text_limit(rule: FieldRule) -> int | None:
    """The most characters a text field keeps, for an editor's maximum length."""
    if isinstance(rule.kind, Line | Text | Link | Name):
        return rule.kind.limit
    return 3 if isinstance(rule.kind, CurrencyCode | AirportCode) else None


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
            raise InvalidChangeError(name, error_text(error)) from None
    return parsed


def trip_problem(trip: TripRecord) -> str | None:
    """What breaks a rule that spans fields (the dates' order and span), or None."""
    start, end = trip.start_date, trip.end_date
    if start is None or end is None:
        return None
    if end < start:
        return QT_TRANSLATE_NOOP(
            "Validation", "The end date ({end}) is before the start date ({start})."
        ).format(end=end, start=start)
    days = (end - start).days + 1
    if days > MAX_TRIP_DAYS:
        return QT_TRANSLATE_NOOP(
            "Validation", "A trip can last at most {most} days; {start} to {end} is {days:,} days."
        ).format(most=MAX_TRIP_DAYS, start=start, end=end, days=days)
    return None


def check_trip(trip: TripRecord, changed: Mapping[str, object]) -> None:
    """Rules that span fields: the end date is not before the start date, and the trip
    lasts at most MAX_TRIP_DAYS."""
    problem = trip_problem(trip)
    if problem is not None:
        field = "end_date" if "end_date" in changed else "start_date"
        raise InvalidChangeError(field, problem)


def _moment(moment: datetime, zone: str | None) -> str:
    values = {"day": moment.date(), "time": moment.strftime("%H:%M")}
    if zone:
        return QT_TRANSLATE_NOOP("Validation", "{day} {time} {zone}").format(**values, zone=zone)
    return QT_TRANSLATE_NOOP("Validation", "{day} {time}").format(**values)


def item_problem(item: ItineraryItemRecord) -> tuple[tuple[str, ...], str] | None:
    """What breaks a rule that spans an item's fields, with the fields involved (the first
    is the one to fix when nothing else says which), or None. Start and end are compared as
    real instants, so a flight may land at an earlier local time in another zone."""
    if item.all_day:
        timed = [
            name
            for name in ("start_time", "end_time", "duration_minutes")
            if getattr(item, name) is not None
        ]
        if timed:
            return (
                (*timed, "all_day"),
                QT_TRANSLATE_NOOP(
                    "Validation",
                    "An all-day item has no start time, end time or duration; clear them or "
                    "turn off All day.",
                ),
            )
    if item.duration_minutes is not None and (
        item.end_time is not None or item.end_day is not None
    ):
        return (
            ("duration_minutes", "end_time", "end_day"),
            QT_TRANSLATE_NOOP("Validation", "Give an end or a duration, not both."),
        )
    start, end = start_of(item), end_of(item)
    if item.end_day is not None:
        # With both times the instants decide: landing westwards can be the day before.
        if item.end_day < item.day and (start is None or end is None):
            return (
                ("end_day", "day"),
                QT_TRANSLATE_NOOP(
                    "Validation", "The end day ({end_day}) is before the day ({day})."
                ).format(end_day=item.end_day, day=item.day),
            )
        if (item.end_day - item.day).days > MAX_ITEM_DAYS:
            return (
                ("end_day", "day"),
                QT_TRANSLATE_NOOP(
                    "Validation",
                    "An item can end at most {most} days after its day; {day} to {end_day} is "
                    "{days:,} days.",
                ).format(
                    most=MAX_ITEM_DAYS,
                    day=item.day,
                    end_day=item.end_day,
                    days=(item.end_day - item.day).days,
                ),
            )
    if start is not None and end is not None and instant(end) < instant(start):
        start_zone = item.timezone
        end_zone = item.end_timezone or item.timezone
        return (
            ("end_time", "end_day", "end_timezone", "start_time", "timezone", "day"),
            (
                QT_TRANSLATE_NOOP(
                    "Validation",
                    "The end ({end}) is before the start ({start}). If it ends on a later day, "
                    "set the end day.",
                )
                if item.end_day is None
                else QT_TRANSLATE_NOOP(
                    "Validation", "The end ({end}) is before the start ({start})."
                )
            ).format(end=_moment(end, end_zone), start=_moment(start, start_zone)),
        )
    if item.cost_amount is not None and item.cost_currency is None:
        return (
            ("cost_currency", "cost_amount"),
            QT_TRANSLATE_NOOP("Validation", "A cost needs its currency, such as EUR."),
        )
    return None


def check_item(item: ItineraryItemRecord, changed: Mapping[str, object]) -> None:
    """Rules that span an item's fields (see `item_problem`), raised naming the changed
    field the problem involves."""
    found = item_problem(item)
    if found is not None:
        fields, message = found
        field = next((name for name in fields if name in changed), fields[0])
        raise InvalidChangeError(field, message)


def stop_problem(stop: StopRecord, trip: TripRecord) -> tuple[str, str] | None:
    """The date field of a stop that breaks a rule spanning fields (departure not before
    arrival; both within the trip's dates when those are set) and why, or None."""
    arrive, depart = stop.arrive, stop.depart
    if arrive is not None and depart is not None and depart < arrive:
        return "depart", QT_TRANSLATE_NOOP(
            "Validation", "The departure from {place} ({depart}) is before the arrival ({arrive})."
        ).format(place=stop.place, depart=depart, arrive=arrive)
    start, end = trip.start_date, trip.end_date
    for field, day, before, after in (
        (
            "arrive",
            arrive,
            QT_TRANSLATE_NOOP(
                "Validation", "The arrival at {place} ({day}) is before the trip starts ({start})."
            ),
            QT_TRANSLATE_NOOP(
                "Validation", "The arrival at {place} ({day}) is after the trip ends ({end})."
            ),
        ),
        (
            "depart",
            depart,
            QT_TRANSLATE_NOOP(
                "Validation",
                "The departure from {place} ({day}) is before the trip starts ({start}).",
            ),
            QT_TRANSLATE_NOOP(
                "Validation", "The departure from {place} ({day}) is after the trip ends ({end})."
            ),
        ),
    ):
        if day is not None and start is not None and day < start:
            return field, before.format(place=stop.place, day=day, start=start)
        if day is not None and end is not None and day > end:
            return field, after.format(place=stop.place, day=day, end=end)
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
            problems[name] = error_text(error)
    return problems


def check_position(position: int | None) -> None:
    """A list position: None (the end), or 0 and up; past the end means the end."""
    if position is not None and (
        isinstance(position, bool) or not isinstance(position, int) or position < 0
    ):
        raise InvalidChangeError(
            "position",
            QT_TRANSLATE_NOOP(
                "Validation", "Position must be a whole number of 0 or more (got {position})."
            ).format(position=repr(position)),
        )
