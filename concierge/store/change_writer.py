"""Writing a row and its change-log entry together, inside the caller's transaction.

The first logged write of a transaction empties the redo stack. Renumbering a list is logged
as one REORDER row of the positions that changed.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy import insert, update
from sqlmodel import Session, SQLModel, col

from concierge.text import QT_TRANSLATE_NOOP, Translatable

from .changes import Action, Actor, Change, ChangeContext, EntityKind, FactSource
from .entities import EntitySpec, R
from .errors import InvalidChangeError
from .field_sources import (
    Images,
    confirm_sources,
    forget_sources,
    record_sources,
    record_sources_all,
    sources_of,
)
from .label_text import encode_label
from .lock_rules import LOCKABLE, refuse_locked, refuse_locked_edit, trip_locks
from .records import LockRecord
from .tables import ChangeLogEntry, utc_now
from .writers import writer_of

CHANGE = QT_TRANSLATE_NOOP("ChangeLabel", "Change")
"""The label of a write that names itself nothing."""

UNLOGGED_FIELDS = frozenset({"updated_at", "seen_by_assistant"})
"""Bookkeeping, not part of what a change changed: written with an update but not logged,
so undo neither restores them nor is refused because they changed since."""


class ChangeWriter:
    """Writes rows for one transaction in one change context, logging each write."""

    def __init__(self, session: Session, context: ChangeContext) -> None:
        self.session = session
        self.context = context
        self.label = context.label or CHANGE
        self.changes: list[Change] = []
        self.entries: list[ChangeLogEntry] = []
        """The change-log rows written, in order (what a proposal keeps)."""
        self._redo_cleared = False
        self._locks: dict[str, list[LockRecord]] = {}
        self._writer = writer_of(session)

    def describe(self, label: str) -> None:
        """Name this write for the undo menu, unless the context names its group."""
        if not self.context.label:
            self.label = label

    def create(self, spec: EntitySpec[R, Any], record: R) -> R:
        self.create_all(spec, [record])
        return record

    def create_all(self, spec: EntitySpec[R, Any], records: Sequence[R]) -> None:
        """Create `records`, each logged as if made alone, with one flush and one read of
        their sources for all (a companion's first sync makes a whole trip's rows)."""
        if not records:
            return
        for record in records:
            self._check_locks(spec, None, record, ())
        self.session.execute(insert(spec.table), [spec.to_columns(record) for record in records])
        written = [
            (
                record.id,
                spec.trip_id_of(record),
                {name: getattr(record, name) for name in spec.names},
            )
            for record in records
        ]
        sources = record_sources_all(self.session, self.context, spec.kind, written)
        for record, images in zip(records, sources, strict=True):
            self._log(spec, record, Action.CREATE, None, spec.to_json(record), images)

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
        sources = self._sources(spec, stored, {name: getattr(stored, name) for name in names})
        self._log(
            spec,
            stored,
            Action.UPDATE,
            spec.to_json(before, names),
            spec.to_json(stored, names),
            sources,
        )
        return stored

    def confirm_all(
        self,
        spec: EntitySpec[R, Any],
        ids: Collection[str],
        one: Callable[[R], str],
        many: Translatable,
    ) -> int:
        """Confirm the assistant's facts on the rows `ids` (unknown ones skipped: they may just have
        gone), labelled by `one` or `many`; the number of rows that had any."""
        known = sources_of(self.session, spec.kind, ids)
        records = [
            record
            for entity_id in dict.fromkeys(ids)
            if any(source.unverified for source in known.get(entity_id, {}).values())
            and (record := spec.find(self.session, entity_id)) is not None
        ]
        self.describe(one(records[0]) if len(records) == 1 else many.format(count=len(records)))
        for record in records:
            self.confirm(spec, record)
        return len(records)

    def mark_unverified(self, spec: EntitySpec[R, Any], record: R, fields: Sequence[str]) -> None:
        """Record the facts `fields` of a row just written as the assistant's unconfirmed guesses,
        logged as an edit of no field."""
        values = {name: getattr(record, name) for name in fields}
        context = dataclasses.replace(self.context, source=FactSource.ASSISTANT)
        trip_id = spec.trip_id_of(record)
        sources = record_sources(self.session, context, spec.kind, record.id, trip_id, values)
        if sources != (None, None):
            self._log(spec, record, Action.UPDATE, "{}", "{}", sources)

    def confirm(self, spec: EntitySpec[R, Any], record: R) -> bool:
        """Mark the assistant's unconfirmed facts of `record` confirmed by the person, logged
        as an edit of no field (undo makes them unverified again); False if there were none."""
        sources = confirm_sources(self.session, spec.kind, record.id)
        if sources == (None, None):
            return False
        self._log(spec, record, Action.UPDATE, "{}", "{}", sources)
        return True

    def delete(self, spec: EntitySpec[R, Any], row: SQLModel, record: R) -> None:
        self._check_locks(spec, record, None, ())
        self.session.delete(row)
        self.session.flush()
        sources = forget_sources(self.session, spec.kind, record.id)
        self._log(spec, record, Action.DELETE, spec.to_json(record), None, sources)

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
            self.log(spec.kind, list_name, trip_id, Action.REORDER, *encode_order(before, after))
            for entity_id in after:
                self._announce(spec.kind, entity_id, trip_id, Action.UPDATE, {"position"})
        return [spec.to_record(row) for row in rows]

    def _locks_on(self, spec: EntitySpec[R, Any], record: R | None) -> list[LockRecord]:
        """The trip's locks for an assistant's write, read once per transaction."""
        if self.context.actor is not Actor.ASSISTANT or spec.kind not in LOCKABLE:
            return []
        trip_id = spec.trip_id_of(record) if record is not None else None
        if trip_id is None:
            return []
        if trip_id not in self._locks:
            self._locks[trip_id] = trip_locks(self.session, trip_id)
        return self._locks[trip_id]

    def _check_locks(
        self, spec: EntitySpec[R, Any], before: R | None, after: R | None, names: Sequence[str]
    ) -> None:
        """Refuse (`LockedError`) an assistant's write that would change a locked thing."""
        if locks := self._locks_on(spec, after if after is not None else before):
            refuse_locked(locks, spec.kind, before, after, names)

    @contextmanager
    def locks_first(
        self, spec: EntitySpec[R, Any], before: R, changes: Mapping[str, object]
    ) -> Iterator[None]:
        """Validate `changes` of `before` inside: values the rules refuse on a row a lock
        holds are refused for the lock, the more useful message to the assistant."""
        try:
            yield
        except InvalidChangeError:
            self.check_edit(spec, before, changes)
            raise

    def check_edit(
        self, spec: EntitySpec[R, Any], before: R, changes: Mapping[str, object]
    ) -> None:
        """Refuse an assistant's edit `changes` of `before` whose values were refused, if a
        lock holds what they name (`refuse_locked_edit`)."""
        if locks := self._locks_on(spec, before):
            refuse_locked_edit(locks, spec.kind, before, changes)

    def _log(
        self,
        spec: EntitySpec[R, Any],
        record: R,
        action: Action,
        before: str | None,
        after: str | None,
        sources: Images = (None, None),
    ) -> None:
        self.log(spec.kind, record.id, spec.trip_id_of(record), action, before, after, sources)

    def _announce(
        self,
        kind: EntityKind,
        entity_id: str,
        trip_id: str | None,
        action: Action,
        fields: Collection[str],
    ) -> None:
        """Keep the `Change` to publish once the transaction commits."""
        self.changes.append(
            Change(
                entity=kind,
                entity_id=entity_id,
                trip_id=trip_id,
                action=action,
                fields=frozenset(fields),
                actor=self.context.actor,
                group_id=self.context.group_id,
                initiator=self.context.initiator,
            )
        )

    def _sources(self, spec: EntitySpec[R, Any], record: R, values: dict[str, object]) -> Images:
        return record_sources(
            self.session, self.context, spec.kind, record.id, spec.trip_id_of(record), values
        )

    def log(
        self,
        kind: EntityKind,
        entity_id: str,
        trip_id: str | None,
        action: Action,
        before: str | None,
        after: str | None,
        sources: Images = (None, None),
    ) -> None:
        """Log a write the caller made itself: `before`/`after` are JSON objects of the changed
        fields (None for a missing side). The caller announces a REORDER row itself."""
        if not self._redo_cleared:
            self.session.exec(
                update(ChangeLogEntry)
                .where(col(ChangeLogEntry.redo_step).is_not(None))
                .values(redo_step=None)
            )
            self._redo_cleared = True
        entry = ChangeLogEntry(
            group_id=self.context.group_id,
            actor=self.context.actor.value,
            label=self.label,
            label_message=encode_label(self.label),
            entity=kind.value,
            entity_id=entity_id,
            trip_id=trip_id,
            action=action.value,
            before=before,
            after=after,
            sources_before=sources[0],
            sources_after=sources[1],
            at=utc_now(),
            undone=False,
            # Entries shifted by a renumbering are no change to show; the person sees their
            # own writes in the window as they make them, not the assistant's or another
            # program's.
            seen=action is Action.REORDER
            or (self.context.actor is not Actor.ASSISTANT and self._writer.is_window),
            program=self._writer.program if self._writer.token else None,
            writer_id=self._writer.token or None,
        )
        self.entries.append(entry)
        self.session.add(entry)
        if action is not Action.REORDER:
            self._announce(
                kind, entity_id, trip_id, action, logged_fields(before, after, sources[1])
            )


def logged_fields(
    before: str | None, after: str | None, sources_after: str | None
) -> frozenset[str]:
    """The fields a change-log row announces: those it wrote (all of a created or deleted row)
    and those whose fact source it set."""
    payload: dict[str, object] = {
        **json.loads(after or before or "{}"),
        **json.loads(sources_after or "{}"),
    }
    return frozenset(payload) - UNLOGGED_FIELDS


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
