"""Writing a row and its change-log entry together, inside the caller's transaction.

Every repository write goes through a `ChangeWriter`, so no row changes without a log entry
to undo it by, and the `Change` notifications to send after the commit are collected as the
rows are written. The first logged write of a transaction also empties the redo stack: a new
change after an undo makes the undone steps history, as in every editor.

Renumbering a list (an insert at the top of a 500-item day moves 500 items down one place)
is logged as one REORDER row holding the positions that changed, before and after, not as
one row per moved entry.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from sqlalchemy import update
from sqlmodel import Session, SQLModel, col

from .change_pruning import prune_change_log
from .changes import Action, Actor, Change, ChangeBus, ChangeContext, EntityKind
from .database import Database
from .entities import EntitySpec, R
from .lock_rules import LOCKABLE, refuse_locked, trip_locks
from .records import LockRecord
from .settings import UNDO_DEPTH, read_setting
from .tables import ChangeLogEntry, utc_now

log = logging.getLogger(__name__)

T = TypeVar("T")

UNLOGGED_FIELDS = frozenset({"updated_at", "seen_by_assistant"})
"""Bookkeeping, not part of what a change changed: written with an update but not logged,
so undo neither restores them nor is refused because they changed since."""


class ChangeWriter:
    """Writes rows for one transaction in one change context, logging each write."""

    def __init__(self, session: Session, context: ChangeContext) -> None:
        self.session = session
        self.context = context
        self.label = context.label or "Change"
        self.changes: list[Change] = []
        self._redo_cleared = False
        self._locks: dict[str, list[LockRecord]] = {}

    def describe(self, label: str) -> None:
        """Name this write for the undo menu ("Rename trip …"), unless the context already
        names its whole group."""
        if not self.context.label:
            self.label = label

    def create(self, spec: EntitySpec[R, Any], record: R) -> R:
        self._check_locks(spec, None, record, ())
        self.session.add(spec.new_row(record))
        self.session.flush()
        self._log(spec, record, Action.CREATE, None, spec.to_json(record))
        return record

    def update(self, spec: EntitySpec[R, Any], row: SQLModel, before: R, after: R) -> R:
        """Write the fields in which `after` differs from `before`; write and log nothing if
        none does. Returns the record as stored (with a new `updated_at` if it changed)."""
        changed: list[str] = [
            f.name
            for f in dataclasses.fields(before)
            if getattr(before, f.name) != getattr(after, f.name)
        ]
        names = [name for name in changed if name not in UNLOGGED_FIELDS]
        if not names:
            return before
        self._check_locks(spec, before, after, names)
        stored = dataclasses.replace(after, updated_at=utc_now())
        spec.write(row, stored, [*changed, "updated_at"])
        self.session.flush()
        self._log(
            spec, stored, Action.UPDATE, spec.to_json(before, names), spec.to_json(stored, names)
        )
        return stored

    def delete(self, spec: EntitySpec[R, Any], row: SQLModel, record: R) -> None:
        self._check_locks(spec, record, None, ())
        self.session.delete(row)
        self.session.flush()
        self._log(spec, record, Action.DELETE, spec.to_json(record), None)

    def reorder(
        self,
        spec: EntitySpec[R, Any],
        rows: Sequence[SQLModel],
        numbers: Sequence[int],
        trip_id: str | None,
        list_name: str,
    ) -> list[R]:
        """Give `rows` the positions `numbers`, logging the ones that change as one REORDER
        row named `list_name` (e.g. the day's date); returns the records as stored."""
        before: dict[str, int] = {}
        after: dict[str, int] = {}
        for row, number in zip(rows, numbers, strict=True):
            entity_id: str = getattr(row, "id")  # noqa: B009 - ordered tables all have both
            position: int = getattr(row, "position")  # noqa: B009
            if position != number:
                before[entity_id], after[entity_id] = position, number
                setattr(row, "position", number)  # noqa: B010
        if after:
            self.session.flush()
            self._add_row(
                spec.kind, list_name, trip_id, Action.REORDER, *encode_order(before, after)
            )
            self.changes.extend(
                Change(
                    entity=spec.kind,
                    entity_id=entity_id,
                    trip_id=trip_id,
                    action=Action.UPDATE,
                    fields=frozenset({"position"}),
                    actor=self.context.actor,
                    group_id=self.context.group_id,
                )
                for entity_id in after
            )
        return [spec.to_record(row) for row in rows]

    def _check_locks(
        self, spec: EntitySpec[R, Any], before: R | None, after: R | None, names: Sequence[str]
    ) -> None:
        """Refuse (`LockedError`) an assistant's write that would change a locked thing; the
        trip's locks are read once per transaction, and only for the assistant's writes."""
        if self.context.actor is not Actor.ASSISTANT or spec.kind not in LOCKABLE:
            return
        record = after if after is not None else before
        trip_id = spec.trip_id_of(record) if record is not None else None
        if trip_id is None:
            return
        if trip_id not in self._locks:
            self._locks[trip_id] = trip_locks(self.session, trip_id)
        if self._locks[trip_id]:
            refuse_locked(self._locks[trip_id], spec.kind, before, after, names)

    def _log(
        self,
        spec: EntitySpec[R, Any],
        record: R,
        action: Action,
        before: str | None,
        after: str | None,
    ) -> None:
        self.log(spec.kind, record.id, spec.trip_id_of(record), action, before, after)

    def log(
        self,
        kind: EntityKind,
        entity_id: str,
        trip_id: str | None,
        action: Action,
        before: str | None,
        after: str | None,
    ) -> None:
        """Log a write the caller made itself: `before` and `after` are JSON objects of the
        changed fields (None for the side of a create or delete that has no row)."""
        self._add_row(kind, entity_id, trip_id, action, before, after)
        payload: dict[str, object] = json.loads(after or before or "{}")
        self.changes.append(
            Change(
                entity=kind,
                entity_id=entity_id,
                trip_id=trip_id,
                action=action,
                fields=frozenset(payload) - UNLOGGED_FIELDS,
                actor=self.context.actor,
                group_id=self.context.group_id,
            )
        )

    def _add_row(
        self,
        kind: EntityKind,
        entity_id: str,
        trip_id: str | None,
        action: Action,
        before: str | None,
        after: str | None,
    ) -> None:
        if not self._redo_cleared:
            self.session.exec(
                update(ChangeLogEntry)
                .where(col(ChangeLogEntry.redo_step).is_not(None))
                .values(redo_step=None)
            )
            self._redo_cleared = True
        self.session.add(
            ChangeLogEntry(
                group_id=self.context.group_id,
                actor=self.context.actor.value,
                label=self.label,
                entity=kind.value,
                entity_id=entity_id,
                trip_id=trip_id,
                action=action.value,
                before=before,
                after=after,
                at=utc_now(),
                undone=False,
                # Entries shifted by a renumbering are no change of the assistant's to show.
                seen=self.context.actor is not Actor.ASSISTANT or action is Action.REORDER,
            )
        )


def encode_order(before: dict[str, int], after: dict[str, int]) -> tuple[str, str]:
    """A REORDER row's `before` and `after`: the ids once (in `before`), then each side's
    positions in the same order, so a 500-entry renumbering does not log every id twice."""
    ids = list(after)
    return (
        json.dumps({"ids": ids, "positions": [before[i] for i in ids]}, separators=(",", ":")),
        json.dumps({"positions": [after[i] for i in ids]}, separators=(",", ":")),
    )


def decode_order(before: str | None, after: str | None) -> tuple[dict[str, int], dict[str, int]]:
    """{id: position} before and after, from a REORDER row's `before` and `after`."""
    old: dict[str, list[Any]] = json.loads(before or "{}")
    new: dict[str, list[int]] = json.loads(after or "{}")
    ids: list[str] = old.get("ids", [])
    return (
        dict(zip(ids, old.get("positions", []), strict=True)),
        dict(zip(ids, new.get("positions", []), strict=True)),
    )


async def run_logged(
    database: Database,
    bus: ChangeBus,
    context: ChangeContext | None,
    write: Callable[[Session, ChangeWriter], T],
) -> T:
    """Run `write` as one transaction with a `ChangeWriter` (the person's, one step of its
    own, when `context` is None), then publish what it logged, now that it is committed.
    A write that logged something also trims the log to the undo depth."""
    context = context or ChangeContext()

    def transaction(session: Session) -> tuple[T, list[Change]]:
        writer = ChangeWriter(session, context)
        result = write(session, writer)
        if writer.changes:
            prune_change_log(session, read_setting(session, UNDO_DEPTH))
        return result, writer.changes

    return await commit_and_publish(database, bus, transaction)


async def commit_and_publish(
    database: Database,
    bus: ChangeBus,
    transaction: Callable[[Session], tuple[T, Sequence[Change]]],
) -> T:
    """Run `transaction` and publish the changes it returns once it has committed.

    The work cannot be stopped once handed to the database thread, so cancelling the caller
    (an aborted assistant turn) must not lose the announcement of a write that commits
    anyway: the changes are published from the finished work's callback, on the event loop,
    before the caller (if still waiting) resumes.
    """
    work = asyncio.ensure_future(database.run(transaction))

    def announce(done: asyncio.Future[tuple[T, Sequence[Change]]]) -> None:
        if done.cancelled():
            return
        if (error := done.exception()) is not None:
            log.debug("A write failed; nothing to announce (%r).", error)
            return
        bus.publish(done.result()[1])

    work.add_done_callback(announce)
    result, _ = await asyncio.shield(work)
    return result
