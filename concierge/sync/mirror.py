"""Keeping a trip's rows in SQLite and its shared document alike, both ways, inside one
transaction of the database's thread.

`to_document` writes what the store has that the document lacks (this device's changes);
`to_store` writes what the document has that the store lacks (a companion's) through a
`ChangeWriter`, so each row is logged and announced like any edit. Rows are made in the
declarations' order and removed in reverse, so what a row refers to exists before it."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter, defaultdict
from collections.abc import Collection, Iterable, Mapping
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, col, select

from concierge.store.change_writer import ChangeWriter
from concierge.store.changes import EntityKind
from concierge.store.tables import utc_now
from concierge.store.trips import next_trip_position

from .answers import answers_to_document, answers_to_store
from .document import ANSWERS, TripDocument
from .shape import SHARED, SharedKind


def to_document(
    session: Session, trip_id: str, document: TripDocument, kinds: Collection[str] | None = None
) -> None:
    """Make `document` hold the trip's rows as the store has them (of `kinds` only, by name, if
    given: the kinds written since the last time)."""
    for kind in SHARED:
        if kinds is not None and kind.name not in kinds:
            continue
        view = document.view(kind)
        records = _records(session, kind, trip_id)
        for row_id, record in records.items():
            view.put(row_id, kind.values(record))
        for row_id in view.rows().keys() - records.keys():
            view.remove(row_id)
        if kind.ordered:
            group = kind.group_field
            ordered = sorted(
                records.values(),
                key=lambda record: (
                    str(getattr(record, group)) if group else "",
                    record.position,
                    record.id,
                ),
            )
            view.place([record.id for record in ordered])
    if kinds is None or ANSWERS in kinds:
        answers_to_document(session, trip_id, document)


def to_store(
    session: Session,
    writer: ChangeWriter,
    trip_id: str,
    document: TripDocument,
    kinds: Collection[str],
) -> None:
    """Make the store hold the trip's rows of `kinds` (by name: those an update changed) as
    `document` has them, logged by `writer`."""
    kept: dict[str, dict[str, dict[str, str]]] = {}
    for kind in SHARED:
        if kind.name not in kinds:
            continue
        view = document.view(kind)
        wanted = kept[kind.name] = view.rows()
        records = _records(session, kind, trip_id)
        changed: dict[str, tuple[Any, Any]] = {}
        for row_id, values in wanted.items():
            if (before := records.get(row_id)) is not None:
                after = kind.spec.from_json(_as_json(values), base=before)
                if after != before:
                    changed[row_id] = before, after
        for row_id, row in _rows(session, kind, changed).items():
            writer.update(kind.spec, row, *changed[row_id])
        made = {row_id: values for row_id, values in wanted.items() if row_id not in records}
        if made:
            placed = _placed(
                kind, records.values(), new_records(session, kind, trip_id, made), view.order()
            )
            writer.create_all(kind.spec, placed)
        if kind.ordered:
            _reorder(session, writer, kind, trip_id, view.order())
    if ANSWERS in kinds:
        answers_to_store(session, writer, trip_id, document)
    for kind in reversed(SHARED):
        if kind.name not in kinds:
            continue
        gone = _records(session, kind, trip_id).keys() - kept[kind.name].keys()
        for row in _rows(session, kind, gone).values():
            writer.delete(kind.spec, row, kind.spec.to_record(row))


def _rows(session: Session, kind: SharedKind, ids: Collection[str]) -> dict[str, Any]:
    """The rows `ids` of the kind as the ORM's objects, for the writer (in the order asked)."""
    table: Any = kind.spec.table
    found: dict[str, Any] = {}
    listed = sorted(ids)
    for start in range(0, len(listed), 500):
        chunk = listed[start : start + 500]
        found.update(
            (row.id, row) for row in session.exec(select(table).where(col(table.id).in_(chunk)))
        )
    return {row_id: found[row_id] for row_id in ids if row_id in found}


def _records(session: Session, kind: SharedKind, trip_id: str) -> dict[str, Any]:
    """The trip's records of the kind, read as plain rows: no ORM objects to build."""
    table: Any = getattr(kind.spec.table, "__table__")  # noqa: B009 - SQLModel sets it
    column = table.c.id if kind.spec.kind is EntityKind.TRIP else table.c.trip_id
    found = session.connection().execute(select(table).where(column == trip_id))
    return {row.id: kind.spec.to_record(row) for row in found}


def _count(session: Session, kind: SharedKind, trip_id: str) -> int:
    table: Any = kind.spec.table
    return session.exec(select(func.count()).where(col(table.trip_id) == trip_id)).one()


def _as_json(values: dict[str, str]) -> str:
    return "{" + ",".join(f"{json.dumps(name)}:{text}" for name, text in values.items()) + "}"


def new_record(
    session: Session, kind: SharedKind, trip_id: str, row_id: str, values: dict[str, str]
) -> Any:
    """A record for a row the document has and the store lacks, last of its list."""
    return new_records(session, kind, trip_id, {row_id: values})[0]


def new_records(
    session: Session, kind: SharedKind, trip_id: str, rows: Mapping[str, dict[str, str]]
) -> list[Any]:
    """Records for rows the document has and the store lacks (id → values), last of their
    list in this order; what the document does not say (a field added in a later version)
    takes its declared default."""
    if not rows:
        return []
    declared = kind.spec.declaration.fields
    names = set(kind.spec.names)
    now = utc_now()
    if kind.spec.kind is EntityKind.TRIP:
        place: dict[str, object] = {"position": next_trip_position(session)}
    else:
        place = {"trip_id": trip_id}
    first = _count(session, kind, trip_id) if kind.ordered else 0
    made: list[Any] = []
    for number, (row_id, values) in enumerate(rows.items()):
        data: dict[str, object] = {
            name: rule.default for name, rule in declared.items() if name not in values
        }
        data.update({name: json.loads(text) for name, text in values.items()})
        data.setdefault("created_at", now)
        data.update(place, id=row_id, updated_at=now)
        if kind.ordered:
            data["position"] = first + number
        made.append(
            kind.spec.adapter.validate_python({k: v for k, v in data.items() if k in names})
        )
    return made


def _list_of(kind: SharedKind, record: Any) -> str:
    """The name of the list a record is numbered in (an item's day; "" for the whole trip)."""
    group = kind.group_field
    return str(getattr(record, group)) if group else ""


def _placed(
    kind: SharedKind, records: Iterable[Any], made: list[Any], order: list[str]
) -> list[Any]:
    """New records of an ordered kind numbered after the rows of their list, in the
    document's order, so that rows that only came in need no renumbering after."""
    if not kind.ordered:
        return made
    count = Counter(_list_of(kind, record) for record in records)
    place = {row_id: index for index, row_id in enumerate(order)}
    placed: list[Any] = []
    for record in sorted(made, key=lambda record: place.get(record.id, len(place))):
        name = _list_of(kind, record)
        placed.append(dataclasses.replace(record, position=count[name]))
        count[name] += 1
    return placed


def _reorder(
    session: Session, writer: ChangeWriter, kind: SharedKind, trip_id: str, order: list[str]
) -> None:
    """Number each list of the kind (an item's day) in the document's order; only the lists
    whose numbers change are read as the ORM's rows."""
    place = {row_id: index for index, row_id in enumerate(order)}
    lists: dict[str, list[Any]] = defaultdict(list)
    for record in _records(session, kind, trip_id).values():
        lists[_list_of(kind, record)].append(record)
    for name, records in sorted(lists.items()):
        records.sort(key=lambda row: (place.get(row.id, len(place)), row.position, row.id))
        numbers = list(range(len(records)))
        if [record.position for record in records] != numbers:
            rows = list(_rows(session, kind, [record.id for record in records]).values())
            writer.reorder(kind.spec, rows, numbers, trip_id, f"{trip_id} {name}".strip())
