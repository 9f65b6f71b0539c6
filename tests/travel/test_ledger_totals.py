"""Ledger sums: parts that add up to the cent, conversion at each expense's day, totals per
category, day and person, who owes whom, and budget against planned and spent."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from concierge.store import ExpenseCategory, ExpenseRecord, Pace, Share, TripRecord
from concierge.travel.assistant.ledger_view import planned_costs
from concierge.travel.money.currencies import quantize_money
from concierge.travel.money.exchange import Exchange, exchange
from concierge.travel.money.ledger_totals import allocate, ledger_totals, settle

NOW = datetime(2026, 1, 1, tzinfo=UTC)
FRIDAY, SATURDAY = date(2024, 5, 3), date(2024, 5, 4)


def trip(currency: str = "EUR", budget: str | None = "1000") -> TripRecord:
    return TripRecord(
        id="t1",
        title="Test",
        origin="",
        origin_code=None,
        origin_tz=None,
        start_date=None,
        end_date=None,
        travellers=2,
        budget_amount=None if budget is None else Decimal(budget),
        budget_currency=currency,
        interests=(),
        pace=Pace.BALANCED,
        notes="",
        position=0,
        created_at=NOW,
        updated_at=NOW,
        shared_values=(),
    )


def expense(
    amount: str,
    currency: str = "EUR",
    day: date = FRIDAY,
    category: ExpenseCategory = ExpenseCategory.FOOD,
    paid_by: str = "Me",
    split: tuple[tuple[str, str], ...] = (("Me", "1"),),
    key: str = "e",
) -> ExpenseRecord:
    return ExpenseRecord(
        id=key,
        trip_id="t1",
        amount=Decimal(amount),
        currency=currency,
        spent_on=day,
        category=category,
        description="",
        paid_by=paid_by,
        split=tuple(Share(name, Decimal(share)) for name, share in split),
        item_id=None,
        created_at=NOW,
        updated_at=NOW,
    )


@pytest.fixture(scope="module")
def rates() -> Exchange:
    return exchange()


codes = st.sampled_from(["EUR", "JPY", "KWD", "USD"])
amounts = st.decimals(min_value=Decimal("0.001"), max_value=Decimal("10000000"), places=3)
weights = st.lists(
    st.decimals(min_value=Decimal("0.01"), max_value=Decimal("1000"), places=2),
    min_size=1,
    max_size=12,
)


@settings(max_examples=150, deadline=None)
@given(amount=amounts, shares=weights, code=codes)
def test_parts_always_add_up_exactly_to_the_amount(
    amount: Decimal, shares: list[Decimal], code: str
) -> None:
    parts = allocate(amount, shares, code)
    rounded = quantize_money(amount, code)
    assert sum(parts) == rounded
    minor = Decimal(1).scaleb(-{"EUR": 2, "JPY": 0, "KWD": 3, "USD": 2}[code])
    assert all(part == part.quantize(minor) and part >= 0 for part in parts)
    # Each part is within one minor unit of its exact proportional share.
    total = sum(shares)
    for part, share in zip(parts, shares, strict=True):
        assert abs(part - rounded * share / total) < minor


def test_equal_parts_give_the_leftover_cents_to_the_first() -> None:
    assert allocate(Decimal("10.00"), [Decimal(1)] * 3, "EUR") == [
        Decimal("3.34"),
        Decimal("3.33"),
        Decimal("3.33"),
    ]
    assert allocate(Decimal("100"), [Decimal(1)] * 3, "JPY") == [34, 33, 33]


def test_shares_that_are_amounts_come_back_as_those_amounts() -> None:
    assert allocate(Decimal("50.00"), [Decimal("30.00"), Decimal("20.00")], "EUR") == [
        Decimal("30.00"),
        Decimal("20.00"),
    ]


def test_each_expense_is_converted_at_its_own_days_rate(rates: Exchange) -> None:
    friday = expense("100", "USD", FRIDAY, key="a")
    saturday = expense("100", "USD", SATURDAY, ExpenseCategory.TRANSPORT, key="b")
    totals = ledger_totals(trip(), [friday, saturday], rates)
    usd_friday = rates.rate("USD", "EUR", FRIDAY).rate
    converted = (Decimal(100) * usd_friday).quantize(Decimal("0.01"))
    assert [c.amount for c in totals.converted] == [converted, converted]
    assert [c.rate.rate_date for c in totals.converted] == [FRIDAY, FRIDAY]
    assert totals.converted[1].rate.fallback
    assert totals.rate_dates == (FRIDAY, FRIDAY)
    assert totals.spent == 2 * converted
    assert totals.by_category == {
        ExpenseCategory.FOOD: converted,
        ExpenseCategory.TRANSPORT: converted,
    }
    assert totals.by_day == {
        FRIDAY: {ExpenseCategory.FOOD: converted},
        SATURDAY: {ExpenseCategory.TRANSPORT: converted},
    }


def test_per_person_totals_and_who_owes_whom(rates: Exchange) -> None:
    dinner = expense("90.00", paid_by="Ana", split=(("Me", "1"), ("Ana", "1"), ("Rui", "1")))
    taxi = expense("10.00", paid_by="Me", split=(("Me", "1"), ("Rui", "1")), key="t")
    totals = ledger_totals(trip(), [dinner, taxi], rates)
    assert totals.by_person == {"Me": Decimal(35), "Ana": Decimal(30), "Rui": Decimal(35)}
    assert totals.paid == {"Ana": Decimal(90), "Me": Decimal(10)}
    assert totals.balances == {"Ana": Decimal(60), "Me": Decimal(-25), "Rui": Decimal(-35)}
    assert [(t.debtor, t.creditor, t.amount) for t in totals.settlements] == [
        ("Rui", "Ana", Decimal(35)),
        ("Me", "Ana", Decimal(25)),
    ]


def test_what_cannot_be_converted_is_listed_not_guessed(rates: Exchange) -> None:
    totals = ledger_totals(trip(), [expense("50000", "VND"), expense("5", key="k")], rates)
    assert totals.spent == Decimal("5.00")
    assert [u.expense.currency for u in totals.unconverted] == ["VND"]
    assert "publishes no rate for VND" in totals.unconverted[0].reason


def test_budget_planned_and_spent(rates: Exchange) -> None:
    planned = [(Decimal("200"), "EUR", None), (Decimal("100"), "USD", FRIDAY)]
    totals = ledger_totals(trip(budget="1000"), [expense("150")], rates, planned)
    usd = (Decimal(100) * rates.rate("USD", "EUR", FRIDAY).rate).quantize(Decimal("0.01"))
    assert totals.planned == Decimal(200) + usd
    assert (totals.budget, totals.spent, totals.remaining) == (1000, 150, 850)


names = st.sampled_from(["Me", "Ana", "Rui", "Jo"])


@settings(max_examples=60, deadline=None)
@given(
    rows=st.lists(
        st.tuples(
            st.decimals(min_value=Decimal("0.01"), max_value=Decimal("5000"), places=2),
            st.sampled_from(["EUR", "USD", "JPY"]),
            names,
            st.lists(names, min_size=1, max_size=4, unique=True),
        ),
        min_size=1,
        max_size=8,
    )
)
def test_people_add_up_to_the_total_and_settling_clears_every_balance(
    rows: list[tuple[Decimal, str, str, list[str]]],
) -> None:
    rates = exchange()
    expenses = [
        expense(
            str(amount if code != "JPY" else amount.quantize(Decimal(1)) or 1),
            code,
            paid_by=payer,
            split=tuple((name, "1") for name in sharers),
            key=str(index),
        )
        for index, (amount, code, payer, sharers) in enumerate(rows)
    ]
    totals = ledger_totals(trip("GBP"), expenses, rates)
    assert sum(totals.by_person.values()) == totals.spent
    assert sum(totals.by_category.values()) == totals.spent
    assert sum(totals.balances.values()) == 0
    left = dict(totals.balances)
    for transfer in settle(totals.balances):
        assert transfer.amount > 0
        left[transfer.debtor] += transfer.amount
        left[transfer.creditor] -= transfer.amount
    assert all(value == 0 for value in left.values())


@dataclass(frozen=True)
class CostedItem:
    day: date
    cost_amount: Decimal | None
    cost_currency: str | None


def test_planned_costs_are_the_items_that_carry_one(rates: Exchange) -> None:
    items = [
        CostedItem(FRIDAY, Decimal("80"), "EUR"),
        CostedItem(FRIDAY, None, None),
        CostedItem(SATURDAY, Decimal("100"), "USD"),
    ]
    planned = planned_costs(items)
    assert planned == [(Decimal(80), "EUR", FRIDAY), (Decimal(100), "USD", SATURDAY)]
    totals = ledger_totals(trip(), [], rates, planned)
    usd = (Decimal(100) * rates.rate("USD", "EUR", FRIDAY).rate).quantize(Decimal("0.01"))
    assert (totals.planned, totals.planned_count) == (Decimal(80) + usd, 2)
