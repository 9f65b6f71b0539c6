"""A logged write as one transaction: proposed instead in propose mode, its changes
published once it has committed, and a lock's refusal handed back as its outcome."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import TypeVar

from sqlmodel import Session

from concierge.model.settings import ASSISTANT_EDITS, UNDO_DEPTH, EditMode

from .change_pruning import prune_change_log
from .change_writer import ChangeWriter
from .changes import Actor, Change, ChangeBus, ChangeContext, EntityKind, ProposalNews
from .database import Database
from .errors import LockedError
from .outcome import Outcome, Status
from .settings import read_setting
from .tables import ChangeLogEntry, Proposal

log = logging.getLogger(__name__)

T = TypeVar("T")


async def run_logged(
    database: Database,
    bus: ChangeBus,
    context: ChangeContext | None,
    write: Callable[[Session, ChangeWriter], T],
) -> Outcome[T]:
    """Run `write` as one transaction with a `ChangeWriter` (the person's, one step, when
    `context` is None), publish what it logged once committed, trim the log to the undo depth,
    and return the result with its `Outcome`. The assistant's writes under `assistant.edits` =
    "propose" are proposed instead (`propose_instead`)."""
    context = context or ChangeContext()
    proposed: set[str] = set()

    def transaction(session: Session) -> tuple[Outcome[T], list[Change]]:
        writer = ChangeWriter(session, context)
        proposed.clear()
        if proposing(session, context):
            result, changes = propose_instead(session, writer, write)
            if not changes:
                proposed.update(entry.trip_id or "" for entry in writer.entries)
        else:
            result, changes = write(session, writer), writer.changes
        if changes:
            prune_change_log(session, read_setting(session, UNDO_DEPTH))
        status = Status.APPLIED if changes else Status.PROPOSED if proposed else Status.UNCHANGED
        return Outcome(result, tuple(changes), status), changes

    def announce() -> None:
        for trip_id in sorted(proposed):
            bus.proposals.publish(ProposalNews(trip_id))

    try:
        return await commit_and_publish(database, bus, transaction, after=announce)
    except LockedError as refusal:
        return Outcome.refused(refusal)


WORKING_NOTES = {EntityKind.GOAL, EntityKind.PIN, EntityKind.FORM, EntityKind.FORM_ANSWER}
"""The assistant's goals, pins and the brief's answers: its working notes and the person's
answers to it, made at once even in propose mode (a write touching any is made whole)."""
PROPOSABLE = frozenset(EntityKind) - WORKING_NOTES - {EntityKind.TRIP_LOCK}
"""What the assistant proposes rather than changes, in propose mode: the plan (documents
only as far as removing an item unlinks them; the assistant attaches none, nor locks)."""


def proposing(session: Session, context: ChangeContext) -> bool:
    """Whether a write in `context` is to be proposed rather than made."""
    if context.actor is not Actor.ASSISTANT:
        return False
    return read_setting(session, ASSISTANT_EDITS) is EditMode.PROPOSE


_CAPTURED = sorted(
    set(Proposal.model_fields) & set(ChangeLogEntry.model_fields) - {"id", "trip_id"}
)
"""What a proposal keeps of the change-log row its call wrote (the label, the row, the change,
the program that proposed it)."""


def propose_instead(
    session: Session, writer: ChangeWriter, write: Callable[[Session, ChangeWriter], T]
) -> tuple[T, list[Change]]:
    """Run `write` for real inside a savepoint, keep its change-log rows as pending `Proposal`s of
    its call, and roll it back, so validation and result are the real ones. A write touching
    anything not `PROPOSABLE` is made instead; its changes are returned to publish."""
    savepoint = session.begin_nested()
    try:
        result = write(session, writer)
    except BaseException:
        savepoint.rollback()
        raise
    kept = [
        Proposal(
            trip_id=entry.trip_id or "",
            call_id=entry.group_id,
            **{name: getattr(entry, name) for name in _CAPTURED},
        )
        for entry in writer.entries
    ]
    made = any(
        EntityKind(entry.entity) not in PROPOSABLE or entry.trip_id is None
        for entry in writer.entries
    )
    if made or not kept:
        savepoint.commit()
        return result, writer.changes
    savepoint.rollback()
    session.add_all(kept)
    session.flush()
    return result, []


async def commit_and_publish(
    database: Database,
    bus: ChangeBus,
    transaction: Callable[[Session], tuple[T, Sequence[Change]]],
    *,
    after: Callable[[], None] | None = None,
) -> T:
    """Run `transaction` and publish the changes it returns once it has committed, then run
    `after`. Work handed to the database thread cannot be stopped, so the changes are published
    from its callback on the event loop: cancelling the caller never loses the announcement."""
    work = asyncio.ensure_future(database.run(transaction))

    def announce(done: asyncio.Future[tuple[T, Sequence[Change]]]) -> None:
        if done.cancelled():
            return
        if (error := done.exception()) is not None:
            log.debug("A write failed; nothing to announce (%r).", error)
            return
        bus.publish(done.result()[1])
        if after is not None:
            after()

    work.add_done_callback(announce)
    result, _ = await asyncio.shield(work)
    return result
