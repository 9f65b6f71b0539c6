"""A trip with everything it owns as one JSON document, and back as a new trip.

Built from the `EntitySpec` of each part in `PARTS`. A row's `id` is only a name inside the
file: importing gives every row a new id and rewrites the fields referring to another row.
Values keep their exact form, so export → import → export gives the same document but for
the ids. Importing checks every value before anything is written and reports each problem
with its place in the file ("itinerary[3].start_time: …").
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from pydantic import JsonValue, ValidationError
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from concierge.text import QT_TRANSLATE_NOOP

from .change_writer import ChangeWriter
from .changes import ChangeBus, ChangeContext
from .database import Database
from .entities import EXPENSES, FORMS, GOALS, ITEMS, PINS, STOPS, TRIPS, EntitySpec
from .errors import InvalidChangeError, StoreError
from .field_sources import FACT_FIELDS, sources_of
from .form_answers import answer_changes, current_answers, encode, write_answers
from .outcome import Outcome
from .records import ExpenseRecord, ItineraryItemRecord, StopRecord, TripRecord
from .tables import utc_now
from .transaction import run_logged
from .trips import next_trip_position
from .validation import (
    FORM_KEY_RULES,
    FieldRule,
    check_amount,
    check_position,
    item_problem,
    parse_changes,
    stop_problem,
    trip_problem,
)

FORMAT = "concierge-trip"
VERSION = 1
"""Raised when a field changes meaning or goes away; a file of a newer version is refused."""

KEPT_BY_STORE = ("created_at", "updated_at")
"""Fields every row has that the store sets itself: an imported row is new."""

MAX_PROBLEMS = 20
"""Problems reported for one file; past that, the rest are counted."""

Problem = Callable[[Any, TripRecord | None], tuple[str, str] | None]
"""A rule spanning a row's fields: (record, its trip or None) → the field to fix and why."""


class BundleError(StoreError):
    """A trip document that cannot be imported; nothing was written."""

    def __init__(self, problems: list[str]) -> None:
        shown = problems[:MAX_PROBLEMS]
        more = len(problems) - len(shown)
        text = "; ".join(shown) + (f"; and {more} more problems" if more > 0 else "")
        super().__init__(text)
        self.problems = problems


@dataclass(frozen=True, slots=True)
class Extra:
    """Something a row carries that is not one of its record's fields (a form instance's
    answers): read beside the row, checked, and written after it."""

    key: str
    read: Callable[[Session, Any], JsonValue]
    parse: Callable[[object, str, list[str]], Any]
    """(value, path, problems) → the parsed value; appends "path: message" to problems."""
    write: Callable[[Session, ChangeWriter, Any, Any], None]
    """(session, writer, the written record, the parsed value)."""
    default: JsonValue = None
    """The value of a row that leaves the key out; `read` returning None leaves it out."""


@dataclass(frozen=True, slots=True)
class BundlePart:
    """One kind of trip-owned row, listed under `key`.

    `order` names the columns that order the trip's rows; when it ends in "position", the
    columns before it are the list a position counts in. `references` maps a field to the
    earlier part whose row ids it holds.
    """

    key: str
    spec: EntitySpec[Any, Any]
    order: tuple[str, ...]
    owner: str = "trip_id"
    references: Mapping[str, str] = field(default_factory=dict)
    extra: Extra | None = None
    problem: Problem | None = None

    @property
    def rules(self) -> Mapping[str, FieldRule]:
        return self.spec.declaration.fields

    @property
    def entity(self) -> str:
        """How the store's messages name one row ("an itinerary item")."""
        return self.spec.declaration.noun


def _form_answers_read(session: Session, instance: Any) -> JsonValue:
    answers: dict[str, JsonValue] = current_answers(session, instance.id)
    return answers


def _form_answers_parse(value: object, path: str, problems: list[str]) -> dict[str, str]:
    if not isinstance(value, dict):
        problems.append(f"{path}: must be an object of answers by field name (got {value!r}).")
        return {}
    encoded: dict[str, str] = {}
    for name, answer in value.items():
        try:
            parsed = parse_changes("a form answer", FORM_KEY_RULES, {"field": name})["field"]
            encoded[parsed] = encode(parsed, answer)
        except InvalidChangeError as error:
            problems.append(f"{path}.{name}: {error}")
    return encoded


def _form_answers_write(
    session: Session, writer: ChangeWriter, instance: Any, encoded: dict[str, str]
) -> None:
    changes = answer_changes(session, None, dict(encoded))
    if changes:
        write_answers(session, writer, instance, changes)


FORM_ANSWERS = Extra(
    "answers", _form_answers_read, _form_answers_parse, _form_answers_write, default={}
)


def _unverified_extra(spec: EntitySpec[Any, Any]) -> Extra:
    """A row's facts the assistant set that nobody confirmed (left out when none): imported,
    they stay unverified; the rest count as backed by the file."""
    facts = FACT_FIELDS[spec.kind]

    def read(session: Session, record: Any) -> JsonValue:
        sources = sources_of(session, spec.kind, [record.id]).get(record.id, {})
        found = [name for name in facts if name in sources and sources[name].unverified]
        return list(found) or None

    def parse(value: object, path: str, problems: list[str]) -> list[str]:
        if not isinstance(value, list) or not all(name in facts for name in value):
            problems.append(
                f"{path}: must be a list of the row's facts ({', '.join(facts)}) "
                f"(got {_short(value)})"
            )
            return []
        return [str(name) for name in value]

    def write(session: Session, writer: ChangeWriter, record: Any, fields: list[str]) -> None:
        if fields:
            writer.mark_unverified(spec, record, fields)

    return Extra("unverified", read, parse, write, default=[])


def _trip_problem(trip: TripRecord, _: TripRecord | None) -> tuple[str, str] | None:
    found = trip_problem(trip)
    return None if found is None else ("end_date", found)


TRIP = BundlePart(
    key="trip",
    spec=TRIPS,
    order=(),
    owner="id",
    problem=_trip_problem,
)
"""The trip itself: one object, without id or list position (it goes last in the list)."""


def _stop_problem(stop: StopRecord, trip: TripRecord | None) -> tuple[str, str] | None:
    return None if trip is None else stop_problem(stop, trip)


def _item_problem(item: ItineraryItemRecord, _: TripRecord | None) -> tuple[str, str] | None:
    found = item_problem(item)
    return None if found is None else (found[0][0], found[1])


def _expense_problem(expense: ExpenseRecord, _: TripRecord | None) -> tuple[str, str] | None:
    try:
        check_amount(expense.amount, expense.currency, {})
    except InvalidChangeError as error:
        return error.field, str(error)
    return None


PARTS: tuple[BundlePart, ...] = (
    BundlePart("stops", STOPS, ("position",), problem=_stop_problem),
    BundlePart(
        "itinerary",
        ITEMS,
        ("day", "position"),
        extra=_unverified_extra(ITEMS),
        problem=_item_problem,
    ),
    BundlePart("forms", FORMS, ("form_id",), extra=FORM_ANSWERS),
    BundlePart("goals", GOALS, ("position",)),
    BundlePart("pins", PINS, ("position",)),
    BundlePart(
        "expenses",
        EXPENSES,
        ("spent_on",),
        references={"item_id": "itinerary"},
        extra=_unverified_extra(EXPENSES),
        problem=_expense_problem,
    ),
)
"""Every kind of row a trip owns, each after those it refers to; a test checks that every
table with a foreign key to the trip is here or in `LEFT_OUT`."""

LEFT_OUT: Mapping[str, str] = {
    "lookup_job": "lookups are fetched data, not the plan: a copy looks them up again",
    "document": "attached files stay in the data folder: a trip file is the plan, and a "
    "copy of each ticket (names, booking codes) would be one more place they travel",
    "field_source": "travels as each item's and expense's `unverified` list: the facts "
    "the assistant set that nobody confirmed; the file backs the rest",
    "proposal": "the assistant's changes waiting for the person's decision belong to this "
    "copy's conversation, which a trip file does not carry",
    "import_candidate": "records waiting in the import review queue are not the plan yet: "
    "the copy imports its booking files again if it wants them",
    "trip_lock": "a lock is the person's word to this app's assistant about rows of this "
    "file's trip, which an imported copy gets anew",
}
"""Tables that hang off a trip but are not in its file, and why."""


def _rows(session: Session, part: BundlePart, trip_id: str) -> list[Any]:
    table = part.spec.table
    order = [col(getattr(table, name)) for name in (*part.order, "created_at", "id")]
    statement = select(table).where(col(getattr(table, part.owner)) == trip_id).order_by(*order)
    return [part.spec.to_record(row) for row in session.exec(statement).all()]


def _row_json(part: BundlePart, record: Any, leave_out: Iterable[str]) -> dict[str, Any]:
    data: dict[str, Any] = part.spec.adapter.dump_python(record, mode="json")
    for name in leave_out:
        data.pop(name, None)
    return data


def trip_bundle(
    session: Session, trip_id: str, layout: Sequence[BundlePart] = PARTS
) -> dict[str, Any]:
    """The trip and everything it owns, as a JSON-ready document."""
    trip = TRIPS.to_record(TRIPS.row(session, trip_id))
    bundle: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "trip": _row_json(TRIP, trip, _assigned(TRIP)),
    }
    for part in layout:
        rows = []
        for record in _rows(session, part, trip_id):
            data = _row_json(part, record, _assigned(part))
            if part.extra is not None:
                extra = part.extra.read(session, record)
                if extra is not None:
                    data[part.extra.key] = extra
            rows.append(data)
        bundle[part.key] = rows
    return bundle


def _assigned(part: BundlePart) -> tuple[str, ...]:
    """The record's fields the file leaves out: the import sets them."""
    if part is TRIP:
        return ("id", "position", *KEPT_BY_STORE)
    return (part.owner, *KEPT_BY_STORE)


@dataclass(frozen=True, slots=True)
class ParsedRow:
    """One checked row: its values but those the import assigns, and its extra."""

    file_id: str | None
    values: dict[str, Any]
    extra: Any = None


@dataclass(frozen=True, slots=True)
class ParsedBundle:
    trip: ParsedRow
    parts: dict[str, list[ParsedRow]]
    layout: Sequence[BundlePart]

    @property
    def title(self) -> str:
        return str(self.trip.values["title"])


def parse_bundle(document: object, layout: Sequence[BundlePart] = PARTS) -> ParsedBundle:
    """Check a whole document; raises `BundleError` listing every problem found."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BundleError([f'not a Concierge trip file (it has no "format": "{FORMAT}")'])
    version = document.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise BundleError([f"version: must be a whole number (got {version!r})"])
    if version > VERSION:
        raise BundleError(
            [
                f"version {version} of the trip format is newer than this Concierge reads "
                f"(version {VERSION}); update Concierge to import it"
            ]
        )
    if version < 1:
        raise BundleError([f"version: there is no version {version} of the trip format"])
    problems: list[str] = []
    known = ("format", "version", TRIP.key, *(part.key for part in layout))
    for key in document:
        if key not in known:
            problems.append(f"{key}: not part of a trip file (its parts are {', '.join(known)})")
    ids: dict[str, set[str]] = {}
    trip = _parse_row(TRIP, document.get(TRIP.key), TRIP.key, ids, problems, None)
    trip_record = None if trip is None else _record(TRIP, trip.values)
    parts: dict[str, list[ParsedRow]] = {}
    for part in layout:
        listed = document.get(part.key, [])
        if not isinstance(listed, list):
            problems.append(f"{part.key}: must be a list (got {_short(listed)})")
            listed = []
        ids[part.key] = set()
        parts[part.key] = [
            row
            for index, value in enumerate(listed)
            if (row := _parse_row(part, value, f"{part.key}[{index}]", ids, problems, trip_record))
            is not None
        ]
    if problems or trip is None:
        raise BundleError(problems or ["trip: missing"])
    numbered = {part.key: _numbered(part, parts[part.key]) for part in layout}
    return ParsedBundle(trip, numbered, layout)


def _parse_row(
    part: BundlePart,
    value: object,
    path: str,
    ids: dict[str, set[str]],
    problems: list[str],
    trip: TripRecord | None,
) -> ParsedRow | None:
    """`value` checked as one row of `part` of `trip` (None: the trip itself, or a trip
    whose own fields are wrong), or None with its problems appended."""
    if not isinstance(value, dict):
        problems.append(f"{path}: must be an object (got {_short(value)})")
        return None
    found = len(problems)
    assigned = _assigned(part)
    names = [name for name in part.spec.names if name not in assigned]
    extra_key = part.extra.key if part.extra is not None else None
    allowed = [*names, *([extra_key] if extra_key is not None else [])]
    for key in value:
        if key not in allowed:
            problems.append(f"{path}.{key}: no such field (the fields are {', '.join(allowed)})")
    file_id = _file_id(part, value, path, ids, problems)
    values: dict[str, Any] = {}
    for name in names:
        if name == "id":
            continue
        if name in part.rules:
            rule = part.rules[name]
            try:
                values.update(
                    parse_changes(part.entity, part.rules, {name: value.get(name, rule.default)})
                )
            except InvalidChangeError as error:
                missing = "" if name in value else "missing: "
                problems.append(f"{path}.{name}: {missing}{error}")
                continue
        elif name not in value:
            problems.append(f"{path}.{name}: missing")
            continue
        elif name == "position":
            try:
                check_position(value[name])
            except InvalidChangeError as error:
                problems.append(f"{path}.{name}: {error}")
                continue
            if value[name] is None:
                problems.append(f"{path}.{name}: must be a whole number of 0 or more (got None)")
                continue
            values[name] = value[name]
        else:
            values[name] = value[name]
        if name in part.references:
            _check_reference(part, name, values[name], path, ids, problems)
    extra = None
    if part.extra is not None:
        extra = part.extra.parse(
            value.get(part.extra.key, part.extra.default), f"{path}.{part.extra.key}", problems
        )
    if len(problems) > found or not _record_checks(part, values, path, problems, trip):
        return None
    return ParsedRow(file_id, values, extra)


def _file_id(
    part: BundlePart,
    value: Mapping[str, object],
    path: str,
    ids: dict[str, set[str]],
    problems: list[str],
) -> str | None:
    """The row's id in the file (None for the trip), noted so references can be checked."""
    if part is TRIP:
        return None
    file_id = value.get("id")
    if not isinstance(file_id, str) or not file_id:
        problems.append(f"{path}.id: must be the row's id, a text (got {_short(file_id)})")
        return None
    if file_id in ids[part.key]:
        problems.append(f"{path}.id: {file_id!r} is the id of an earlier row too")
        return None
    ids[part.key].add(file_id)
    return file_id


def _check_reference(
    part: BundlePart,
    name: str,
    target: object,
    path: str,
    ids: dict[str, set[str]],
    problems: list[str],
) -> None:
    listed = part.references[name]
    if target is not None and (not isinstance(target, str) or target not in ids.get(listed, set())):
        problems.append(f"{path}.{name}: {_short(target)} is the id of no row in {listed}")


def _record(part: BundlePart, values: Mapping[str, Any]) -> Any:
    """`values` as a record of the part's type, the fields the import assigns stood in for;
    raises `ValidationError` for values of the wrong type."""
    now = utc_now()
    data = dict(values)
    for name in (*_assigned(part), "id"):
        data[name] = now if name in KEPT_BY_STORE else 0 if name == "position" else ""
    return part.spec.adapter.validate_python(data)


def _record_checks(
    part: BundlePart,
    values: Mapping[str, Any],
    path: str,
    problems: list[str],
    trip: TripRecord | None,
) -> bool:
    """Whether `values` make a record of the part's type that keeps its rule spanning
    fields; the problems are appended when they do not."""
    try:
        record = _record(part, values)
    except ValidationError as error:
        for detail in error.errors():
            where = ".".join(str(step) for step in detail["loc"])
            problems.append(f"{path}.{where}: {detail['msg']}")
        return False
    if part.problem is not None and (found := part.problem(record, trip)) is not None:
        problems.append(f"{path}.{found[0]}: {found[1]}")
        return False
    return True


def _numbered(part: BundlePart, rows: list[ParsedRow]) -> list[ParsedRow]:
    """`rows` in their list order with positions 0, 1, 2, … in each list (as exported, a
    file's positions are already so; a hand-edited one's gaps and ties are closed)."""
    if not part.order or part.order[-1] != "position":
        return rows
    lists = part.order[:-1]

    def key(row: ParsedRow) -> tuple[Any, ...]:
        return (*(str(row.values[name]) for name in lists), row.values["position"])

    counters: dict[tuple[str, ...], int] = {}
    numbered: list[ParsedRow] = []
    for row in sorted(rows, key=key):
        group = tuple(str(row.values[name]) for name in lists)
        position = counters.get(group, 0)
        counters[group] = position + 1
        numbered.append(dataclasses.replace(row, values={**row.values, "position": position}))
    return numbered


def write_bundle(session: Session, writer: ChangeWriter, bundle: ParsedBundle) -> TripRecord:
    """Write a checked bundle as a new trip with new ids. Rows are stamped a microsecond apart
    in file order, so rows a part's order ties keep their order."""
    clock = _stamps(utc_now())
    stamps = next(clock)
    trip_id = uuid.uuid4().hex
    writer.describe(
        QT_TRANSLATE_NOOP("ChangeLabel", "Import trip “{title}”").format(title=bundle.title)
    )
    trip: TripRecord = TRIPS.adapter.validate_python(
        {**bundle.trip.values, "id": trip_id, "position": next_trip_position(session), **stamps}
    )
    writer.create(TRIPS, trip)
    new_ids: dict[str, dict[str, str]] = {}
    for part in bundle.layout:
        mapping = new_ids.setdefault(part.key, {})
        for row in bundle.parts[part.key]:
            new_id = uuid.uuid4().hex
            if row.file_id is not None:
                mapping[row.file_id] = new_id
            values = dict(row.values)
            for name, target in part.references.items():
                if values.get(name) is not None:
                    values[name] = new_ids[target][values[name]]
            record = part.spec.adapter.validate_python(
                {**values, "id": new_id, part.owner: trip_id, **next(clock)}
            )
            writer.create(part.spec, record)
            if part.extra is not None:
                part.extra.write(session, writer, record, row.extra)
    return trip


def _stamps(start: datetime) -> Iterator[dict[str, datetime]]:
    step = 0
    while True:
        yield dict.fromkeys(KEPT_BY_STORE, start + timedelta(microseconds=step))
        step += 1


async def import_bundle(
    database: Database,
    bus: ChangeBus,
    document: object,
    *,
    context: ChangeContext | None = None,
    layout: Sequence[BundlePart] = PARTS,
) -> Outcome[TripRecord]:
    """Check `document` and write it as a new trip in one transaction and undo step."""
    bundle = parse_bundle(document, layout)

    def write(session: Session, writer: ChangeWriter) -> TripRecord:
        return write_bundle(session, writer, bundle)

    try:
        return await run_logged(database, bus, context, write)
    except IntegrityError as error:
        reason = str(error.orig) if error.orig is not None else str(error)
        raise BundleError([f"the trip breaks a rule of the database ({reason})"]) from None


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}…"
