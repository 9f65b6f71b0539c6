"""Keeping the change log as long as undo can use it, and no longer.

After each logged write the log keeps the newest `history.undo_depth` groups not undone,
every undone row Redo can still make again, and the assistant's and other programs' changes
the person has not seen yet (their highlight); it deletes the rest. A document's file stays
while a row or a log entry names it (`referenced_document_files`).
"""

from __future__ import annotations

import json

from sqlalchemy import delete, func, not_
from sqlmodel import Session, col, select

from .changes import EntityKind
from .tables import ChangeLogEntry, Document


def prune_change_log(session: Session, depth: int) -> int:
    """Delete what undo and redo can no longer reach; how many rows went."""
    dead = session.exec(
        delete(ChangeLogEntry).where(
            col(ChangeLogEntry.undone).is_(True), col(ChangeLogEntry.redo_step).is_(None)
        )
    ).rowcount
    last = func.max(col(ChangeLogEntry.id))
    cutoff = session.exec(
        select(last)
        .where(col(ChangeLogEntry.undone).is_(False))
        .group_by(col(ChangeLogEntry.group_id))
        .order_by(last.desc())
        .offset(depth)
        .limit(1)
    ).first()
    if cutoff is None:
        return int(dead)
    old_groups = (
        select(col(ChangeLogEntry.group_id))
        .where(col(ChangeLogEntry.undone).is_(False))
        .group_by(col(ChangeLogEntry.group_id))
        .having(last <= cutoff)
    )
    unseen = col(ChangeLogEntry.seen).is_(False)
    old = session.exec(
        delete(ChangeLogEntry).where(
            col(ChangeLogEntry.undone).is_(False),
            not_(unseen),
            col(ChangeLogEntry.group_id).in_(old_groups),
        )
    ).rowcount
    return int(dead) + int(old)


def referenced_document_files(session: Session) -> set[str]:
    """The stored file names a document row or a change-log entry (one undo or redo could
    bring back) names: the files that must stay in the documents folder."""
    names = set(session.exec(select(Document.stored_name)).all())
    logged = session.exec(
        select(ChangeLogEntry.before, ChangeLogEntry.after).where(
            ChangeLogEntry.entity == EntityKind.DOCUMENT.value
        )
    ).all()
    for before, after in logged:
        for text in (before, after):
            data: dict[str, object] = json.loads(text or "{}")
            if isinstance(name := data.get("stored_name"), str):
                names.add(name)
    return names
