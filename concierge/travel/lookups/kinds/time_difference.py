"""The time difference between home and each stop, now and on the stop's first day: daylight-saving
changes fall weeks apart between countries."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any

from concierge.model.values.dates import format_date
from concierge.model.values.errors import DateTextError
from concierge.text import QT_TRANSLATE_NOOP

from ...locale.dates import zone
from ...places.place import Place
from .. import parameters
from ..errors import LookupInputError
from ..parameters import Parameters
from .base import LookupContext
from .per_stop import PerStopResult, StopDays, for_each_stop


@dataclass(frozen=True, slots=True)
class TimeDifference:
    origin: str
    destination: str
    origin_tz: str
    destination_tz: str
    at: datetime
    hours_ahead: float
    """How many hours the destination's clocks are ahead of the origin's (negative: behind)."""
    origin_local: datetime
    destination_local: datetime
    trip_start: date | None
    hours_ahead_at_start: float | None

    def summary(self) -> str:
        text = (
            f"{self.destination} is {_ahead(self.hours_ahead)} {self.origin}; "
            f"local time there {self.destination_local:%a %H:%M}"
        )
        start, at_start = self.trip_start, self.hours_ahead_at_start
        if start is not None and at_start is not None and at_start != self.hours_ahead:
            text += (
                f"; on the first day there ({format_date(start)}) it is {_ahead(at_start)} "
                f"{self.origin}"
            )
        return text

    def to_dict(self) -> dict[str, Any]:
        return {
            "origin": self.origin,
            "destination": self.destination,
            "origin_tz": self.origin_tz,
            "destination_tz": self.destination_tz,
            "at_utc": self.at.isoformat(),
            "origin_local_time": self.origin_local.isoformat(),
            "destination_local_time": self.destination_local.isoformat(),
            "destination_hours_ahead": self.hours_ahead,
            "trip_start_date": None if self.trip_start is None else self.trip_start.isoformat(),
            "destination_hours_ahead_on_trip_start": self.hours_ahead_at_start,
        }


def time_difference(
    origin: Place, destination: Place, at: datetime, trip_start: date | None = None
) -> TimeDifference:
    try:
        here, there = zone(origin.tz), zone(destination.tz)
    except DateTextError as error:
        raise LookupInputError(str(error)) from None
    if at.tzinfo is None:
        raise LookupInputError(
            QT_TRANSLATE_NOOP(
                "Lookup", "Give the moment with its UTC offset, e.g. 2026-05-14T09:30+01:00."
            )
        )
    at_start = None
    if trip_start is not None:
        noon = datetime.combine(trip_start, time(12), there)
        at_start = _hours(noon.utcoffset(), noon.astimezone(here).utcoffset())
    origin_local, destination_local = at.astimezone(here), at.astimezone(there)
    return TimeDifference(
        origin=origin.short,
        destination=destination.short,
        origin_tz=origin.tz,
        destination_tz=destination.tz,
        at=at.astimezone(zone("UTC")),
        hours_ahead=_hours(destination_local.utcoffset(), origin_local.utcoffset()),
        origin_local=origin_local,
        destination_local=destination_local,
        trip_start=trip_start,
        hours_ahead_at_start=at_start,
    )


def _hours(there: timedelta | None, here: timedelta | None) -> float:
    difference = (there or timedelta()) - (here or timedelta())
    return difference.total_seconds() / 3600


def _ahead(hours: float) -> str:
    if hours == 0:
        return "on the same time as"
    amount = f"{abs(hours):g} hour{'' if abs(hours) == 1 else 's'}"
    return f"{amount} ahead of" if hours > 0 else f"{amount} behind"


def run(params: Parameters, ctx: LookupContext) -> PerStopResult:
    """Each stop against home, on the first day there when the trip has dates."""
    origin = parameters.place(ctx.places, params, "origin", "origin")
    at = parameters.moment(params, "at")

    def at_stop(stop: StopDays, ctx: LookupContext) -> TimeDifference:
        ctx.progress.report(0.5, "Comparing time zones")
        return time_difference(origin, stop.place, at, stop.start)

    return for_each_stop(params, ctx, at_stop, dated=False)
