"""Redo: make the newest undone step again, in one transaction.

The rows of the highest `redo_step` are replayed oldest first and are open again, so the
next undo reverts them as the first did. Any new change clears every `redo_step`, so redo
never replays over a newer edit; a row changed behind the log's back refuses (`UndoError`).
"""

from __future__ import annotations

from sqlalchemy import func
from sqlmodel import Session, col, select

from .changes import Actor
from .tables import ChangeLogEntry
from .undo import UndoResult, flip, replay, step_result


def newest_redo_label(session: Session, trip_id: str | None) -> str | None:
    """The label of the newest group `redo_step` would make again, or None."""
    rows = _step_rows(session, trip_id)
    return step_result(rows, ()).labels[0] if rows else None


def redo_step(session: Session, trip_id: str | None, actor: Actor) -> UndoResult | None:
    """Re-apply the newest undone step and open its rows again; None if none."""
    rows = _step_rows(session, trip_id)
    if not rows:
        return None
    changes = tuple(change for row in rows for change in replay(session, row, actor, undo=False))
    for row in rows:
        row.redo_step = None
    flip(session, rows, undone=False)
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
