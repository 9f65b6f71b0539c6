"""The ``airportsdata`` package read into plain records, with its quirks smoothed over.

Kept apart from the index so that what comes from the package (airports with an IATA code,
and IATA's multi-airport cities such as LON = Heathrow, Gatwick, …) is visible in one place.
Reading parses the package's CSV files, a few tenths of a second: call it off the GUI thread.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import airportsdata

from .geo import Located


@dataclass(frozen=True, slots=True)
class Airport(Located):
    """One airport as the package describes it; ``region`` is its state or province."""

    iata: str
    icao: str
    name: str
    city: str
    region: str


@dataclass(frozen=True, slots=True)
class MetroArea:
    """An IATA metropolitan code covering several airports ("NYC": JFK, LGA)."""

    code: str
    name: str
    airports: tuple[str, ...]


def read_airports() -> dict[str, Airport]:
    """Every airport with an IATA code, by that code."""
    return {
        code: Airport(
            iata=code,
            icao=row["icao"].strip(),
            name=row["name"].strip(),
            city=row["city"].strip(),
            region=row["subd"].strip(),
            country=row["country"].strip().upper(),
            tz=row["tz"].strip(),
            lat=float(row["lat"]),
            lon=float(row["lon"]),
        )
        for code, row in airportsdata.load("IATA").items()
    }


def read_metro_areas(airports: Mapping[str, Airport]) -> list[MetroArea]:
    """IATA's multi-airport cities, keeping only those with two or more known airports.

    The package's own country for a metro area is not used (it has St Lucia as "SL",
    Sierra Leone); callers take country and zone from the member airports instead.
    """
    areas = []
    for code, area in sorted(airportsdata.load_iata_macs().items()):
        members = tuple(sorted(c for c in area["airports"] if c in airports))
        if len(members) >= 2:
            areas.append(MetroArea(code=code, name=area["name"].strip(), airports=members))
    return areas
