"""The import review queue: records read from a booking file wait here, per trip, until the
person accepts (perhaps after editing) or rejects each. Nothing imported is applied silently.

Queuing a file is all or nothing: every record is checked by the itinerary's rules first and
one bad record refuses the whole file (`ImportRefused`). Each record is compared with the
trip's items and the candidates queued before it (`duplicate_of`): the same confirmation code
on the same day (a return flight shares the outbound's code), else the same kind starting at
the same instant under one service number or a similar title.

What is accepted becomes itinerary items in one undo step, noted "imported from <file>"
(`PROVENANCE_PREFIX`). Whether a candidate counts as accepted is derived from its item
existing, so undoing the import puts its candidates back in the queue and redo accepts them
again, without the queue being part of the change log.
"""

from __future__ import annotations

import dataclasses
import json
import uuid
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from decimal import Decimal
from difflib import SequenceMatcher
from enum import Enum
from typing import Any, TypeVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import and_, or_
from sqlalchemy.orm import object_session
from sqlmodel import Session, col, select

from concierge.model.values import booking_code, service_number
from concierge.text import QT_TRANSLATE_NOOP, joined

from .change_writer import ChangeWriter
from .changes import Actor, Change, ChangeBus, ChangeContext, FactSource, ImportNews
from .database import Database
from .entities import ITEMS, TRIPS
from .errors import InvalidChangeError, StoreError
from .itinerary import renumber_day, trip_items
from .records import ItineraryItemRecord
from .tables import ImportCandidate, ItineraryItem, utc_now
from .transaction import commit_and_publish
from .validation import ITEM_RULES, check_item, parse_changes, required_fields

PENDING, ACCEPTED, REJECTED = "pending", "accepted", "rejected"
PROVENANCE_PREFIX = "imported from "
SIMILAR_TITLE = 0.6
"""How alike two titles must be (difflib's ratio, case and spacing ignored) for two records
of the same kind starting at the same instant to be one booking."""
_REQUIRED = required_fields(ITEM_RULES)
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class RecordError:
    """What is wrong with one record of a file (`where` names it, e.g. "event 3")."""

    where: str
    message: str

    def __str__(self) -> str:
        if not self.where:
            return self.message
        return QT_TRANSLATE_NOOP("Import", "{where}: {message}").format(
            where=self.where, message=self.message
        )


class ImportRefused(StoreError):
    """A file was not queued, because of the problems in `errors`; nothing was written."""

    def __init__(self, file_name: str, errors: Sequence[RecordError]) -> None:
        count = len(errors)
        template = (
            QT_TRANSLATE_NOOP(
                "Import", "{file_name} was not imported: 1 record cannot be read — {errors}."
            )
            if count == 1
            else QT_TRANSLATE_NOOP(
                "Import",
                "{file_name} was not imported: {count} records cannot be read — {errors}.",
            )
        )
        super().__init__(
            template.format(file_name=file_name, count=count, errors=joined("; ", map(str, errors)))
        )
        self.file_name = file_name
        self.errors = tuple(errors)


@dataclass(frozen=True, slots=True)
class Incoming:
    """One record of a file to queue: itinerary-item fields (their ITEM_RULES names, values
    as the rules take them) and where in the file it came from."""

    values: Mapping[str, object]
    source_ref: str = ""
    warnings: Sequence[str] = ()


@dataclass(frozen=True, slots=True)
class QueuedCandidate:
    """A queued record: `values` are parsed item fields (day and title always there)."""

    id: int
    trip_id: str
    file_name: str
    source_ref: str
    values: Mapping[str, Any]
    status: str
    duplicate_of: str | None
    duplicate_of_candidate: int | None
    item_id: str | None
    created_at: datetime
    warnings: tuple[str, ...] = ()

    @property
    def is_duplicate(self) -> bool:
        return self.duplicate_of is not None or self.duplicate_of_candidate is not None

    @property
    def title(self) -> str:
        return str(self.values["title"])

    def as_item(self) -> ItineraryItemRecord:
        """The item it would become (not stored: for an editor to show)."""
        return _record(self.trip_id, self.values, f"candidate-{self.id}", utc_now(), 0)


@dataclass(frozen=True, slots=True)
class Acceptance:
    """What `accept` made: the items, in the order accepted, and the undo step's label."""

    items: tuple[ItineraryItemRecord, ...]
    undo_label: str | None


class ImportQueue:
    """The trip's queue of imported records, and the person's decisions on them."""

    def __init__(self, database: Database, bus: ChangeBus) -> None:
        self.database = database
        self.bus = bus

    async def queue(
        self, trip_id: str, file_name: str, records: Sequence[Incoming]
    ) -> list[QueuedCandidate]:
        """Queue a file's records, all or none; returns them with duplicates marked."""

        def transaction(session: Session) -> tuple[list[QueuedCandidate], list[Change]]:
            TRIPS.row(session, trip_id)
            return _queue(session, trip_id, file_name, records), []

        return await self._write(trip_id, transaction)

    async def pending(self, trip_id: str) -> list[QueuedCandidate]:
        """The trip's waiting candidates, in the order queued."""
        return await self.database.run(
            lambda session: list(map(_candidate, _pending_rows(session, trip_id)))
        )

    async def accept(
        self,
        trip_id: str,
        ids: Collection[int],
        edits: Mapping[int, Mapping[str, object]] | None = None,
        *,
        context: ChangeContext | None = None,
    ) -> Acceptance:
        """Make the pending candidates `ids` items in one undo step, with the person's
        `edits` over their fields; a refused value accepts nothing (`InvalidChangeError`)."""
        chosen, changed = set(ids), dict(edits or {})

        def transaction(session: Session) -> tuple[Acceptance, list[Change]]:
            return _accept(session, trip_id, chosen, changed, context)

        return await self._write(trip_id, transaction)

    async def accept_new(self, trip_id: str) -> Acceptance:
        """Accept every pending candidate that is not a duplicate (duplicates wait)."""
        waiting = await self.pending(trip_id)
        return await self.accept(trip_id, [c.id for c in waiting if not c.is_duplicate])

    async def reject(self, trip_id: str, ids: Collection[int]) -> int:
        """Reject the pending candidates `ids`; returns how many were pending."""
        chosen = list(ids)

        def transaction(session: Session) -> tuple[int, list[Change]]:
            rows = [row for row in _pending_rows(session, trip_id) if row.id in chosen]
            now = utc_now()
            for row in rows:
                row.status, row.decided_at = REJECTED, now
            session.flush()
            return len(rows), []

        return await self._write(trip_id, transaction)

    async def _write(
        self, trip_id: str, transaction: Callable[[Session], tuple[T, Sequence[Change]]]
    ) -> T:
        def announce() -> None:
            self.bus.imports.publish(ImportNews(trip_id))

        return await commit_and_publish(self.database, self.bus, transaction, after=announce)


# -- queuing ---------------------------------------------------------------------------------


def _queue(
    session: Session, trip_id: str, file_name: str, records: Sequence[Incoming]
) -> list[QueuedCandidate]:
    errors: list[RecordError] = []
    parsed: list[tuple[Incoming, dict[str, Any]]] = []
    for number, record in enumerate(records, start=1):
        where = record.source_ref or f"record {number}"
        try:
            values = _checked(trip_id, record.values)
        except InvalidChangeError as error:
            errors.append(RecordError(where, str(error)))
            continue
        parsed.append((record, values))
    if errors:
        raise ImportRefused(file_name, errors)
    if not parsed:
        raise ImportRefused(file_name, [RecordError("", "it holds no bookings or events")])
    items = [ITEMS.to_record(row) for row in session.exec(trip_items(trip_id)).all()]
    earlier: list[tuple[int, Mapping[str, Any]]] = [
        (c.id, c.values) for c in map(_candidate, _pending_rows(session, trip_id))
    ]
    rows: list[ImportCandidate] = []
    for record, values in parsed:
        item_id = next((i.id for i in items if same_booking(values, _fields(i))), None)
        twin = None
        if item_id is None:
            twin = next((cid for cid, other in earlier if same_booking(values, other)), None)
        row = ImportCandidate(
            trip_id=trip_id,
            file_name=file_name,
            source_ref=record.source_ref,
            candidate=_to_json(values),
            warnings=json.dumps(list(record.warnings), ensure_ascii=False),
            duplicate_of=item_id,
            duplicate_of_candidate=twin,
        )
        session.add(row)
        session.flush()
        assert row.id is not None
        earlier.append((row.id, values))
        rows.append(row)
    return [_candidate(row) for row in rows]


def _checked(trip_id: str, values: Mapping[str, object]) -> dict[str, Any]:
    """The record's fields parsed and checked by the itinerary's rules."""
    parsed = parse_changes("an imported item", ITEM_RULES, values)
    for required in _REQUIRED:
        if required not in parsed:
            raise InvalidChangeError(
                required,
                QT_TRANSLATE_NOOP("StoreError", "{label} is missing.").format(
                    label=ITEM_RULES[required].label
                ),
            )
    check_item(_record(trip_id, parsed, "check", utc_now(), 0), parsed)
    return parsed


# -- duplicates ------------------------------------------------------------------------------


def same_booking(new: Mapping[str, Any], old: Mapping[str, Any]) -> bool:
    """Whether two sets of item fields are one booking: the same confirmation code on the
    same day (a return flight shares the outbound's code), else the same kind starting at
    the same instant with the same service number or similar titles."""
    code, other_code = _code(new), _code(old)
    number, other_number = (service_number(str(v.get("service_number") or "")) for v in (new, old))
    if code and other_code:
        numbers_agree = not (number and other_number) or number == other_number
        return code == other_code and new.get("day") == old.get("day") and numbers_agree
    if _kind(new) != _kind(old):
        return False
    if _instant(new) != _instant(old):
        return False
    if number and number == other_number:
        return True
    title, other_title = _norm(str(new.get("title", ""))), _norm(str(old.get("title", "")))
    if title in other_title or other_title in title:
        return True
    return SequenceMatcher(None, title, other_title).ratio() >= SIMILAR_TITLE


def _code(values: Mapping[str, Any]) -> str:
    return booking_code(str(values.get("confirmation_code") or ""))


def _kind(values: Mapping[str, Any]) -> str:
    kind = values.get("kind", ITEM_RULES["kind"].default)
    return kind.value if isinstance(kind, Enum) else str(kind)


def _norm(text: str) -> str:
    return " ".join(text.casefold().split())


def _instant(values: Mapping[str, Any]) -> tuple[object, ...]:
    """When it starts: a UTC instant for a time in a known zone, else the local day and
    time as given."""
    day, start = values.get("day"), values.get("start_time")
    zone = values.get("timezone")
    if isinstance(day, date) and isinstance(start, time) and isinstance(zone, str):
        try:
            local = datetime.combine(day, start, tzinfo=ZoneInfo(zone))
        except (ZoneInfoNotFoundError, ValueError):
            return (day, start)
        return (local.astimezone(UTC),)
    return (day, start)


def _fields(item: ItineraryItemRecord) -> dict[str, Any]:
    return {name: getattr(item, name) for name in ITEM_RULES}


# -- accepting -------------------------------------------------------------------------------


def _accept(
    session: Session,
    trip_id: str,
    chosen: set[int],
    edits: Mapping[int, Mapping[str, object]],
    context: ChangeContext | None,
) -> tuple[Acceptance, list[Change]]:
    rows = [row for row in _pending_rows(session, trip_id) if row.id in chosen]
    if not rows:
        return Acceptance((), None), []
    files = sorted({row.file_name for row in rows})
    if len(rows) == 1:
        label = QT_TRANSLATE_NOOP("ChangeLabel", "Import 1 item from {files}").format(
            files=", ".join(files)
        )
    else:
        label = QT_TRANSLATE_NOOP("ChangeLabel", "Import {count} items from {files}").format(
            count=len(rows), files=", ".join(files)
        )
    context = context or ChangeContext(actor=Actor.PERSON)
    if not context.label:
        context = dataclasses.replace(context, label=label)
    # The facts accepted count as the file's (provenance), not as typed by the person.
    context = dataclasses.replace(context, source=FactSource.IMPORT, source_file=", ".join(files))
    writer = ChangeWriter(session, context)
    made: list[ItineraryItemRecord] = []
    days: set[date] = set()
    now = utc_now()
    for row in rows:
        assert row.id is not None
        stored = _candidate(row)
        try:
            values = _checked(trip_id, {**_wire(stored.values), **edits.get(row.id, {})})
            values["notes"] = with_provenance(str(values.get("notes") or ""), row.file_name)
            values = _checked(trip_id, _wire(values))
        except InvalidChangeError as error:
            raise InvalidChangeError(error.field, f"“{stored.title}”: {error}") from None
        position = len(_day_ids(session, trip_id, values["day"]))
        item = _record(trip_id, values, uuid.uuid4().hex, now, position)
        writer.create(ITEMS, item)
        days.add(item.day)
        made.append(item)
        row.status, row.decided_at = ACCEPTED, now
        row.item_id = row.accepted_item = item.id
    for day in sorted(days):
        renumber_day(session, writer, trip_id, day)
    session.flush()
    return Acceptance(tuple(made), writer.label), writer.changes


def with_provenance(notes: str, file_name: str) -> str:
    """The notes with the line saying which file the item came from (once)."""
    line = f"{PROVENANCE_PREFIX}{file_name}"
    if line in notes.splitlines():
        return notes
    return f"{notes.rstrip()}\n{line}" if notes.strip() else line


def _day_ids(session: Session, trip_id: str, day: date) -> list[str]:
    return list(
        session.exec(
            select(ItineraryItem.id).where(
                ItineraryItem.trip_id == trip_id, ItineraryItem.day == day
            )
        ).all()
    )


# -- rows ------------------------------------------------------------------------------------


def _pending_rows(session: Session, trip_id: str) -> Sequence[ImportCandidate]:
    """The waiting rows: pending ones, and accepted ones whose item is gone (undone)."""
    existing = select(ItineraryItem.id).where(ItineraryItem.trip_id == trip_id)
    undone = and_(
        col(ImportCandidate.status) == ACCEPTED,
        or_(
            col(ImportCandidate.accepted_item).is_(None),
            col(ImportCandidate.accepted_item).not_in(existing),
        ),
    )
    return session.exec(
        select(ImportCandidate)
        .where(
            ImportCandidate.trip_id == trip_id,
            or_(col(ImportCandidate.status) == PENDING, undone),
        )
        .order_by(col(ImportCandidate.id))
    ).all()


def _candidate(row: ImportCandidate) -> QueuedCandidate:
    assert row.id is not None
    values = parse_changes("an imported item", ITEM_RULES, json.loads(row.candidate))
    return QueuedCandidate(
        id=row.id,
        trip_id=row.trip_id,
        file_name=row.file_name,
        source_ref=row.source_ref,
        values=values,
        status=row.status if row.status != ACCEPTED or _item_exists(row) else PENDING,
        duplicate_of=row.duplicate_of,
        duplicate_of_candidate=row.duplicate_of_candidate,
        item_id=row.item_id,
        created_at=row.created_at,
        warnings=tuple(str(w) for w in json.loads(row.warnings or "[]")),
    )


def _item_exists(row: ImportCandidate) -> bool:
    session = object_session(row)
    if session is None or row.accepted_item is None:
        return False
    return session.get(ItineraryItem, row.accepted_item) is not None


def _record(
    trip_id: str, values: Mapping[str, Any], item_id: str, now: datetime, position: int
) -> ItineraryItemRecord:
    defaults = {name: rule.default for name, rule in ITEM_RULES.items()}
    return ItineraryItemRecord(
        **{**defaults, **values},
        id=item_id,
        trip_id=trip_id,
        position=position,
        created_at=now,
        updated_at=now,
    )


def _wire(values: Mapping[str, Any]) -> dict[str, object]:
    """Parsed values as JSON-ready text the rules read back (dates, times, amounts)."""
    wired: dict[str, object] = {}
    for name, value in values.items():
        if isinstance(value, Enum):
            wired[name] = value.value
        elif isinstance(value, time):
            wired[name] = value.isoformat(timespec="minutes")
        elif isinstance(value, date):
            wired[name] = value.isoformat()
        elif isinstance(value, Decimal):
            wired[name] = str(value)
        else:
            wired[name] = value
    return wired


def _to_json(values: Mapping[str, Any]) -> str:
    return json.dumps(_wire(values), ensure_ascii=False, sort_keys=True)
