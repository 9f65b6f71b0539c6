"""Redo: make the newest undone step again, in one transaction.

The rows of the highest `redo_step` are replayed oldest first and are open again, so the
next undo reverts them as the first did. Any new change clears every `redo_step`, so redo
never replays over a newer edit; a row changed behind the log's back refuses (`UndoError`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, col, select

from .change_writer import UNLOGGED_FIELDS
from .changes import Action, Actor
from .entities import EntitySpec
from .tables import ChangeLogEntry, utc_now
from .undo import (
    UndoResult,
    logged_fields,
    replay,
    step_result,
    would_cascade,
)


def newest_redo_label(session: Session, trip_id: str | None) -> str | None:
    """The label of the newest group `redo_step` would make again, or None."""
    rows = _step_rows(session, trip_id)
    return step_result(rows, ()).labels[0] if rows else None


def redo_step(session: Session, trip_id: str | None, actor: Actor) -> UndoResult | None:
    """Re-apply the newest undone step and open its rows again; None if none."""
    rows = _step_rows(session, trip_id)
    if not rows:
        return None
    changes = tuple(
        change for row in rows for change in replay(session, row, actor, _reapply_row, undo=False)
    )
    for row in rows:
        row.undone = False
        row.redo_step = None
    session.flush()
    return step_result(rows, changes)


def _step_rows(session: Session, trip_id: str | None) -> list[ChangeLogEntry]:
    """The rows of the highest redo step (of those touching `trip_id`), oldest first."""
    highest = select(func.max(ChangeLogEntry.redo_step))
    if trip_id is not None:
        highest = highest.where(ChangeLogEntry.trip_id == trip_id)
    step = session.exec(highest).one()
    if step is None:
        return []
    return list(
        session.exec(
            select(ChangeLogEntry)
            .where(ChangeLogEntry.redo_step == step)
            .order_by(col(ChangeLogEntry.id))
        ).all()
    )


def _reapply_row(
    session: Session, spec: EntitySpec[Any, Any], row: ChangeLogEntry
) -> Sequence[str] | None:
    """Make the row as the change left it; the fields written, or None if it changed."""
    current = session.get(spec.table, row.entity_id)
    action = Action(row.action)
    if action is Action.CREATE:
        if current is not None:
            return None
        record = spec.from_json(row.after or "{}")
        session.add(spec.new_row(record))
        fields = logged_fields(row.after)
    elif action is Action.DELETE:
        if current is None or would_cascade(session, spec, row.entity_id):
            return None
        logged = spec.from_json(row.before or "{}")
        compared = [name for name in spec.names if name not in UNLOGGED_FIELDS]
        if spec.to_json(spec.to_record(current), compared) != spec.to_json(logged, compared):
            return None
        session.delete(current)
        fields = logged_fields(row.before)
    else:
        if current is None:
            return None
        record = spec.to_record(current)
        fields = logged_fields(row.after)
        if spec.to_json(record, fields) != row.before:
            return None
        spec.write(current, spec.from_json(row.after or "{}", base=record), fields)
        current.updated_at = utc_now()
    session.flush()
    return fields
