"""Too little time between one item and the next for the distance between them. The distance is a
straight line and the speeds the fastest plausible, so the real journey is longer and a problem is
raised only when even they cannot make it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta
from itertools import pairwise

from concierge.store.wall_clock import end_of, start_of
from concierge.text import QT_TRANSLATE_NOOP

from ..itinerary.item_times import duration_text
from .checker import CheckEnv, Checker, km_between
from .plan import TripPlan
from .problem import Problem
from .wording import local, named, on_day


@dataclass(frozen=True, slots=True)
class Mode:
    """A way to get from one place to another: `speed_kmh` over the straight line, after
    `overhead_minutes` (getting to the station, boarding), for distances from `least_km`."""

    name: str
    speed_kmh: float
    overhead_minutes: int
    least_km: float = 0.0

    def minutes(self, km: float) -> float | None:
        if km < self.least_km:
            return None
        return self.overhead_minutes + km / self.speed_kmh * 60


MODES = (
    Mode(QT_TRANSLATE_NOOP("Problem", "on foot"), 6.0, 0),
    Mode(QT_TRANSLATE_NOOP("Problem", "by road or fast train"), 250.0, 15),
    Mode(QT_TRANSLATE_NOOP("Problem", "by air"), 850.0, 150, least_km=300.0),
)
"""Conservative (fast) speeds: a problem means even these cannot make it."""
SAME_PLACE_KM = 1.0
"""Places closer than this are one place (no transfer to check)."""


def fastest(km: float) -> tuple[Mode, float]:
    """The mode that covers `km` soonest, and its minutes."""
    timed = [(mode, minutes) for mode in MODES if (minutes := mode.minutes(km)) is not None]
    return min(timed, key=lambda pair: pair[1])


def check(plan: TripPlan, env: CheckEnv) -> Iterator[Problem]:
    if env.places is None:
        return
    moving = [timed for timed in plan.timed if not timed.item.kind.spec.background]
    for before, after in pairwise(moving):
        left = before.end or before.start
        gap = after.start - left
        if gap < timedelta(0):
            continue  # an overlap: the overlaps check says so
        origin, destination = env.ends_at(before.item), env.starts_at(after.item)
        if origin is None or destination is None:
            continue
        km = km_between(origin, destination)
        if km < SAME_PLACE_KM:
            continue
        mode, needed = fastest(km)
        if gap.total_seconds() / 60 >= needed:
            continue
        a, b = before.item, after.item
        ends = local(end_of(a) or start_of(a))
        yield Problem(
            check=CHECKER.name,
            severity="warning",
            message=QT_TRANSLATE_NOOP(
                "Problem",
                "Only {gap} from {first} ({origin}, ends {ends}) to {second} ({destination}, "
                "{start}) on {day}: {km:,.0f} km in a straight line, at least {needed} {mode} "
                "(an estimate).",
            ).format(
                gap=duration_text(gap),
                first=named(a),
                origin=origin.short,
                ends=ends,
                second=named(b),
                destination=destination.short,
                start=local(start_of(b)),
                day=on_day(b.day),
                km=km,
                needed=duration_text(int(needed)),
                mode=mode.name,
            ),
            item_ids=(a.id, b.id),
            day=b.day,
            estimate=True,
            at=after.start,
        )


CHECKER = Checker("transfers", "Time between places", check)
