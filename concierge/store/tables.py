"""The SQLite tables, as SQLModel classes; the migrations create exactly these (a test checks).

A declared entity's table (`__entity__`) writes out only the store's own columns and those
queried by attribute; every other declared field becomes a column by its kind (`Declared`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any

from sqlalchemy import CheckConstraint, DateTime, Dialect, Index, Text
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field, SQLModel
from sqlmodel.main import SQLModelMetaclass

from concierge.model import field_kinds
from concierge.model import fields as declared
from concierge.model.constraints import Rule
from concierge.model.field_kinds import Amount, Choice, Kind, Line, Listed, Share, Split, Words
from concierge.model.fields import LOCKABLE, Entity, FieldRule, GoalStatus
from concierge.model.kinds import ITEM_KINDS, ItemKind

from .changes import Action, Actor, EntityKind, FactSource
from .lookup_job_records import LookupStatus
from .records import AnswerAction, LockKind

# Named constraints let future batch migrations (SQLite rebuilds tables to alter them) refer
# to foreign keys and checks by name. Set before any table below is declared.
SQLModel.metadata.naming_convention = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UtcDateTime(TypeDecorator[datetime]):
    """A timestamp stored as naive UTC (SQLite has no zones) and read back as aware UTC."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("Timestamps must be timezone-aware.")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        return None if value is None else value.replace(tzinfo=UTC)


def utc_now() -> datetime:
    return datetime.now(UTC)


class Conversation(SQLModel, table=True):
    """One chat with the assistant."""

    __tablename__ = "conversation"

    id: str = Field(primary_key=True)
    title: str = ""
    created_at: datetime = Field(default_factory=utc_now, sa_type=UtcDateTime)


class ConversationMessage(SQLModel, table=True):
    """One stored message; `payload` is its JSON without provenance, which only its own column
    holds, so nothing inside a message can make it look framework-made (R7)."""

    __tablename__ = "conversation_message"
    __table_args__ = (
        Index("ix_conversation_message_conversation_id_seq", "conversation_id", "seq", unique=True),
        Index("ix_conversation_message_answers", "answers", unique=True),
    )

    id: str = Field(primary_key=True)
    conversation_id: str = Field(foreign_key="conversation.id", ondelete="CASCADE")
    seq: int
    role: str
    provenance: str | None = None
    payload: str = Field(sa_type=Text)
    created_at: datetime = Field(default_factory=utc_now, sa_type=UtcDateTime)
    answers: str | None = None
    """A tool result's call (`effect_id`): unique, so no call gets a second result."""
    writer: str | None = None
    """The `TurnOwner` that stored a message with tool calls; only it answers them while it runs."""
    writer_host: str | None = None
    writer_pid: int | None = None
    covers_digest: str | None = None
    """A framework-written summary's digest of the messages it stands for (`history_checks`)."""


class DecimalText(TypeDecorator[Decimal]):
    """A `Decimal` stored as its exact text: SQLite's NUMERIC affinity would make it a float and
    lose digits and trailing zeros, so floats are refused on the way in."""

    impl = Text
    cache_ok = True

    def process_bind_param(self, value: Decimal | None, dialect: Dialect) -> str | None:
        if value is None:
            return None
        if not isinstance(value, Decimal) or not value.is_finite():
            raise ValueError(f"Expected a finite Decimal, got {value!r}.")
        return str(value)

    def process_result_value(self, value: str | None, dialect: Dialect) -> Decimal | None:
        return None if value is None else Decimal(value)


@dataclass(frozen=True, slots=True)
class Stored:
    """How a record field is kept in its column when it is not kept as itself."""

    to_column: Callable[[Any], Any]
    from_column: Callable[[Any], Any]


def by_value(kind: type[StrEnum] | type[ItemKind]) -> Stored:
    return Stored(
        to_column=lambda value: None if value is None else value.value,
        from_column=lambda column: None if column is None else kind(column),
    )


AS_JSON_LIST = Stored(
    to_column=lambda value: json.dumps(list(value), ensure_ascii=False),
    from_column=lambda column: tuple(json.loads(column)),
)
"""A tuple of strings kept as a JSON array, in its order."""

AS_JSON_SHARES = Stored(
    to_column=lambda value: json.dumps(
        [{"name": part.name, "share": str(part.share)} for part in value], ensure_ascii=False
    ),
    from_column=lambda column: tuple(
        Share(part["name"], Decimal(part["share"])) for part in json.loads(column)
    ),
)
"""An expense's split kept as a JSON array of {"name", "share"}, shares as exact text."""


def stored_as(kind: Kind | None) -> Stored | None:
    """How a column keeps a value of `kind`, when not as itself."""
    if isinstance(kind, Choice):
        return by_value(kind.options)
    if isinstance(kind, Words):
        return AS_JSON_LIST
    if isinstance(kind, Split):
        return AS_JSON_SHARES
    return None


def declared_column(rule: FieldRule) -> tuple[Any, Any]:
    """The annotation and `Field` of the column keeping a declared field; free text, lists and
    amounts are kept as TEXT."""
    kind = rule.kind
    if kind is None:
        raise TypeError(f"{rule.label} is declared without a kind: no column can keep it.")
    stored = stored_as(kind)
    python: Any = str if stored is not None else kind.python_type
    sa_type: Any = None
    if isinstance(kind, Amount):
        sa_type = DecimalText
    elif isinstance(kind, field_kinds.Text | Listed | Rule):
        sa_type = Text
    extra: dict[str, Any] = {} if sa_type is None else {"sa_type": sa_type}
    if rule.default is not None:
        default = rule.default if stored is None else stored.to_column(rule.default)
        return python, Field(default=default, **extra)
    if kind.nullable:
        return python | None, Field(default=None, **extra)
    return python, Field(**extra)


def declared_check(field: str, kind: Kind | None) -> CheckConstraint | None:
    """The CHECK a column of `kind` carries: required text is not empty, a choice is one of
    its options (the table of item kinds as it is now)."""
    if isinstance(kind, Line) and kind.required:
        return CheckConstraint(f"{field} <> ''", name=f"{field}_not_empty")
    if isinstance(kind, Choice):
        return CheckConstraint(_one_of(field, kind.options), name=field)
    return None


class Declared(SQLModelMetaclass):
    """Completes a table class from its entity's declaration (`__entity__`): columns, defaults,
    storage and CHECKs of the declared fields it does not spell out."""

    def __new__(
        mcs, name: str, bases: tuple[type[Any], ...], namespace: dict[str, Any], **kwargs: Any
    ) -> Any:
        entity: Entity | None = namespace.get("__entity__")
        if entity is not None:
            annotations = namespace.setdefault("__annotations__", {})
            for field, rule in entity.fields.items():
                if field not in namespace:
                    annotation, namespace[field] = declared_column(rule)
                    annotations.setdefault(field, annotation)
            checks = [declared_check(field, rule.kind) for field, rule in entity.fields.items()]
            namespace["__table_args__"] = (
                *(check for check in checks if check is not None),
                *namespace.get("__table_args__", ()),
            )
        return super().__new__(mcs, name, bases, namespace, **kwargs)


class RecordRow(SQLModel):
    """A row the store hands out as a record: its id, and when it was made and last changed."""

    id: str = Field(primary_key=True)
    created_at: datetime = Field(default_factory=utc_now, sa_type=UtcDateTime)
    updated_at: datetime = Field(default_factory=utc_now, sa_type=UtcDateTime)


PROPOSABLE_ENTITIES = tuple(entity for entity in EntityKind if entity is not EntityKind.TRIP_LOCK)
"""What a proposal can change: anything logged but a lock, which only the person makes."""


def _one_of(column: str, values: Iterable[str]) -> str:
    """A CHECK that `column` holds one of `values` (an enum's values, or a tuple of names)."""
    return f"{column} IN ({', '.join(repr(str(value)) for value in values)})"


def kind_check() -> str:
    """The item kind's CHECK constraint, from the table of kinds as it is now."""
    return _one_of("kind", ITEM_KINDS.values())


class Trip(RecordRow, table=True, metaclass=Declared):
    """One trip the person plans; `position` orders the trip list. `interests` and
    `shared_values` are JSON arrays, so an entry may contain a comma."""

    __tablename__ = "trip"
    __entity__ = declared.TRIP
    __table_args__ = (
        CheckConstraint("travellers >= 1", name="travellers_at_least_one"),
        CheckConstraint(
            "start_date IS NULL OR end_date IS NULL OR end_date >= start_date",
            name="dates_in_order",
        ),
    )

    title: str
    position: int = Field(index=True)


class TripStop(RecordRow, table=True, metaclass=Declared):
    """One place on a trip's route (`StopRecord`)."""

    __tablename__ = "trip_stop"
    __entity__ = declared.STOP
    __table_args__ = (
        CheckConstraint(
            "arrive IS NULL OR depart IS NULL OR depart >= arrive", name="dates_in_order"
        ),
        Index("ix_trip_stop_trip_id_position", "trip_id", "position"),
    )

    trip_id: str = Field(foreign_key="trip.id", ondelete="CASCADE")
    position: int
    place: str


class ItineraryItem(RecordRow, table=True, metaclass=Declared):
    """One entry of a trip's itinerary (`ItineraryItemRecord`); `kind` is one of the table
    of kinds, which its CHECK constraint lists."""

    __tablename__ = "itinerary_item"
    __entity__ = declared.ITEM
    __table_args__ = (
        Index("ix_itinerary_item_trip_id_day_position", "trip_id", "day", "position"),
    )

    trip_id: str = Field(foreign_key="trip.id", ondelete="CASCADE")
    day: date
    title: str
    position: int


class Expense(RecordRow, table=True, metaclass=Declared):
    """Money spent on a trip (`ExpenseRecord`): the amount as exact text, the split as a
    JSON array of {"name", "share"}."""

    __tablename__ = "expense"
    __entity__ = declared.EXPENSE
    __table_args__ = (
        CheckConstraint("paid_by <> ''", name="paid_by_not_empty"),
        CheckConstraint("length(currency) = 3", name="currency_code"),
        Index("ix_expense_trip_id_spent_on", "trip_id", "spent_on"),
    )

    trip_id: str = Field(foreign_key="trip.id", ondelete="CASCADE")
    spent_on: date
    item_id: str | None = Field(default=None, foreign_key="itinerary_item.id", ondelete="SET NULL")


LOCKED_ENTITIES = tuple(entity.name for entity in LOCKABLE)


class TripLock(RecordRow, table=True):
    """Something on a trip the person locked against the assistant: a field (`entity`, `target`,
    `field`, empty unless `kind` is "field"), an item or stop (`target`), or a day (its ISO
    date). No foreign key: a lock on a removed item goes with it through the change log, so undo
    brings both back."""

    __tablename__ = "trip_lock"
    __table_args__ = (
        CheckConstraint(_one_of("kind", LockKind), name="kind"),
        CheckConstraint("target <> ''", name="target_not_empty"),
        CheckConstraint("(kind = 'field') = (field <> '')", name="field_when_field_lock"),
        CheckConstraint(
            f"(kind = 'field') = ({_one_of('entity', LOCKED_ENTITIES)})",
            name="entity_when_field_lock",
        ),
        Index(
            "ix_trip_lock_trip_id_kind_target_field",
            "trip_id",
            "kind",
            "target",
            "field",
            unique=True,
        ),
    )

    trip_id: str = Field(foreign_key="trip.id", ondelete="CASCADE")
    kind: str
    target: str
    entity: str = ""
    field: str = ""


class ChangeRow(SQLModel):
    """What a change-log row and a proposal both hold: the step's English name, the row it
    changes and how, its fields before and after as JSON objects."""

    id: int | None = Field(default=None, primary_key=True)
    label: str
    entity: str
    entity_id: str
    action: str
    before: str | None = Field(default=None, sa_type=Text)
    after: str | None = Field(default=None, sa_type=Text)


class ChangeLogEntry(ChangeRow, table=True):
    """One row written by one change: `before`/`after` hold the changed fields (the whole record
    for a create or delete), `sources_before`/`sources_after` the fact sources it changed. Rows
    sharing `group_id` undo as one step. `redo_step` numbers the step that undid the row while it
    can be redone; any new change clears every row's. `flip_serial` orders undos and redos over
    the file. `program` and `writer_id` say who wrote it.

    `trip_id` is not a foreign key: a deleted trip's rows must outlive it for undo. It is NULL
    only for all-trip pins.
    """

    __tablename__ = "change_log"
    __table_args__ = (
        CheckConstraint(_one_of("actor", Actor), name="actor"),
        CheckConstraint(_one_of("entity", EntityKind), name="entity"),
        CheckConstraint(_one_of("action", Action), name="action"),
        Index("ix_change_log_trip_id_id", "trip_id", "id"),
    )

    group_id: str = Field(index=True)
    actor: str
    trip_id: str | None = None
    at: datetime = Field(default_factory=utc_now, sa_type=UtcDateTime)
    undone: bool = False
    seen: bool = True
    redo_step: int | None = Field(default=None, index=True)
    flip_serial: int | None = Field(default=None, index=True)
    """The serial of the last undo or redo that flipped the row's `undone`, increasing over the
    file: a watcher finds every flip since it looked, even one flipped back meanwhile."""
    sources_before: str | None = Field(default=None, sa_type=Text)
    sources_after: str | None = Field(default=None, sa_type=Text)
    label_message: str | None = Field(default=None, sa_type=Text)
    program: str | None = None
    """The program that wrote the row (`writers.Writer`); NULL before it was recorded."""
    writer_id: str | None = None
    """The token of the database opening that wrote the row, to tell a process's own."""


class FieldSource(SQLModel, table=True):
    """Who set one fact field of one row, when, and whether the person confirmed it; `file_name`
    is the file an import read it from. No row: never set, or empty."""

    __tablename__ = "field_source"
    __table_args__ = (
        CheckConstraint(_one_of("source", FactSource), name="source"),
        Index("ix_field_source_trip_id", "trip_id"),
    )

    entity: str = Field(primary_key=True)
    entity_id: str = Field(primary_key=True)
    field: str = Field(primary_key=True)
    trip_id: str = Field(foreign_key="trip.id", ondelete="CASCADE")
    source: str
    at: datetime = Field(sa_type=UtcDateTime)
    confirmed: bool = False
    file_name: str | None = None


PROPOSAL_STATUSES = ("pending", "accepted", "rejected", "conflict")


class Proposal(ChangeRow, table=True):
    """A change-log row the assistant proposed instead of writing, until the person decides;
    rows sharing `call_id` (one tool call) are decided together."""

    __tablename__ = "proposal"
    __table_args__ = (
        CheckConstraint(_one_of("entity", PROPOSABLE_ENTITIES), name="entity"),
        CheckConstraint(_one_of("action", Action), name="action"),
        CheckConstraint(_one_of("status", PROPOSAL_STATUSES), name="status"),
        Index("ix_proposal_trip_id_status", "trip_id", "status"),
    )

    trip_id: str = Field(foreign_key="trip.id", ondelete="CASCADE")
    call_id: str = Field(index=True)
    created_at: datetime = Field(default_factory=utc_now, sa_type=UtcDateTime)
    status: str = "pending"
    decided_at: datetime | None = Field(default=None, sa_type=UtcDateTime)
    note: str | None = None
    reported: bool = False
    program: str | None = None
    """The program whose assistant proposed the row (`writers.Writer`: an MCP client's name)."""


IMPORT_STATUSES = ("pending", "accepted", "rejected")


class ImportCandidate(SQLModel, table=True):
    """One record read from an imported file, waiting in the trip's review queue. `candidate` is
    a JSON object of item fields; `duplicate_of`/`duplicate_of_candidate` the item or earlier
    candidate it seems to repeat; `accepted_item` keeps `item_id` while undo has deleted that
    item (the candidate waits again meanwhile)."""

    __tablename__ = "import_candidate"
    __table_args__ = (
        CheckConstraint(_one_of("status", IMPORT_STATUSES), name="status"),
        Index("ix_import_candidate_trip_id_status", "trip_id", "status"),
    )

    id: int | None = Field(default=None, primary_key=True)
    trip_id: str = Field(foreign_key="trip.id", ondelete="CASCADE")
    file_name: str
    source_ref: str = ""
    candidate: str = Field(sa_type=Text)
    status: str = "pending"
    duplicate_of: str | None = Field(
        default=None, foreign_key="itinerary_item.id", ondelete="SET NULL"
    )
    duplicate_of_candidate: int | None = Field(
        default=None, foreign_key="import_candidate.id", ondelete="SET NULL"
    )
    item_id: str | None = Field(default=None, foreign_key="itinerary_item.id", ondelete="SET NULL")
    accepted_item: str | None = None
    warnings: str = Field(default="[]", sa_type=Text, sa_column_kwargs={"server_default": "[]"})
    created_at: datetime = Field(default_factory=utc_now, sa_type=UtcDateTime)
    decided_at: datetime | None = Field(default=None, sa_type=UtcDateTime)


class ConversationTurn(SQLModel, table=True):
    """Which process is answering in a conversation, until `expires_at` (renewed while it
    answers). No foreign key: a turn may begin before the conversation exists."""

    __tablename__ = "conversation_turn"

    conversation_id: str = Field(primary_key=True)
    owner: str
    host: str
    pid: int
    expires_at: datetime = Field(sa_type=UtcDateTime)


class AppSetting(SQLModel, table=True):
    """One setting: `value` is JSON, validated against its declaration in `settings`."""

    __tablename__ = "app_setting"

    key: str = Field(primary_key=True)
    value: str = Field(sa_type=Text)


class LookupJob(SQLModel, table=True):
    """One background lookup. The row, not the asyncio task, is the truth: a job found `queued`
    or `running` at the next start is marked `interrupted`, so it can be retried."""

    __tablename__ = "lookup_job"
    __table_args__ = (
        CheckConstraint(_one_of("status", LookupStatus), name="status"),
        CheckConstraint("progress >= 0 AND progress <= 1", name="progress_in_range"),
        Index("ix_lookup_job_trip_id_created_at", "trip_id", "created_at"),
        Index("ix_lookup_job_status", "status"),
    )

    id: str = Field(primary_key=True)
    trip_id: str = Field(foreign_key="trip.id", ondelete="CASCADE")
    kind: str
    parameters: str = Field(default="{}", sa_type=Text)
    status: str = "queued"
    progress: float = 0.0
    status_line: str = ""
    result: str | None = Field(default=None, sa_type=Text)
    error: str | None = Field(default=None, sa_type=Text)
    created_at: datetime = Field(default_factory=utc_now, sa_type=UtcDateTime)
    started_at: datetime | None = Field(default=None, sa_type=UtcDateTime)
    finished_at: datetime | None = Field(default=None, sa_type=UtcDateTime)
    seen_by_assistant: bool = False


class FormInstance(RecordRow, table=True, metaclass=Declared):
    """One form filled in for one trip; its answers are `form_answer` events."""

    __tablename__ = "form_instance"
    __entity__ = declared.FORM
    __table_args__ = (Index("ix_form_instance_trip_id_form_id", "trip_id", "form_id", unique=True),)

    trip_id: str = Field(foreign_key="trip.id", ondelete="CASCADE")
    form_id: str
    completed_at: datetime | None = Field(default=None, sa_type=UtcDateTime)


class FormAnswer(SQLModel, table=True):
    """One event in the history of one field's answer: `set`, `revise` or `retract` (`value`
    NULL). Ids only grow (AUTOINCREMENT), so they order the events, and a deleted trip's events
    can be put back with their ids on undo."""

    __tablename__ = "form_answer"
    __table_args__ = (
        CheckConstraint("field <> ''", name="field_not_empty"),
        CheckConstraint(_one_of("action", AnswerAction), name="action"),
        CheckConstraint(_one_of("actor", Actor), name="actor"),
        CheckConstraint("(action = 'retract') = (value IS NULL)", name="value_unless_retract"),
        Index("ix_form_answer_instance_id_field_id", "instance_id", "field", "id"),
        {"sqlite_autoincrement": True},
    )

    id: int | None = Field(default=None, primary_key=True)
    instance_id: str = Field(foreign_key="form_instance.id", ondelete="CASCADE")
    field: str
    value: str | None = Field(default=None, sa_type=Text)
    action: str
    actor: str
    at: datetime = Field(default_factory=utc_now, sa_type=UtcDateTime)


class Goal(RecordRow, table=True, metaclass=Declared):
    """One item of a trip's checklist (`GoalRecord`)."""

    __tablename__ = "goal"
    __entity__ = declared.GOAL
    __table_args__ = (
        CheckConstraint(_one_of("status", GoalStatus), name="status"),
        CheckConstraint(_one_of("created_by", Actor), name="created_by"),
        CheckConstraint(
            f"completed_by IS NULL OR {_one_of('completed_by', Actor)}", name="completed_by"
        ),
        CheckConstraint(
            "(status = 'done') = (completed_at IS NOT NULL AND completed_by IS NOT NULL)",
            name="completed_when_done",
        ),
        Index("ix_goal_trip_id_position", "trip_id", "position"),
    )

    trip_id: str = Field(foreign_key="trip.id", ondelete="CASCADE")
    title: str
    completes_on: str | None
    status: str = "open"
    position: int
    created_by: str
    completed_at: datetime | None = Field(default=None, sa_type=UtcDateTime)
    completed_by: str | None = None
    seen_by_assistant: bool = True


class Pin(RecordRow, table=True, metaclass=Declared):
    """A pinned preference or fact (`PinRecord`), for every trip where `trip_id` is NULL."""

    __tablename__ = "pin"
    __entity__ = declared.PIN
    __table_args__ = (
        CheckConstraint(_one_of("created_by", Actor), name="created_by"),
        Index("ix_pin_trip_id_position", "trip_id", "position"),
    )

    trip_id: str | None = Field(default=None, foreign_key="trip.id", ondelete="CASCADE")
    text: str = Field(sa_type=Text)
    rule: str | None
    rule_confirmed: bool
    position: int
    created_by: str


class Document(RecordRow, table=True, metaclass=Declared):
    """A file attached to a trip or one of its items, stored as `stored_name` (its SHA-256, so
    the same content is kept once). Removing the item keeps the document on the trip (`item_id`
    NULL, logged first so undo can put it back)."""

    __tablename__ = "document"
    __entity__ = declared.DOCUMENT
    __table_args__ = (
        CheckConstraint("stored_name <> ''", name="stored_name_not_empty"),
        CheckConstraint("size_bytes >= 0", name="size_not_negative"),
        Index("ix_document_trip_id_created_at", "trip_id", "created_at"),
        Index("ix_document_item_id", "item_id"),
    )

    trip_id: str = Field(foreign_key="trip.id", ondelete="CASCADE")
    item_id: str | None = Field(default=None, foreign_key="itinerary_item.id", ondelete="SET NULL")
    stored_name: str
    media_type: str
    size_bytes: int
    sha256: str
