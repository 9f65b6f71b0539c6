"""How each kind of entity maps between its table row, its record and the change log's JSON.

The repositories and undo write, log and revert any entity the same way through its
`EntitySpec` (form answers are an event log instead, see `form_answers`). A spec checks its
record and table against the entity's declaration at import, so they cannot drift; `stored`
names only the store's own fields kept in another form.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from pydantic import TypeAdapter
from sqlmodel import Session, SQLModel

from concierge.model import fields as declared

from .changes import Actor, EntityKind
from .errors import RecordNotFoundError
from .records import (
    DocumentRecord,
    ExpenseRecord,
    FormInstanceRecord,
    GoalRecord,
    GoalStatus,
    ItineraryItemRecord,
    LockKind,
    LockRecord,
    PinRecord,
    StopRecord,
    TripRecord,
)
from .table_check import check_record, check_table
from .tables import (
    Document,
    Expense,
    FormInstance,
    Goal,
    ItineraryItem,
    Pin,
    Stored,
    Trip,
    TripLock,
    TripStop,
    by_value,
    stored_as,
)


class Record(Protocol):
    """What the store hands out: a frozen dataclass with an id."""

    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    @property
    def id(self) -> str: ...


R = TypeVar("R", bound=Record)
Row = TypeVar("Row", bound=SQLModel)


@dataclass(frozen=True, slots=True, eq=False)
class EntitySpec(Generic[R, Row]):
    """How one declared entity maps to its table and its record. `managed` says how the
    store's own fields that are not kept as themselves are kept (a goal's status)."""

    declaration: declared.Entity
    table: type[Row]
    record_type: type[R]
    trip_id_of: Callable[[R], str | None] = dataclasses.field(default=lambda record: record.trip_id)
    """The trip a record belongs to (None: a pin for every trip)."""
    managed: Mapping[str, Stored] = dataclasses.field(default_factory=dict)
    kind: EntityKind = dataclasses.field(init=False)
    stored: Mapping[str, Stored] = dataclasses.field(init=False)
    adapter: TypeAdapter[R] = dataclasses.field(init=False)
    names: tuple[str, ...] = dataclasses.field(init=False)
    """The record's fields, which are the row's columns."""

    def __post_init__(self) -> None:
        check_record(self.record_type, self.declaration)
        names = tuple(field.name for field in dataclasses.fields(self.record_type))
        stored = {
            name: found
            for name, rule in self.declaration.fields.items()
            if (found := stored_as(rule.kind)) is not None
        }
        stored.update(self.managed)
        check_table(self.table, self.declaration, stored)
        object.__setattr__(self, "kind", EntityKind(self.declaration.name))
        object.__setattr__(self, "stored", stored)
        object.__setattr__(self, "adapter", TypeAdapter(self.record_type))
        object.__setattr__(self, "names", names)

    def to_record(self, row: Row) -> R:
        values = {name: getattr(row, name) for name in self.names}
        for name, stored in self.stored.items():
            values[name] = stored.from_column(values[name])
        return self.record_type(**values)

    def to_columns(self, record: R) -> dict[str, Any]:
        columns = {name: getattr(record, name) for name in self.names}
        for name, stored in self.stored.items():
            columns[name] = stored.to_column(columns[name])
        return columns

    def find(self, session: Session, entity_id: str) -> R | None:
        row = session.get(self.table, entity_id)
        return None if row is None else self.to_record(row)

    def row(self, session: Session, entity_id: str) -> Row:
        """The row with this id; raises `RecordNotFoundError` naming the kind."""
        row = session.get(self.table, entity_id)
        if row is None:
            raise RecordNotFoundError(self.kind.value, entity_id)
        return row

    def new_row(self, record: R) -> Row:
        return self.table(**self.to_columns(record))

    def write(self, row: Row, record: R, names: Collection[str]) -> None:
        for name, value in self.to_columns(record).items():
            if name in names:
                setattr(row, name, value)

    def to_json(self, record: R, names: Collection[str] | None = None) -> str:
        """`record` (or its fields `names`) as JSON, Decimals and dates as strings."""
        include = None if names is None else set(names)
        data = self.adapter.dump_python(record, mode="json", include=include)
        return json.dumps(data, ensure_ascii=False, sort_keys=True)

    def from_json(self, text: str, base: R | None = None) -> R:
        """The record in `text`; with `base`, `base` with the fields in `text` replaced."""
        data: dict[str, Any] = json.loads(text)
        if base is not None:
            data = {**self.adapter.dump_python(base, mode="json"), **data}
        return self.adapter.validate_python(data)


TRIPS: EntitySpec[TripRecord, Trip] = EntitySpec(
    declared.TRIP,
    Trip,
    TripRecord,
    trip_id_of=lambda record: record.id,
)

ITEMS: EntitySpec[ItineraryItemRecord, ItineraryItem] = EntitySpec(
    declared.ITEM, ItineraryItem, ItineraryItemRecord
)

FORMS: EntitySpec[FormInstanceRecord, FormInstance] = EntitySpec(
    declared.FORM, FormInstance, FormInstanceRecord
)

GOALS: EntitySpec[GoalRecord, Goal] = EntitySpec(
    declared.GOAL,
    Goal,
    GoalRecord,
    managed={
        "status": by_value(GoalStatus),
        "created_by": by_value(Actor),
        "completed_by": by_value(Actor),
    },
)

PINS: EntitySpec[PinRecord, Pin] = EntitySpec(
    declared.PIN,
    Pin,
    PinRecord,
    managed={"created_by": by_value(Actor)},
)

EXPENSES: EntitySpec[ExpenseRecord, Expense] = EntitySpec(declared.EXPENSE, Expense, ExpenseRecord)

DOCUMENTS: EntitySpec[DocumentRecord, Document] = EntitySpec(
    declared.DOCUMENT, Document, DocumentRecord
)

STOPS: EntitySpec[StopRecord, TripStop] = EntitySpec(declared.STOP, TripStop, StopRecord)

LOCKS: EntitySpec[LockRecord, TripLock] = EntitySpec(
    declared.LOCK,
    TripLock,
    LockRecord,
    managed={"kind": by_value(LockKind)},
)
