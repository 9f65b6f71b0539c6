"""Lists kept in a stable order by a dense `position` (0, 1, 2, …): a trip's goals, the pins
of one scope, a trip's stops. Every add, removal or move renumbers the list and logs the
positions that changed as one row (`ChangeWriter.reorder`), so undo restores the order.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, TypeVar

from sqlmodel import Session, SQLModel, col, select

from .change_writer import ChangeWriter
from .entities import EntitySpec
from .records import GoalRecord, PinRecord, StopRecord

P = TypeVar("P", GoalRecord, PinRecord, StopRecord)
S = TypeVar("S", bound=SQLModel)


def scope_rows(session: Session, table: type[S], trip_id: str | None) -> list[S]:
    """The rows of `table` in one scope (a trip's; with None, those of no trip), in order."""
    trip = col(getattr(table, "trip_id"))  # noqa: B009 - ordered tables all have these
    scope = trip.is_(None) if trip_id is None else trip == trip_id
    order = (col(getattr(table, name)) for name in ("position", "created_at", "id"))
    return list(session.exec(select(table).where(scope).order_by(*order)).all())


def insert(
    writer: ChangeWriter,
    spec: EntitySpec[P, Any],
    rows: Sequence[SQLModel],
    record: P,
    position: int | None,
) -> P:
    """Create `record` at `position` (None: last) of `rows` and renumber around it."""
    index = len(rows) if position is None else min(position, len(rows))
    created = writer.create(spec, dataclasses.replace(record, position=index))
    renumber(writer, spec, rows, skip=index)
    return created


def move(
    writer: ChangeWriter,
    spec: EntitySpec[P, Any],
    rows: Sequence[SQLModel],
    moving: SQLModel,
    position: int,
) -> list[P]:
    """Put `moving` (one of `rows`, in order) at `position`; the list in its new order."""
    others = [row for row in rows if row is not moving]
    index = min(position, len(others))
    before = spec.to_record(moving)
    placed = writer.update(spec, moving, before, dataclasses.replace(before, position=index))
    records = renumber(writer, spec, others, skip=index)
    records.insert(index, placed)
    return records


def renumber(
    writer: ChangeWriter,
    spec: EntitySpec[P, Any],
    rows: Sequence[SQLModel],
    *,
    skip: int | None = None,
) -> list[P]:
    """Number `rows` 0, 1, 2, … in the order given, leaving the number `skip` free for an
    entry placed there; returns their records as stored."""
    numbers = [n for n in range(len(rows) + 1) if n != skip][: len(rows)]
    if not rows:
        return []
    trip_id = spec.trip_id_of(spec.to_record(rows[0]))
    return writer.reorder(spec, rows, numbers, trip_id, trip_id or "all trips")
