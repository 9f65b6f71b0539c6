"""Flights between two places: the airports, the distance, and a block time of 30 minutes plus the
distance at 800 km/h, rounded to 5 minutes: "about how long", not enough for connections."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from math import floor
from typing import Any

from concierge.text import QT_TRANSLATE_NOOP

from ...places.geo import distance_km
from ...places.index import PlaceIndex
from ...places.place import Place, PlaceError
from .. import parameters
from ..errors import LookupInputError
from ..parameters import Parameters
from .base import LookupContext

OVERHEAD_MINUTES = 30
CRUISE_KMH = 800.0
ROUND_TO_MINUTES = 5


def estimated_minutes(distance: float) -> int:
    """Block time in minutes for a great-circle `distance` in km."""
    minutes = OVERHEAD_MINUTES + distance / CRUISE_KMH * 60
    return ROUND_TO_MINUTES * floor(minutes / ROUND_TO_MINUTES + 0.5)  # halves round up


@dataclass(frozen=True, slots=True)
class Airport:
    iata: str
    name: str
    city: str
    country: str
    tz: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class FlightEstimate:
    origin: str
    destination: str
    origin_airports: tuple[Airport, ...]
    destination_airports: tuple[Airport, ...]
    distance_km: float
    minutes: int
    leg: str | None = None
    """Which leg of the route this is, when taken from the trip ("home to the first stop")."""

    def summary(self) -> str:
        hours, minutes = divmod(self.minutes, 60)
        leg = f" ({self.leg})" if self.leg else ""
        return (
            f"{self.origin} → {self.destination}{leg}: {self.distance_km:,.0f} km "
            f"great-circle, about {hours} h {minutes:02d} min flying"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            **({"leg": self.leg} if self.leg else {}),
            "origin": self.origin,
            "destination": self.destination,
            "origin_airports": [a.to_dict() for a in self.origin_airports],
            "destination_airports": [a.to_dict() for a in self.destination_airports],
            "distance_km": round(self.distance_km, 1),
            "estimated_minutes": self.minutes,
            "formula": (
                f"{OVERHEAD_MINUTES} min taxi/climb/descent + distance / {CRUISE_KMH:g} km/h, "
                f"rounded to {ROUND_TO_MINUTES} min"
            ),
        }


def flight_estimate(places: PlaceIndex, origin: Place, destination: Place) -> FlightEstimate:
    if origin.label == destination.label or set(origin.airports) & set(destination.airports):
        raise LookupInputError(
            QT_TRANSLATE_NOOP(
                "Lookup",
                "The origin and the destination are both {short}; set a different destination.",
            ).format(short=destination.short)
        )
    distance = distance_km(origin.lat, origin.lon, destination.lat, destination.lon)
    return FlightEstimate(
        origin=origin.short,
        destination=destination.short,
        origin_airports=_airports(places, origin),
        destination_airports=_airports(places, destination),
        distance_km=distance,
        minutes=estimated_minutes(distance),
    )


def _airports(places: PlaceIndex, place: Place) -> tuple[Airport, ...]:
    """The airports serving `place`: a city's member airports, the airport itself, or the
    notable airports near a town."""
    if place.kind == "town":
        near = places.airports_near(place)
        return tuple(Airport(a.iata, a.name, a.city, a.country, a.tz) for a in near)
    found: list[Airport] = []
    for code in place.airports:
        try:
            airport = places.resolve(code)
        except PlaceError:
            continue
        found.append(Airport(code, airport.name, airport.city, airport.country, airport.tz))
    return tuple(found)


def run(params: Parameters, ctx: LookupContext) -> FlightEstimate:
    ctx.progress.report(0.1, "Finding airports")
    origin = parameters.place(ctx.places, params, "origin", "origin")
    destination = parameters.stop_place(ctx.places, params)
    ctx.progress.report(0.6, "Measuring the distance")
    estimate = flight_estimate(ctx.places, origin, destination)
    if "destination" in params.get("from_trip", ()):
        return replace(estimate, leg="home to the first stop")
    return estimate
