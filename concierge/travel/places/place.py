"""One place a trip can go to or from, and the errors that say a text named none or several."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..errors import TravelError
from ..locale.folding import fold
from .countries import country_name
from .geo import Located

PlaceKind = Literal["airport", "city", "town"]


@dataclass(frozen=True, slots=True)
class Place(Located):
    """An airport, a city with several airports (``iata`` its metropolitan code, LON) lying where
    its main airport does, or a town (Kyoto: no code). ``airports``: the codes a trip may use."""

    label: str
    kind: PlaceKind
    iata: str
    name: str
    city: str
    region: str
    icao: str = ""
    airports: tuple[str, ...] = ()

    @classmethod
    def at(
        cls,
        where: Located,
        label: str,
        kind: PlaceKind,
        iata: str,
        names: tuple[str, str, str],
        icao: str = "",
        airports: tuple[str, ...] = (),
    ) -> Place:
        """The place `where` lies, called `names` (its name, city and region)."""
        located = (where.country, where.tz, where.lat, where.lon)
        return cls(*located, label, kind, iata, *names, icao, airports)

    @property
    def country_name(self) -> str:
        return country_name(self.country)

    @property
    def short(self) -> str:
        """Enough to name the place in a sentence, like "Porto (OPO)" or "Kyoto, Japan"."""
        if not self.iata:
            return self.label
        return f"{self.city or self.name} ({self.iata})"

    @property
    def where(self) -> str:
        """The region when it adds something, then the country: "Oregon, United States"."""
        return _where(self.city, self.region, self.country)

    def __str__(self) -> str:
        return self.label


class PlaceError(TravelError):
    """Text that names no single place; ``choices`` are places the person may have meant."""

    def __init__(self, message: str, choices: Sequence[Place] = ()) -> None:
        super().__init__(message)
        self.choices = tuple(choices)


class UnknownPlaceError(PlaceError):
    """Nothing by that name or code; ``choices`` are close spellings."""


class AmbiguousPlaceError(PlaceError):
    """Several different places answer to the text; ``choices`` are the candidates."""


def _where(city: str, region: str, country: str) -> str:
    shown = region_shown(fold(region), fold(city), fold(country_name(country)))
    return f"{region}, {country_name(country)}" if shown else country_name(country)


def region_shown(region: str, city: str, country: str) -> bool:
    """A region adds something unless it is empty or repeats the city or the country."""
    return region not in ("", city, country)
