"""Fact sources: who set an item's times, cost and address is recorded with the write, in its
undo step; the person's edit replaces the assistant's source; confirming is one step."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from datetime import date
from pathlib import Path

from concierge.store import (
    Actor,
    ChangeBus,
    ChangeContext,
    ChangeHistory,
    Database,
    FactSource,
    ItineraryRepository,
    LedgerRepository,
    TripRepository,
)
from tests.store.support import log_rows

ASSISTANT = ChangeContext(actor=Actor.ASSISTANT)
DAY = date(2027, 4, 11)
COST = ("cost_amount", "cost_currency")


async def _trip(trips: TripRepository) -> str:
    return ((await trips.create({"title": "Porto", "start_date": DAY, "end_date": DAY})).record).id


def _sources(db_path: Path) -> list[tuple[str, str, int]]:
    with closing(sqlite3.connect(db_path)) as connection:
        return list(
            connection.execute(
                "SELECT field, source, confirmed FROM field_source ORDER BY field"
            ).fetchall()
        )


async def test_the_assistants_facts_are_recorded_with_the_write_and_undone_with_it(
    trips: TripRepository,
    itinerary: ItineraryRepository,
    history: ChangeHistory,
    db_path: Path,
    database: Database,
) -> None:
    trip_id = await _trip(trips)
    item = (
        await itinerary.add(
            trip_id,
            {
                "day": DAY,
                "title": "Lello",
                "start_time": "10:30",
                "cost_amount": "10",
                "cost_currency": "EUR",
            },
            context=ChangeContext(actor=Actor.ASSISTANT),
        )
    ).record
    assert _sources(db_path) == [
        ("cost_amount", "assistant", 0),
        ("cost_currency", "assistant", 0),
        ("start_time", "assistant", 0),
    ]
    assert await itinerary.unverified(trip_id) == {item.id: ("start_time", *COST)}
    (row,) = [
        row for row in log_rows(database) if row.action == "create" and row.entity_id == item.id
    ]
    assert row.sources_before is not None and row.sources_after is not None

    await itinerary.update(item.id, {"start_time": "11:00"}, context=ASSISTANT)
    await itinerary.update(item.id, {"start_time": "11:15"})
    assert await itinerary.unverified(trip_id) == {item.id: COST}
    sources = (await itinerary.sources([item.id]))[item.id]
    assert sources["start_time"].source is FactSource.PERSON

    await history.undo_last()
    assert await itinerary.unverified(trip_id) == {item.id: ("start_time", *COST)}
    await history.redo_last()
    assert await itinerary.unverified(trip_id) == {item.id: COST}
    await history.undo_last()
    await history.undo_last()
    await history.undo_last()
    assert await itinerary.items(trip_id) == []
    assert _sources(db_path) == []
    await history.redo_last()
    assert await itinerary.unverified(trip_id) == {item.id: ("start_time", *COST)}


async def test_emptying_a_fact_forgets_its_source_and_deleting_the_item_all_of_them(
    trips: TripRepository, itinerary: ItineraryRepository, history: ChangeHistory, db_path: Path
) -> None:
    trip_id = await _trip(trips)
    item = (
        await itinerary.add(
            trip_id,
            {
                "day": DAY,
                "title": "Lello",
                "address": "Rua das Carmelitas 144",
                "end_time": "12:00",
            },
            context=ASSISTANT,
        )
    ).record
    await itinerary.update(item.id, {"address": ""})
    assert _sources(db_path) == [("end_time", "assistant", 0)]
    await itinerary.remove(item.id)
    assert _sources(db_path) == []
    await history.undo_last()
    assert _sources(db_path) == [("end_time", "assistant", 0)]
    await history.undo_last()
    assert _sources(db_path) == [("address", "assistant", 0), ("end_time", "assistant", 0)]


async def test_confirming_is_one_step_and_undo_makes_the_facts_unverified_again(
    trips: TripRepository, itinerary: ItineraryRepository, history: ChangeHistory, bus: ChangeBus
) -> None:
    trip_id = await _trip(trips)
    first = (
        await itinerary.add(
            trip_id, {"day": DAY, "title": "Lello", "start_time": "10:30"}, context=ASSISTANT
        )
    ).record
    second = (
        await itinerary.add(
            trip_id,
            {"day": DAY, "title": "Dinner", "cost_amount": "40", "cost_currency": "EUR"},
            context=ASSISTANT,
        )
    ).record
    plain = (
        await itinerary.add(trip_id, {"day": DAY, "title": "Walk", "start_time": "18:00"})
    ).record
    seen = []
    bus.subscribe(seen.append)
    assert (await itinerary.confirm([first.id, second.id, plain.id, "gone"])).record == 2
    assert await itinerary.unverified(trip_id) == {}
    assert {(change.entity_id, change.fields) for change in seen} == {
        (first.id, frozenset({"start_time"})),
        (second.id, frozenset(COST)),
    }
    assert await history.undo_label() == "Confirm details of 2 items"
    result = await history.undo_last()
    assert result is not None and result.label == "Confirm details of 2 items"
    assert await itinerary.unverified(trip_id) == {
        first.id: ("start_time",),
        second.id: COST,
    }
    assert (await itinerary.confirm([plain.id])).record == 0


async def test_undoing_the_assistants_edit_takes_the_later_confirmation_along(
    trips: TripRepository, itinerary: ItineraryRepository, history: ChangeHistory
) -> None:
    trip_id = await _trip(trips)
    item = (
        await itinerary.add(trip_id, {"day": DAY, "title": "Lello", "start_time": "10:30"})
    ).record
    await itinerary.update(item.id, {"start_time": "11:00"}, context=ASSISTANT)
    await itinerary.update(item.id, {"title": "Livraria Lello"})
    await itinerary.confirm([item.id])
    await history.undo_last()  # the confirmation
    await history.undo_last()  # the title
    assert await itinerary.unverified(trip_id) == {item.id: ("start_time",)}
    await history.undo_last()  # the assistant's time
    sources = (await itinerary.sources([item.id]))[item.id]
    assert sources["start_time"].source is FactSource.PERSON


async def test_an_imports_and_a_lookups_facts_are_backed(
    trips: TripRepository, itinerary: ItineraryRepository, database: Database, bus: ChangeBus
) -> None:
    trip_id = await _trip(trips)
    item = (
        await itinerary.add(
            trip_id,
            {"day": DAY, "title": "Lello", "start_time": "10:30"},
            context=ChangeContext(source=FactSource.IMPORT, source_file="porto.json"),
        )
    ).record
    await itinerary.update(
        item.id,
        {"cost_amount": "5", "cost_currency": "EUR"},
        context=ChangeContext(actor=Actor.APP),
    )
    sources = (await itinerary.sources([item.id]))[item.id]
    assert sources["start_time"].source is FactSource.IMPORT
    assert sources["start_time"].file_name == "porto.json"
    assert sources["cost_amount"].source is FactSource.LOOKUP
    assert not any(source.unverified for source in sources.values())


async def test_an_expenses_amount_and_currency_are_facts(
    trips: TripRepository, database: Database, bus: ChangeBus, db_path: Path
) -> None:
    trip_id = await _trip(trips)
    ledger = LedgerRepository(database, bus)
    await ledger.add(
        trip_id, {"amount": "12", "currency": "EUR", "spent_on": DAY}, context=ASSISTANT
    )
    assert _sources(db_path) == [("amount", "assistant", 0), ("currency", "assistant", 0)]


async def test_a_copy_of_the_trip_keeps_the_assistants_guesses_unverified(
    trips: TripRepository, itinerary: ItineraryRepository, history: ChangeHistory
) -> None:
    trip_id = await _trip(trips)
    item = (
        await itinerary.add(
            trip_id, {"day": DAY, "title": "Lello", "start_time": "10:30", "address": "Rua 144"}
        )
    ).record
    await itinerary.update(item.id, {"start_time": "11:00"}, context=ASSISTANT)
    copy = (await trips.duplicate(trip_id)).record
    (copied,) = await itinerary.items(copy.id)
    assert await itinerary.unverified(copy.id) == {copied.id: ("start_time",)}
    await history.undo_last()
    assert await trips.get(copy.id) is None
