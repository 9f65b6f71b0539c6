"""A trip's ledger summed up in the trip's currency. Each expense is converted and rounded before it
is split into whole minor units (`allocate`), so the totals per person add up to the total spent, to
the cent."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import TypeVar

from concierge.store import ExpenseCategory, ExpenseRecord, TripRecord

from .currencies import currency, quantize_money
from .exchange import Exchange, ExchangeError, Rate

Planned = tuple[Decimal, str, date | None]
"""A planned cost: amount, currency, and the day it falls on (None: not yet known, converted
at the latest rate)."""


def allocate(amount: Decimal, weights: Sequence[Decimal], code: str) -> list[Decimal]:
    """`amount` in whole minor units proportional to `weights`, adding up exactly: the units left
    over after rounding down go one each to the largest remainders (the earlier on a tie)."""
    if not weights or any(weight <= 0 for weight in weights):
        raise ValueError("Shares must be a non-empty list of positive weights.")
    exponent = currency(code).minor_units
    units = int(quantize_money(amount, code).scaleb(exponent))
    total = sum((Fraction(weight) for weight in weights), Fraction(0))
    exact = [Fraction(units) * Fraction(weight) / total for weight in weights]
    parts = [int(share) for share in exact]  # floor: units and weights are positive
    left = units - sum(parts)
    by_remainder = sorted(range(len(exact)), key=lambda i: (-(exact[i] - parts[i]), i))
    for index in by_remainder[:left]:
        parts[index] += 1
    return [Decimal(part).scaleb(-exponent) for part in parts]


@dataclass(frozen=True, slots=True)
class ConvertedExpense:
    expense: ExpenseRecord
    amount: Decimal
    """In the trip's currency, at `rate`."""
    rate: Rate
    shares: tuple[tuple[str, Decimal], ...]
    """Each sharer's part of `amount`; together exactly `amount`."""


@dataclass(frozen=True, slots=True)
class Unconverted:
    expense: ExpenseRecord
    reason: str


@dataclass(frozen=True, slots=True)
class Transfer:
    """`debtor` pays `creditor` `amount` to settle up."""

    debtor: str
    creditor: str
    amount: Decimal


@dataclass(frozen=True, slots=True)
class LedgerTotals:
    currency: str
    budget: Decimal | None
    spent: Decimal
    planned: Decimal
    planned_count: int
    """How many planned costs `planned` sums."""
    converted: tuple[ConvertedExpense, ...]
    unconverted: tuple[Unconverted, ...]
    planned_unconverted: tuple[str, ...]
    """Why planned costs were left out (one reason each)."""
    by_category: Mapping[ExpenseCategory, Decimal]
    """Largest first."""
    by_day: Mapping[date, Mapping[ExpenseCategory, Decimal]]
    """In date order."""
    by_person: Mapping[str, Decimal]
    """Each traveller's share of the spending, largest first."""
    paid: Mapping[str, Decimal]
    balances: Mapping[str, Decimal]
    """Paid minus share: positive is owed money, negative owes."""
    settlements: tuple[Transfer, ...]

    @property
    def expenses_count(self) -> int:
        return len(self.converted) + len(self.unconverted)

    @property
    def rate_dates(self) -> tuple[date, date] | None:
        """The first and last ECB rate dates used for a conversion, if any was needed."""
        days = [c.rate.rate_date for c in self.converted if c.rate.source != c.rate.target]
        return (min(days), max(days)) if days else None

    @property
    def estimates(self) -> int:
        """Expenses converted at the newest rate because their day is after the data."""
        return sum(1 for c in self.converted if c.rate.estimate)

    @property
    def remaining(self) -> Decimal | None:
        return None if self.budget is None else self.budget - self.spent


def ledger_totals(
    trip: TripRecord,
    expenses: Iterable[ExpenseRecord],
    rates: Exchange,
    planned: Iterable[Planned] = (),
) -> LedgerTotals:
    """Everything the ledger shows, in `trip.budget_currency` (see the module docstring).
    `planned` is what the itinerary expects to cost (e.g. its items' costs)."""
    target = trip.budget_currency
    converted: list[ConvertedExpense] = []
    unconverted: list[Unconverted] = []
    for expense in expenses:
        try:
            result = rates.convert(expense.amount, expense.currency, target, expense.spent_on)
        except ExchangeError as error:
            unconverted.append(Unconverted(expense, str(error)))
            continue
        names = [share.name for share in expense.split] or [expense.paid_by]
        weights = [share.share for share in expense.split] or [Decimal(1)]
        parts = allocate(result.amount, weights, target)
        converted.append(
            ConvertedExpense(
                expense, result.amount, result.rate, tuple(zip(names, parts, strict=True))
            )
        )
    planned_costs = list(planned)
    planned_total, planned_unconverted = _planned(planned_costs, target, rates)

    by_category: dict[ExpenseCategory, Decimal] = defaultdict(Decimal)
    by_day: dict[date, dict[ExpenseCategory, Decimal]] = defaultdict(lambda: defaultdict(Decimal))
    by_person: dict[str, Decimal] = defaultdict(Decimal)
    paid: dict[str, Decimal] = defaultdict(Decimal)
    for item in converted:
        category = item.expense.category
        by_category[category] += item.amount
        by_day[item.expense.spent_on][category] += item.amount
        paid[item.expense.paid_by] += item.amount
        for name, part in item.shares:
            by_person[name] += part
    people = list(dict.fromkeys([*paid, *by_person]))
    balances = {
        name: paid.get(name, Decimal(0)) - by_person.get(name, Decimal(0)) for name in people
    }
    zero = quantize_money(Decimal(0), target)
    return LedgerTotals(
        currency=target,
        budget=trip.budget_amount,
        spent=sum((item.amount for item in converted), zero),
        planned=planned_total,
        planned_count=len(planned_costs) - len(planned_unconverted),
        converted=tuple(converted),
        unconverted=tuple(unconverted),
        planned_unconverted=planned_unconverted,
        by_category=_largest_first(by_category),
        by_day={day: dict(by_day[day]) for day in sorted(by_day)},
        by_person=_largest_first(by_person),
        paid=dict(paid),
        balances=balances,
        settlements=tuple(settle(balances)),
    )


def _planned(
    planned: Iterable[Planned], target: str, rates: Exchange
) -> tuple[Decimal, tuple[str, ...]]:
    total = quantize_money(Decimal(0), target)
    reasons: list[str] = []
    for amount, code, day in planned:
        try:
            total += rates.convert(amount, code, target, day or rates.latest).amount
        except ExchangeError as error:
            reasons.append(str(error))
    return total, tuple(reasons)


def settle(balances: Mapping[str, Decimal]) -> list[Transfer]:
    """Transfers that bring every balance to zero: the one who owes most pays the one owed most,
    as much as either needs (at most one transfer fewer than people with a balance)."""
    owed = {name: amount for name, amount in balances.items() if amount > 0}
    owing = {name: -amount for name, amount in balances.items() if amount < 0}
    transfers: list[Transfer] = []
    while owed and owing:
        creditor = max(owed, key=lambda name: owed[name])
        debtor = max(owing, key=lambda name: owing[name])
        amount = min(owed[creditor], owing[debtor])
        transfers.append(Transfer(debtor, creditor, amount))
        for side, name in ((owed, creditor), (owing, debtor)):
            side[name] -= amount
            if side[name] == 0:
                del side[name]
    return transfers


K = TypeVar("K")


def _largest_first(totals: Mapping[K, Decimal]) -> dict[K, Decimal]:
    """Largest first; equal totals keep their order."""
    return dict(sorted(totals.items(), key=lambda entry: -entry[1]))
