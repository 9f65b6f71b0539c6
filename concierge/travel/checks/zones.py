"""Zone errors on journeys: a departure or arrival time read in another zone than the
place's, which can put the local arrival before the departure, and a journey faster than
any airliner (its times can only be right in other zones).

A journey's places are its From and To (`CheckEnv.place`: codes, cities, towns); a time is
read in its item's zone, the arrival in the end zone (the start's when not given)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta

from concierge.store import ItemKind, ItineraryItemRecord
from concierge.store.wall_clock import end_of, instant, local_datetime, start_of

from ..item_kinds import TRANSPORT
from ..places import Place
from .checker import CheckEnv, Checker, km_between
from .plan import TripPlan
from .problem import Problem
from .wording import local, named

FASTEST_KMH = 1_100.0
"""Faster than this over the straight line, a journey's times are wrong (airliners cruise
at about 900 km/h; a tailwind adds a little)."""
_FIELD_WORDS = {"timezone": "zone", "end_timezone": "end zone"}
LEAST_KM = 200.0
"""Shorter journeys are not timed against the speed: taxiing and boarding dominate."""


def check(plan: TripPlan, env: CheckEnv) -> Iterator[Problem]:
    if env.places is None:
        return
    for item in plan.items:
        if item.kind not in TRANSPORT and item.kind is not ItemKind.CAR:
            continue
        start, end = start_of(item), end_of(item)
        if start is None:
            continue
        origin, destination = env.starts_at(item), env.ends_at(item)
        if origin is not None and _differs(start, origin):
            yield _misread(item, "departure", start, origin, "timezone")
        written = end is not None and item.end_time is not None  # not start + duration
        if written and end is not None and destination is not None and _differs(end, destination):
            yield _arrival(item, start, end, destination)
        elif end is not None and origin is not None and destination is not None:
            yield from _too_fast(item, start, end, origin, destination)


def _differs(moment: datetime, place: Place) -> bool:
    """Whether the place's clocks show another time than `moment`'s zone at that instant."""
    if not place.tz:
        return False
    there = local_datetime(moment.date(), moment.time(), place.tz)
    return instant(there) != instant(moment)


def _misread(
    item: ItineraryItemRecord, what: str, moment: datetime, place: Place, field: str
) -> Problem:
    return Problem(
        check=CHECKER.name,
        severity="error",
        message=(
            f"The {what} of {named(item)} at {local(moment)} is read in {_zone(moment)}, "
            f"but {place.short} is in {place.tz}: set its {_FIELD_WORDS[field]}."
        ),
        item_ids=(item.id,),
        day=item.day,
        subject=f"{field}:{item.id}",
        at=instant(moment),
    )


def _arrival(item: ItineraryItemRecord, start: datetime, end: datetime, place: Place) -> Problem:
    there = local_datetime(end.date(), end.time(), place.tz)
    problem = _misread(item, "arrival", end, place, "end_timezone")
    if instant(there) <= instant(start):
        return Problem(
            check=CHECKER.name,
            severity="error",
            message=(
                f"{named(item)} arrives at {local(end)} local time in {place.short} "
                f"({place.tz}), before it leaves at {local(start)}; its arrival is read in "
                f"{_zone(end)}: set the end zone, and the end day if it lands the next day."
            ),
            item_ids=problem.item_ids,
            day=problem.day,
            subject=problem.subject,
            at=problem.at,
        )
    return problem


def _too_fast(
    item: ItineraryItemRecord, start: datetime, end: datetime, origin: Place, destination: Place
) -> Iterator[Problem]:
    km = km_between(origin, destination)
    length = instant(end) - instant(start)
    if km < LEAST_KM or length <= timedelta(0):
        return
    speed = km / (length.total_seconds() / 3600)
    if speed <= FASTEST_KMH:
        return
    yield Problem(
        check=CHECKER.name,
        severity="error",
        message=(
            f"{named(item)} covers {km:,.0f} km from {origin.short} to {destination.short} "
            f"in {int(length.total_seconds() // 60)} min, {speed:,.0f} km/h: check its times "
            "and zones."
        ),
        item_ids=(item.id,),
        day=item.day,
        estimate=True,
        subject=f"speed:{item.id}",
        at=instant(start),
    )


def _zone(moment: datetime) -> str:
    return str(moment.tzinfo)


CHECKER = Checker("zones", "Time zones", check)
