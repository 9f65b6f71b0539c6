"""The kinds of lookup, each a pure function on data installed with the app (except `weather`), and
their registry."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from concierge.text import QT_TRANSLATE_NOOP

from . import currency, daylight, flights, holidays, time_difference, weather
from .base import LookupContext, LookupKind, LookupResult, Runner

PER_STOP = ("stops", "stop", "destination", "start_date", "end_date")
"""What a kind run for each stop reads (see `per_stop`)."""

KINDS: Mapping[str, LookupKind] = MappingProxyType(
    {
        kind.name: kind
        for kind in (
            LookupKind(
                name="flights",
                title=QT_TRANSLATE_NOOP("Lookup", "Flights"),
                description=QT_TRANSLATE_NOOP(
                    "Lookup",
                    "airports serving home and the first stop, great-circle "
                    "distance and estimated flight time",
                ),
                uses=("origin", "destination"),
                run=flights.run,
            ),
            LookupKind(
                name="holidays",
                title=QT_TRANSLATE_NOOP("Lookup", "Public holidays"),
                description=QT_TRANSLATE_NOOP(
                    "Lookup", "public holidays in each stop's country while there"
                ),
                uses=PER_STOP,
                run=holidays.run,
            ),
            LookupKind(
                name="currency",
                title=QT_TRANSLATE_NOOP("Lookup", "Budget conversion"),
                description=QT_TRANSLATE_NOOP(
                    "Lookup",
                    "the budget converted at the European Central Bank's latest "
                    "shipped rate, with the rate's date (needs to_currency)",
                ),
                uses=("amount", "currency", "to_currency"),
                run=currency.run,
            ),
            LookupKind(
                name="time_difference",
                title=QT_TRANSLATE_NOOP("Lookup", "Time difference"),
                description=QT_TRANSLATE_NOOP(
                    "Lookup", "time difference between home and each stop, local time there"
                ),
                uses=("origin", *PER_STOP, "at"),
                run=time_difference.run,
            ),
            LookupKind(
                name="daylight",
                title=QT_TRANSLATE_NOOP("Lookup", "Sunrise and sunset"),
                description=QT_TRANSLATE_NOOP(
                    "Lookup", "sunrise, sunset and daylight at each stop for its days"
                ),
                uses=PER_STOP,
                run=daylight.run,
            ),
            LookupKind(
                name="weather",
                title=QT_TRANSLATE_NOOP("Lookup", "Weather forecast"),
                description=QT_TRANSLATE_NOOP(
                    "Lookup",
                    "daily weather forecast at each stop for its days within "
                    "16 days (online: only when weather forecasts are on in Settings)",
                ),
                uses=PER_STOP,
                run=weather.run,
                online=True,
            ),
        )
    }
)
"""Every lookup kind by name, in the order they are offered. Flights go from home to the
first stop; the others run for each stop of the route ("stop" picks one) or for an explicit
"destination"."""

__all__ = ["KINDS", "LookupContext", "LookupKind", "LookupResult", "Runner"]
