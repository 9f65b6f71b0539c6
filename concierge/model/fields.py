"""Each entity's fields, declared once: kind, default, label, sensitivity, whether its source is
tracked, the names a spreadsheet column may give it.

A field's key is its name everywhere: the record's attribute, the table's column, the tool's
argument and the trip file's JSON key. Fields the store keeps itself (ids, positions, timestamps, a
goal's status) are named in `managed`: nobody edits them."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from concierge.text import QT_TRANSLATE_NOOP

from .categories import ExpenseCategory
from .constraints import constraint_rule
from .field_kinds import (
    AirportCode,
    Amount,
    Choice,
    CurrencyCode,
    Day,
    Flag,
    Kind,
    Line,
    Link,
    Minutes,
    Name,
    Split,
    Text,
    TimeOfDay,
    Trigger,
    Whole,
    Words,
    Zone,
    empty,
)
from .kinds import ItemKind

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
MAX_SPLIT = 50
"""People one expense can be split between."""
NAME_LIMIT = 60
"""Characters in a traveller's name in the ledger."""
DEFAULT_PAYER = "Me"
"""Who paid, until the person names someone else."""
FILE_NAME_LIMIT = 255
"""Characters in an attached file's name, as file systems keep them."""


class Pace(StrEnum):
    RELAXED = "relaxed"
    BALANCED = "balanced"
    PACKED = "packed"


class GoalStatus(StrEnum):
    OPEN = "open"
    DONE = "done"


_KINDS_EMPTY = object()


@dataclass(frozen=True, slots=True)
class FieldRule:
    """One field: `parse(label, value)` returns the normalized value or raises ValueError with the
    message for the person. `sensitive`: the model sees "on file" unless the person shares it.
    `fact`: a time, price or address someone may have guessed, so the store records who set it and
    shows the assistant's unconfirmed ones as unverified. `aliases`: other names a spreadsheet's
    column may give the field.

    In the snapshot, `prose` is text in someone's own words, shown with its sensitive values held
    back; a `detail` is listed after an item's title as "label value". `tool`: the assistant's tools
    take it as an argument. `part_of`: the field under whose fact this one is marked (a cost's
    currency is the cost's)."""

    label: str
    parse: Callable[[str, object], object]
    default: object = _KINDS_EMPTY
    """The value a new record starts with; by default the kind's `empty`."""
    sensitive: bool = False
    description: str = ""
    fact: bool = False
    aliases: tuple[str, ...] = ()
    prose: bool = False
    detail: bool = False
    tool: bool = True
    part_of: str | None = None

    def __post_init__(self) -> None:
        if self.default is _KINDS_EMPTY:
            kind = self.kind
            object.__setattr__(self, "default", None if kind is None else empty(kind))

    @property
    def kind(self) -> Kind | None:
        return self.parse if isinstance(self.parse, Kind) else None


@dataclass(frozen=True, slots=True)
class Entity:
    """One kind of record: `name` as the change log names it, `noun` as messages name one
    ("an itinerary item"), the editable `fields` in their order, and the fields the store
    keeps itself (`managed`)."""

    name: str
    noun: str
    fields: Mapping[str, FieldRule]
    managed: tuple[str, ...]

    @property
    def names(self) -> frozenset[str]:
        """One kind of record: `name` as the change log names it, `noun` as messages name one."""
        return frozenset((*self.fields, *self.managed))

    @property
    def facts(self) -> tuple[str, ...]:
        """The fields whose source the store tracks, in declaration order."""
        return tuple(name for name, rule in self.fields.items() if rule.fact)

    @property
    def sensitive(self) -> frozenset[str]:
        return frozenset(name for name, rule in self.fields.items() if rule.sensitive)

    @property
    def prose(self) -> tuple[str, ...]:
        """The fields in someone's own words, scanned for sensitive values."""
        return tuple(name for name, rule in self.fields.items() if rule.prose)

    @property
    def details(self) -> tuple[str, ...]:
        """The fields the snapshot lists as an item's details, in declaration order."""
        return tuple(name for name, rule in self.fields.items() if rule.detail)

    def marked_as(self, name: str) -> str:
        """The field a mark on `name` is shown on (see `FieldRule.part_of`)."""
        rule = self.fields.get(name)
        return rule.part_of if rule is not None and rule.part_of is not None else name

    def with_field(self, name: str, rule: FieldRule) -> Entity:
        """The same entity with one more field (a fixture's, or a new one being tried)."""
        return dataclasses.replace(self, fields={**self.fields, name: rule})


def optional(parse: Kind) -> Kind:
    """The same kind where None or blank text means "not set"."""
    nullable: Kind = dataclasses.replace(parse, nullable=True)  # type: ignore[type-var]
    return nullable


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


_line = Line()
_required_text = Line(required=True)
_notes = Text()
_date = Day()
_optional_date = Day(nullable=True)
_optional_time = TimeOfDay()
_airport_code = optional(AirportCode())
_time_zone = optional(Zone())
_budget = Amount(MAX_BUDGET)
_currency = CurrencyCode()
_name = Name(NAME_LIMIT)
_TIMESTAMPS = ("created_at", "updated_at")


TRIP = Entity(
    "trip",
    "a trip",
    {
        "title": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Title"), _required_text, "New trip", prose=True
        ),
        "origin": FieldRule(QT_TRANSLATE_NOOP("Field", "Origin"), _line),
        "origin_code": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Origin airport code"), _airport_code, tool=False
        ),
        "origin_tz": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Origin time zone"), _time_zone, tool=False
        ),
        "start_date": FieldRule(QT_TRANSLATE_NOOP("Field", "Start date"), _optional_date),
        "end_date": FieldRule(QT_TRANSLATE_NOOP("Field", "End date"), _optional_date),
        "travellers": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Travellers"), Whole(1, MAX_TRAVELLERS), 1
        ),
        "budget_amount": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Budget"), _budget, description="The total."
        ),
        "budget_currency": FieldRule(QT_TRANSLATE_NOOP("Field", "Currency"), _currency, "EUR"),
        "interests": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Interests"), Words(MAX_INTERESTS), prose=True
        ),
        "pace": FieldRule(QT_TRANSLATE_NOOP("Field", "Pace"), Choice(Pace), Pace.BALANCED),
        "notes": FieldRule(QT_TRANSLATE_NOOP("Field", "Notes"), _notes, prose=True),
        "shared_values": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Shared with the assistant"),
            Words(MAX_SHARED),
            tool=False,
        ),
    },
    managed=("id", "position", *_TIMESTAMPS),
)

ITEM = Entity(
    "itinerary_item",
    "an itinerary item",
    {
        "day": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Day"),
            _date,
            aliases=("date", "start date", "start day", "check in date", "departure date"),
        ),
        "start_time": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Start time"),
            _optional_time,
            description="HH:MM, local at the place.",
            fact=True,
            aliases=("time", "start", "from time", "departs", "departure time"),
        ),
        "timezone": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Time zone"),
            _time_zone,
            description="IANA; default: the stop's.",
            aliases=("time zone", "tz", "zone", "start time zone"),
        ),
        "title": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Title"),
            _required_text,
            prose=True,
            aliases=("name", "what", "summary", "item", "event", "activity", "subject"),
        ),
        "place": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Place"),
            _line,
            prose=True,
            aliases=("location", "where", "venue", "city"),
        ),
        "notes": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Notes"),
            _notes,
            prose=True,
            aliases=("note", "comments", "comment", "description", "details", "remarks"),
        ),
        "kind": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Kind"),
            Choice(ItemKind),
            ItemKind.ACTIVITY,
            aliases=("type", "category"),
        ),
        "end_day": FieldRule(
            QT_TRANSLATE_NOOP("Field", "End day"),
            _optional_date,
            fact=True,
            aliases=("end date", "to date", "check out date", "arrival date"),
        ),
        "end_time": FieldRule(
            QT_TRANSLATE_NOOP("Field", "End time"),
            _optional_time,
            description="HH:MM, in end_timezone.",
            fact=True,
            aliases=("end", "to time", "until", "arrives", "arrival time"),
        ),
        "end_timezone": FieldRule(
            QT_TRANSLATE_NOOP("Field", "End time zone"),
            _time_zone,
            aliases=("end timezone", "end tz", "end zone"),
        ),
        "all_day": FieldRule(
            QT_TRANSLATE_NOOP("Field", "All day"),
            Flag(),
            aliases=("whole day", "allday"),
        ),
        "duration_minutes": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Duration"),
            Minutes(MAX_DURATION_MINUTES),
            description="Instead of an end.",
            fact=True,
            aliases=("duration minutes", "minutes", "length"),
        ),
        "carrier": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Carrier"),
            _line,
            detail=True,
            aliases=("airline", "operator"),
        ),
        "service_number": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Number"),
            _line,
            detail=True,
            aliases=("flight", "flight number", "train number", "service number"),
        ),
        "from_place": FieldRule(
            QT_TRANSLATE_NOOP("Field", "From"),
            _line,
            detail=True,
            aliases=("origin", "pick up", "pickup"),
        ),
        "to_place": FieldRule(
            QT_TRANSLATE_NOOP("Field", "To"),
            _line,
            detail=True,
            aliases=("destination", "drop off", "dropoff"),
        ),
        "seat": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Seat"),
            _line,
            detail=True,
            sensitive=True,
            aliases=("seats", "seat number"),
        ),
        "confirmation_code": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Confirmation code"),
            _line,
            detail=True,
            sensitive=True,
            aliases=(
                "confirmation",
                "booking reference",
                "booking ref",
                "reference",
                "pnr",
                "booking code",
                "record locator",
            ),
        ),
        "provider": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Provider"),
            _line,
            detail=True,
            aliases=("company", "vendor", "supplier", "booked with", "hotel"),
        ),
        "address": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Address"),
            _line,
            fact=True,
            detail=True,
            aliases=("street",),
        ),
        "link": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Link"),
            Link(LINK_LIMIT),
            aliases=("url", "website", "web"),
        ),
        "cost_amount": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Cost"),
            _budget,
            fact=True,
            aliases=("price", "amount", "total", "cost amount"),
        ),
        "cost_currency": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Cost currency"),
            CurrencyCode(nullable=True),
            fact=True,
            part_of="cost_amount",
            aliases=("currency", "ccy"),
        ),
        "hours": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Opening hours"), _line, fact=True, detail=True
        ),
    },
    managed=("id", "trip_id", "position", *_TIMESTAMPS),
)

STOP = Entity(
    "trip_stop",
    "a stop",
    {
        "place": FieldRule(QT_TRANSLATE_NOOP("Field", "Stop"), _required_text),
        "place_code": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Stop airport code"), _airport_code, tool=False
        ),
        "timezone": FieldRule(QT_TRANSLATE_NOOP("Field", "Stop time zone"), _time_zone, tool=False),
        "arrive": FieldRule(QT_TRANSLATE_NOOP("Field", "Arrival date"), _optional_date),
        "depart": FieldRule(QT_TRANSLATE_NOOP("Field", "Departure date"), _optional_date),
    },
    managed=("id", "trip_id", "position", *_TIMESTAMPS),
)

EXPENSE = Entity(
    "expense",
    "an expense",
    {
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
            QT_TRANSLATE_NOOP("Field", "Category"),
            Choice(ExpenseCategory),
            ExpenseCategory.OTHER,
        ),
        "description": FieldRule(QT_TRANSLATE_NOOP("Field", "Description"), _line),
        "paid_by": FieldRule(QT_TRANSLATE_NOOP("Field", "Paid by"), _name, DEFAULT_PAYER),
        "split": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Split"),
            Split(MAX_SPLIT, _name, MAX_BUDGET),
            description="Names sharing equally; default: all.",
        ),
        "item_id": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Itinerary item"), Line(nullable=True), tool=False
        ),
    },
    managed=("id", "trip_id", *_TIMESTAMPS),
)

GOAL = Entity(
    "goal",
    "a goal",
    {
        "title": FieldRule(QT_TRANSLATE_NOOP("Field", "Goal title"), _required_text),
        "completes_on": FieldRule(QT_TRANSLATE_NOOP("Field", "Completes on"), Trigger()),
    },
    managed=(
        "id",
        "trip_id",
        "status",
        "position",
        "created_by",
        "completed_at",
        "completed_by",
        "seen_by_assistant",
        *_TIMESTAMPS,
    ),
)

PIN = Entity(
    "pin",
    "a pin",
    {
        "text": FieldRule(
            QT_TRANSLATE_NOOP("Field", "Pin text"), Line(PIN_TEXT_LIMIT, required=True)
        ),
        "rule": FieldRule(QT_TRANSLATE_NOOP("Field", "Constraint"), constraint_rule, None),
        "rule_confirmed": FieldRule(QT_TRANSLATE_NOOP("Field", "Constraint confirmed"), Flag()),
    },
    managed=("id", "trip_id", "position", "created_by", *_TIMESTAMPS),
)

FORM = Entity(
    "form",
    "a form",
    {"form_id": FieldRule(QT_TRANSLATE_NOOP("Field", "Form id"), _required_text)},
    managed=("id", "trip_id", "completed_at", *_TIMESTAMPS),
)

FORM_ANSWER = Entity(
    "form_answer",
    "a form answer",
    {"field": FieldRule(QT_TRANSLATE_NOOP("Field", "Field name"), _required_text)},
    managed=("id", "value", "action", "actor", "at"),
)

DOCUMENT = Entity(
    "document",
    "a document",
    {
        "file_name": FieldRule(
            QT_TRANSLATE_NOOP("Field", "File name"), Line(FILE_NAME_LIMIT, required=True)
        ),
        "note": FieldRule(QT_TRANSLATE_NOOP("Field", "Note"), _notes),
        "item_id": FieldRule(QT_TRANSLATE_NOOP("Field", "Itinerary item"), Line(nullable=True)),
    },
    managed=("id", "trip_id", "stored_name", "media_type", "size_bytes", "sha256", *_TIMESTAMPS),
)

LOCK = Entity(
    "trip_lock",
    "a lock",
    {},
    managed=("id", "trip_id", "kind", "target", "entity", "field", *_TIMESTAMPS),
)
"""A lock is made only by the person's gesture: none of its fields is edited."""

LOCKABLE: tuple[Entity, ...] = (TRIP, ITEM, STOP)
"""The entities whose rows and fields the person can lock against the assistant's changes."""

ENTITIES: tuple[Entity, ...] = tuple(
    value for value in tuple(globals().values()) if isinstance(value, Entity)
)
"""Every entity declared above, in their order: read from this module, not listed again."""

TRIP_RULES = TRIP.fields
ITEM_RULES = ITEM.fields
STOP_RULES = STOP.fields
EXPENSE_RULES = EXPENSE.fields
GOAL_RULES = GOAL.fields
PIN_RULES = PIN.fields
FORM_KEY_RULES: Mapping[str, FieldRule] = {**FORM.fields, **FORM_ANSWER.fields}
"""The keys that name a form and one of its answers."""
