"""The person's locks on a trip: a field, an item, a day or a stop the assistant must leave
as it is (see `lock_rules` for what each refuses).

Locking creates a `trip_lock` row and unlocking deletes it, both through the change log, so
Undo takes a lock back like any edit. Only the person locks and unlocks.
"""

from __future__ import annotations

from datetime import date

from sqlmodel import Session, select

from concierge.text import QT_TRANSLATE_NOOP

from .change_writer import ChangeWriter
from .changes import Actor, ChangeContext, EntityKind
from .entities import ITEMS, LOCKS, STOPS, TRIPS
from .errors import InvalidChangeError
from .label_text import quoted
from .lock_rules import FIELD_RULES, day_name, field_name, trip_locks
from .new_record import new_record
from .outcome import Outcome
from .records import LockKind, LockRecord
from .repository import Repository
from .tables import TripLock


class LockRepository(Repository):
    """Locks, as immutable `LockRecord`s; an assistant's context is refused."""

    async def locks(self, trip_id: str) -> list[LockRecord]:
        """The trip's locks, oldest first; empty for an unknown trip."""
        return await self.database.run(lambda session: trip_locks(session, trip_id))

    async def toggle(
        self,
        kind: LockKind,
        target: str,
        *,
        trip_id: str | None = None,
        entity: EntityKind | None = None,
        field: str = "",
        context: ChangeContext | None = None,
    ) -> Outcome[bool]:
        """Lock the target if it is not locked, else unlock it; True if it is now locked.
        `target` is a row's id, or a day lock's ISO date."""
        if context is not None and context.actor is Actor.ASSISTANT:
            raise InvalidChangeError(
                "lock", QT_TRANSLATE_NOOP("StoreError", "Only the person can lock or unlock.")
            )
        if kind is LockKind.FIELD and (entity is None or field not in FIELD_RULES.get(entity, {})):
            raise InvalidChangeError(
                "lock",
                QT_TRANSLATE_NOOP(
                    "StoreError", "“{field}” is not a field that can be locked."
                ).format(field=field),
            )
        if kind is LockKind.DAY and trip_id is None:
            raise InvalidChangeError(
                "lock", QT_TRANSLATE_NOOP("StoreError", "A day lock needs its trip.")
            )

        def write(session: Session, writer: ChangeWriter) -> bool:
            owner, what = _target(session, kind, target, trip_id, entity, field)
            row = session.exec(
                select(TripLock).where(
                    TripLock.trip_id == owner,
                    TripLock.kind == kind.value,
                    TripLock.target == target,
                    TripLock.field == field,
                )
            ).first()
            if row is not None:
                writer.describe(QT_TRANSLATE_NOOP("ChangeLabel", "Unlock {what}").format(what=what))
                writer.delete(LOCKS, row, LOCKS.to_record(row))
                return False
            writer.describe(QT_TRANSLATE_NOOP("ChangeLabel", "Lock {what}").format(what=what))
            writer.create(
                LOCKS,
                new_record(
                    LockRecord,
                    trip_id=owner,
                    kind=kind,
                    target=target,
                    entity=entity.value if kind is LockKind.FIELD and entity else "",
                    field=field if kind is LockKind.FIELD else "",
                ),
            )
            return True

        return await self.logged(context, write)


def _target(
    session: Session,
    kind: LockKind,
    target: str,
    trip_id: str | None,
    entity: EntityKind | None,
    field: str,
) -> tuple[str, str]:
    """The trip the locked thing is on, and how the undo menu names it ("item “Dinner”");
    raises `RecordNotFoundError` when it is gone."""
    if kind is LockKind.DAY:
        assert trip_id is not None
        TRIPS.row(session, trip_id)
        try:
            day = date.fromisoformat(target)
        except ValueError:
            raise InvalidChangeError(
                "day",
                QT_TRANSLATE_NOOP("StoreError", "“{target}” is not a day (YYYY-MM-DD).").format(
                    target=target
                ),
            ) from None
        return trip_id, QT_TRANSLATE_NOOP("ChangeLabel", "day {day}").format(day=day_name(day))
    if kind is LockKind.ITEM or entity is EntityKind.ITINERARY_ITEM:
        item = ITEMS.to_record(ITEMS.row(session, target))
        owner, name = item.trip_id, quoted(item.title)
        whole = QT_TRANSLATE_NOOP("ChangeLabel", "item {name}")
    elif kind is LockKind.STOP or entity is EntityKind.TRIP_STOP:
        stop = STOPS.to_record(STOPS.row(session, target))
        owner, name = stop.trip_id, quoted(stop.place)
        whole = QT_TRANSLATE_NOOP("ChangeLabel", "stop {name}")
    else:
        trip = TRIPS.to_record(TRIPS.row(session, target))
        owner, name = trip.id, QT_TRANSLATE_NOOP("ChangeLabel", "the trip")
        whole = QT_TRANSLATE_NOOP("ChangeLabel", "{name}")
    if kind is LockKind.FIELD:
        assert entity is not None
        return owner, QT_TRANSLATE_NOOP("ChangeLabel", "the {field} of {name}").format(
            field=field_name(entity, field), name=name
        )
    return owner, whole.format(name=name)


def delete_target_locks(session: Session, writer: ChangeWriter, target: str) -> None:
    """Delete, logged, the locks on an item or stop being removed."""
    for row in session.exec(select(TripLock).where(TripLock.target == target)).all():
        writer.delete(LOCKS, row, LOCKS.to_record(row))


def delete_trip_locks(session: Session, writer: ChangeWriter, trip_id: str) -> None:
    """Delete, logged, every lock of a trip being deleted."""
    for row in session.exec(select(TripLock).where(TripLock.trip_id == trip_id)).all():
        writer.delete(LOCKS, row, LOCKS.to_record(row))
