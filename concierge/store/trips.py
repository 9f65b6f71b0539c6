"""Trips: create, read, edit patch-style, duplicate, reorder and delete.

Trip positions order the trip list: new trips go last, deleting leaves a gap (order is all
that matters), `move` renumbers densely.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, col, select

from concierge.text import QT_TRANSLATE_NOOP

from .change_writer import ChangeWriter
from .changes import ChangeContext, EntityKind
from .entities import ITEMS, TRIPS
from .errors import RecordNotFoundError
from .field_sources import unverified_facts
from .itinerary import trip_items
from .label_text import listed
from .outcome import Outcome
from .records import TripRecord
from .repository import RecordRepository
from .tables import Trip, utc_now
from .trip_parts import copy_trip_parts, delete_trip_parts
from .validation import TRIP_RULES, check_position, check_trip, defaults, parse_changes
from .words import field_labels


class TripRepository(RecordRepository[TripRecord]):
    """The trips, as immutable `TripRecord`s. Writes take an optional `ChangeContext`."""

    spec = TRIPS

    async def all(self) -> list[TripRecord]:
        """Every trip in list order."""

        def query(session: Session) -> list[TripRecord]:
            rows = session.exec(select(Trip).order_by(*_TRIP_ORDER)).all()
            return [TRIPS.to_record(row) for row in rows]

        return await self.database.run(query)

    async def create(
        self, values: Mapping[str, object] | None = None, *, context: ChangeContext | None = None
    ) -> Outcome[TripRecord]:
        """A new trip at the end of the list, with `values` over the defaults."""
        parsed = parse_changes("a trip", TRIP_RULES, values or {})

        def write(session: Session, writer: ChangeWriter) -> TripRecord:
            now = utc_now()
            trip = dataclasses.replace(
                _blank_trip(uuid.uuid4().hex, next_trip_position(session), now),
                **parsed,
            )
            check_trip(trip, parsed)
            writer.describe(
                QT_TRANSLATE_NOOP("ChangeLabel", "Create trip “{title}”").format(title=trip.title)
            )
            return writer.create(TRIPS, trip)

        return await self.logged(context, write)

    async def update(
        self,
        trip_id: str,
        changes: Mapping[str, object],
        *,
        context: ChangeContext | None = None,
    ) -> Outcome[TripRecord]:
        """Change only the fields named in `changes`; equal values write and log nothing."""
        return await self._update(trip_id, changes, context, _edit_label)

    async def rename(
        self, trip_id: str, title: str, *, context: ChangeContext | None = None
    ) -> Outcome[TripRecord]:
        """`update` of the title, logged as "Rename trip to “…”"."""
        return await self._update(trip_id, {"title": title}, context, _rename_label)

    async def _update(
        self,
        trip_id: str,
        changes: Mapping[str, object],
        context: ChangeContext | None,
        label: Callable[[Mapping[str, Any]], str],
    ) -> Outcome[TripRecord]:
        def edit(session: Session, writer: ChangeWriter, before: TripRecord) -> TripRecord:
            with writer.locks_first(TRIPS, before, changes):
                parsed = parse_changes("a trip", TRIP_RULES, changes)
                after = dataclasses.replace(before, **parsed)
                check_trip(after, parsed)
            writer.describe(label(parsed))
            return after

        return await self.edited(trip_id, edit, context)

    async def duplicate(
        self, trip_id: str, *, context: ChangeContext | None = None
    ) -> Outcome[TripRecord]:
        """A copy of the trip, titled "… (copy)", last in the list, with what `copy_trip_parts`
        copies; one transaction and one undo step."""

        def write(session: Session, writer: ChangeWriter) -> TripRecord:
            source = TRIPS.to_record(TRIPS.row(session, trip_id))
            writer.describe(
                QT_TRANSLATE_NOOP("ChangeLabel", "Duplicate trip “{title}”").format(
                    title=source.title
                )
            )
            now = utc_now()
            copy = dataclasses.replace(
                source,
                id=uuid.uuid4().hex,
                title=f"{source.title} (copy)",
                position=next_trip_position(session),
                created_at=now,
                updated_at=now,
            )
            writer.create(TRIPS, copy)
            guessed = unverified_facts(session, EntityKind.ITINERARY_ITEM, trip_id)
            for item in session.exec(trip_items(trip_id)).all():
                record = writer.create(
                    ITEMS,
                    dataclasses.replace(
                        ITEMS.to_record(item),
                        id=uuid.uuid4().hex,
                        trip_id=copy.id,
                        created_at=now,
                        updated_at=now,
                    ),
                )
                # The assistant's guesses are no more certain in the copy.
                writer.mark_unverified(ITEMS, record, guessed.get(item.id, ()))
            copy_trip_parts(session, writer, trip_id, copy.id)
            return copy

        return await self.logged(context, write)

    async def move(
        self, trip_id: str, position: int, *, context: ChangeContext | None = None
    ) -> Outcome[list[TripRecord]]:
        """Put the trip at `position` (0 = first; past the end = last) and return the list."""
        check_position(position)

        def write(session: Session, writer: ChangeWriter) -> list[TripRecord]:
            rows = list(session.exec(select(Trip).order_by(*_TRIP_ORDER)).all())
            moving = next((row for row in rows if row.id == trip_id), None)
            if moving is None:
                raise RecordNotFoundError("trip", trip_id)
            writer.describe(
                QT_TRANSLATE_NOOP("ChangeLabel", "Move trip “{title}”").format(title=moving.title)
            )
            rows.remove(moving)
            rows.insert(min(position, len(rows)), moving)
            records = []
            for index, row in enumerate(rows):
                before = TRIPS.to_record(row)
                after = dataclasses.replace(before, position=index)
                records.append(writer.update(TRIPS, row, before, after))
            return records

        return await self.logged(context, write)

    async def delete(self, trip_id: str, *, context: ChangeContext | None = None) -> Outcome[bool]:
        """Delete the trip with its itinerary (undoable); False if there was no such trip."""

        def write(session: Session, writer: ChangeWriter) -> bool:
            row = session.get(Trip, trip_id)
            if row is None:
                return False
            trip = TRIPS.to_record(row)
            writer.describe(
                QT_TRANSLATE_NOOP("ChangeLabel", "Delete trip “{title}”").format(title=trip.title)
            )
            # Its parts first, so that undo (which replays in reverse) restores the trip first.
            delete_trip_parts(session, writer, trip_id)
            for item in session.exec(trip_items(trip_id)).all():
                writer.delete(ITEMS, item, ITEMS.to_record(item))
            writer.delete(TRIPS, row, trip)
            return True

        return await self.logged(context, write)


_TRIP_ORDER = (col(Trip.position), col(Trip.created_at), col(Trip.id))


def next_trip_position(session: Session) -> int:
    """The position a new trip takes: last of the list."""
    highest = session.exec(select(func.max(Trip.position))).one()
    return 0 if highest is None else highest + 1


def _blank_trip(trip_id: str, position: int, now: datetime) -> TripRecord:
    values: dict[str, Any] = defaults(TRIP_RULES)
    return TripRecord(id=trip_id, position=position, created_at=now, updated_at=now, **values)


def _edit_label(parsed: Mapping[str, Any]) -> str:
    if not parsed:
        return QT_TRANSLATE_NOOP("ChangeLabel", "Edit trip")
    return QT_TRANSLATE_NOOP("ChangeLabel", "Change {fields}").format(
        fields=listed(field_labels(parsed))
    )


def _rename_label(parsed: Mapping[str, Any]) -> str:
    return QT_TRANSLATE_NOOP("ChangeLabel", "Rename trip to “{title}”").format(
        title=parsed["title"]
    )
