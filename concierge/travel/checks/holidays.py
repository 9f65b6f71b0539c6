"""Visits on a national public holiday where the trip is that day: places may be closed or keep
holiday hours."""

from __future__ import annotations

from collections.abc import Iterator

from concierge.text import QT_TRANSLATE_NOOP

from ..lookups.kinds.holidays import national_holidays
from ..places.countries import country_name
from .checker import CheckEnv, Checker
from .plan import TripPlan
from .problem import Problem
from .wording import named, on_day

LISTED = 3
"""Items a note names; the rest are counted."""


def check(plan: TripPlan, env: CheckEnv) -> Iterator[Problem]:
    if env.places is None:
        return
    for day, items in plan.by_day.items():
        visits = [item for item in items if item.kind.spec.has_hours]
        stop = plan.stop_on(day)
        if not visits or stop is None:
            continue
        place = env.place(stop.place_code or stop.place)
        if place is None or not place.country:
            continue
        holiday = national_holidays(place.country, day.year).get(day)
        if holiday is None:
            continue
        names = ", ".join(named(item) for item in visits[:LISTED])
        if len(visits) > LISTED:
            names = QT_TRANSLATE_NOOP("Problem", "{names} and {count} more").format(
                names=names, count=len(visits) - LISTED
            )
        yield Problem(
            check=CHECKER.name,
            severity="note",
            message=QT_TRANSLATE_NOOP(
                "Problem",
                "{day} is {holiday}, a public holiday in {country}: {names} may be closed or "
                "keep holiday hours.",
            ).format(
                day=on_day(day), holiday=holiday, country=country_name(place.country), names=names
            ),
            item_ids=tuple(item.id for item in visits),
            day=day,
            stop_id=stop.id,
            subject=place.country,
        )


CHECKER = Checker("holidays", "Public holidays", check)
