"""Who changed what: the context a write runs in, and the notifications sent after it commits
on one `ChangeBus`, whoever made it, so each view and the next model iteration see it."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from concierge.agent.listeners import Listeners


class Actor(StrEnum):
    """Who made a change. Only the assistant's changes start out unseen."""

    PERSON = "person"
    ASSISTANT = "assistant"
    APP = "app"


class FactSource(StrEnum):
    """Who set a fact field (a time, a price, an address): what the assistant set stays
    unverified until the person confirms it or a lookup or an import backs it."""

    PERSON = "person"
    ASSISTANT = "assistant"
    LOOKUP = "lookup"
    IMPORT = "import"


_ACTOR_SOURCES = {
    Actor.PERSON: FactSource.PERSON,
    Actor.ASSISTANT: FactSource.ASSISTANT,
    Actor.APP: FactSource.LOOKUP,
}
"""A context's default fact source: the app writes facts only from what its lookups found."""


class EntityKind(StrEnum):
    """What a change changed. `FORM` is a form's instance on a trip (its completion);
    `FORM_ANSWER` is that instance's answers, with the form's field names as the fields."""

    TRIP = "trip"
    ITINERARY_ITEM = "itinerary_item"
    FORM = "form"
    FORM_ANSWER = "form_answer"
    GOAL = "goal"
    PIN = "pin"
    TRIP_STOP = "trip_stop"
    EXPENSE = "expense"
    DOCUMENT = "document"
    TRIP_LOCK = "trip_lock"
    """A lock: locking creates one, unlocking deletes it, so both undo like any edit."""


class Action(StrEnum):
    CREATE = "create"
    UPDATE = "update"
    DELETE = "delete"
    REORDER = "reorder"
    """Only in the change log: one row for a list's renumbering, the positions that changed
    before and after. Notifications announce it as an UPDATE of each entry's position."""


def new_group_id() -> str:
    return uuid.uuid4().hex


class Initiator:
    """Which part of the app asked for a write, so it can skip reloading for its own changes
    when they come back on the bus. Told apart by identity."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"Initiator({self.name!r})"


@dataclass(frozen=True, slots=True)
class ChangeContext:
    """Who is writing and which undo step the write belongs to: writes sharing one context undo
    as one step; no context is the person's, one step each. An empty `label` lets each write
    describe itself. `source` is who the fact fields count as set by (default: the actor),
    `source_file` the file an import read them from.
    """

    actor: Actor = Actor.PERSON
    label: str = ""
    group_id: str = field(default_factory=new_group_id)
    initiator: Initiator | None = None
    source: FactSource | None = None
    source_file: str | None = None

    @property
    def fact_source(self) -> FactSource:
        return self.source or _ACTOR_SOURCES[self.actor]


@dataclass(frozen=True, slots=True)
class Change:
    """One committed change to one row; `fields` is every field for a create or delete. An undo
    or redo has no `initiator`, so it is nobody's echo. For `FORM_ANSWER`, `entity_id` is the
    form instance and `fields` the answered fields. `trip_id` is None only for all-trip pins.
    """

    entity: EntityKind
    entity_id: str
    trip_id: str | None
    action: Action
    fields: frozenset[str]
    actor: Actor
    group_id: str
    undo: bool = False
    redo: bool = False
    initiator: Initiator | None = None


ChangeSubscriber = Callable[[Change], None]


@dataclass(frozen=True, slots=True)
class ProposalNews:
    """The assistant proposed changes to a trip, or the person decided on them."""

    trip_id: str


@dataclass(frozen=True, slots=True)
class ImportNews:
    """Records of an imported file joined a trip's review queue, or were decided on."""

    trip_id: str


News = TypeVar("News")


class ChangeBus:
    """The app's one bus of news, a typed channel per kind (`news`), delivered on the publishing
    thread; a subscriber that raises is logged and the others still run."""

    def __init__(self) -> None:
        self._channels: dict[type[Any], Listeners[Any]] = {}
        self._listeners = self.news(Change)
        self.proposals = self.news(ProposalNews)
        """News of proposals, which change nothing until accepted (see `proposals`)."""
        self.imports = self.news(ImportNews)
        """News of the import review queue, which changes nothing until accepted."""

    def news(self, kind: type[News]) -> Listeners[News]:
        """The channel of news of type `kind`, made on first use."""
        channel = self._channels.get(kind)
        if channel is None:
            describe = _what_changed if kind is Change else repr
            channel = self._channels[kind] = Listeners(f"{kind.__name__} subscriber", describe)
        return channel

    def subscribe(self, subscriber: ChangeSubscriber) -> Callable[[], None]:
        """Add `subscriber`; the returned function removes it (calling it twice is harmless)."""
        return self._listeners.subscribe(subscriber)

    def publish(self, changes: Iterable[Change]) -> None:
        for change in changes:
            self._listeners.publish(change)


def _what_changed(change: Change) -> str:
    return f"{change.action} {change.entity} {change.entity_id}"
