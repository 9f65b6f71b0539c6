"""Upgrading a database from before proposals: its trips and undo history survive and the
assistant's changes can be proposed at once. Downgrading drops the proposals (an older
version applies every change directly) and keeps everything else."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from concierge.model.settings import ASSISTANT_EDITS, EditMode
from concierge.store import (
    Actor,
    ChangeBus,
    ChangeContext,
    ChangeHistory,
    Database,
    ProposalRepository,
    Settings,
    TripRepository,
)
from tests.store.support import downgrade_to

PREVIOUS = "c6b2f8e4a1d5"


def tables(path: Path) -> set[str]:
    with closing(sqlite3.connect(path)) as connection:
        rows = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        return {name for (name,) in rows}


async def test_proposals_come_and_go_with_their_revision_and_nothing_else_is_lost(
    db_path: Path,
) -> None:
    assistant = ChangeContext(actor=Actor.ASSISTANT, label="the assistant’s rename")
    with Database.open(db_path) as database:
        bus = ChangeBus()
        trips = TripRepository(database, bus)
        trip = (await trips.create({"title": "Japan"})).record
        await trips.update(trip.id, {"notes": "rail pass"})
        await Settings(database).set(ASSISTANT_EDITS, EditMode.PROPOSE)
        await trips.update(trip.id, {"title": "Japan in spring"}, context=assistant)
        assert len(await ProposalRepository(database, bus).pending(trip.id)) == 1
    downgrade_to(db_path, PREVIOUS)
    assert "proposal" not in tables(db_path)

    with Database.open(db_path) as database:  # upgraded again at open
        bus = ChangeBus()
        trips = TripRepository(database, bus)
        proposals = ProposalRepository(database, bus)
        stored = await trips.get(trip.id)
        assert stored is not None and (stored.title, stored.notes) == ("Japan", "rail pass")
        assert await proposals.pending(trip.id) == []
        await trips.update(trip.id, {"title": "Japan in spring"}, context=assistant)
        (call,) = await proposals.pending(trip.id)
        await proposals.decide(trip.id, {call.call_id})
        history = ChangeHistory(database, bus)
        assert await history.undo_label(trip.id) == "the assistant’s proposal (1 of 1 changes)"
        await history.undo_last(trip.id)
        assert await history.undo_label(trip.id) == "Change Notes"
