"""What a lock refuses, and the sentence that says so.

The check sits in `ChangeWriter`, below every tool, so every assistant write (a proposal
applied later too) that would change a locked thing is refused (`LockedError`) and writes
nothing; the person's and the app's writes are never checked. Entries renumbered around a
locked one do not change it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping, Sequence
from datetime import date
from typing import Any

from sqlmodel import Session, select

from concierge.model import fields as declared
from concierge.model.fields import FieldRule
from concierge.model.values.dates import MONTHS

from .changes import EntityKind
from .entities import LOCKS
from .errors import LockedError
from .records import ItineraryItemRecord, LockKind, LockRecord, StopRecord, TripRecord
from .tables import TripLock

FIELD_RULES: Mapping[EntityKind, Mapping[str, FieldRule]] = {
    EntityKind(entity.name): entity.fields for entity in declared.LOCKABLE
}
"""The lockable fields of each lockable kind, with the labels the sentences use."""
LOCKABLE = tuple(FIELD_RULES)
"""The kinds of row a lock can hold still."""

_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_ASK = "is locked by the person; ask them to unlock it."


def day_name(day: date) -> str:
    """ "Fri 10 Apr 2027": a locked day as the sentences and the snapshot name it."""
    return f"{_WEEKDAYS[day.weekday()]} {day.day} {MONTHS[day.month - 1][:3]} {day.year}"


def field_name(entity: str, field: str) -> str:
    """The field's label in a sentence ("start time")."""
    rules = FIELD_RULES.get(EntityKind(entity), {})
    rule = rules.get(field)
    return (rule.label if rule is not None else field.replace("_", " ")).lower()


def trip_locks(session: Session, trip_id: str) -> list[LockRecord]:
    """The trip's locks, oldest first."""
    rows = session.exec(
        select(TripLock)
        .where(TripLock.trip_id == trip_id)
        .order_by(TripLock.created_at, TripLock.id)  # type: ignore[arg-type]
    ).all()
    return [LOCKS.to_record(row) for row in rows]


def item_sentence(title: str) -> str:
    return f"Item “{title}” {_ASK}"


def stop_sentence(place: str) -> str:
    return f"Stop “{place}” {_ASK}"


def day_sentence(day: date) -> str:
    return f"Day {day_name(day)} {_ASK}"


def field_sentence(entity: str, field: str, owner: str | None) -> str:
    """ "The start time of “Ryokan Kyoto” is locked …"; the trip's fields have no owner."""
    name = field_name(entity, field)
    if entity == EntityKind.TRIP:
        return f"The trip’s {name} {_ASK}"
    return f"The {name} of “{owner}” {_ASK}"


def _title(record: Any) -> str:
    if isinstance(record, ItineraryItemRecord):
        return record.title
    if isinstance(record, StopRecord):
        return record.place
    if isinstance(record, TripRecord):
        return record.title
    return ""


def refuse_locked(
    locks: Sequence[LockRecord],
    kind: EntityKind,
    before: Any | None,
    after: Any | None,
    names: Collection[str],
) -> None:
    """Raise `LockedError` if creating (`before` None), changing the fields `names` of, or
    deleting (`after` None) this row would change something one of `locks` holds still."""
    record = after if after is not None else before
    assert record is not None
    mine = [lock for lock in locks if lock.target == record.id]
    whole = LockKind.ITEM if kind is EntityKind.ITINERARY_ITEM else LockKind.STOP
    if before is not None and any(lock.kind is whole for lock in mine):
        sentence = item_sentence if whole is LockKind.ITEM else stop_sentence
        raise LockedError(sentence(_title(before)))
    if kind is EntityKind.ITINERARY_ITEM:
        _refuse_locked_day(locks, before, after, names)
    for lock in mine:
        if lock.kind is LockKind.FIELD and (after is None or lock.field in names):
            raise LockedError(
                field_sentence(lock.entity, lock.field, _title(before)), field=lock.field
            )


def refuse_locked_edit(
    locks: Sequence[LockRecord], kind: EntityKind, before: Any, changes: Mapping[str, object]
) -> None:
    """`refuse_locked` for an edit of `before` whose values its rules refused: a value that
    does not parse (no stored value is such a one), or parses to another, is a change."""
    rules = FIELD_RULES[kind]
    parsed: dict[str, object] = {}
    names: list[str] = []
    for name, value in changes.items():
        rule = rules.get(name)
        try:
            if rule is None:
                raise ValueError(name)
            parsed[name] = rule.parse(rule.label, value)
        except ValueError:
            names.append(name)
            continue
        if parsed[name] != getattr(before, name):
            names.append(name)
    if names:
        refuse_locked(locks, kind, before, dataclasses.replace(before, **parsed), names)


def _refuse_locked_day(
    locks: Sequence[LockRecord],
    before: ItineraryItemRecord | None,
    after: ItineraryItemRecord | None,
    names: Collection[str],
) -> None:
    days = {lock.day for lock in locks if lock.kind is LockKind.DAY}
    if not days:
        return
    if before is None or after is None or "day" in names:
        touched = [record.day for record in (before, after) if record is not None]
    elif "position" in names:
        touched = [after.day]
    else:
        return
    for day in touched:
        if day in days:
            raise LockedError(day_sentence(day), field="day")
