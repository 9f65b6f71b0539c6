"""The kinds of itinerary item, one row each (`ITEM_KINDS`), and `ItemKind`, the value an item
stores. A new kind is one row, plus its translations and a migration for the store's CHECK
constraint.

The table is read when asked, never copied into another module's constants, so a test can add a row
to `ITEM_KINDS.rows` and find the kind everywhere without reloading a module."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from concierge.text import QT_TRANSLATE_NOOP

from .categories import ExpenseCategory

JOURNEY_DETAILS = ("carrier", "service_number", "from_place", "to_place", "seat")
"""What a journey on a carrier's service asks for."""
ROUTE_DETAILS = ("from_place", "to_place")
"""Where something goes from and to."""
VISIT_DETAILS = ("hours",)
"""Details of a place one visits: its opening hours."""
COMMON_DETAILS = ("confirmation_code", "provider", "address", "link")
"""Details every kind can carry (besides the cost)."""

_CONTINUES = QT_TRANSLATE_NOOP("ItemText", "continues")
SPAN_WORDS = (
    QT_TRANSLATE_NOOP("ItemText", "starts"),
    _CONTINUES,
    QT_TRANSLATE_NOOP("ItemText", "ends"),
)
"""What an item spanning days does on its first, middle and last day."""
JOURNEY_WORDS = (
    QT_TRANSLATE_NOOP("ItemText", "departs"),
    _CONTINUES,
    QT_TRANSLATE_NOOP("ItemText", "arrives"),
)


@dataclass(frozen=True, eq=False)
class ItemKindSpec:
    """One kind of itinerary item: every attribute a kind has, so none can be missing."""

    value: str
    """As stored, and as the tools, the CSV and the calendar's own fields write it."""
    label: str
    """Its name, marked for translation in the "ItemKind" context."""
    category: ExpenseCategory
    """The ledger category its planned cost counts in."""
    hue: int | None
    """Its colour on the timeline, a hue on the HSL wheel (None: grey); red is left to
    overlaps."""
    details: tuple[str, ...] = ()
    """The details only this kind asks for, in the editor's order."""
    default_minutes: int = 60
    """How long it is assumed to last without an end: the timeline never promises free time
    that is probably taken."""
    transport: bool = False
    """A journey on a carrier's service (flight, train…): it leaves and arrives, counts as
    time in transit, and a night on board needs no bed. A rental car moves between places
    too (`between_places`) but is no journey of its own."""
    point: bool = False
    """Shown on the timeline as its start and end moments rather than a span: a hotel is a
    check-in on the first day, a check-out on the last and all-day in between; as a span it
    would sit beside everything planned for the evening and clash with every dinner."""
    nights: bool = False
    """Counted in nights: in iCalendar an all-day event over them, DTEND its check-out day."""
    background: bool = False
    """Runs beside everything else: never reported as overlapping."""
    entered: bool = False
    """A place the person goes into: what step-free access is about."""
    field_labels: Mapping[str, str] = field(default_factory=dict)
    """Fields this kind calls otherwise ("Field" context): a car's From is its pick-up."""
    editor_labels: Mapping[str, str] = field(default_factory=dict)
    """The editor's day rows this kind calls otherwise ("ItemEditor" context)."""
    day_words: tuple[str, str, str] = ("", "", "")
    """What it does on its first, middle and last day when it spans days; by default a
    journey's departs and arrives, anything else's starts and ends."""
    schema_org: tuple[str, ...] = ()
    """The schema.org reservation @types an e-mail's markup maps to it."""
    pkpass: tuple[str, ...] = ()
    """The Wallet pass transit types that map to it."""
    csv_names: tuple[str, ...] = ()
    """What a CSV's kind column may say for it, besides its value."""
    words: str = ""
    """A pattern of words in free text (a calendar event, a title) that suggest it."""
    words_rank: int = 0
    """The order those patterns are tried in, lowest first: a car hire at a station is a car,
    a hotel by the station lodging."""

    def __post_init__(self) -> None:
        if not any(self.day_words):
            words = JOURNEY_WORDS if self.transport else SPAN_WORDS
            object.__setattr__(self, "day_words", words)

    @property
    def kind(self) -> ItemKind:
        return ItemKind(self.value)

    @property
    def between_places(self) -> bool:
        """It goes from one place to another (a journey, a rental car): it has a route."""
        return "to_place" in self.details

    @property
    def has_hours(self) -> bool:
        """A place with opening hours, which a public holiday can close."""
        return "hours" in self.details

    @property
    def ics_categories(self) -> tuple[str, ...]:
        """The CATEGORIES of its calendar event."""
        return (self.label,)

    def field_label(self, name: str) -> str | None:
        """This kind's own label for a field, None where it uses the field's."""
        return self.field_labels.get(name)


class KindTable:
    """The rows in the order every list shows them. `rows` may be replaced (a test adds a
    kind): everything derived is read from it when asked."""

    def __init__(self, rows: tuple[ItemKindSpec, ...]) -> None:
        self.rows = rows
        self._indexed: tuple[tuple[ItemKindSpec, ...], dict[str, ItemKindSpec]] = ((), {})

    def __iter__(self) -> Iterator[ItemKindSpec]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def get(self, value: str) -> ItemKindSpec | None:
        rows, index = self._indexed
        if rows is not self.rows:
            index = {row.value: row for row in self.rows}
            self._indexed = (self.rows, index)
        return index.get(value)

    def values(self) -> tuple[str, ...]:
        return tuple(row.value for row in self.rows)

    def details(self) -> tuple[str, ...]:
        """Every detail some kind asks for, in the editor's order."""
        return tuple(dict.fromkeys(name for row in self.rows for name in row.details))


ITEM_KINDS = KindTable(
    (
        ItemKindSpec(
            value="flight",
            label=QT_TRANSLATE_NOOP("ItemKind", "Flight"),
            category=ExpenseCategory.TRANSPORT,
            transport=True,
            details=JOURNEY_DETAILS,
            default_minutes=120,
            hue=210,
            schema_org=("FlightReservation",),
            pkpass=("PKTransitTypeAir",),
            csv_names=("plane",),
            words=r"\b(flight|flug|vol|vuelo|voo|boarding|airlines?)\b|✈",
            words_rank=0,
        ),
        ItemKindSpec(
            value="train",
            label=QT_TRANSLATE_NOOP("ItemKind", "Train"),
            category=ExpenseCategory.TRANSPORT,
            transport=True,
            details=JOURNEY_DETAILS,
            default_minutes=90,
            hue=135,
            schema_org=("TrainReservation",),
            pkpass=("PKTransitTypeTrain",),
            csv_names=("rail",),
            words=r"\b(train|rail|bahn|ice ?\d+|tgv|eurostar|amtrak)\b",
            words_rank=3,
        ),
        ItemKindSpec(
            value="bus",
            label=QT_TRANSLATE_NOOP("ItemKind", "Bus"),
            category=ExpenseCategory.TRANSPORT,
            transport=True,
            details=JOURNEY_DETAILS,
            hue=55,
            schema_org=("BusReservation",),
            pkpass=("PKTransitTypeBus",),
            csv_names=("coach",),
            words=r"\b(bus|coach|flixbus)\b",
            words_rank=4,
        ),
        ItemKindSpec(
            value="car",
            label=QT_TRANSLATE_NOOP("ItemKind", "Car"),
            category=ExpenseCategory.TRANSPORT,
            details=ROUTE_DETAILS,
            hue=85,
            background=True,
            field_labels={
                "from_place": QT_TRANSLATE_NOOP("Field", "Pick-up"),
                "to_place": QT_TRANSLATE_NOOP("Field", "Drop-off"),
            },
            editor_labels={"end_day": QT_TRANSLATE_NOOP("ItemEditor", "Drop-off day")},
            day_words=(
                QT_TRANSLATE_NOOP("ItemText", "pick-up"),
                _CONTINUES,
                QT_TRANSLATE_NOOP("ItemText", "drop-off"),
            ),
            schema_org=("RentalCarReservation",),
            csv_names=("rental car",),
            words=r"\b(car rental|rental car|rent-a-car|hire car|car hire)\b",
            words_rank=1,
        ),
        ItemKindSpec(
            value="ferry",
            label=QT_TRANSLATE_NOOP("ItemKind", "Ferry"),
            category=ExpenseCategory.TRANSPORT,
            transport=True,
            details=JOURNEY_DETAILS,
            hue=180,
            pkpass=("PKTransitTypeBoat",),
            csv_names=("boat",),
            words=r"\b(ferry|ferries)\b",
            words_rank=5,
        ),
        ItemKindSpec(
            value="lodging",
            label=QT_TRANSLATE_NOOP("ItemKind", "Lodging"),
            category=ExpenseCategory.LODGING,
            default_minutes=30,
            hue=290,
            point=True,
            nights=True,
            background=True,
            entered=True,
            field_labels={
                "start_time": QT_TRANSLATE_NOOP("Field", "Check-in"),
                "end_time": QT_TRANSLATE_NOOP("Field", "Check-out"),
            },
            editor_labels={
                "day": QT_TRANSLATE_NOOP("ItemEditor", "Check-in day"),
                "end_day": QT_TRANSLATE_NOOP("ItemEditor", "Check-out day"),
            },
            day_words=(
                QT_TRANSLATE_NOOP("ItemText", "check-in"),
                _CONTINUES,
                QT_TRANSLATE_NOOP("ItemText", "check-out"),
            ),
            schema_org=("LodgingReservation",),
            csv_names=("hotel", "accommodation", "stay"),
            words=r"\b(hotel|hostel|lodging|stay|airbnb|check-?in|inn|b&b)\b",
            words_rank=2,
        ),
        ItemKindSpec(
            value="activity",
            label=QT_TRANSLATE_NOOP("ItemKind", "Activity"),
            category=ExpenseCategory.ACTIVITIES,
            details=VISIT_DETAILS,
            hue=250,
            entered=True,
            schema_org=("EventReservation",),
            csv_names=("event", "sight"),
        ),
        ItemKindSpec(
            value="meal",
            label=QT_TRANSLATE_NOOP("ItemKind", "Meal"),
            category=ExpenseCategory.FOOD,
            details=VISIT_DETAILS,
            hue=25,
            entered=True,
            schema_org=("FoodEstablishmentReservation",),
            csv_names=("restaurant", "food"),
            words=r"\b(dinner|lunch|breakfast|brunch|restaurant|table for)\b",
            words_rank=6,
        ),
        ItemKindSpec(
            value="note",
            label=QT_TRANSLATE_NOOP("ItemKind", "Note"),
            category=ExpenseCategory.OTHER,
            default_minutes=15,
            hue=None,
            background=True,
            pkpass=("PKTransitTypeGeneric",),
        ),
    )
)


class _KindType(type):
    """`ItemKind`'s class behaviour, read from the table: iterating it, `ItemKind("flight")`
    (ValueError for a value no row has) and `ItemKind.FLIGHT`."""

    _made: dict[str, ItemKind]

    def __iter__(cls) -> Iterator[ItemKind]:
        return (row.kind for row in ITEM_KINDS.rows)

    def __len__(cls) -> int:
        return len(ITEM_KINDS.rows)

    def __call__(cls, value: object) -> ItemKind:
        if isinstance(value, ItemKind):
            return value
        text = str(value) if isinstance(value, str) else None
        if text is None or ITEM_KINDS.get(text) is None:
            raise ValueError(f"{value!r} is not a valid ItemKind")
        made = cls._made.get(text)
        if made is None:
            made = cls._made[text] = super().__call__(text)
        return made

    def __getattr__(cls, name: str) -> ItemKind:
        if name.isupper() and ITEM_KINDS.get(name.lower()) is not None:
            return cls(name.lower())
        raise AttributeError(name)


class ItemKind(str, metaclass=_KindType):
    """What an itinerary item is: one of the table's values, compared and stored as that
    text. One object per value, so `item.kind is ItemKind.FLIGHT` holds; `spec` is its row."""

    __slots__ = ()
    _made: ClassVar[dict[str, ItemKind]] = {}

    @property
    def value(self) -> str:
        return str.__str__(self)

    @property
    def name(self) -> str:
        return self.value.upper()

    @property
    def spec(self) -> ItemKindSpec:
        row = ITEM_KINDS.get(self.value)
        if row is None:
            raise ValueError(f"{self.value!r} is no longer a kind of item")
        return row

    @property
    def label(self) -> str:
        return self.spec.label

    def __str__(self) -> str:
        return self.value

    @classmethod
    def __get_pydantic_core_schema__(cls, source: object, handler: object) -> Any:
        """Validated against the table as it is when a value arrives; sent as its text."""
        from pydantic_core import core_schema

        return core_schema.no_info_plain_validator_function(
            cls,
            json_schema_input_schema=core_schema.str_schema(),
            serialization=core_schema.plain_serializer_function_ser_schema(str, when_used="json"),
        )

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: object, handler: object) -> dict[str, Any]:
        return {"type": "string", "enum": list(ITEM_KINDS.values())}

    def __repr__(self) -> str:
        return f"<ItemKind.{self.name}: {self.value!r}>"

    def __reduce__(self) -> tuple[Any, ...]:
        return (ItemKind, (self.value,))

    def __copy__(self) -> ItemKind:
        return self

    def __deepcopy__(self, memo: object) -> ItemKind:
        return self
