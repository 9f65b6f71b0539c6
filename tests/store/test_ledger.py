"""The ledger in SQLite: expenses added with their defaults, validated field by field, edited,
removed, undone and redone, and handled with their trip and their itinerary item."""

from __future__ import annotations

import dataclasses
import sqlite3
from contextlib import closing
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from concierge.store import (
    ChangeBus,
    ChangeHistory,
    Database,
    ExpenseCategory,
    ExpenseRecord,
    InvalidChangeError,
    ItineraryRepository,
    LedgerRepository,
    Share,
    TripRepository,
)
from tests.store.support import EPOCH, migrate_to

MAY_2 = date(2026, 5, 2)


@pytest.fixture
def ledger(database: Database, bus: ChangeBus) -> LedgerRepository:
    return LedgerRepository(database, bus)


@pytest.fixture
async def trip_id(trips: TripRepository) -> str:
    return ((await trips.create({"title": "Kyoto", "budget_currency": "JPY"})).record).id


def _clockless(expenses: list[ExpenseRecord]) -> list[ExpenseRecord]:
    return [dataclasses.replace(e, created_at=EPOCH, updated_at=EPOCH) for e in expenses]


async def test_a_new_expense_takes_the_trips_currency_me_as_payer_and_an_equal_split(
    ledger: LedgerRepository, trip_id: str
) -> None:
    expense = (await ledger.add(trip_id, {"amount": "1200", "spent_on": "2026-05-02"})).record
    assert (expense.amount, expense.currency, expense.spent_on) == (Decimal(1200), "JPY", MAY_2)
    assert expense.category is ExpenseCategory.OTHER
    assert expense.paid_by == "Me"
    assert expense.split == (Share("Me", Decimal(1)),)
    assert await ledger.expenses(trip_id) == [expense]


async def test_the_default_split_is_everyone_the_ledger_knows_and_the_payer(
    ledger: LedgerRepository, trip_id: str
) -> None:
    await ledger.add(
        trip_id, {"amount": "30", "spent_on": MAY_2, "currency": "eur", "split": "Me, Ana: 2"}
    )
    taxi = (
        await ledger.add(
            trip_id, {"amount": "12.50", "currency": "EUR", "spent_on": MAY_2, "paid_by": "Rui"}
        )
    ).record
    assert [share.name for share in taxi.split] == ["Me", "Ana", "Rui"]
    assert {share.share for share in taxi.split} == {Decimal(1)}


async def test_a_split_reads_objects_names_or_text(ledger: LedgerRepository, trip_id: str) -> None:
    values = {"amount": "90", "spent_on": MAY_2}
    as_objects = (
        await ledger.add(
            trip_id,
            {**values, "split": [{"name": "Ana", "share": "60"}, {"name": "Me", "share": 30}]},
        )
    ).record
    assert as_objects.split == (Share("Ana", Decimal(60)), Share("Me", Decimal(30)))
    as_names = (await ledger.add(trip_id, {**values, "split": ["Ana", "Me"]})).record
    assert as_names.split == (Share("Ana", Decimal(1)), Share("Me", Decimal(1)))


@pytest.mark.parametrize(
    ("values", "field", "message"),
    [
        ({"amount": "0"}, "amount", "more than zero"),
        ({"amount": "-5"}, "amount", "must not be negative"),
        ({"amount": "1e15"}, "amount", "less than"),
        ({"amount": "lots"}, "amount", "an amount such as"),
        ({"amount": "12.5"}, "amount", "JPY has no decimals"),
        ({"currency": "EURO"}, "currency", "ISO 4217"),
        ({"spent_on": "0226-05-02"}, "spent_on", "between the years"),
        ({"category": "souvenirs"}, "category", "transport, lodging, food"),
        ({"paid_by": "  "}, "paid_by", "must not be empty"),
        ({"split": "Ana, ana"}, "split", "names ana twice"),
        ({"split": "Ana: 0"}, "split", "Ana's share must be a number more than zero"),
        ({"split": "Ana: -1, Me"}, "split", "more than zero"),
        ({"item_id": "nope"}, "item_id", "no itinerary item"),
        ({"colour": "red"}, "colour", "has no field 'colour'"),
    ],
)
async def test_bad_values_are_refused_naming_the_field(
    ledger: LedgerRepository, trip_id: str, values: dict[str, object], field: str, message: str
) -> None:
    with pytest.raises(InvalidChangeError, match=message) as raised:
        await ledger.add(trip_id, {"amount": "100", "spent_on": MAY_2, **values})
    assert raised.value.field == field
    assert await ledger.expenses(trip_id) == []


async def test_amount_and_date_are_needed(ledger: LedgerRepository, trip_id: str) -> None:
    with pytest.raises(InvalidChangeError, match="Date is needed") as raised:
        await ledger.add(trip_id, {"amount": "5"})
    assert raised.value.field == "spent_on"


async def test_edit_remove_undo_and_redo_one_step_each(
    ledger: LedgerRepository, trip_id: str, history: ChangeHistory
) -> None:
    lunch = (
        await ledger.add(trip_id, {"amount": "1800", "spent_on": MAY_2, "description": "Lunch"})
    ).record
    edited = (await ledger.update(lunch.id, {"category": "food", "amount": "2100"})).record
    assert (edited.category, edited.amount) == (ExpenseCategory.FOOD, Decimal(2100))
    assert await history.undo_label(trip_id) == "Edit expense “Lunch” (1800 JPY)"
    assert (await ledger.remove(lunch.id)).record
    assert await ledger.expenses(trip_id) == []

    await history.undo_last(trip_id)
    assert _clockless(await ledger.expenses(trip_id)) == _clockless([edited])
    await history.undo_last(trip_id)
    assert _clockless(await ledger.expenses(trip_id)) == _clockless([lunch])
    await history.redo_last(trip_id)
    assert _clockless(await ledger.expenses(trip_id)) == _clockless([edited])
    assert not (await ledger.remove("no-such-expense")).record


async def test_deleting_the_trip_takes_its_expenses_and_undo_brings_them_back(
    ledger: LedgerRepository,
    trips: TripRepository,
    itinerary: ItineraryRepository,
    trip_id: str,
    history: ChangeHistory,
) -> None:
    museum = (await itinerary.add(trip_id, {"day": MAY_2, "title": "Museum"})).record
    kept = (
        await ledger.add(
            trip_id, {"amount": "500", "spent_on": MAY_2, "split": "Me, Ana", "item_id": museum.id}
        )
    ).record
    assert (await trips.delete(trip_id)).record
    assert await ledger.expenses(trip_id) == []
    await history.undo_last()
    assert await ledger.expenses(trip_id) == [kept]


async def test_undo_steps_back_through_the_expense_then_the_trips_creation(
    ledger: LedgerRepository, trips: TripRepository, history: ChangeHistory
) -> None:
    trip = (await trips.create({"title": "Osaka"})).record
    await ledger.add(trip.id, {"amount": "5", "spent_on": MAY_2})
    step = await history.undo_last(trip.id)
    assert step is not None and len(step.labels) == 1  # The expense was the newest step.
    step = await history.undo_last(trip.id)
    assert step is not None and step.labels[0] == "Create trip “Osaka”"
    assert await trips.get(trip.id) is None


async def test_a_duplicate_trip_starts_with_an_empty_ledger(
    ledger: LedgerRepository, trips: TripRepository, trip_id: str
) -> None:
    await ledger.add(trip_id, {"amount": "500", "spent_on": MAY_2})
    copy = (await trips.duplicate(trip_id)).record
    assert await ledger.expenses(copy.id) == []
    assert len(await ledger.expenses(trip_id)) == 1


async def test_removing_the_paid_item_unlinks_the_expense_and_undo_links_it_again(
    ledger: LedgerRepository,
    itinerary: ItineraryRepository,
    trip_id: str,
    history: ChangeHistory,
) -> None:
    hotel = (await itinerary.add(trip_id, {"day": MAY_2, "title": "Hotel"})).record
    expense = (
        await ledger.add(trip_id, {"amount": "9000", "spent_on": MAY_2, "item_id": hotel.id})
    ).record
    assert expense.item_id == hotel.id
    await itinerary.remove(hotel.id)
    assert [e.item_id for e in await ledger.expenses(trip_id)] == [None]
    await history.undo_last(trip_id)
    assert [e.item_id for e in await ledger.expenses(trip_id)] == [hotel.id]


async def test_an_expense_from_the_previous_revision_upgrade_holds_data(db_path: Path) -> None:
    """A file at the revision before the ledger keeps its trip and gains a working ledger."""
    migrate_to(db_path, "b7e3c5a9d2f1")
    with closing(sqlite3.connect(db_path)) as connection, connection:
        connection.execute(
            "INSERT INTO trip (id, title, origin, destination, travellers, budget_currency, "
            "interests, pace, notes, position, created_at, updated_at) VALUES ('t1', 'Lisbon', "
            "'', '', 2, 'EUR', '[]', 'balanced', '', 0, '2026-11-01 10:00:00', "
            "'2026-11-01 10:00:00')"
        )
    with Database.open(db_path) as database:
        trips = TripRepository(database, ChangeBus())
        trip = await trips.get("t1")
        assert trip is not None and trip.title == "Lisbon" and trip.travellers == 2
        ledger = LedgerRepository(database, ChangeBus())
        added = (await ledger.add("t1", {"amount": "12.30", "spent_on": MAY_2})).record
        assert await ledger.expenses("t1") == [added]
        assert added.amount == Decimal("12.30") and added.currency == "EUR"
