"""Undo: revert the newest change group from its change-log rows, in one transaction.

Undo is last-in-first-out over the groups not yet undone (optionally of one trip); a group's
rows are reverted newest first. Later rows can follow part of a group (interleaved writes, or
a trip filter skipping a newer group of another trip), so undo takes along every later group
that touched what it reverts (the same field, the whole row for a create or delete, the same
list's order) until nothing later overlaps: no later edit is half undone. A row changed
behind the log's back refuses the undo (`UndoError`), changing nothing.

A row also touches what it belongs to (its list's order, a form answer its form's field, an
expense or document its linked item), so undoing a creation takes later additions to it
along. Each step numbers its rows with the next `redo_step`, which `redo` replays.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, func, not_, or_
from sqlmodel import Session, col, select
from sqlmodel.sql.expression import SelectOfScalar

from concierge.text import QT_TRANSLATE_NOOP, joined

from .change_writer import UNLOGGED_FIELDS, decode_order
from .changes import Action, Actor, Change, EntityKind
from .documents import has_item_documents
from .entities import (
    DOCUMENTS,
    EXPENSES,
    FORMS,
    GOALS,
    ITEMS,
    LOCKS,
    PINS,
    STOPS,
    TRIPS,
    EntitySpec,
)
from .errors import UndoError
from .field_sources import logged_source_fields, restore_sources
from .form_answers import reapply_answers, revert_answers
from .label_text import decode_label
from .ledger import has_item_expenses
from .tables import ChangeLogEntry, FormAnswer, utc_now
from .writers import COMPANION_MARK, is_companion_token


@dataclass(frozen=True, slots=True)
class UndoResult:
    """What one undo or redo step did: several groups only when later changes overlapped it.
    Labels and group ids are newest first."""

    labels: tuple[str, ...]
    group_ids: tuple[str, ...]
    trip_ids: frozenset[str]
    changes: tuple[Change, ...]

    @property
    def label(self) -> str:
        return joined("; ", self.labels)


_ALL = "*"
_ALL_TRIPS = "all trips"
"""Stands for the trip of an all-trip pin in a touch."""
_ORDERED = {
    EntityKind.ITINERARY_ITEM: ("itinerary order", {"day", "position"}),
    EntityKind.GOAL: ("goal order", {"position"}),
    EntityKind.PIN: ("pin order", {"position"}),
    EntityKind.TRIP_STOP: ("stop order", {"position"}),
}
"""Kinds kept in ordered lists: the touch naming the list, and the fields that reorder it."""
INVERSE = {
    Action.CREATE: Action.DELETE,
    Action.DELETE: Action.CREATE,
    Action.UPDATE: Action.UPDATE,
    Action.REORDER: Action.UPDATE,
}
SPECS: dict[str, EntitySpec[Any, Any]] = {
    spec.kind.value: spec
    for spec in (TRIPS, ITEMS, FORMS, GOALS, PINS, EXPENSES, DOCUMENTS, STOPS, LOCKS)
}
_TRIP_PARTS = tuple(spec.table.trip_id for spec in SPECS.values() if spec is not TRIPS)
"""What the database deletes with a trip: the rows of every logged kind on it."""

Touch = tuple[str, str, str]
"""(entity, entity id, field); the field `*` stands for the whole row."""


def newest_group_label(session: Session, trip_id: str | None) -> str | None:
    """The label of the group `undo_step` would revert first, or None. One statement reading one
    row: the window asks after every burst of writes."""
    newest = select(ChangeLogEntry.group_id).where(col(ChangeLogEntry.undone).is_(False), _own())
    if trip_id is not None:
        newest = newest.where(ChangeLogEntry.trip_id == trip_id)
    statement = (
        select(ChangeLogEntry.label, ChangeLogEntry.label_message)
        .where(
            col(ChangeLogEntry.undone).is_(False),
            ChangeLogEntry.group_id
            == newest.order_by(col(ChangeLogEntry.id).desc()).limit(1).scalar_subquery(),
        )
        .order_by(col(ChangeLogEntry.id))
        .limit(1)
    )
    row = session.exec(statement).first()
    return None if row is None else decode_label(*row)


def undo_step(session: Session, trip_id: str | None, actor: Actor) -> UndoResult | None:
    """Revert the newest group not yet undone and mark its rows undone; None if none."""
    newest = session.exec(
        _open_rows(trip_id).where(_own()).order_by(col(ChangeLogEntry.id).desc()).limit(1)
    ).first()
    if newest is None:
        return None
    rows = _closed_set(session, {newest.group_id})
    for row in rows:
        if is_companion_token(row.writer_id):
            raise UndoError(
                _CHANGED_ON_DEVICE.format(label=label_of(newest), device=row.program or "")
            )
    changes = tuple(
        change for row in reversed(rows) for change in replay(session, row, actor, undo=True)
    )
    highest = session.exec(select(func.max(ChangeLogEntry.redo_step))).one()
    for row in rows:
        row.redo_step = (highest or 0) + 1
    flip(session, rows, undone=True)
    return step_result(rows, changes)


def flip(session: Session, rows: Sequence[ChangeLogEntry], *, undone: bool) -> None:
    """Mark `rows` undone (or open again) under the file's next flip serial."""
    serial = (session.exec(select(func.max(ChangeLogEntry.flip_serial))).one() or 0) + 1
    for row in rows:
        row.undone = undone
        row.flip_serial = serial
    session.flush()


def step_result(rows: Sequence[ChangeLogEntry], changes: tuple[Change, ...]) -> UndoResult:
    """What a step over `rows` (oldest first) did, its groups newest first."""
    first_rows: dict[str, ChangeLogEntry] = {}
    last_ids: dict[str, int] = {}
    for row in rows:
        first_rows.setdefault(row.group_id, row)
        last_ids[row.group_id] = _id(row)
    newest_first = sorted(last_ids, key=last_ids.__getitem__, reverse=True)
    return UndoResult(
        labels=tuple(label_of(first_rows[group]) for group in newest_first),
        group_ids=tuple(newest_first),
        trip_ids=frozenset(row.trip_id for row in rows if row.trip_id is not None),
        changes=changes,
    )


def label_of(row: ChangeLogEntry) -> str:
    """The row's label, translatable again when it was logged so (see `label_text`)."""
    return decode_label(row.label, row.label_message)


def _open_rows(trip_id: str | None) -> SelectOfScalar[ChangeLogEntry]:
    statement = select(ChangeLogEntry).where(col(ChangeLogEntry.undone).is_(False))
    if trip_id is not None:
        statement = statement.where(ChangeLogEntry.trip_id == trip_id)
    return statement


def _own() -> ColumnElement[bool]:
    """Rows not written for a companion's device: undo reverts this device's steps (the
    person's, the assistant's, other programs'), never a companion's."""
    writer = col(ChangeLogEntry.writer_id)
    return or_(writer.is_(None), not_(writer.contains(COMPANION_MARK)))


def _closed_set(session: Session, groups: set[str]) -> list[ChangeLogEntry]:
    """The open rows of `groups` plus those of every later group overlapping them, by id."""
    while True:
        rows = list(
            session.exec(
                _open_rows(None)
                .where(col(ChangeLogEntry.group_id).in_(groups))
                .order_by(col(ChangeLogEntry.id))
            ).all()
        )
        later = session.exec(
            _open_rows(None)
            .where(col(ChangeLogEntry.id) > _id(rows[0]))
            .where(col(ChangeLogEntry.group_id).not_in(groups))
            .order_by(col(ChangeLogEntry.id))
        ).all()
        touched: dict[tuple[str, str], list[tuple[int, str]]] = defaultdict(list)
        for row in rows:
            for entity, entity_id, field in _touches(row):
                touched[entity, entity_id].append((_id(row), field))
        overlapping = {
            row.group_id
            for row in later
            if any(_overlaps(touched, touch, _id(row)) for touch in _touches(row))
        }
        if not overlapping:
            return rows
        groups |= overlapping


def _overlaps(
    touched: dict[tuple[str, str], list[tuple[int, str]]], touch: Touch, row_id: int
) -> bool:
    """Whether a row `row_id` touching `touch` comes after a selected row touching the same."""
    entity, entity_id, field = touch
    for earlier, other in touched.get((entity, entity_id), ()):
        if earlier < row_id and (field == other or _ALL in (field, other)):
            return True
    return False


def _touches(row: ChangeLogEntry) -> set[Touch]:
    if row.action == Action.REORDER:
        order, _ = _ORDERED[EntityKind(row.entity)]
        trip = EntityKind.TRIP.value, row.trip_id or _ALL_TRIPS
        moved = decode_order(row.before, row.after)[1]
        return {(row.entity, entity_id, "position") for entity_id in moved} | {(*trip, order)}
    whole = row.action != Action.UPDATE
    fields = set(logged_fields(row.before if row.action == Action.DELETE else row.after))
    fields |= logged_source_fields(row.sources_before, row.sources_after)
    if whole:
        touches = {(row.entity, row.entity_id, _ALL)}
    else:
        touches = {(row.entity, row.entity_id, field) for field in fields}
    return touches | _belongs_to(row, fields, whole)


def _belongs_to(row: ChangeLogEntry, fields: set[str], whole: bool) -> set[Touch]:
    """What a row touches besides itself: the list it is ordered in (when it enters, leaves
    or moves in it), the trip a form instance is on, the form field an answer answers."""
    entity = EntityKind(row.entity)
    trip = EntityKind.TRIP.value, row.trip_id or _ALL_TRIPS
    if entity in _ORDERED:
        order, reordering = _ORDERED[entity]
        return {(*trip, order)} if whole or reordering & fields else set()
    if entity is EntityKind.FORM and whole:
        return {(*trip, f"form {row.entity_id}")}
    if entity is EntityKind.FORM_ANSWER:
        return {(EntityKind.FORM.value, row.entity_id, f"answer {field}") for field in fields}
    if entity in _ITEM_LINKED:
        return _item_linked_touches(row, trip, whole, _ITEM_LINKED[entity])
    if entity is EntityKind.TRIP_LOCK:
        return _lock_touches(row, trip)
    return set()


_LOCK_TARGETS = {"item": EntityKind.ITINERARY_ITEM.value, "stop": EntityKind.TRIP_STOP.value}
"""The kind of row each whole-row lock holds; a field lock names its own."""


def _lock_touches(row: ChangeLogEntry, trip: tuple[str, str]) -> set[Touch]:
    """A lock belongs to its trip's locks and to the row it holds, so undoing that row's
    creation takes along a lock put on it since."""
    lock = json.loads(row.after or row.before or "{}")
    touches: set[Touch] = {(*trip, "locks")}
    entity = lock.get("entity") or _LOCK_TARGETS.get(lock.get("kind", ""))
    if isinstance(entity, str) and entity:
        touches.add((entity, str(lock.get("target", "")), "lock"))
    return touches


_ITEM_LINKED = {EntityKind.EXPENSE: "ledger", EntityKind.DOCUMENT: "documents"}
"""Kinds that belong to a list of their trip and may be linked to an itinerary item."""


def _item_linked_touches(
    row: ChangeLogEntry, trip: tuple[str, str], whole: bool, part: str
) -> set[Touch]:
    """The row's trip `part` when it comes or goes, and the item it is (or was) linked to,
    so undoing a trip's or an item's creation takes along what was linked to it since."""
    touches: set[Touch] = {(*trip, part)} if whole else set()
    for side in (row.before, row.after):
        item_id = json.loads(side or "{}").get("item_id")
        if isinstance(item_id, str):
            touches.add((EntityKind.ITINERARY_ITEM.value, item_id, part))
    return touches


def replay(
    session: Session, row: ChangeLogEntry, actor: Actor, *, undo: bool
) -> tuple[Change, ...]:
    """Undo (`undo`) or redo one logged row, its answers or its fact sources with it; the
    change it makes, to announce. Raises `UndoError` if the row changed since."""
    if row.action == Action.REORDER:
        return reposition(session, row, actor, undo=undo)
    if row.entity == EntityKind.FORM_ANSWER:
        fields = (revert_answers if undo else reapply_answers)(session, row)
    else:
        fields = _write_row(session, SPECS[row.entity], row, undo=undo)
    if fields is None:
        raise _changed_elsewhere(row, undo=undo)
    kind = EntityKind(row.entity)
    images = row.sources_before if undo else row.sources_after
    sourced = restore_sources(session, kind, row.entity_id, row.trip_id, images)
    action = Action(row.action)
    return (
        Change(
            entity=kind,
            entity_id=row.entity_id,
            trip_id=row.trip_id,
            action=INVERSE[action] if undo else action,
            fields=(frozenset(fields) | sourced) - UNLOGGED_FIELDS,
            actor=actor,
            group_id=row.group_id,
            undo=undo,
            redo=not undo,
        ),
    )


def reposition(
    session: Session, row: ChangeLogEntry, actor: Actor, *, undo: bool
) -> tuple[Change, ...]:
    """Undo (or redo) a REORDER row: every entry it lists must be where the row left it (or
    found it); each is put back where it was (or moved again)."""
    spec = SPECS[row.entity]
    before, after = decode_order(row.before, row.after)
    expected, wanted = (after, before) if undo else (before, after)
    rows = {entity_id: session.get(spec.table, entity_id) for entity_id in wanted}
    for entity_id, current in rows.items():
        if current is None or getattr(current, "position") != expected[entity_id]:  # noqa: B009
            raise _changed_elsewhere(row, undo=undo)
    for entity_id, current in rows.items():
        setattr(current, "position", wanted[entity_id])  # noqa: B010
    session.flush()
    return tuple(
        Change(
            entity=spec.kind,
            entity_id=entity_id,
            trip_id=row.trip_id,
            action=Action.UPDATE,
            fields=frozenset({"position"}),
            actor=actor,
            group_id=row.group_id,
            undo=undo,
            redo=not undo,
        )
        for entity_id in wanted
    )


def _write_row(
    session: Session, spec: EntitySpec[Any, Any], row: ChangeLogEntry, *, undo: bool
) -> Sequence[str] | None:
    """Make the row as the log says it was before its change (`undo`) or after it (redo); the
    fields written, or None if it changed since. Undoing a creation deletes, redoing a
    deletion first checks that the row is still as the log found it."""
    current = session.get(spec.table, row.entity_id)
    found, wanted = (row.after, row.before) if undo else (row.before, row.after)
    action = INVERSE[Action(row.action)] if undo else Action(row.action)
    if action is Action.CREATE:
        if current is not None:
            return None
        session.add(spec.new_row(spec.from_json(wanted or "{}")))
        fields = logged_fields(wanted)
    elif action is Action.DELETE:
        if current is None or would_cascade(session, spec, row.entity_id):
            return None
        if not undo and _differs(spec, current, found):
            return None
        session.delete(current)
        fields = logged_fields(found)
    else:
        fields = logged_fields(row.after)
        if current is None:
            return None
        record = spec.to_record(current)
        if spec.to_json(record, fields) != found:
            return None
        spec.write(current, spec.from_json(wanted or "{}", base=record), fields)
        current.updated_at = utc_now()
    session.flush()
    return fields


def _differs(spec: EntitySpec[Any, Any], current: Any, logged: str | None) -> bool:
    """Whether the row's logged fields are no longer as `logged` has them."""
    compared = [name for name in spec.names if name not in UNLOGGED_FIELDS]
    image = spec.from_json(logged or "{}")
    return spec.to_json(spec.to_record(current), compared) != spec.to_json(image, compared)


def would_cascade(session: Session, spec: EntitySpec[Any, Any], entity_id: str) -> bool:
    """Whether removing the row would take other rows with it (the database cascades), which
    undo and redo delete through the log first."""
    if spec is TRIPS or spec is FORMS:
        columns = _TRIP_PARTS if spec is TRIPS else (FormAnswer.instance_id,)
        rows = (session.exec(select(c).where(c == entity_id)).first() for c in columns)
        return any(row is not None for row in rows)
    if spec is ITEMS:
        return has_item_documents(session, entity_id) or has_item_expenses(session, entity_id)
    return False


def logged_fields(text: str | None) -> Sequence[str]:
    data: dict[str, object] = json.loads(text or "{}")
    return list(data)


def _id(row: ChangeLogEntry) -> int:
    assert row.id is not None  # rows read back from the table always have one
    return row.id


_CHANGED_ELSEWHERE = {
    True: QT_TRANSLATE_NOOP(
        "StoreError",
        "“{label}” cannot be undone: the {entity} it changed was changed without going "
        "through Concierge's change log. Nothing was undone.",
    ),
    False: QT_TRANSLATE_NOOP(
        "StoreError",
        "“{label}” cannot be redone: the {entity} it changed was changed without going "
        "through Concierge's change log. Nothing was redone.",
    ),
}
"""Why an undo (True) or a redo (False) is refused when its row changed elsewhere."""
_CHANGED_ON_DEVICE = QT_TRANSLATE_NOOP(
    "StoreError",
    "“{label}” cannot be undone: what it changed was changed since on {device}. Nothing was "
    "undone.",
)


def _changed_elsewhere(row: ChangeLogEntry, *, undo: bool) -> UndoError:
    entity = row.entity.replace("_", " ")
    return UndoError(_CHANGED_ELSEWHERE[undo].format(label=row.label, entity=entity))
