"""Trips, stops, items and expenses built in memory, and the plan they make, for the
checkers' tests (no database: a checker is a pure function of the plan)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from datetime import date, time
from decimal import Decimal
from typing import Any

from concierge.store import (
    ExpenseCategory,
    ExpenseRecord,
    ItemKind,
    ItineraryItemRecord,
    Pace,
    StopRecord,
    TripRecord,
)
from concierge.travel.checks import CheckEnv, Problem, TripPlan, check_plan
from concierge.travel.checks.checker import Checker
from tests.travel.items_support import EPOCH, make_item

_ids = itertools.count(1)


def make_trip(**fields: Any) -> TripRecord:
    values: dict[str, Any] = {
        "id": "trip",
        "title": "Japan",
        "origin": "Lisbon (LIS)",
        "origin_code": "LIS",
        "origin_tz": "Europe/Lisbon",
        "start_date": date(2026, 5, 1),
        "end_date": date(2026, 5, 10),
        "travellers": 1,
        "budget_amount": None,
        "budget_currency": "EUR",
        "interests": (),
        "pace": Pace.BALANCED,
        "notes": "",
        "shared_values": (),
        "position": 0,
        "created_at": EPOCH,
        "updated_at": EPOCH,
    }
    return TripRecord(**{**values, **fields})


def make_stop(place: str, arrive: date | None, depart: date | None, **fields: Any) -> StopRecord:
    values: dict[str, Any] = {
        "id": f"stop-{next(_ids)}",
        "trip_id": "trip",
        "position": 0,
        "place": place,
        "place_code": None,
        "timezone": None,
        "arrive": arrive,
        "depart": depart,
        "created_at": EPOCH,
        "updated_at": EPOCH,
    }
    return StopRecord(**{**values, **fields})


def item(
    title: str, day: date, start: time | None = None, end: time | None = None, **fields: Any
) -> ItineraryItemRecord:
    """An item `title` on `day` from `start` to `end` (in `timezone`, default Tokyo's)."""
    values: dict[str, Any] = {
        "id": f"{title.lower().replace(' ', '-')}-{next(_ids)}",
        "title": title,
        "day": day,
        "start_time": start,
        "end_time": end,
        "timezone": "Asia/Tokyo" if start is not None else None,
    }
    if "kind" in fields:
        fields = {**fields, "kind": ItemKind(fields["kind"])}
    return make_item(**{**values, **fields})


def make_expense(
    amount: str, currency: str, day: date, category: ExpenseCategory, **fields: Any
) -> ExpenseRecord:
    values: dict[str, Any] = {
        "id": f"expense-{next(_ids)}",
        "trip_id": "trip",
        "amount": Decimal(amount),
        "currency": currency,
        "spent_on": day,
        "category": category,
        "description": "",
        "paid_by": "Me",
        "split": (),
        "item_id": None,
        "created_at": EPOCH,
        "updated_at": EPOCH,
    }
    return ExpenseRecord(**{**values, **fields})


def plan_of(
    items: Sequence[ItineraryItemRecord] = (),
    trip: TripRecord | None = None,
    stops: Sequence[StopRecord] = (),
    expenses: Sequence[ExpenseRecord] = (),
) -> TripPlan:
    return TripPlan(trip or make_trip(), tuple(items), tuple(stops), tuple(expenses))


def found(checker: Checker, plan: TripPlan, env: CheckEnv | None = None) -> tuple[Problem, ...]:
    """What one checker finds, in the order `check_plan` lists problems."""
    return check_plan(plan, env or CheckEnv(), (checker,))
