"""Which of the assistant's changes, and other programs', the person has not looked at yet.

The assistant's writes, and whatever another program than the window writes, are logged unseen
and highlighted until `mark_seen`; undone changes are never unseen. A trip's unseen changes
include those to all-trip pins, which show in every trip. For form answers the key is
(FORM_ANSWER, instance id), the fields the form's.
"""

from __future__ import annotations

import json

from sqlalchemy import ColumnElement, or_, update
from sqlmodel import Session, col, select

from .change_writer import UNLOGGED_FIELDS
from .changes import Action, EntityKind
from .tables import ChangeLogEntry, FormInstance, Goal, ItineraryItem, Pin, Trip, TripStop
from .writers import WINDOW, is_companion_token

CREATED = "*"
"""In the fields of an unseen change: the assistant created the whole row."""
BY = "@"
"""Starts an entry in the fields of an unseen change naming the other program that made it
(`made_by`); without one, the assistant made it."""
ON = "~"
"""Starts the entry instead when a companion's device made it (a shared trip)."""


class DeviceName(str):
    """A companion's device named as the maker of a change ("Ana's laptop"): marks say the
    change was made on it, not by it."""

    __slots__ = ()


UnseenChanges = dict[tuple[EntityKind, str], frozenset[str]]


def unseen_changes(session: Session, trip_id: str) -> UnseenChanges:
    rows = session.exec(
        select(ChangeLogEntry)
        .where(
            _of_trip(trip_id),
            col(ChangeLogEntry.seen).is_(False),
            col(ChangeLogEntry.undone).is_(False),
        )
        .order_by(col(ChangeLogEntry.id))
    ).all()
    fields: dict[tuple[EntityKind, str], set[str]] = {}
    for row in rows:
        key = (EntityKind(row.entity), row.entity_id)
        if row.action == Action.DELETE:
            fields.pop(key, None)
            continue
        names = set(json.loads(row.after or "{}")) - UNLOGGED_FIELDS
        if row.action == Action.CREATE:
            names.add(CREATED)
        if row.program is not None and row.program != WINDOW:
            names.add((ON if is_companion_token(row.writer_id) else BY) + row.program)
        fields.setdefault(key, set()).update(names)
    existing = _existing(session, set(fields))
    return {key: frozenset(names) for key, names in fields.items() if key in existing}


def made_by(fields: frozenset[str]) -> str | None:
    """The other program that made an unseen change with these fields, a `DeviceName` if a
    companion's device (None: the assistant)."""
    for name in sorted(fields):
        if name.startswith(ON):
            return DeviceName(name[len(ON) :])
        if name.startswith(BY):
            return name[len(BY) :]
    return None


def unseen_item_titles(session: Session, trip_id: str) -> dict[str, str]:
    """Id → title of the itinerary items the assistant added to the trip that the person has
    not seen and that still exist, in the order they were added."""
    unseen = unseen_changes(session, trip_id)
    added = [
        entity_id
        for (kind, entity_id), fields in unseen.items()
        if kind is EntityKind.ITINERARY_ITEM and CREATED in fields
    ]
    if not added:
        return {}
    titles = dict(
        session.exec(
            select(ItineraryItem.id, ItineraryItem.title).where(col(ItineraryItem.id).in_(added))
        ).all()
    )
    return {item_id: titles[item_id] for item_id in added if item_id in titles}


def mark_seen(
    session: Session, trip_id: str, entity: EntityKind | None, entity_id: str | None
) -> int:
    """Mark the trip's unseen changes seen (only one entity's, if given); how many rows."""
    statement = (
        update(ChangeLogEntry)
        .where(_of_trip(trip_id), col(ChangeLogEntry.seen).is_(False))
        .values(seen=True)
    )
    if entity is not None:
        statement = statement.where(col(ChangeLogEntry.entity) == entity.value)
    if entity_id is not None:
        statement = statement.where(col(ChangeLogEntry.entity_id) == entity_id)
    return session.exec(statement).rowcount


def _of_trip(trip_id: str) -> ColumnElement[bool]:
    """Change-log rows of the trip, or of no trip (all-trip pins)."""
    return or_(col(ChangeLogEntry.trip_id) == trip_id, col(ChangeLogEntry.trip_id).is_(None))


_IDS = {
    EntityKind.TRIP: col(Trip.id),
    EntityKind.ITINERARY_ITEM: col(ItineraryItem.id),
    EntityKind.FORM: col(FormInstance.id),
    EntityKind.FORM_ANSWER: col(FormInstance.id),
    EntityKind.GOAL: col(Goal.id),
    EntityKind.PIN: col(Pin.id),
    EntityKind.TRIP_STOP: col(TripStop.id),
}
"""The id column of each kind's rows; form answers hang off their form instance."""


def _existing(session: Session, keys: set[tuple[EntityKind, str]]) -> set[tuple[EntityKind, str]]:
    """Which of `keys` still exist: a row deleted since is nothing to show."""
    found: set[tuple[EntityKind, str]] = set()
    for kind, column in _IDS.items():
        ids = [entity_id for entity, entity_id in keys if entity is kind]
        if ids:
            found.update((kind, row) for row in session.exec(select(column).where(column.in_(ids))))
    return found
