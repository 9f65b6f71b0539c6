"""The change log as the app uses it: undo, redo, and the assistant's changes not yet seen."""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, select

from .changes import Actor, Change, ChangeBus, EntityKind
from .database import Database
from .label_text import decode_label
from .proposals import ProposedChange, row_change
from .redo import newest_redo_label, redo_step
from .seen import UnseenChanges, mark_seen, unseen_changes, unseen_item_titles
from .tables import ChangeLogEntry
from .transaction import commit_and_publish
from .undo import UndoResult, newest_group_label, undo_step


@dataclass(frozen=True, slots=True)
class LoggedStep:
    """One change group: `label` as the undo menu names it, the rows it wrote, in order, and
    whether it has since been undone."""

    label: str
    changes: tuple[ProposedChange, ...]
    undone: bool


class ChangeHistory:
    """Undo and redo over the change log, and seen marks."""

    def __init__(self, database: Database, bus: ChangeBus) -> None:
        self.database = database
        self.bus = bus

    async def undo_label(self, trip_id: str | None = None) -> str | None:
        """What `undo_last` would undo, or None."""
        return await self.database.run(lambda session: newest_group_label(session, trip_id))

    async def undo_last(
        self, trip_id: str | None = None, *, actor: Actor = Actor.PERSON
    ) -> UndoResult | None:
        """Revert the newest change group not yet undone (touching `trip_id`, if given; all-trip
        pins belong to no trip). None if there is nothing to undo."""

        def undo(session: Session) -> tuple[UndoResult | None, tuple[Change, ...]]:
            result = undo_step(session, trip_id, actor)
            return result, () if result is None else result.changes

        return await commit_and_publish(self.database, self.bus, undo)

    async def redo_label(self, trip_id: str | None = None) -> str | None:
        """What `redo_last` would make again, or None."""
        return await self.database.run(lambda session: newest_redo_label(session, trip_id))

    async def redo_last(
        self, trip_id: str | None = None, *, actor: Actor = Actor.PERSON
    ) -> UndoResult | None:
        """Make the newest undone step again, whoever made it; None if none."""

        def redo(session: Session) -> tuple[UndoResult | None, tuple[Change, ...]]:
            result = redo_step(session, trip_id, actor)
            return result, () if result is None else result.changes

        return await commit_and_publish(self.database, self.bus, redo)

    async def unseen_assistant_changes(self, trip_id: str) -> UnseenChanges:
        """(entity, id) → fields the assistant changed that the person has not seen, on this
        trip or on all-trip pins; a created row's include `CREATED`, deleted rows are left out.
        Form answers are keyed by their instance's id."""
        return await self.database.run(lambda session: unseen_changes(session, trip_id))

    async def unseen_item_titles(self, trip_id: str) -> dict[str, str]:
        """Id → title of the items the assistant added, unseen, in the order added."""
        return await self.database.run(lambda session: unseen_item_titles(session, trip_id))

    async def mark_seen(
        self,
        trip_id: str,
        entity: EntityKind | None = None,
        entity_id: str | None = None,
    ) -> int:
        """Mark the trip's and all-trip pins' unseen changes seen; how many rows."""
        return await self.database.run(
            lambda session: mark_seen(session, trip_id, entity, entity_id)
        )

    async def group_step(self, group_id: str) -> LoggedStep | None:
        """What the change group `group_id` (a tool call's effect id) wrote, or None if nothing:
        what the transcript shows when a step of the assistant's is opened."""
        rows = await self.database.run(lambda session: _group_rows(session, group_id))
        if not rows:
            return None
        first = rows[0]
        return LoggedStep(
            decode_label(first.label, first.label_message),
            tuple(row_change(row) for row in rows),
            all(row.undone for row in rows),
        )

    async def group_outcome(self, group_id: str) -> str | None:
        """What the change group `group_id` did, in a sentence, or None if it wrote nothing: a tool
        call's true outcome after a crash lost its result."""
        rows = await self.database.run(lambda session: _group_rows(session, group_id))
        if not rows:
            return None
        labels = list(dict.fromkeys(row.label for row in rows))
        count = f"{len(rows)} change{'s' if len(rows) != 1 else ''}"
        undone = " It has since been undone." if all(row.undone for row in rows) else ""
        return f"Saved {'; '.join(labels)} ({count}).{undone}"


def _group_rows(session: Session, group_id: str) -> list[ChangeLogEntry]:
    return list(
        session.exec(
            select(ChangeLogEntry)
            .where(ChangeLogEntry.group_id == group_id)
            .order_by(col(ChangeLogEntry.id))
        ).all()
    )
