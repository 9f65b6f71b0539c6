"""Items outside the trip's dates, or at a stop on a day the route is not there."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

from concierge.store import StopRecord
from concierge.text import QT_TRANSLATE_NOOP

from ..itinerary.date_spans import day_span
from ..itinerary.item_times import item_days
from ..locale.folding import fold
from ..places.index import Place
from .checker import CheckEnv, Checker, km_between
from .plan import TripPlan
from .problem import Problem
from .wording import named, on_day

SAME_STOP_KM = 30.0
"""An item's place this close to a stop's is at that stop."""


def check(plan: TripPlan, env: CheckEnv) -> Iterator[Problem]:
    yield from _outside_trip(plan)
    yield from _outside_stop(plan, env)


def _outside_trip(plan: TripPlan) -> Iterator[Problem]:
    start, end = plan.trip.start_date, plan.trip.end_date
    if start is None or end is None:
        return
    for item in plan.items:
        days = item_days(item)
        if days[0] >= start and days[-1] <= end:
            continue
        when = (
            QT_TRANSLATE_NOOP(
                "Problem", "{item} on {day} is before the trip starts ({start} to {end})."
            )
            if days[0] < start
            else QT_TRANSLATE_NOOP(
                "Problem", "{item} on {day} is after the trip ends ({start} to {end})."
            )
        )
        yield Problem(
            check=CHECKER.name,
            severity="error",
            message=when.format(
                item=named(item), day=on_day(item.day), start=on_day(start), end=on_day(end)
            ),
            item_ids=(item.id,),
            day=item.day,
            subject=f"trip:{item.id}",
        )


def _outside_stop(plan: TripPlan, env: CheckEnv) -> Iterator[Problem]:
    dated = [stop for stop in plan.stops if stop.arrive is not None or stop.depart is not None]
    if not dated:
        return
    stops_at = _StopsAt(dated, env)
    for item in plan.items:
        if item.kind.spec.transport or not item.place:
            continue
        at = stops_at(item.place)
        if not at or any(_within(item.day, stop) for stop in at):
            continue
        stop = at[0]
        yield Problem(
            check=CHECKER.name,
            severity="warning",
            message=QT_TRANSLATE_NOOP(
                "Problem", "{item} is in {place} on {day}, but the route is there {span}."
            ).format(
                item=named(item),
                place=stop.place,
                day=on_day(item.day),
                span=day_span(stop.arrive, stop.depart),
            ),
            item_ids=(item.id,),
            day=item.day,
            stop_id=stop.id,
            subject=f"stop:{item.id}",
        )


class _StopsAt:
    """The dated stops a place text is at: its name or code is the stop's, or the place it
    names lies within `SAME_STOP_KM` of the stop's; worked out once per text."""

    def __init__(self, stops: list[StopRecord], env: CheckEnv) -> None:
        self.env = env
        self.stops = [
            (
                stop,
                {fold(stop.place), fold(stop.place_code or "")} - {""},
                env.place(stop.place_code or stop.place),
            )
            for stop in stops
        ]
        self._known: dict[str, list[StopRecord]] = {}

    def __call__(self, text: str) -> list[StopRecord]:
        found = self._known.get(text)
        if found is None:
            key = fold(text)
            place: Place | None = None
            looked = False
            found = []
            for stop, names, stop_place in self.stops:
                if key in names:
                    found.append(stop)
                    continue
                if stop_place is None:
                    continue
                if not looked:
                    place, looked = self.env.place(text), True
                if place is not None and km_between(place, stop_place) <= SAME_STOP_KM:
                    found.append(stop)
            self._known[text] = found
        return found


def _within(day: date, stop: StopRecord) -> bool:
    return (stop.arrive is None or stop.arrive <= day) and (
        stop.depart is None or day <= stop.depart
    )


CHECKER = Checker("dates", "Dates", check)
