"""How each kind of entity maps between its table row, its record and the change log's JSON.

The repositories and undo work on any entity through its `EntitySpec`, so a create, update or
delete is written, logged and reverted the same way for trips, itinerary items, form
instances, goals and pins. (Form answers are an event log, not rows edited in place; see
`form_answers`.)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import TypeAdapter
from sqlmodel import SQLModel

from .changes import Actor, EntityKind
from .records import (
    FormInstanceRecord,
    GoalRecord,
    GoalStatus,
    ItineraryItemRecord,
    Pace,
    PinRecord,
    TripRecord,
)
from .tables import FormInstance, Goal, ItineraryItem, Pin, Trip

R = TypeVar("R", TripRecord, ItineraryItemRecord, FormInstanceRecord, GoalRecord, PinRecord)
Row = TypeVar("Row", bound=SQLModel)


@dataclass(frozen=True, slots=True, eq=False)
class EntitySpec(Generic[R, Row]):
    kind: EntityKind
    table: type[Row]
    adapter: TypeAdapter[R]
    to_record: Callable[[Row], R]
    to_columns: Callable[[R], dict[str, Any]]
    trip_id_of: Callable[[R], str | None]

    def new_row(self, record: R) -> Row:
        return self.table(**self.to_columns(record))

    def write(self, row: Row, record: R, names: Collection[str]) -> None:
        """Copy the fields `names` of `record` onto `row`."""
        for name, value in self.to_columns(record).items():
            if name in names:
                setattr(row, name, value)

    def to_json(self, record: R, names: Collection[str] | None = None) -> str:
        """`record` (or only its fields `names`) as a JSON object: Decimals and dates as
        strings, so they come back exactly."""
        include = None if names is None else set(names)
        data = self.adapter.dump_python(record, mode="json", include=include)
        return json.dumps(data, ensure_ascii=False, sort_keys=True)

    def from_json(self, text: str, base: R | None = None) -> R:
        """The record in `text`; with `base`, `base` with the fields in `text` replaced."""
        data: dict[str, Any] = json.loads(text)
        if base is not None:
            data = {**self.adapter.dump_python(base, mode="json"), **data}
        return self.adapter.validate_python(data)


def trip_record(row: Trip) -> TripRecord:
    return TripRecord(
        id=row.id,
        title=row.title,
        origin=row.origin,
        origin_code=row.origin_code,
        origin_tz=row.origin_tz,
        destination=row.destination,
        destination_code=row.destination_code,
        destination_tz=row.destination_tz,
        start_date=row.start_date,
        end_date=row.end_date,
        travellers=row.travellers,
        budget_amount=row.budget_amount,
        budget_currency=row.budget_currency,
        interests=tuple(json.loads(row.interests)),
        pace=Pace(row.pace),
        notes=row.notes,
        position=row.position,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


def trip_columns(record: TripRecord) -> dict[str, Any]:
    return {
        "id": record.id,
        "title": record.title,
        "origin": record.origin,
        "origin_code": record.origin_code,
        "origin_tz": record.origin_tz,
        "destination": record.destination,
        "destination_code": record.destination_code,
        "destination_tz": record.destination_tz,
        "start_date": record.start_date,
        "end_date": record.end_date,
        "travellers": record.travellers,
        "budget_amount": record.budget_amount,
        "budget_currency": record.budget_currency,
        "interests": json.dumps(list(record.interests), ensure_ascii=False),
        "pace": record.pace.value,
        "notes": record.notes,
        "position": record.position,
        "created_at": record.created_at,
        "updated_at": record.updated_at,
    }


def item_record(row: ItineraryItem) -> ItineraryItemRecord:
    return ItineraryItemRecord(
        id=row.id,
        trip_id=row.trip_id,
        day=row.day,
        start_time=row.start_time,
        timezone=row.timezone,
        title=row.title,
        place=row.place,
        notes=row.notes,
        position=row.position,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


def item_columns(record: ItineraryItemRecord) -> dict[str, Any]:
    return {
        "id": record.id,
        "trip_id": record.trip_id,
        "day": record.day,
        "start_time": record.start_time,
        "timezone": record.timezone,
        "title": record.title,
        "place": record.place,
        "notes": record.notes,
        "position": record.position,
        "created_at": record.created_at,
        "updated_at": record.updated_at,
    }


TRIPS: EntitySpec[TripRecord, Trip] = EntitySpec(
    kind=EntityKind.TRIP,
    table=Trip,
    adapter=TypeAdapter(TripRecord),
    to_record=trip_record,
    to_columns=trip_columns,
    trip_id_of=lambda record: record.id,
)

ITEMS: EntitySpec[ItineraryItemRecord, ItineraryItem] = EntitySpec(
    kind=EntityKind.ITINERARY_ITEM,
    table=ItineraryItem,
    adapter=TypeAdapter(ItineraryItemRecord),
    to_record=item_record,
    to_columns=item_columns,
    trip_id_of=lambda record: record.trip_id,
)


def form_record(row: FormInstance) -> FormInstanceRecord:
    return FormInstanceRecord(
        id=row.id,
        trip_id=row.trip_id,
        form_id=row.form_id,
        completed_at=row.completed_at,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


def form_columns(record: FormInstanceRecord) -> dict[str, Any]:
    return {
        "id": record.id,
        "trip_id": record.trip_id,
        "form_id": record.form_id,
        "completed_at": record.completed_at,
        "created_at": record.created_at,
        "updated_at": record.updated_at,
    }


def goal_record(row: Goal) -> GoalRecord:
    return GoalRecord(
        id=row.id,
        trip_id=row.trip_id,
        title=row.title,
        status=GoalStatus(row.status),
        position=row.position,
        completes_on=row.completes_on,
        created_by=Actor(row.created_by),
        completed_at=row.completed_at,
        completed_by=None if row.completed_by is None else Actor(row.completed_by),
        seen_by_assistant=row.seen_by_assistant,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


def goal_columns(record: GoalRecord) -> dict[str, Any]:
    return {
        "id": record.id,
        "trip_id": record.trip_id,
        "title": record.title,
        "status": record.status.value,
        "position": record.position,
        "completes_on": record.completes_on,
        "created_by": record.created_by.value,
        "completed_at": record.completed_at,
        "completed_by": None if record.completed_by is None else record.completed_by.value,
        "seen_by_assistant": record.seen_by_assistant,
        "created_at": record.created_at,
        "updated_at": record.updated_at,
    }


def pin_record(row: Pin) -> PinRecord:
    return PinRecord(
        id=row.id,
        trip_id=row.trip_id,
        text=row.text,
        position=row.position,
        created_by=Actor(row.created_by),
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


def pin_columns(record: PinRecord) -> dict[str, Any]:
    return {
        "id": record.id,
        "trip_id": record.trip_id,
        "text": record.text,
        "position": record.position,
        "created_by": record.created_by.value,
        "created_at": record.created_at,
        "updated_at": record.updated_at,
    }


FORMS: EntitySpec[FormInstanceRecord, FormInstance] = EntitySpec(
    kind=EntityKind.FORM,
    table=FormInstance,
    adapter=TypeAdapter(FormInstanceRecord),
    to_record=form_record,
    to_columns=form_columns,
    trip_id_of=lambda record: record.trip_id,
)

GOALS: EntitySpec[GoalRecord, Goal] = EntitySpec(
    kind=EntityKind.GOAL,
    table=Goal,
    adapter=TypeAdapter(GoalRecord),
    to_record=goal_record,
    to_columns=goal_columns,
    trip_id_of=lambda record: record.trip_id,
)

PINS: EntitySpec[PinRecord, Pin] = EntitySpec(
    kind=EntityKind.PIN,
    table=Pin,
    adapter=TypeAdapter(PinRecord),
    to_record=pin_record,
    to_columns=pin_columns,
    trip_id_of=lambda record: record.trip_id,
)
