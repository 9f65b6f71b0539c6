"""The kinds of lookup, each a pure function on real data installed with the app (except
`weather`, which asks an online service when Settings allow it), and the registry the
service and the assistant's tools choose from by name."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from . import currency, daylight, flights, holidays, time_difference, weather
from .base import LookupContext, LookupKind, LookupResult, Runner

KINDS: Mapping[str, LookupKind] = MappingProxyType(
    {
        kind.name: kind
        for kind in (
            LookupKind(
                name="flights",
                title="Flights",
                description="airports serving origin and a stop (default: the first), "
                "great-circle distance and estimated flight time",
                uses=("origin", "destination"),
                run=flights.run,
            ),
            LookupKind(
                name="holidays",
                title="Public holidays",
                description="public holidays in a stop's country during the trip",
                uses=("destination", "start_date", "end_date"),
                run=holidays.run,
            ),
            LookupKind(
                name="currency",
                title="Budget conversion",
                description="the budget converted at the European Central Bank's latest "
                "shipped rate, with the rate's date (needs to_currency)",
                uses=("amount", "currency", "to_currency"),
                run=currency.run,
            ),
            LookupKind(
                name="time_difference",
                title="Time difference",
                description="time difference between origin and a stop and the local time "
                "at the stop",
                uses=("origin", "destination", "start_date", "at"),
                run=time_difference.run,
            ),
            LookupKind(
                name="daylight",
                title="Sunrise and sunset",
                description="sunrise, sunset and daylight at a stop for each trip day",
                uses=("destination", "start_date", "end_date"),
                run=daylight.run,
            ),
            LookupKind(
                name="weather",
                title="Weather forecast",
                description="daily weather forecast at a stop for the trip days within "
                "16 days (online: only when weather forecasts are on in Settings)",
                uses=("destination", "start_date", "end_date"),
                run=weather.run,
                online=True,
            ),
        )
    }
)
"""Every lookup kind by name, in the order they are offered. The place they look up is the
parameter "destination": by default the trip's stop on its first day, or its first stop."""

__all__ = ["KINDS", "LookupContext", "LookupKind", "LookupResult", "Runner"]
