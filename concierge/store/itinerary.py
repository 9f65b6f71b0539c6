"""A trip's itinerary: items per day, in order, added, edited, moved and removed.

Positions within a day are always 0, 1, 2, …: every write renumbers the days it touched (ties
by creation time, then id, never the database's row order) and logs it as one row, so undo
restores the exact order.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from datetime import date
from typing import Any

from sqlmodel import Session, col, select
from sqlmodel.sql.expression import SelectOfScalar

from concierge.text import QT_TRANSLATE_NOOP

from .change_writer import ChangeWriter
from .changes import ChangeContext, EntityKind
from .documents import detach_item_documents
from .entities import ITEMS
from .errors import InvalidChangeError
from .field_sources import FieldSourceRecord, sources_of, unverified_facts
from .ledger import detach_item_expenses
from .locks import delete_target_locks
from .new_record import new_record
from .outcome import Outcome
from .records import ItineraryItemRecord, TripRecord
from .repository import AddedFromValues
from .tables import ItineraryItem
from .validation import ITEM_RULES, check_item, check_position, parse_changes


class ItineraryRepository(AddedFromValues[ItineraryItemRecord]):
    """Itinerary items, as immutable `ItineraryItemRecord`s."""

    spec = ITEMS

    async def items(self, trip_id: str) -> list[ItineraryItemRecord]:
        """The trip's items ordered by day, then position; empty for an unknown trip."""

        def query(session: Session) -> list[ItineraryItemRecord]:
            return [ITEMS.to_record(row) for row in session.exec(trip_items(trip_id)).all()]

        return await self.database.run(query)

    async def unverified(self, trip_id: str) -> dict[str, tuple[str, ...]]:
        """The trip's items with facts the assistant set and nobody backed: {id: fields}."""
        return await self.database.run(
            lambda session: unverified_facts(session, EntityKind.ITINERARY_ITEM, trip_id)
        )

    async def sources(self, item_ids: Collection[str]) -> dict[str, dict[str, FieldSourceRecord]]:
        """Who set each fact of the items `item_ids`: {id: {field: source}}."""
        return await self.database.run(
            lambda session: sources_of(session, EntityKind.ITINERARY_ITEM, item_ids)
        )

    async def confirm(
        self, item_ids: Collection[str], *, context: ChangeContext | None = None
    ) -> Outcome[int]:
        """The person confirms the assistant's facts on these items, as one undo step."""

        def write(session: Session, writer: ChangeWriter) -> int:
            return writer.confirm_all(
                ITEMS,
                item_ids,
                lambda item: QT_TRANSLATE_NOOP(
                    "ChangeLabel", "Confirm details of “{title}”"
                ).format(title=item.title),
                QT_TRANSLATE_NOOP("ChangeLabel", "Confirm details of {count} items"),
            )

        return await self.logged(context, write)

    def parse_new(self, values: Mapping[str, object]) -> dict[str, Any]:
        """A new item needs its day and title."""
        parsed = parse_changes("an itinerary item", ITEM_RULES, values)
        for required in ("day", "title"):
            if required not in parsed:
                label = ITEM_RULES[required].label
                raise InvalidChangeError(
                    required,
                    QT_TRANSLATE_NOOP("StoreError", "{label} is needed for a new item.").format(
                        label=label
                    ),
                )
        return parsed

    def create(
        self, writer: ChangeWriter, trip: TripRecord, parsed: dict[str, Any], position: int | None
    ) -> ItineraryItemRecord:
        """The item goes last of its day, or at `position` in it."""
        defaults = {name: rule.default for name, rule in ITEM_RULES.items()}
        item = new_record(
            ItineraryItemRecord, **{**defaults, **parsed}, trip_id=trip.id, position=0
        )
        check_item(item, parsed)
        writer.describe(
            QT_TRANSLATE_NOOP("ChangeLabel", "Add “{title}” to the itinerary").format(
                title=item.title
            )
        )
        return _place(writer.session, writer, None, item, position)

    async def update(
        self,
        item_id: str,
        changes: Mapping[str, object],
        *,
        context: ChangeContext | None = None,
    ) -> Outcome[ItineraryItemRecord]:
        """Change only the fields in `changes`; a new `day` puts the item last on it."""

        def write(session: Session, writer: ChangeWriter) -> ItineraryItemRecord:
            row = ITEMS.row(session, item_id)
            before = ITEMS.to_record(row)
            writer.describe(
                QT_TRANSLATE_NOOP("ChangeLabel", "Edit “{title}”").format(title=before.title)
            )
            with writer.locks_first(ITEMS, before, changes):
                parsed = parse_changes("an itinerary item", ITEM_RULES, changes)
                after = dataclasses.replace(before, **_keeping_length(before, parsed))
                check_item(after, parsed)
            if after.day != before.day:
                return _place(session, writer, before, after, None)
            return writer.update(ITEMS, row, before, after)

        return await self.logged(context, write)

    async def move(
        self,
        item_id: str,
        *,
        day: date | None = None,
        position: int | None = None,
        context: ChangeContext | None = None,
    ) -> Outcome[ItineraryItemRecord]:
        """Move the item to `day` (default: its own) at `position` (default: last)."""
        target = {} if day is None else {"day": day}

        def write(session: Session, writer: ChangeWriter) -> ItineraryItemRecord:
            before = ITEMS.to_record(ITEMS.row(session, item_id))
            writer.describe(
                QT_TRANSLATE_NOOP("ChangeLabel", "Move “{title}”").format(title=before.title)
            )
            with writer.locks_first(ITEMS, before, {**target, "position": position}):
                parsed = parse_changes("an itinerary item", ITEM_RULES, target)
                check_position(position)
                after = dataclasses.replace(before, **_keeping_length(before, parsed))
                check_item(after, parsed)
            return _place(session, writer, before, after, position)

        return await self.logged(context, write)

    async def remove(self, item_id: str, *, context: ChangeContext | None = None) -> Outcome[bool]:
        """Remove the item and close the gap in its day; False if there was no such item."""

        def write(session: Session, writer: ChangeWriter) -> bool:
            row = session.get(ItineraryItem, item_id)
            if row is None:
                return False
            item = ITEMS.to_record(row)
            writer.describe(
                QT_TRANSLATE_NOOP("ChangeLabel", "Remove “{title}” from the itinerary").format(
                    title=item.title
                )
            )
            detach_item_expenses(session, writer, item.id)
            detach_item_documents(session, writer, item.id)
            writer.delete(ITEMS, row, item)
            delete_target_locks(session, writer, item.id)
            _renumber(session, writer, item.trip_id, item.day, ())
            return True

        return await self.logged(context, write)


def _keeping_length(before: ItineraryItemRecord, parsed: Mapping[str, Any]) -> dict[str, Any]:
    """`parsed`, with the end day moved as far as the day moves (unless it is set too): a
    hotel moved to later dates keeps its nights."""
    if "day" not in parsed or "end_day" in parsed or before.end_day is None:
        return dict(parsed)
    return {**parsed, "end_day": before.end_day + (parsed["day"] - before.day)}


def trip_items(trip_id: str) -> SelectOfScalar[ItineraryItem]:
    """The trip's items in itinerary order."""
    return (
        select(ItineraryItem)
        .where(ItineraryItem.trip_id == trip_id)
        .order_by(col(ItineraryItem.day), *_IN_DAY_ORDER)
    )


_IN_DAY_ORDER = (
    col(ItineraryItem.position),
    col(ItineraryItem.created_at),
    col(ItineraryItem.id),
)


def _day_rows(session: Session, trip_id: str, day: date) -> list[ItineraryItem]:
    return list(
        session.exec(
            select(ItineraryItem)
            .where(ItineraryItem.trip_id == trip_id, ItineraryItem.day == day)
            .order_by(*_IN_DAY_ORDER)
        ).all()
    )


def _place(
    session: Session,
    writer: ChangeWriter,
    before: ItineraryItemRecord | None,
    after: ItineraryItemRecord,
    position: int | None,
) -> ItineraryItemRecord:
    """Write `after` (new when `before` is None) at `position` of its day (None: last), and
    renumber its day and, if it changed days, the day it left."""
    others = [row for row in _day_rows(session, after.trip_id, after.day) if row.id != after.id]
    index = len(others) if position is None else min(position, len(others))
    placed = dataclasses.replace(after, position=index)
    if before is None:
        stored = writer.create(ITEMS, placed)
    else:
        stored = writer.update(ITEMS, ITEMS.row(session, after.id), before, placed)
    _renumber(session, writer, after.trip_id, after.day, (after.id,), skip=index)
    if before is not None and before.day != after.day:
        _renumber(session, writer, before.trip_id, before.day, (after.id,))
    return stored


def renumber_day(session: Session, writer: ChangeWriter, trip_id: str, day: date) -> None:
    """Number the day's items 0, 1, 2, … in their order (ties: creation time, then id)."""
    _renumber(session, writer, trip_id, day, ())


def _renumber(
    session: Session,
    writer: ChangeWriter,
    trip_id: str,
    day: date,
    exclude: tuple[str, ...],
    *,
    skip: int | None = None,
) -> None:
    """Number the day's items (except `exclude`) 0, 1, 2, … in their current order, leaving
    the number `skip` free for an item placed there."""
    rows = [row for row in _day_rows(session, trip_id, day) if row.id not in exclude]
    numbers = [n for n in range(len(rows) + 1) if n != skip][: len(rows)]
    writer.reorder(ITEMS, rows, numbers, trip_id, f"{trip_id} {day.isoformat()}")
