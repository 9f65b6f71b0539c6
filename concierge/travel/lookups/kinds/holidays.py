"""Public holidays in each stop's country during the trip; national ones only, since a place does
not reliably give its region."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from functools import cache
from types import MappingProxyType
from typing import Any

from concierge.model.values.dates import format_date
from concierge.text import QT_TRANSLATE_NOOP

from ...places.countries import country_name
from ..errors import LookupInputError
from ..parameters import Parameters
from .base import LookupContext
from .per_stop import PerStopResult, StopDays, for_each_stop


@dataclass(frozen=True, slots=True)
class Holiday:
    day: date
    name: str


@dataclass(frozen=True, slots=True)
class HolidaysResult:
    country: str
    start: date
    end: date
    holidays: tuple[Holiday, ...]

    def summary(self) -> str:
        where = country_name(self.country)
        if not self.holidays:
            return f"No public holidays in {where} from {_span(self.start, self.end)}"
        listed = "; ".join(f"{h.day.day} {h.day:%b}: {h.name}" for h in self.holidays[:3])
        more = f"; and {len(self.holidays) - 3} more" if len(self.holidays) > 3 else ""
        count = len(self.holidays)
        noun = "holiday" if count == 1 else "holidays"
        return f"{count} public {noun} in {where} during the trip: {listed}{more}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "country": self.country,
            "country_name": country_name(self.country),
            "start_date": self.start.isoformat(),
            "end_date": self.end.isoformat(),
            "holidays": [{"date": h.day.isoformat(), "name": h.name} for h in self.holidays],
            "scope": "national public holidays only",
        }


def public_holidays(country: str, start: date, end: date) -> HolidaysResult:
    """National public holidays in `country` (ISO 3166 alpha-2) from `start` to `end`."""
    import holidays as holiday_data  # a third of a second: not on start-up's path

    if country not in holiday_data.list_supported_countries():
        raise LookupInputError(
            QT_TRANSLATE_NOOP(
                "Lookup",
                "There is no public-holiday data for {country_name} ({country}); "
                "choose a destination in another country or check its holidays "
                "elsewhere.",
            ).format(country_name=country_name(country), country=country)
        )
    found = sorted(
        (
            Holiday(day, name)
            for year in range(start.year, end.year + 1)
            for day, name in national_holidays(country, year).items()
            if start <= day <= end
        ),
        key=lambda h: (h.day, h.name),
    )
    return HolidaysResult(country, start, end, tuple(found))


@cache
def national_holidays(country: str, year: int) -> Mapping[date, str]:
    """The national public holidays of `country` in `year`, by day, in English where the package
    has it; empty for a country it does not cover. Cached: the plan checks ask at every change."""
    import holidays as holiday_data

    if country not in holiday_data.list_supported_countries():
        return {}
    supported = holiday_data.country_holidays(country).supported_languages
    language = "en_US" if "en_US" in supported else None
    calendar = holiday_data.country_holidays(country, years=year, language=language)
    return MappingProxyType(dict(sorted(calendar.items())))


def run(params: Parameters, ctx: LookupContext) -> PerStopResult:
    return for_each_stop(params, ctx, _at_stop)


def _at_stop(stop: StopDays, ctx: LookupContext) -> HolidaysResult:
    ctx.progress.report(0.3, f"Reading the holiday calendar of {stop.place.country_name}")
    return public_holidays(stop.place.country, *stop.days())


def _span(start: date, end: date) -> str:
    return format_date(start) if start == end else f"{format_date(start)} to {format_date(end)}"
