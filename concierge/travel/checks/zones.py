"""Zone errors on journeys: a time read in another zone than the place's, which can put the local
arrival before the departure, and a journey faster than any airliner. The arrival is read in the end
zone (the start's when not given)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta

from concierge.store import ItineraryItemRecord
from concierge.store.wall_clock import end_of, instant, local_datetime, start_of
from concierge.text import QT_TRANSLATE_NOOP

from ..places.index import Place
from .checker import CheckEnv, Checker, km_between
from .plan import TripPlan
from .problem import Problem
from .wording import local, named

FASTEST_KMH = 1_100.0
"""Faster than this over the straight line, a journey's times are wrong (airliners cruise
at about 900 km/h; a tailwind adds a little)."""
_MISREAD = {
    ("departure", "timezone"): QT_TRANSLATE_NOOP(
        "Problem",
        "The departure of {item} at {time} is read in {zone}, but {place} is in {place_zone}: "
        "set its zone.",
    ),
    ("departure", "end_timezone"): QT_TRANSLATE_NOOP(
        "Problem",
        "The departure of {item} at {time} is read in {zone}, but {place} is in {place_zone}: "
        "set its end zone.",
    ),
    ("arrival", "timezone"): QT_TRANSLATE_NOOP(
        "Problem",
        "The arrival of {item} at {time} is read in {zone}, but {place} is in {place_zone}: "
        "set its zone.",
    ),
    ("arrival", "end_timezone"): QT_TRANSLATE_NOOP(
        "Problem",
        "The arrival of {item} at {time} is read in {zone}, but {place} is in {place_zone}: "
        "set its end zone.",
    ),
}
"""Each misread time's sentence, whole, so each is translated whole."""
LEAST_KM = 200.0
"""Shorter journeys are not timed against the speed: taxiing and boarding dominate."""


def check(plan: TripPlan, env: CheckEnv) -> Iterator[Problem]:
    if env.places is None:
        return
    for item in map(plan.read, plan.items):
        if not item.kind.spec.between_places:
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
        message=_MISREAD[what, field].format(
            item=named(item),
            time=local(moment),
            zone=_zone(moment),
            place=place.short,
            place_zone=place.tz,
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
            message=QT_TRANSLATE_NOOP(
                "Problem",
                "{item} arrives at {arrival} local time in {place} ({place_zone}), before it "
                "leaves at {departure}; its arrival is read in {zone}: set the end zone, and "
                "the end day if it lands the next day.",
            ).format(
                item=named(item),
                arrival=local(end),
                place=place.short,
                place_zone=place.tz,
                departure=local(start),
                zone=_zone(end),
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
        message=QT_TRANSLATE_NOOP(
            "Problem",
            "{item} covers {km:,.0f} km from {origin} to {destination} in {minutes} min, "
            "{speed:,.0f} km/h: check its times and zones.",
        ).format(
            item=named(item),
            km=km,
            origin=origin.short,
            destination=destination.short,
            minutes=int(length.total_seconds() // 60),
            speed=speed,
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
