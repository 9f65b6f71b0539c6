"""Nights of the trip with nowhere to sleep, and nights booked twice. A lodging item without a
check-out day covers its first night; a night on an overnight journey needs no bed."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from datetime import date, timedelta

from concierge.store import ItineraryItemRecord
from concierge.text import QT_TRANSLATE_NOOP

from ..itinerary.item_times import item_days
from .checker import CheckEnv, Checker
from .plan import TripPlan
from .problem import Problem
from .wording import named, on_day


def nights(item: ItineraryItemRecord) -> list[date]:
    """The nights a lodging item covers (each by the day it starts)."""
    days = item_days(item)
    return days[:-1] if len(days) > 1 else days


def check(plan: TripPlan, env: CheckEnv) -> Iterator[Problem]:
    start, end = plan.trip.start_date, plan.trip.end_date
    if start is None or end is None or end <= start:
        return
    beds: dict[date, list[ItineraryItemRecord]] = defaultdict(list)
    on_the_move: set[date] = set()
    for item in plan.items:
        if item.kind.spec.nights:
            for night in nights(item):
                beds[night].append(item)
        elif item.kind.spec.transport:
            days = item_days(item)
            on_the_move.update(days[:-1])
    trip_nights = [start + timedelta(days=n) for n in range((end - start).days)]
    missing = [n for n in trip_nights if not beds.get(n) and n not in on_the_move]
    for run in _runs(missing):
        yield Problem(
            check=CHECKER.name,
            severity="warning",
            message=QT_TRANSLATE_NOOP("Problem", "No lodging for {nights}.").format(
                nights=_nights_text(run)
            ),
            day=run[0],
            stop_id=_stop_id(plan, run[0]),
            subject=f"none:{run[0].isoformat()}",
        )
    doubled: dict[tuple[str, ...], list[date]] = defaultdict(list)
    for night in trip_nights:
        if len(beds.get(night, ())) > 1:
            doubled[tuple(item.id for item in beds[night])].append(night)
    for ids, booked in doubled.items():
        for run in _runs(booked):
            names = _and([named(plan.by_id[item_id]) for item_id in ids])
            yield Problem(
                check=CHECKER.name,
                severity="warning",
                message=QT_TRANSLATE_NOOP(
                    "Problem", "{names} are both booked for {nights}."
                ).format(names=names, nights=_nights_text(run)),
                item_ids=ids,
                day=run[0],
            )


def _stop_id(plan: TripPlan, day: date) -> str | None:
    stop = plan.stop_on(day)
    return None if stop is None else stop.id


def _runs(days: Sequence[date]) -> list[list[date]]:
    """Consecutive days grouped, in order."""
    runs: list[list[date]] = []
    for day in days:
        if runs and runs[-1][-1] + timedelta(days=1) == day:
            runs[-1].append(day)
        else:
            runs.append([day])
    return runs


def _nights_text(run: Sequence[date]) -> str:
    if len(run) == 1:
        return QT_TRANSLATE_NOOP("Problem", "the night of {day}").format(day=on_day(run[0]))
    return QT_TRANSLATE_NOOP("Problem", "{count} nights, {first} to {last}").format(
        count=len(run), first=on_day(run[0]), last=on_day(run[-1])
    )


def _and(names: Sequence[str]) -> str:
    """ "“A” and “B”" (and "“A” and “B” and “C”", as written before)."""
    text = names[0]
    for name in names[1:]:
        text = QT_TRANSLATE_NOOP("Problem", "{first} and {second}").format(first=text, second=name)
    return text


CHECKER = Checker("lodging", "Lodging", check)
