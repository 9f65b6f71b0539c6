"""The ledger as concise text for the model: one line in every snapshot, and the expenses with their
totals for `read_trip`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from datetime import date
from decimal import Decimal
from typing import Protocol

from concierge.agent import AbortSignal, ContextProvider
from concierge.model.values.dates import format_date
from concierge.store import ExpenseRecord, ItineraryRepository, LedgerRepository, TripRecord

from ..money.currencies import format_money
from ..money.exchange import exchange_within
from ..money.ledger_totals import LedgerTotals, Planned, ledger_totals
from ..safe_text.value_text import one_line
from .snapshot_budget import page_lines
from .trip_view import UNVERIFIED_LEGEND, short_id

TOP_CATEGORIES = 3
RATES_WAIT = 1.0
"""Seconds a snapshot waits for the ECB rates to load (once per process) before it says
the totals are not ready instead; the provider's own timeout is longer."""
RATES_LOADING = (
    "Money: the exchange rates are still loading; read_trip with ledger gives the totals."
)

PlannedCosts = Callable[[str], Awaitable[Sequence[Planned]]]
"""The planned costs of a trip (by id), e.g. its itinerary items' costs."""


async def no_planned_costs(trip_id: str) -> Sequence[Planned]:
    return ()


class TripSource(Protocol):
    """Where the money block reads its trip: the repository, or the read shared by the
    providers of one resolution."""

    async def get(self, trip_id: str) -> TripRecord | None: ...


class Costed(Protocol):
    """Something on the itinerary that may carry a cost (an itinerary item)."""

    @property
    def day(self) -> date: ...

    @property
    def cost_amount(self) -> Decimal | None: ...

    @property
    def cost_currency(self) -> str | None: ...


COSTED_FIELDS = frozenset(
    name for name, value in vars(Costed).items() if isinstance(value, property)
)
"""The item fields the ledger plans with: changes to an item's other fields leave it as is."""


def itinerary_costs(itinerary: ItineraryRepository) -> PlannedCosts:
    """A trip's planned costs: what its itinerary items cost."""

    async def planned(trip_id: str) -> Sequence[Planned]:
        return planned_costs(await itinerary.items(trip_id))

    return planned


def planned_costs(items: Iterable[Costed]) -> list[Planned]:
    """The costs of `items` that have one, each on its day: what `ledger_totals` plans with."""
    return [
        (item.cost_amount, item.cost_currency, item.day)
        for item in items
        if item.cost_amount is not None and item.cost_currency
    ]


def _money(totals: LedgerTotals, amount: Decimal) -> str:
    return format_money(amount, totals.currency)


def rate_note(totals: LedgerTotals) -> str:
    """Which ECB rates the totals used, e.g. "at ECB rates of 2 May 2026 to 9 May 2026"."""
    days = totals.rate_dates
    if days is None:
        return ""
    first, last = (format_date(day) for day in days)
    text = f"at the ECB rate of {first}" if first == last else f"at ECB rates of {first} to {last}"
    if totals.estimates:
        text += f"; {totals.estimates} at the latest rate, an estimate"
    return text


def money_line(totals: LedgerTotals) -> str:
    """Budget, planned, spent and the top categories in one line."""
    parts = [
        f"budget {_money(totals, totals.budget) if totals.budget is not None else 'not set'}",
        f"planned {_money(totals, totals.planned)}"
        if totals.planned_count
        else "planned nothing costed yet",
    ]
    spent = f"spent {_money(totals, totals.spent)} in {len(totals.converted)} expenses"
    if note := rate_note(totals):
        spent += f" ({note})"
    parts.append(spent)
    top = list(totals.by_category.items())[:TOP_CATEGORIES]
    if top:
        parts.append(
            "top: " + ", ".join(f"{category.value} {_money(totals, v)}" for category, v in top)
        )
    if totals.unconverted:
        parts.append(f"{len(totals.unconverted)} not converted (no ECB rate)")
    return "Money: " + "; ".join(parts) + "."


def render_ledger(
    totals: LedgerTotals,
    allowance: int | None = None,
    page: int = 1,
    unverified: Mapping[str, Sequence[str]] | None = None,
) -> str:
    """The totals, shares and what to settle, then every expense by day, unconfirmed amounts
    marked; a page within `allowance` tokens, each but the last saying how to read the next."""
    marks = unverified or {}
    lines = [money_line(totals)]
    if totals.by_person:
        lines.append(
            "Shares: "
            + ", ".join(f"{one_line(n)} {_money(totals, v)}" for n, v in totals.by_person.items())
        )
    if totals.settlements:
        lines.append(
            "To settle: "
            + "; ".join(
                f"{one_line(t.debtor)} pays {one_line(t.creditor)} {_money(totals, t.amount)}"
                for t in totals.settlements
            )
        )
    lines.append("Expenses:" if totals.expenses_count else "Expenses: none")
    rows: list[tuple[ExpenseRecord, str]] = [
        (c.expense, f" = {_money(totals, c.amount)}") for c in totals.converted
    ]
    rows += [(u.expense, f" (not converted: {u.reason})") for u in totals.unconverted]
    expenses: list[str] = []
    for expense, shown in sorted(rows, key=lambda row: (row[0].spent_on, row[0].created_at)):
        split = ", ".join(f"{one_line(s.name)} {s.share.normalize():f}" for s in expense.split)
        what = one_line(expense.description) or "(no description)"
        expenses.append(
            f"- [{short_id(expense.id)}] {expense.spent_on.isoformat()} "
            f"{format_money(expense.amount, expense.currency)}{shown} {expense.category.value}: "
            f"{what}; paid by {one_line(expense.paid_by)}; split {split}"
            + (" (unverified: amount)" if expense.id in marks else "")
        )
    if any(row[0].id in marks for row in rows):
        lines.insert(len(lines) - 1, UNVERIFIED_LEGEND)  # Before the list of expenses.
    if allowance is None:
        return "\n".join([*lines, *expenses])

    def next_page(left: int, number: int) -> str:
        return f"… {left:,} more expenses: read_trip ledger=true page={number}"

    return "\n".join(page_lines(lines, expenses, allowance, page, next_page))


async def read_totals(
    trips: TripSource,
    ledger: LedgerRepository,
    trip_id: str,
    planned: PlannedCosts,
    wait: float | None = None,
) -> LedgerTotals | str | None:
    """The trip's totals now; None for a deleted trip; `RATES_LOADING` when the rates did not
    load within `wait` seconds (None: as long as it takes)."""
    trip = await trips.get(trip_id)
    if trip is None:
        return None
    expenses = await ledger.expenses(trip_id)
    costs = await planned(trip_id)
    rates = await exchange_within(60.0 if wait is None else wait)
    if rates is None:
        return RATES_LOADING
    return ledger_totals(trip, expenses, rates, costs)


def ledger_provider(
    trips: TripSource,
    ledger: LedgerRepository,
    trip_id: str,
    planned: PlannedCosts = no_planned_costs,
) -> ContextProvider:
    """One line of money in every snapshot, once there is something to sum."""

    async def money(signal: AbortSignal) -> str | None:
        if not await ledger.expenses(trip_id) and not await planned(trip_id):
            return None
        totals = await read_totals(trips, ledger, trip_id, planned, RATES_WAIT)
        if totals is None or isinstance(totals, str):
            return totals
        return money_line(totals)

    return money
