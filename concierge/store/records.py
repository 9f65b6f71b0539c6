"""What the store hands out: frozen records, safe to keep and pass to any thread, never
live ORM rows (those belong to the database thread's session). A record's fields are the
names its entity declares (`concierge.model.fields`), checked when the store is imported;
they are written out here because mypy reads a field's type only from a class body."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal
from enum import StrEnum

from pydantic import JsonValue

from concierge.model.categories import ExpenseCategory as ExpenseCategory
from concierge.model.field_kinds import Share as Share
from concierge.model.fields import GoalStatus as GoalStatus
from concierge.model.fields import Pace as Pace
from concierge.model.kinds import ItemKind as ItemKind

from .changes import Actor


@dataclass(frozen=True, slots=True)
class TripRecord:
    """A trip; `shared_values` are the sensitive values the assistant may see."""

    id: str
    title: str
    origin: str
    origin_code: str | None
    origin_tz: str | None
    start_date: date | None
    end_date: date | None
    travellers: int
    budget_amount: Decimal | None
    budget_currency: str
    interests: tuple[str, ...]
    pace: Pace
    notes: str
    shared_values: tuple[str, ...]
    position: int
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class StopRecord:
    """One place on a trip's route; the trip's origin is home, not a stop."""

    id: str
    trip_id: str
    position: int
    place: str
    place_code: str | None
    timezone: str | None
    arrive: date | None
    depart: date | None
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class ItineraryItemRecord:
    """One entry of a trip's day, its times local at the place. The end is in `end_timezone` on
    `end_day` (None: the start's), or `duration_minutes` instead; `all_day` items have neither.
    The fields after `updated_at` default so that older change-log images keep working."""

    id: str
    trip_id: str
    day: date
    start_time: time | None
    timezone: str | None
    title: str
    place: str
    notes: str
    position: int
    created_at: datetime
    updated_at: datetime
    kind: ItemKind = ItemKind.ACTIVITY
    end_day: date | None = None
    end_time: time | None = None
    end_timezone: str | None = None
    all_day: bool = False
    duration_minutes: int | None = None
    carrier: str = ""
    service_number: str = ""
    from_place: str = ""
    to_place: str = ""
    seat: str = ""
    confirmation_code: str = ""
    provider: str = ""
    address: str = ""
    link: str = ""
    cost_amount: Decimal | None = None
    cost_currency: str | None = None
    hours: str = ""


@dataclass(frozen=True, slots=True)
class FormInstanceRecord:
    """One form filled in for one trip; `completed_at` is set while it is complete."""

    id: str
    trip_id: str
    form_id: str
    completed_at: datetime | None
    created_at: datetime
    updated_at: datetime

    @property
    def completed(self) -> bool:
        return self.completed_at is not None


class AnswerAction(StrEnum):
    """How an event changes a field's answer."""

    SET = "set"
    REVISE = "revise"
    RETRACT = "retract"


@dataclass(frozen=True, slots=True)
class AnswerEvent:
    """One step in the history of one field's answer: `value` is None for a retract only."""

    id: int
    field: str
    value: JsonValue
    action: AnswerAction
    actor: Actor
    at: datetime


@dataclass(frozen=True, slots=True)
class FormState:
    """A form as it stands on a trip, read in one transaction: its instance (None if nothing
    was ever answered or completed) and the current answer of every answered field."""

    trip_id: str
    form_id: str
    instance: FormInstanceRecord | None
    answers: Mapping[str, JsonValue]

    @property
    def completed(self) -> bool:
        return self.instance is not None and self.instance.completed


@dataclass(frozen=True, slots=True)
class GoalRecord:
    """One goal of a trip's checklist; `seen_by_assistant` is false for a goal completed by
    someone else since the assistant was last shown it."""

    id: str
    trip_id: str
    title: str
    status: GoalStatus
    position: int
    completes_on: str | None
    created_by: Actor
    completed_at: datetime | None
    completed_by: Actor | None
    seen_by_assistant: bool
    created_at: datetime
    updated_at: datetime

    @property
    def done(self) -> bool:
        return self.status is GoalStatus.DONE


@dataclass(frozen=True, slots=True)
class PinRecord:
    """A pinned preference or fact, for one trip or for all (`trip_id` None)."""

    id: str
    trip_id: str | None
    text: str
    position: int
    created_by: Actor
    created_at: datetime
    updated_at: datetime
    rule: str | None = None
    """The constraint the pin states, as canonical rule text (`max_flights(2)`), or None.
    Defaults, so change-log images written before pins had rules still read."""
    rule_confirmed: bool = False
    """True once the person has confirmed the rule; the assistant's proposals are not."""

    @property
    def all_trips(self) -> bool:
        return self.trip_id is None

    @property
    def proposed(self) -> bool:
        """It carries a rule the person has not confirmed."""
        return self.rule is not None and not self.rule_confirmed


@dataclass(frozen=True, slots=True)
class ExpenseRecord:
    """Money spent on a trip, in the currency it was paid in."""

    id: str
    trip_id: str
    amount: Decimal
    currency: str
    spent_on: date
    category: ExpenseCategory
    description: str
    paid_by: str
    split: tuple[Share, ...]
    item_id: str | None
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class DocumentRecord:
    """A file attached to a trip (`item_id` None) or to one of its items. `stored_name` is
    the file's path relative to `<data dir>/documents/`; `file_name` the name shown."""

    id: str
    trip_id: str
    item_id: str | None
    file_name: str
    stored_name: str
    media_type: str
    size_bytes: int
    sha256: str
    note: str
    created_at: datetime
    updated_at: datetime


class LockKind(StrEnum):
    """What a lock holds still against the assistant's changes."""

    FIELD = "field"
    """One field of the trip, an item or a stop."""
    ITEM = "item"
    """An itinerary item: every field, and its place in the day."""
    DAY = "day"
    """A day: no item is added to it, moved on, into or out of it, or removed from it."""
    STOP = "stop"
    """A stop: its place, its dates and its place in the route."""


@dataclass(frozen=True, slots=True)
class LockRecord:
    """A lock the person put on a trip; `entity` and `field` are empty but for a field lock."""

    id: str
    trip_id: str
    kind: LockKind
    target: str
    entity: str
    field: str
    created_at: datetime
    updated_at: datetime

    @property
    def day(self) -> date | None:
        return date.fromisoformat(self.target) if self.kind is LockKind.DAY else None
