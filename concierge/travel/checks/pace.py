"""A day planned beyond the pace the trip's brief asks for: too many things to do, or too
many hours of them."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import date, timedelta

from concierge.store import ItemKind, Pace

from ..item_times import duration_text, item_length
from .checker import CheckEnv, Checker
from .overlaps import BACKGROUND
from .plan import TripPlan
from .problem import Problem
from .wording import on_day


@dataclass(frozen=True, slots=True)
class Limit:
    """The most one day holds at a pace: `activities` (items of the activity kind) and
    `hours` of timed items (meals and journeys included; lodging, a car and notes not)."""

    activities: int
    hours: int


LIMITS: Mapping[Pace, Limit] = {
    Pace.RELAXED: Limit(activities=3, hours=7),
    Pace.BALANCED: Limit(activities=5, hours=10),
    Pace.PACKED: Limit(activities=8, hours=14),
}


def check(plan: TripPlan, env: CheckEnv) -> Iterator[Problem]:
    limit = LIMITS[plan.trip.pace]
    busy: dict[date, timedelta] = {}
    for item in plan.items:
        length = item_length(item)
        if item.kind not in BACKGROUND and length is not None and length > timedelta(0):
            busy[item.day] = busy.get(item.day, timedelta(0)) + length
    for day, items in plan.by_day.items():
        activities = [item for item in items if item.kind is ItemKind.ACTIVITY]
        hours = busy.get(day, timedelta(0))
        over: list[str] = []
        if len(activities) > limit.activities:
            over.append(f"{len(activities)} activities (at most {limit.activities})")
        if hours > timedelta(hours=limit.hours):
            over.append(f"{duration_text(hours)} of plans (at most {limit.hours} h)")
        if not over:
            continue
        yield Problem(
            check=CHECKER.name,
            severity="warning",
            message=(
                f"{on_day(day)} has {' and '.join(over)}, more than a "
                f"{plan.trip.pace.value} pace allows."
            ),
            item_ids=tuple(item.id for item in items if item.kind not in BACKGROUND),
            day=day,
            subject="day",
        )


CHECKER = Checker("pace", "Pace", check)
