"""TripRepository: defaults, patch-style edits with clear refusals, exact money, duplicate,
reorder, delete — each write one transaction with its change-log rows."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from concierge.store import (
    Actor,
    ChangeBus,
    ChangeContext,
    Database,
    InvalidChangeError,
    ItineraryRepository,
    Pace,
    RecordNotFoundError,
    TripRepository,
)
from tests.store.support import log_rows, logged


def raw(path: Path, sql: str) -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(path)) as connection:
        return connection.execute(sql).fetchall()


async def test_a_new_trip_has_the_defaults(trips: TripRepository) -> None:
    trip = (await trips.create()).record
    assert trip.title == "New trip"
    assert (trip.travellers, trip.budget_currency, trip.pace) == (1, "EUR", Pace.BALANCED)
    assert (trip.budget_amount, trip.interests, trip.notes) == (None, (), "")
    assert (trip.start_date, trip.end_date, trip.origin_code) == (None, None, None)
    assert len(trip.id) == 32
    assert trip.created_at == trip.updated_at
    assert trip.created_at.tzinfo is not None
    assert await trips.get(trip.id) == trip


async def test_create_takes_initial_values_and_normalizes_them(trips: TripRepository) -> None:
    trip = (
        await trips.create(
            {
                "title": "  Porto weekend ",
                "origin": "Lisbon (LIS)",
                "origin_code": "lis",
                "origin_tz": "Europe/Lisbon",
                "start_date": "2026-05-01",
                "end_date": date(2026, 5, 3),
                "travellers": 2,
                "budget_amount": "1234.50",
                "budget_currency": "eur",
                "interests": "wine, food, , Wine, azulejos",
                "pace": "Relaxed",
                "notes": "Ask about the river cruise.\n",
            }
        )
    ).record
    assert trip.title == "Porto weekend"
    assert (trip.origin, trip.origin_code, trip.origin_tz) == (
        "Lisbon (LIS)",
        "LIS",
        "Europe/Lisbon",
    )
    assert (trip.start_date, trip.end_date) == (date(2026, 5, 1), date(2026, 5, 3))
    assert trip.budget_currency == "EUR"
    assert trip.interests == ("wine", "food", "azulejos")
    assert trip.pace is Pace.RELAXED
    assert trip.notes == "Ask about the river cruise.\n"
    assert await trips.get(trip.id) == trip


async def test_get_of_an_unknown_trip_is_none(trips: TripRepository) -> None:
    assert await trips.get("nope") is None


async def test_trips_are_listed_in_position_order(trips: TripRepository) -> None:
    porto = (await trips.create({"title": "Porto"})).record
    lisbon = (await trips.create({"title": "Lisbon"})).record
    sintra = (await trips.create({"title": "Sintra"})).record
    assert [t.title for t in await trips.all()] == ["Porto", "Lisbon", "Sintra"]
    assert [t.position for t in (porto, lisbon, sintra)] == [0, 1, 2]


async def test_update_changes_only_the_named_fields(trips: TripRepository) -> None:
    trip = (await trips.create({"title": "Porto", "notes": "keep", "travellers": 3})).record
    updated = (await trips.update(trip.id, {"origin": "Lisbon (LIS)", "pace": "packed"})).record
    assert updated.origin == "Lisbon (LIS)"
    assert updated.pace is Pace.PACKED
    untouched = {"title", "notes", "travellers", "created_at", "position", "budget_currency"}
    for name in untouched:
        assert getattr(updated, name) == getattr(trip, name)
    assert updated.updated_at > trip.updated_at
    assert await trips.get(trip.id) == updated


async def test_an_update_logs_only_the_changed_fields(
    trips: TripRepository, database: Database
) -> None:
    trip = (await trips.create({"title": "Porto", "travellers": 2})).record
    await trips.update(trip.id, {"title": "Porto", "travellers": 4, "budget_amount": "99.90"})
    entity, action, before, after = logged(log_rows(database)[-1])
    assert (entity, action) == ("trip", "update")
    assert before == {"travellers": 2, "budget_amount": None}
    assert after == {"travellers": 4, "budget_amount": "99.90"}


async def test_a_no_op_update_writes_and_logs_nothing(
    trips: TripRepository, database: Database, bus: ChangeBus
) -> None:
    trip = (await trips.create({"title": "Porto", "interests": ["wine"]})).record
    heard: list[object] = []
    bus.subscribe(heard.append)
    same = (
        await trips.update(
            trip.id, {"title": " Porto ", "interests": "wine", "budget_currency": "eur"}
        )
    ).record
    assert same == trip
    assert len(log_rows(database)) == 1
    assert heard == []


async def test_rename(trips: TripRepository, database: Database) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    renamed = (await trips.rename(trip.id, "Porto and the Douro")).record
    assert renamed.title == "Porto and the Douro"
    row = log_rows(database)[-1]
    assert row.label == "Rename trip to “Porto and the Douro”"
    assert logged(row)[2:] == ({"title": "Porto"}, {"title": "Porto and the Douro"})
    await trips.rename(trip.id, " Douro ", context=ChangeContext(Actor.ASSISTANT))
    assert log_rows(database)[-1].label == "Rename trip to “Douro”"
    named = ChangeContext(Actor.ASSISTANT, "Assistant: rename_trip")
    await trips.rename(trip.id, "Porto", context=named)
    assert log_rows(database)[-1].label == "Assistant: rename_trip"


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"title": "  "}, "title", "Title must not be empty."),
        ({"travellers": 0}, "travellers", "Travellers must be a whole number from 1 to 999"),
        ({"travellers": True}, "travellers", "Travellers must be a whole number"),
        ({"travellers": 2.5}, "travellers", "Travellers must be a whole number"),
        ({"budget_amount": "-5"}, "budget_amount", "Budget must not be negative"),
        ({"budget_amount": "lots"}, "budget_amount", "Budget must be an amount"),
        ({"budget_amount": "NaN"}, "budget_amount", "Budget must be an amount"),
        ({"budget_currency": "euro"}, "budget_currency", "three-letter ISO 4217 code"),
        ({"budget_currency": "E1R"}, "budget_currency", "three-letter ISO 4217 code"),
        ({"pace": "frantic"}, "pace", "Pace must be one of relaxed, balanced, packed"),
        ({"start_date": "next Friday"}, "start_date", "Start date must be a date"),
        ({"origin_code": "LISB"}, "origin_code", "three-letter IATA code"),
        ({"origin_tz": "Porto"}, "origin_tz", "IANA time zone"),
        ({"interests": 42}, "interests", "Interests must be a list of words"),
        ({"notes": None}, "notes", "Notes must be text"),
        ({"travellers": 10**20}, "travellers", "from 1 to 999"),
        ({"travellers": True}, "travellers", "from 1 to 999"),
        ({"title": "Porto \ud800"}, "title", "broken character (an unpaired surrogate)"),
        ({"title": "x" * 201}, "title", "at most 200 are kept"),
        ({"budget_amount": "1e26"}, "budget_amount", "must be less than 1,000,000,000,000"),
        ({"budget_currency": "ZZZ"}, "budget_currency", "ISO 4217 code in use"),
        ({"start_date": "0001-01-01"}, "start_date", "between the years 1900 and 2199"),
        (
            {"start_date": "2026-01-01", "end_date": "2099-12-31"},
            "end_date",
            "A trip can last at most 365 days",
        ),
        ({"notes": "a\x00b"}, "notes", "NUL character"),
        ({"interests": [f"i{n}" for n in range(51)]}, "interests", "at most 50 entries"),
        ({"colour": "blue"}, "colour", "A trip has no field 'colour'"),
        ({"position": 3}, "position", "The position of a trip changes only by moving."),
        ({"id": "x"}, "id", "The id of a trip is assigned by Concierge."),
    ],
)
async def test_invalid_updates_are_refused_and_write_nothing(
    trips: TripRepository,
    database: Database,
    changes: dict[str, object],
    field: str,
    message: str,
) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    with pytest.raises(InvalidChangeError) as raised:
        await trips.update(trip.id, {"notes": "a valid change beside it", **changes})
    assert raised.value.field == field
    assert message in str(raised.value)
    assert await trips.get(trip.id) == trip
    assert len(log_rows(database)) == 1


async def test_an_end_before_the_start_is_refused_naming_the_field(
    trips: TripRepository, database: Database
) -> None:
    trip = (await trips.create({"title": "Porto", "start_date": "2026-05-03"})).record
    with pytest.raises(InvalidChangeError) as raised:
        await trips.update(trip.id, {"end_date": "2026-05-01"})
    assert raised.value.field == "end_date"
    assert str(raised.value) == "The end date (1 May 2026) is before the start date (3 May 2026)."

    await trips.update(trip.id, {"end_date": "2026-05-04"})
    with pytest.raises(InvalidChangeError) as raised:
        await trips.update(trip.id, {"start_date": "2026-05-05"})
    assert raised.value.field == "start_date"
    same_day = (await trips.update(trip.id, {"start_date": "2026-05-04"})).record
    assert same_day.start_date == same_day.end_date
    with pytest.raises(InvalidChangeError):
        await trips.create({"start_date": "2026-05-03", "end_date": "2026-05-02"})
    assert len(log_rows(database)) == 3
    assert len(await trips.all()) == 1


async def test_budgets_round_trip_exactly_as_text(
    trips: TripRepository, db_path: Path, database: Database
) -> None:
    amounts = ["1234.50", "0.10", "0", "1E+3", "999999999999.987654321"]
    created = [(await trips.create({"budget_amount": amount})).record for amount in amounts]
    database.close()
    with Database(db_path) as reopened:
        reread = TripRepository(reopened, ChangeBus())
        for amount, trip in zip(amounts, created, strict=True):
            loaded = await reread.get(trip.id)
            assert loaded is not None
            assert loaded.budget_amount == Decimal(amount)
            assert str(loaded.budget_amount) == amount
    assert raw(db_path, "SELECT typeof(budget_amount), budget_amount FROM trip")[0] == (
        "text",
        "1234.50",
    )


async def test_a_float_budget_is_read_through_its_text(trips: TripRepository) -> None:
    trip = (await trips.create({"budget_amount": 0.1})).record
    assert trip.budget_amount == Decimal("0.1")


async def test_interests_are_stored_as_a_json_list(trips: TripRepository, db_path: Path) -> None:
    trip = (await trips.create({"interests": ["food, wine", "port cellars"]})).record
    assert trip.interests == ("food, wine", "port cellars")
    assert raw(db_path, "SELECT interests FROM trip") == [('["food, wine", "port cellars"]',)]


async def test_changing_an_unknown_trip_raises(trips: TripRepository) -> None:
    with pytest.raises(RecordNotFoundError, match="trip nope does not exist"):
        await trips.update("nope", {"title": "x"})
    with pytest.raises(RecordNotFoundError):
        await trips.duplicate("nope")
    with pytest.raises(RecordNotFoundError):
        await trips.move("nope", 0)


async def test_duplicate_copies_the_trip_and_its_itinerary(
    trips: TripRepository, itinerary: ItineraryRepository, database: Database
) -> None:
    trip = (
        await trips.create({"title": "Porto", "budget_amount": "500.00", "interests": "wine"})
    ).record
    await trips.create({"title": "Lisbon"})
    await itinerary.add(trip.id, {"day": "2026-05-01", "title": "Lunch", "place": "Bolhão"})
    await itinerary.add(trip.id, {"day": "2026-05-01", "title": "Breakfast"}, position=0)
    await itinerary.add(trip.id, {"day": "2026-05-02", "title": "Cellars"})
    before = await itinerary.items(trip.id)

    copy = (await trips.duplicate(trip.id)).record

    assert copy.title == "Porto (copy)"
    assert copy.id != trip.id
    assert (copy.budget_amount, copy.interests) == (Decimal("500.00"), ("wine",))
    assert [t.title for t in await trips.all()] == ["Porto", "Lisbon", "Porto (copy)"]
    originals, copies = await itinerary.items(trip.id), await itinerary.items(copy.id)
    assert [(i.day, i.title, i.place, i.position) for i in copies] == [
        (i.day, i.title, i.place, i.position) for i in originals
    ]
    assert not {i.id for i in copies} & {i.id for i in originals}
    assert originals == before  # the original is untouched
    assert [i.title for i in copies] == ["Breakfast", "Lunch", "Cellars"]
    rows = log_rows(database)[-4:]
    assert {row.group_id for row in rows} == {rows[0].group_id}
    assert [(row.entity, row.action) for row in rows] == [
        ("trip", "create"),
        ("itinerary_item", "create"),
        ("itinerary_item", "create"),
        ("itinerary_item", "create"),
    ]
    assert rows[0].label == "Duplicate trip “Porto”"


async def test_move_reorders_the_list_densely(trips: TripRepository, database: Database) -> None:
    a, b, c = [(await trips.create({"title": t})).record for t in "ABC"]
    await trips.delete(b.id)
    d = (await trips.create({"title": "D"})).record
    assert [t.position for t in await trips.all()] == [0, 2, 3]  # a gap is fine for order

    moved = (await trips.move(d.id, 0)).record
    assert [(t.title, t.position) for t in moved] == [("D", 0), ("A", 1), ("C", 2)]
    assert await trips.all() == moved
    assert [(t.title, t.position) for t in (await trips.move(d.id, 99)).record] == [
        ("A", 0),
        ("C", 1),
        ("D", 2),
    ]
    with pytest.raises(InvalidChangeError):
        await trips.move(a.id, -1)
    assert c.id in {t.id for t in moved}
    rows_before = len(log_rows(database))
    await trips.move(d.id, 2)  # already there
    assert len(log_rows(database)) == rows_before


async def test_delete_removes_the_trip_with_its_itinerary(
    trips: TripRepository, itinerary: ItineraryRepository, database: Database
) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    other = (await trips.create({"title": "Lisbon"})).record
    await itinerary.add(trip.id, {"day": "2026-05-01", "title": "Lunch"})
    await itinerary.add(other.id, {"day": "2026-05-01", "title": "Tram 28"})
    assert (await trips.delete(trip.id)).record is True
    assert await trips.get(trip.id) is None
    assert await itinerary.items(trip.id) == []
    assert [i.title for i in await itinerary.items(other.id)] == ["Tram 28"]
    rows = log_rows(database)[-2:]
    assert [(row.entity, row.action) for row in rows] == [
        ("itinerary_item", "delete"),
        ("trip", "delete"),
    ]
    deleted = logged(rows[1])[2]
    assert deleted is not None
    assert deleted["title"] == "Porto"
    assert (await trips.delete(trip.id)).record is False


async def test_a_write_that_fails_midway_leaves_no_trace(
    trips: TripRepository, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The row and its log entries are one transaction: a failure rolls back both."""
    trip = (await trips.create({"title": "Porto"})).record
    import concierge.store.trips as module

    def broken(*_args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(module, "trip_items", broken)
    with pytest.raises(OSError, match="disk full"):
        await trips.duplicate(trip.id)
    assert [t.id for t in await trips.all()] == [trip.id]
    assert len(log_rows(database)) == 1
