"""Who set each fact field (a time, a price, an address) of an item or an expense, and when.

The `ChangeWriter` records the context's `fact_source` for every fact field a write sets and
forgets it when the field is emptied, in the same transaction; the sources replaced and kept
go into the change-log row, so undo and redo restore them. Fact fields are the rules
declared with `fact=True`.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import insert
from sqlmodel import Session, col, select

from concierge.model.fields import ENTITIES

from .changes import ChangeContext, EntityKind, FactSource
from .tables import FieldSource, utc_now

FACT_FIELDS: Mapping[EntityKind, tuple[str, ...]] = {
    EntityKind(entity.name): entity.facts for entity in ENTITIES if entity.facts
}
"""Each kind's fact fields, in its declaration's order."""


@dataclass(frozen=True, slots=True)
class FieldSourceRecord:
    """Who set one field and when; `confirmed`: the person confirmed the assistant's value."""

    field: str
    source: FactSource
    at: datetime
    confirmed: bool = False
    file_name: str | None = None

    @property
    def unverified(self) -> bool:
        """Set by the assistant and neither confirmed nor backed by a lookup or an import."""
        return self.source is FactSource.ASSISTANT and not self.confirmed


Images = tuple[str | None, str | None]
"""A write's sources before and after, as its change-log row keeps them (None: unchanged)."""


def has_value(value: object) -> bool:
    """Whether a field holds a fact (an empty field has no source)."""
    return value is not None and value != ""


def _image(row: FieldSource | None) -> dict[str, object] | None:
    if row is None:
        return None
    return _stored(row.source, row.at, row.confirmed, row.file_name)


def _stored(source: str, at: datetime, confirmed: bool, file_name: str | None) -> dict[str, object]:
    """A source as the change log keeps it."""
    return {"source": source, "at": at.isoformat(), "confirmed": confirmed, "file_name": file_name}


def _rows(session: Session, kind: EntityKind, entity_id: str) -> dict[str, FieldSource]:
    return _rows_of(session, kind, [entity_id]).get(entity_id, {})


def _rows_of(
    session: Session, kind: EntityKind, entity_ids: Collection[str]
) -> dict[str, dict[str, FieldSource]]:
    """The source rows of the rows `entity_ids`: {id: {field: row}}, read 500 ids at a time."""
    ids = list(entity_ids)
    found: dict[str, dict[str, FieldSource]] = {}
    for start in range(0, len(ids), 500):
        rows = session.exec(
            select(FieldSource).where(
                FieldSource.entity == kind.value,
                col(FieldSource.entity_id).in_(ids[start : start + 500]),
            )
        ).all()
        for row in rows:
            found.setdefault(row.entity_id, {})[row.field] = row
    return found


def _put(
    session: Session,
    current: dict[str, FieldSource],
    row_of: tuple[EntityKind, str, str],
    name: str,
    image: Mapping[str, object] | None,
) -> None:
    """Make the source of the field `name` of the row `row_of` (kind, id, trip) what
    `image` says (as `_image` writes it; None: no source)."""
    row = current.get(name)
    if image is None:
        if row is not None:
            session.delete(row)
        return
    at = image["at"]
    at = at if isinstance(at, datetime) else datetime.fromisoformat(str(at))
    if row is None:
        kind, entity_id, trip_id = row_of
        row = FieldSource(
            entity=kind.value, entity_id=entity_id, field=name, trip_id=trip_id, source="", at=at
        )
    row.source = str(image["source"])
    row.at = at
    row.confirmed = bool(image["confirmed"])
    file_name = image.get("file_name")
    row.file_name = None if file_name is None else str(file_name)
    session.add(row)


def _encode(data: dict[str, dict[str, object] | None]) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True)


Written = tuple[str, str | None, Mapping[str, object]]
"""A row a write set: its id, its trip, and the fields the write changed with their new values."""


def record_sources(
    session: Session,
    context: ChangeContext,
    kind: EntityKind,
    entity_id: str,
    trip_id: str | None,
    values: Mapping[str, object],
) -> Images:
    """Give each fact field in `values` (the fields a write changed, with their new values)
    the context's source, or none if it is now empty; the sources before and after."""
    return record_sources_all(session, context, kind, [(entity_id, trip_id, values)])[0]


def record_sources_all(
    session: Session, context: ChangeContext, kind: EntityKind, written: Sequence[Written]
) -> list[Images]:
    """`record_sources` of many rows of one kind, with one read and one insert for them all
    (a companion's first sync writes a trip's rows by the thousand)."""
    facts_of = [
        [name for name in FACT_FIELDS.get(kind, ()) if name in values]
        if trip_id is not None
        else []
        for _, trip_id, values in written
    ]
    ids = [entity_id for (entity_id, _, _), facts in zip(written, facts_of, strict=True) if facts]
    if not ids:
        return [(None, None)] * len(written)
    current = _rows_of(session, kind, ids)
    at = utc_now()
    file_name = context.source_file if context.fact_source is FactSource.IMPORT else None
    source = context.fact_source.value
    image = {"source": source, "at": at, "confirmed": False, "file_name": file_name}
    stored = _stored(source, at, False, file_name)
    found: list[Images] = []
    made: list[dict[str, object]] = []
    for (entity_id, trip_id, values), facts in zip(written, facts_of, strict=True):
        if not facts or trip_id is None:
            found.append((None, None))
            continue
        rows = current.get(entity_id, {})
        before = {name: _image(rows.get(name)) for name in facts}
        after: dict[str, dict[str, object] | None] = {}
        for name in facts:
            new = image if has_value(values[name]) else None
            if new is not None and name not in rows:
                made.append(
                    {
                        "entity": kind.value,
                        "entity_id": entity_id,
                        "field": name,
                        "trip_id": trip_id,
                        **new,
                    }
                )
            else:
                _put(session, rows, (kind, entity_id, trip_id), name, new)
            after[name] = None if new is None else stored
        found.append((_encode(before), _encode(after)))
    if made:
        session.execute(insert(FieldSource), made)
    session.flush()
    return found


def forget_sources(session: Session, kind: EntityKind, entity_id: str) -> Images:
    """Delete every source of a row that is being deleted; the sources before and after."""
    current = _rows(session, kind, entity_id)
    if not current:
        return None, None
    for row in current.values():
        session.delete(row)
    session.flush()
    return _encode({name: _image(row) for name, row in current.items()}), _encode(
        dict.fromkeys(current)
    )


def confirm_sources(
    session: Session, kind: EntityKind, entity_id: str, fields: Collection[str] | None = None
) -> Images:
    """Mark the row's unconfirmed assistant facts (only `fields`, if given) confirmed; the
    sources before and after, (None, None) if none needed it."""
    rows = [
        row
        for name, row in _rows(session, kind, entity_id).items()
        if row.source == FactSource.ASSISTANT.value
        and not row.confirmed
        and (fields is None or name in fields)
    ]
    if not rows:
        return None, None
    before = {row.field: _image(row) for row in rows}
    for row in rows:
        row.confirmed = True
        session.add(row)
    session.flush()
    return _encode(before), _encode({row.field: _image(row) for row in rows})


def restore_sources(
    session: Session, kind: EntityKind, entity_id: str, trip_id: str | None, text: str | None
) -> frozenset[str]:
    """Make the row's sources as a logged image says (undo: its `sources_before`, redo: its
    `sources_after`); the fields whose source it set."""
    if text is None or trip_id is None:
        return frozenset()
    wanted: dict[str, dict[str, object] | None] = json.loads(text)
    current = _rows(session, kind, entity_id)
    for name, image in wanted.items():
        _put(session, current, (kind, entity_id, trip_id), name, image)
    session.flush()
    return frozenset(wanted)


def logged_source_fields(*texts: str | None) -> frozenset[str]:
    names: set[str] = set()
    for text in texts:
        if text is not None:
            names.update(json.loads(text))
    return frozenset(names)


def _record(row: FieldSource) -> FieldSourceRecord:
    return FieldSourceRecord(
        field=row.field,
        source=FactSource(row.source),
        at=row.at,
        confirmed=row.confirmed,
        file_name=row.file_name,
    )


def sources_of(
    session: Session, kind: EntityKind, entity_ids: Iterable[str]
) -> dict[str, dict[str, FieldSourceRecord]]:
    """The recorded sources of the rows `entity_ids`: {id: {field: source}}."""
    return {
        entity_id: {name: _record(row) for name, row in rows.items()}
        for entity_id, rows in _rows_of(session, kind, list(entity_ids)).items()
    }


def unverified_facts(
    session: Session, kind: EntityKind, trip_id: str
) -> dict[str, tuple[str, ...]]:
    """The trip's rows of `kind` with unverified facts: {id: fields, in the rules' order}."""
    rows = session.exec(
        select(FieldSource).where(
            FieldSource.trip_id == trip_id,
            FieldSource.entity == kind.value,
            FieldSource.source == FactSource.ASSISTANT.value,
            col(FieldSource.confirmed).is_(False),
        )
    ).all()
    order = {name: index for index, name in enumerate(FACT_FIELDS.get(kind, ()))}
    found: dict[str, list[str]] = {}
    for row in rows:
        found.setdefault(row.entity_id, []).append(row.field)
    return {
        entity_id: tuple(sorted(names, key=lambda name: order.get(name, len(order))))
        for entity_id, names in found.items()
    }
