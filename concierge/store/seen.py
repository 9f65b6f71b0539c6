"""Which of the assistant's changes the person has not looked at yet.

Assistant writes are logged unseen; the UI highlights them until it calls `mark_seen`. The
person's and the app's own writes are logged seen. Undone changes are never unseen.
"""

from __future__ import annotations

import json

from sqlalchemy import update
from sqlmodel import Session, col, select

from .change_writer import UNLOGGED_FIELDS
from .changes import Action, Actor, EntityKind
from .tables import ChangeLogEntry, ItineraryItem, Trip

CREATED = "*"
"""In the fields of an unseen change: the assistant created the whole row."""

UnseenChanges = dict[tuple[EntityKind, str], frozenset[str]]


def unseen_changes(session: Session, trip_id: str) -> UnseenChanges:
    rows = session.exec(
        select(ChangeLogEntry)
        .where(
            ChangeLogEntry.trip_id == trip_id,
            ChangeLogEntry.actor == Actor.ASSISTANT.value,
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
        fields.setdefault(key, set()).update(names)
    existing = _existing(session, {entity_id for _, entity_id in fields})
    return {key: frozenset(names) for key, names in fields.items() if key[1] in existing}


def mark_seen(
    session: Session, trip_id: str, entity: EntityKind | None, entity_id: str | None
) -> int:
    """Mark the trip's unseen changes seen (only one entity's, if given); how many rows."""
    statement = (
        update(ChangeLogEntry)
        .where(col(ChangeLogEntry.trip_id) == trip_id, col(ChangeLogEntry.seen).is_(False))
        .values(seen=True)
    )
    if entity is not None:
        statement = statement.where(col(ChangeLogEntry.entity) == entity.value)
    if entity_id is not None:
        statement = statement.where(col(ChangeLogEntry.entity_id) == entity_id)
    return session.exec(statement).rowcount


def _existing(session: Session, ids: set[str]) -> set[str]:
    """Which of `ids` are still a trip or an item: a row deleted since is nothing to show."""
    trips = session.exec(select(Trip.id).where(col(Trip.id).in_(ids))).all()
    items = session.exec(select(ItineraryItem.id).where(col(ItineraryItem.id).in_(ids))).all()
    return {*trips, *items}
