"""A day planned beyond the pace the trip's brief asks for. A journey is not a plan of the day, so a
day holding one 14-hour flight is not over any pace; where it leaves little time beside the day's
plans, a note says so."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from concierge.store import ItemKind, ItineraryItemRecord, Pace
from concierge.text import QT_TRANSLATE_NOOP

from ..itinerary.item_times import duration_text, item_length
from .checker import CheckEnv, Checker
from .plan import TripPlan
from .problem import Problem
from .wording import on_day


@dataclass(frozen=True, slots=True)
class Limit:
    """The most one day holds at a pace: `activities` (items of the activity kind) and
    `hours` of timed plans (meals included; journeys, lodging, a car and notes not)."""

    activities: int
    hours: int


LIMITS: Mapping[Pace, Limit] = {
    Pace.RELAXED: Limit(activities=3, hours=7),
    Pace.BALANCED: Limit(activities=5, hours=10),
    Pace.PACKED: Limit(activities=8, hours=14),
}


LONG_JOURNEY = timedelta(hours=4)
"""A journey from which on a day's other plans are weighed against what it leaves."""


def check(plan: TripPlan, env: CheckEnv) -> Iterator[Problem]:
    limit = LIMITS[plan.trip.pace]
    busy: dict[date, timedelta] = {}
    travel: dict[date, timedelta] = {}
    for item in plan.items:
        length = item_length(item)
        if not item.kind.spec.background and length is not None and length > timedelta(0):
            spent = travel if item.kind.spec.transport else busy
            spent[item.day] = spent.get(item.day, timedelta(0)) + length
    for day, items in plan.by_day.items():
        activities = [item for item in items if item.kind is ItemKind.ACTIVITY]
        hours = busy.get(day, timedelta(0))
        journey = travel.get(day, timedelta(0))
        over: list[str] = []
        if len(activities) > limit.activities:
            over.append(
                QT_TRANSLATE_NOOP("Problem", "{count} activities (at most {most})").format(
                    count=len(activities), most=limit.activities
                )
            )
        if hours > timedelta(hours=limit.hours):
            over.append(
                QT_TRANSLATE_NOOP("Problem", "{length} of plans (at most {most} h)").format(
                    length=duration_text(hours), most=limit.hours
                )
            )
        if not over:
            if journey >= LONG_JOURNEY and hours and journey + hours > timedelta(hours=limit.hours):
                yield _little_time(day, items, journey, hours)
            continue
        too_much = (
            over[0]
            if len(over) == 1
            else QT_TRANSLATE_NOOP("Problem", "{first} and {second}").format(
                first=over[0], second=over[1]
            )
        )
        yield Problem(
            check=CHECKER.name,
            severity="warning",
            message=PACE_MESSAGES[plan.trip.pace].format(day=on_day(day), too_much=too_much),
            item_ids=tuple(item.id for item in items if not item.kind.spec.background),
            day=day,
            subject="day",
        )


def _little_time(
    day: date, items: Sequence[ItineraryItemRecord], journey: timedelta, hours: timedelta
) -> Problem:
    return Problem(
        check=CHECKER.name,
        severity="note",
        message=QT_TRANSLATE_NOOP(
            "Problem",
            "{day} is a travel day: a {journey} journey leaves little time for {plans} of "
            "other plans.",
        ).format(day=on_day(day), journey=duration_text(journey), plans=duration_text(hours)),
        item_ids=tuple(item.id for item in items if not item.kind.spec.background),
        day=day,
        subject="day",
    )


PACE_MESSAGES = {
    Pace.RELAXED: QT_TRANSLATE_NOOP(
        "Problem", "{day} has {too_much}, more than a relaxed pace allows."
    ),
    Pace.BALANCED: QT_TRANSLATE_NOOP(
        "Problem", "{day} has {too_much}, more than a balanced pace allows."
    ),
    Pace.PACKED: QT_TRANSLATE_NOOP(
        "Problem", "{day} has {too_much}, more than a packed pace allows."
    ),
}
"""One sentence per pace, so each is translated whole."""

CHECKER = Checker("pace", "Pace", check)
