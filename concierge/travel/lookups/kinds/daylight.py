"""Sunrise, sunset and hours of daylight at each stop for its days (`astral`), in local time.
Beyond the polar circles a day may be polar day or polar night, reported as such."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any, Literal

from astral import Observer
from astral.sun import elevation, sunrise, sunset

from concierge.model.values.dates import format_date

from ...locale.dates import trip_days, zone
from ..parameters import Parameters
from ..progress import ProgressSink
from .base import LookupContext
from .per_stop import PerStopResult, StopDays, for_each_stop

DayKind = Literal["normal", "polar day", "polar night"]


@dataclass(frozen=True, slots=True)
class SunDay:
    day: date
    kind: DayKind
    sunrise: time | None
    sunset: time | None
    daylight_minutes: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "date": self.day.isoformat(),
            "kind": self.kind,
            "sunrise": None if self.sunrise is None else self.sunrise.strftime("%H:%M"),
            "sunset": None if self.sunset is None else self.sunset.strftime("%H:%M"),
            "daylight": _duration(self.daylight_minutes),
        }


@dataclass(frozen=True, slots=True)
class DaylightResult:
    place: str
    tz: str
    days: tuple[SunDay, ...]

    def summary(self) -> str:
        first, last = self.days[0], self.days[-1]
        if len(self.days) == 1:
            return f"{self.place}, {format_date(first.day)}: {_day_line(first)}"
        return (
            f"{self.place}, {len(self.days)} days: {format_date(first.day)} "
            f"{_day_line(first)}; {format_date(last.day)} {_day_line(last)}"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "place": self.place,
            "tz": self.tz,
            "times": "local time at the place",
            "days": [d.to_dict() for d in self.days],
        }


def sun_day(observer: Observer, day: date, tz: str) -> SunDay:
    zone_info = zone(tz)
    try:
        rise = sunrise(observer, day, tzinfo=zone_info)
        set_ = sunset(observer, day, tzinfo=zone_info)
    except ValueError:
        noon = datetime.combine(day, time(12), zone_info)
        up = elevation(observer, noon) > 0
        return SunDay(day, "polar day" if up else "polar night", None, None, 24 * 60 if up else 0)
    if set_ < rise:  # astral can return the previous evening's sunset far from the meridian
        set_ += timedelta(days=1)
    minutes = round((set_ - rise).total_seconds() / 60)
    return SunDay(day, "normal", rise.time().replace(microsecond=0), set_.time(), minutes)


def daylight(
    place_name: str,
    lat: float,
    lon: float,
    tz: str,
    start: date,
    end: date,
    report: ProgressSink | None = None,
) -> DaylightResult:
    """One `SunDay` per trip day; `report(fraction, line)` is called after each day."""
    observer = Observer(latitude=lat, longitude=lon)
    days = trip_days(start, end)
    found = []
    for number, day in enumerate(days, 1):
        found.append(sun_day(observer, day, tz))
        if report is not None:
            report(number / len(days), f"Day {number} of {len(days)}")
    return DaylightResult(place_name, tz, tuple(found))


def run(params: Parameters, ctx: LookupContext) -> PerStopResult:
    return for_each_stop(params, ctx, _at_stop)


def _at_stop(stop: StopDays, ctx: LookupContext) -> DaylightResult:
    where = stop.place
    return daylight(where.short, where.lat, where.lon, where.tz, *stop.days(), ctx.progress.report)


def _day_line(day: SunDay) -> str:
    if day.kind != "normal" or day.sunrise is None or day.sunset is None:
        return day.kind
    return (
        f"sunrise {day.sunrise:%H:%M}, sunset {day.sunset:%H:%M}, "
        f"{_duration(day.daylight_minutes)} daylight"
    )


def _duration(minutes: int) -> str:
    hours, rest = divmod(minutes, 60)
    return f"{hours} h {rest:02d} min"
