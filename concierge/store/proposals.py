"""The assistant's proposed changes, waiting for the person's decision, and applying it.

Each proposed tool call ran its write for real, kept the change-log rows as proposals and
rolled back (`transaction.propose_instead`), so calls are independent: `decide` makes any
accepted subset one undo step. A call with a row changed since is a conflict, applied not at
all. Positions are soft: the lists touched are renumbered afterwards, so two additions at the
end of one day both land, in the order proposed.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, TypeVar

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from concierge.text import QT_TRANSLATE_NOOP

from . import ordering
from .change_writer import ChangeWriter, decode_order
from .changes import Action, Actor, Change, ChangeBus, ChangeContext, EntityKind, ProposalNews
from .database import Database
from .entities import STOPS, EntitySpec
from .itinerary import renumber_day
from .stops import trip_stops
from .tables import ChangeLogEntry, ChangeRow, Proposal, utc_now
from .transaction import commit_and_publish
from .undo import SPECS, would_cascade
from .writers import WINDOW

PENDING, ACCEPTED, REJECTED, CONFLICT = "pending", "accepted", "rejected", "conflict"
PREVIEW_LIMIT = 30
"""Pending calls `preview` makes one by one; a longer changeset shows the rest without."""
T = TypeVar("T")
_SOFT = frozenset({"position", "updated_at", "seen_by_assistant"})
"""Fields a proposal does not require to be unchanged: list places are re-fitted."""
_ORDERED = frozenset({EntityKind.ITINERARY_ITEM, EntityKind.TRIP_STOP})
"""The proposable kinds kept in ordered lists, renumbered after a decision."""


@dataclass(frozen=True, slots=True)
class ProposedChange:
    """One row a proposed call would change: `before` and `after` are the changed fields
    (the whole record for an addition or removal; empty on the side that has no row)."""

    entity: EntityKind
    entity_id: str
    action: Action
    before: dict[str, Any]
    after: dict[str, Any]


@dataclass(frozen=True, slots=True)
class ProposedCall:
    """One tool call's proposed changes, accepted or rejected together."""

    call_id: str
    label: str
    changes: tuple[ProposedChange, ...]
    status: str = PENDING
    note: str | None = None
    program: str | None = None
    """The program whose assistant proposed it, None for the window's own (or unrecorded)."""

    @property
    def shown(self) -> tuple[ProposedChange, ...]:
        """The changes a person reviews: renumberings follow from the others."""
        return tuple(change for change in self.changes if change.action is not Action.REORDER)


@dataclass(frozen=True, slots=True)
class Decision:
    """What `decide` did, by outcome in the order proposed, and the step's label."""

    accepted: tuple[ProposedCall, ...]
    rejected: tuple[ProposedCall, ...]
    conflicts: tuple[ProposedCall, ...]
    undo_label: str | None


class ProposalConflict(Exception):
    """A proposed row is no longer as the proposal found it."""


class ProposalRepository:
    """Pending proposals per trip, the person's decision, and what the model was told."""

    def __init__(self, database: Database, bus: ChangeBus) -> None:
        self.database = database
        self.bus = bus

    async def pending(self, trip_id: str) -> list[ProposedCall]:
        """The trip's pending calls, in the order proposed."""
        return await self.database.run(lambda session: _calls(_rows(session, trip_id, PENDING)))

    async def for_call(self, call_id: str) -> ProposedCall | None:
        """What the tool call `call_id` proposed, if it proposed anything."""

        def read(session: Session) -> ProposedCall | None:
            rows = session.exec(
                select(Proposal).where(Proposal.call_id == call_id).order_by(col(Proposal.id))
            ).all()
            calls = _calls(rows)
            return calls[0] if calls else None

        return await self.database.run(read)

    async def unreported(self, trip_id: str) -> list[ProposedCall]:
        """Decided calls the model has not been told of, in the order proposed."""

        def read(session: Session) -> list[ProposedCall]:
            rows = session.exec(
                select(Proposal)
                .where(
                    Proposal.trip_id == trip_id,
                    Proposal.status != PENDING,
                    col(Proposal.reported).is_(False),
                )
                .order_by(col(Proposal.id))
            ).all()
            return _calls(rows)

        return await self.database.run(read)

    async def mark_reported(self, call_ids: Collection[str]) -> None:

        def write(session: Session) -> None:
            session.exec(
                update(Proposal)
                .where(col(Proposal.call_id).in_(list(call_ids)))
                .values(reported=True)
            )

        await self.database.run(write)

    async def preview(
        self, trip_id: str, read: Callable[[Session], T], *, limit: int = PREVIEW_LIMIT
    ) -> tuple[T, dict[str, T]]:
        """What `read` reads of the trip now, and with each of the first `limit` pending calls made
        alone in a savepoint and rolled back (left out: a call the trip no longer fits)."""

        def transaction(session: Session) -> tuple[T, dict[str, T]]:
            base = read(session)
            by_call: dict[str, list[Proposal]] = defaultdict(list)
            for row in _rows(session, trip_id, PENDING):
                by_call[row.call_id].append(row)
            seen: dict[str, T] = {}
            for call, rows in list(by_call.items())[:limit]:
                savepoint = session.begin_nested()
                try:
                    _make(session, ChangeWriter(session, ChangeContext()), rows)
                    seen[call] = read(session)
                except ProposalConflict:
                    pass
                finally:
                    savepoint.rollback()
            return base, seen

        return await self.database.run(transaction)

    async def decide(self, trip_id: str, accepted: Collection[str]) -> Decision:
        """Apply the pending calls `accepted` as one undo step, the assistant's, and reject the
        others; an accepted call the trip no longer fits is a conflict, not applied."""

        def transaction(session: Session) -> tuple[Decision, list[Change]]:
            return _decide(session, trip_id, set(accepted))

        def announce() -> None:
            self.bus.proposals.publish(ProposalNews(trip_id))

        return await commit_and_publish(self.database, self.bus, transaction, after=announce)


def _rows(session: Session, trip_id: str, status: str) -> Sequence[Proposal]:
    return session.exec(
        select(Proposal)
        .where(Proposal.trip_id == trip_id, Proposal.status == status)
        .order_by(col(Proposal.id))
    ).all()


def _calls(rows: Sequence[Proposal]) -> list[ProposedCall]:
    grouped: dict[str, list[Proposal]] = defaultdict(list)
    for row in rows:
        grouped[row.call_id].append(row)
    return [
        ProposedCall(
            call_id=call_id,
            label=group[0].label,
            changes=tuple(row_change(row) for row in group),
            status=group[0].status,
            note=group[0].note,
            program=None if group[0].program == WINDOW else group[0].program,
        )
        for call_id, group in grouped.items()
    ]


def row_change(row: ChangeRow) -> ProposedChange:
    """A proposal's or a change-log row's change, its fields read from their JSON."""
    return ProposedChange(
        entity=EntityKind(row.entity),
        entity_id=row.entity_id,
        action=Action(row.action),
        before=json.loads(row.before or "{}"),
        after=json.loads(row.after or "{}"),
    )


def _decide(session: Session, trip_id: str, accepted: set[str]) -> tuple[Decision, list[Change]]:
    rows = _rows(session, trip_id, PENDING)
    by_call: dict[str, list[Proposal]] = defaultdict(list)
    for row in rows:
        by_call[row.call_id].append(row)
    chosen = [call for call in by_call if call in accepted]
    context = ChangeContext(
        actor=Actor.ASSISTANT,
        label=QT_TRANSLATE_NOOP(
            "ChangeLabel", "the assistant’s proposal ({chosen} of {count} changes)"
        ).format(chosen=len(chosen), count=len(by_call)),
    )
    changes: list[Change] = []
    lists: set[tuple[EntityKind, str, date | None]] = set()
    notes: dict[str, str] = {}
    for call in chosen:
        writer = ChangeWriter(session, context)
        savepoint = session.begin_nested()
        try:
            for row in by_call[call]:
                _apply(session, writer, row, lists)
            savepoint.commit()
        except ProposalConflict as conflict:
            savepoint.rollback()
            notes[call] = str(conflict)
            continue
        changes.extend(writer.changes)
    if changes:
        writer = ChangeWriter(session, context)
        _renumber(session, writer, lists)
        changes.extend(writer.changes)
        # The person reviewed these changes before accepting them: nothing to mark unseen.
        session.exec(
            update(ChangeLogEntry)
            .where(col(ChangeLogEntry.group_id) == context.group_id)
            .values(seen=True)
        )
    now = utc_now()
    for call, group in by_call.items():
        status = CONFLICT if call in notes else ACCEPTED if call in accepted else REJECTED
        for row in group:
            row.status, row.decided_at, row.note = status, now, notes.get(call)
    session.flush()
    decided = _calls([row for group in by_call.values() for row in group])
    decision = Decision(
        accepted=tuple(call for call in decided if call.status == ACCEPTED),
        rejected=tuple(call for call in decided if call.status == REJECTED),
        conflicts=tuple(call for call in decided if call.status == CONFLICT),
        undo_label=context.label if changes else None,
    )
    return decision, changes


def _make(session: Session, writer: ChangeWriter, rows: Sequence[Proposal]) -> None:
    """Make one call's rows and renumber the lists they touched."""
    lists: set[tuple[EntityKind, str, date | None]] = set()
    for row in rows:
        _apply(session, writer, row, lists)
    _renumber(session, writer, lists)


def _renumber(
    session: Session, writer: ChangeWriter, lists: set[tuple[EntityKind, str, date | None]]
) -> None:
    """Number each touched list densely in its present order."""
    for kind, list_trip, day in sorted(lists, key=str):
        if kind is EntityKind.ITINERARY_ITEM and day is not None:
            renumber_day(session, writer, list_trip, day)
        elif kind is EntityKind.TRIP_STOP:
            ordering.renumber(writer, STOPS, trip_stops(session, list_trip))


def _apply(
    session: Session,
    writer: ChangeWriter,
    row: Proposal,
    lists: set[tuple[EntityKind, str, date | None]],
) -> None:
    """Make one proposed row, checking the row is as the proposal found it."""
    spec = SPECS[row.entity]
    kind, action = EntityKind(row.entity), Action(row.action)
    if action is Action.REORDER:
        _reposition(session, writer, spec, row)
        if kind in _ORDERED:
            lists.add(_list_of(kind, row.trip_id, None, row.entity_id))
        return
    before: dict[str, Any] = json.loads(row.before or "{}")
    after: dict[str, Any] = json.loads(row.after or "{}")
    current = session.get(spec.table, row.entity_id)
    what = _noun(kind)
    if action is Action.CREATE:
        if current is not None:
            raise ProposalConflict(f"the {what} it adds is there already")
        try:
            writer.create(spec, spec.from_json(row.after or "{}"))
        except IntegrityError:
            raise ProposalConflict(f"what the {what} belongs to was removed since") from None
    else:
        if current is None:
            raise ProposalConflict(f"the {what} was removed since")
        record = spec.to_record(current)
        now: dict[str, Any] = json.loads(spec.to_json(record))
        changed = sorted(name for name in before if name not in _SOFT and now[name] != before[name])
        if changed:
            names = ", ".join(name.replace("_", " ") for name in changed)
            raise ProposalConflict(f"the {what}’s {names} changed since")
        if action is Action.DELETE:
            if would_cascade(session, spec, row.entity_id):
                raise ProposalConflict(f"something was linked to the {what} since")
            writer.delete(spec, current, record)
        else:
            writer.update(spec, current, record, spec.from_json(row.after or "{}", base=record))
    for side in (before, after):
        if side and kind in _ORDERED:
            lists.add(_list_of(kind, row.trip_id, side.get("day"), row.entity_id))


def _reposition(
    session: Session, writer: ChangeWriter, spec: EntitySpec[Any, Any], row: Proposal
) -> None:
    """A proposed renumbering: the entries still there take their proposed places (the lists
    are renumbered densely after all accepted calls are made)."""
    _, after = decode_order(row.before, row.after)
    present = [(session.get(spec.table, entity_id), number) for entity_id, number in after.items()]
    kept = [(entry, number) for entry, number in present if entry is not None]
    if kept:
        writer.reorder(
            spec, [entry for entry, _ in kept], [n for _, n in kept], row.trip_id, row.entity_id
        )


def _list_of(
    kind: EntityKind, trip_id: str, day: object, list_name: str
) -> tuple[EntityKind, str, date | None]:
    """The ordered list a row is in: an itinerary day (from the row's day, or the name of a
    renumbered day, "<trip id> <date>") or a trip's route."""
    if kind is not EntityKind.ITINERARY_ITEM:
        return kind, trip_id, None
    if isinstance(day, str):
        return kind, trip_id, date.fromisoformat(day)
    _, _, named = list_name.partition(" ")
    return kind, trip_id, date.fromisoformat(named) if named else None


def _noun(kind: EntityKind) -> str:
    return {
        EntityKind.ITINERARY_ITEM: "itinerary item",
        EntityKind.TRIP_STOP: "stop",
    }.get(kind, kind.value.replace("_", " "))
