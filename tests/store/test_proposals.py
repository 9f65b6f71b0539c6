"""Propose mode in the store: the assistant's writes are captured and rolled back, the
person's decision applies the accepted calls as one undo step, and a call the trip no
longer fits is a conflict, not applied."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from concierge.model.settings import ASSISTANT_EDITS, EditMode
from concierge.store import (
    Actor,
    Change,
    ChangeBus,
    ChangeContext,
    ChangeHistory,
    Database,
    ItineraryRepository,
    LedgerRepository,
    ProposalNews,
    ProposalRepository,
    Settings,
    StopRepository,
    TripRepository,
)

DAY = date(2027, 4, 10)
TABLES = ("trip", "trip_stop", "itinerary_item", "expense", "change_log")


def assistant(call: str) -> ChangeContext:
    return ChangeContext(actor=Actor.ASSISTANT, label=f"the assistant’s {call}", group_id=call)


def dump(db_path: Path) -> dict[str, list[tuple[object, ...]]]:
    with closing(sqlite3.connect(db_path)) as connection:
        return {
            table: sorted(connection.execute(f"SELECT * FROM {table}").fetchall(), key=repr)
            for table in TABLES
        }


@pytest.fixture
def proposals(database: Database, bus: ChangeBus) -> ProposalRepository:
    return ProposalRepository(database, bus)


@pytest.fixture
async def trip_id(database: Database, trips: TripRepository, itinerary: ItineraryRepository) -> str:
    trip = (await trips.create({"title": "Porto", "budget_amount": Decimal(1000)})).record
    for title in ("Breakfast", "Museum"):
        await itinerary.add(trip.id, {"day": DAY, "title": title})
    await Settings(database).set(ASSISTANT_EDITS, EditMode.PROPOSE)
    return trip.id


async def test_a_proposed_write_returns_its_result_and_leaves_the_database_untouched(
    db_path: Path,
    trip_id: str,
    trips: TripRepository,
    itinerary: ItineraryRepository,
    proposals: ProposalRepository,
    bus: ChangeBus,
) -> None:
    published: list[Change] = []
    news: list[ProposalNews] = []
    bus.subscribe(published.append)
    bus.proposals.subscribe(news.append)
    before = dump(db_path)
    added = (
        await itinerary.add(trip_id, {"day": DAY, "title": "Dinner"}, context=assistant("c1"))
    ).record
    renamed = (await trips.update(trip_id, {"title": "Porto!"}, context=assistant("c2"))).record
    assert (added.title, added.position, renamed.title) == ("Dinner", 2, "Porto!")
    assert dump(db_path) == before
    assert published == []
    assert news == [ProposalNews(trip_id)] * 2
    pending = await proposals.pending(trip_id)
    assert [call.call_id for call in pending] == ["c1", "c2"]
    (change,) = pending[1].shown
    assert (change.before, change.after) == ({"title": "Porto"}, {"title": "Porto!"})
    assert pending[0].shown[0].after["title"] == "Dinner"


async def test_the_persons_own_writes_and_apply_mode_are_made_at_once(
    database: Database, trip_id: str, trips: TripRepository, proposals: ProposalRepository
) -> None:
    assert ((await trips.update(trip_id, {"title": "Mine"})).record).title == "Mine"
    await Settings(database).set(ASSISTANT_EDITS, EditMode.APPLY)
    await trips.update(trip_id, {"travellers": 3}, context=assistant("c1"))
    trip = await trips.get(trip_id)
    assert trip is not None and (trip.title, trip.travellers) == ("Mine", 3)
    assert await proposals.pending(trip_id) == []


async def test_accepting_some_applies_them_as_one_undo_step_and_rejects_the_rest(
    db_path: Path,
    trip_id: str,
    trips: TripRepository,
    itinerary: ItineraryRepository,
    proposals: ProposalRepository,
    history: ChangeHistory,
) -> None:
    before = dump(db_path)
    await itinerary.add(trip_id, {"day": DAY, "title": "Dinner"}, context=assistant("c1"))
    await itinerary.add(trip_id, {"day": DAY, "title": "Fado"}, context=assistant("c2"))
    await trips.update(trip_id, {"title": "Porto!"}, context=assistant("c3"))
    decision = await proposals.decide(trip_id, {"c1", "c2"})
    assert [call.call_id for call in decision.accepted] == ["c1", "c2"]
    assert [call.call_id for call in decision.rejected] == ["c3"]
    assert decision.undo_label == "the assistant’s proposal (2 of 3 changes)"
    items = await itinerary.items(trip_id)
    # Both proposed last of the day against the same day: both land, densely, in order.
    assert [(item.title, item.position) for item in items] == [
        ("Breakfast", 0),
        ("Museum", 1),
        ("Dinner", 2),
        ("Fado", 3),
    ]
    trip = await trips.get(trip_id)
    assert trip is not None and trip.title == "Porto"
    assert await proposals.pending(trip_id) == []
    assert await history.undo_label(trip_id) == decision.undo_label
    undone = await history.undo_last(trip_id)
    assert undone is not None and undone.labels == (decision.undo_label,)
    after_undo = dump(db_path)
    assert after_undo["itinerary_item"] == before["itinerary_item"]
    assert await history.redo_last(trip_id) is not None
    assert len(await itinerary.items(trip_id)) == 4


async def test_a_proposal_whose_row_changed_since_is_a_conflict_and_not_applied(
    trip_id: str,
    trips: TripRepository,
    itinerary: ItineraryRepository,
    proposals: ProposalRepository,
) -> None:
    await trips.update(trip_id, {"title": "Porto!"}, context=assistant("c1"))
    await itinerary.add(trip_id, {"day": DAY, "title": "Dinner"}, context=assistant("c2"))
    await trips.update(trip_id, {"title": "Porto in spring"})  # the person, meanwhile
    decision = await proposals.decide(trip_id, {"c1", "c2"})
    assert [call.call_id for call in decision.accepted] == ["c2"]
    (conflict,) = decision.conflicts
    assert conflict.call_id == "c1" and conflict.note == "the trip’s title changed since"
    trip = await trips.get(trip_id)
    assert trip is not None and trip.title == "Porto in spring"
    assert [item.title for item in await itinerary.items(trip_id)][-1] == "Dinner"


async def test_a_removal_and_a_move_apply_with_the_lists_renumbered(
    database: Database,
    bus: ChangeBus,
    trip_id: str,
    itinerary: ItineraryRepository,
    proposals: ProposalRepository,
) -> None:
    stops = StopRepository(database, bus)
    await Settings(database).set(ASSISTANT_EDITS, EditMode.APPLY)
    for place in ("Porto", "Braga"):
        await stops.add(trip_id, {"place": place})
    await Settings(database).set(ASSISTANT_EDITS, EditMode.PROPOSE)
    breakfast, _museum = await itinerary.items(trip_id)
    await itinerary.remove(breakfast.id, context=assistant("c1"))
    await itinerary.add(trip_id, {"day": DAY, "title": "Tea"}, position=0, context=assistant("c2"))
    porto, _braga = await stops.stops(trip_id)
    await stops.move(porto.id, 1, context=assistant("c3"))
    decision = await proposals.decide(trip_id, {"c1", "c2", "c3"})
    assert len(decision.accepted) == 3
    items = await itinerary.items(trip_id)
    assert [(item.title, item.position) for item in items] == [("Tea", 0), ("Museum", 1)]
    assert [(stop.place, stop.position) for stop in await stops.stops(trip_id)] == [
        ("Braga", 0),
        ("Porto", 1),
    ]


async def test_the_outcome_is_reported_once(
    trip_id: str, trips: TripRepository, proposals: ProposalRepository
) -> None:
    await trips.update(trip_id, {"title": "Porto!"}, context=assistant("c1"))
    assert await proposals.unreported(trip_id) == []
    await proposals.decide(trip_id, set())
    (call,) = await proposals.unreported(trip_id)
    assert call.status == "rejected"
    await proposals.mark_reported([call.call_id])
    assert await proposals.unreported(trip_id) == []


async def test_removing_an_item_with_a_linked_expense_is_proposed_whole(
    database: Database,
    bus: ChangeBus,
    trip_id: str,
    itinerary: ItineraryRepository,
    proposals: ProposalRepository,
) -> None:
    ledger = LedgerRepository(database, bus)
    breakfast, _ = await itinerary.items(trip_id)
    expense = (
        await ledger.add(trip_id, {"amount": "12", "spent_on": DAY, "description": "Pastéis"})
    ).record
    await ledger.update(expense.id, {"item_id": breakfast.id})  # the person's: made at once
    await itinerary.remove(breakfast.id, context=assistant("c1"))
    assert len(await itinerary.items(trip_id)) == 2  # proposed, not made
    (call,) = await proposals.pending(trip_id)
    assert [change.entity.value for change in call.shown] == ["expense", "itinerary_item"]
    await proposals.decide(trip_id, {"c1"})
    assert [item.title for item in await itinerary.items(trip_id)] == ["Museum"]
    (unlinked,) = await ledger.expenses(trip_id)
    assert unlinked.item_id is None
