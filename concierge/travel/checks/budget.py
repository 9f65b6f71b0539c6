"""Planned and spent money against the trip's budget, with the categories that weigh most.

Planned is the costs of items no expense already pays for, each converted at the ECB rate of its
day, so a total with conversions is an estimate. Amounts in the budget's currency need no rates, so
the result never waits for their load: amounts in other currencies are counted and included by the
next check."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from datetime import date
from decimal import Decimal

from concierge.store import ExpenseCategory
from concierge.text import QT_TRANSLATE_NOOP

from ..money.currencies import CurrencyError, format_money, quantize_money
from ..money.exchange import Exchange, ExchangeError
from .checker import CheckEnv, Checker
from .plan import TripPlan
from .problem import Problem

LISTED = 3
"""Categories the problem names, largest first."""


def check(plan: TripPlan, env: CheckEnv) -> Iterator[Problem]:
    budget, target = plan.trip.budget_amount, plan.trip.budget_currency
    if budget is None:
        return
    rates = env.rates
    totals: dict[ExpenseCategory, Decimal] = defaultdict(Decimal)
    converted = left_out = waiting = 0
    paid_items = {expense.item_id for expense in plan.expenses if expense.item_id}
    costs: list[tuple[Decimal, str, date | None, ExpenseCategory]] = [
        (expense.amount, expense.currency, expense.spent_on, expense.category)
        for expense in plan.expenses
    ]
    costs.extend(
        (item.cost_amount, item.cost_currency, item.day, item.kind.spec.category)
        for item in plan.items
        if item.cost_amount is not None and item.cost_currency and item.id not in paid_items
    )
    for amount, code, day, category in costs:
        if code == target:
            totals[category] += amount
        elif rates is None:
            waiting += 1
        elif (value := _in(rates, amount, code, target, day)) is None:
            left_out += 1
        else:
            converted += 1
            totals[category] += value
    total = sum(totals.values(), Decimal(0))
    if total <= budget:
        return
    largest = sorted(totals.items(), key=lambda entry: -entry[1])[:LISTED]
    listed = ", ".join(f"{category.value} {_money(value, target)}" for category, value in largest)
    detail = ""
    if left_out:  # With the rates loaded: none waits.
        detail = (
            QT_TRANSLATE_NOOP("Problem", "1 amount could not be converted and is left out.")
            if left_out == 1
            else QT_TRANSLATE_NOOP(
                "Problem", "{count} amounts could not be converted and are left out."
            ).format(count=left_out)
        )
    elif waiting:
        detail = (
            QT_TRANSLATE_NOOP(
                "Problem",
                "1 amount in another currency waits for the exchange rates and is not counted yet.",
            )
            if waiting == 1
            else QT_TRANSLATE_NOOP(
                "Problem",
                "{count} amounts in other currencies wait for the exchange rates and are not "
                "counted yet.",
            ).format(count=waiting)
        )
    yield Problem(
        check=CHECKER.name,
        severity="warning",
        message=QT_TRANSLATE_NOOP(
            "Problem",
            "Planned and spent come to {total}, {over} over the budget of {budget}; "
            "largest: {listed}.",
        ).format(
            total=_money(total, target),
            over=_money(total - budget, target),
            budget=_money(budget, target),
            listed=listed,
        ),
        estimate=converted > 0 or waiting > 0,
        detail=detail,
        subject="budget",
    )


def _in(
    rates: Exchange, amount: Decimal, code: str, target: str, day: date | None
) -> Decimal | None:
    try:
        return rates.convert(amount, code, target, day or rates.latest).amount
    except (ExchangeError, CurrencyError):
        return None


def _money(amount: Decimal, code: str) -> str:
    try:
        return format_money(amount, code)
    except CurrencyError:
        return f"{quantize_money(amount, code)} {code}"


CHECKER = Checker("budget", "Budget", check)
