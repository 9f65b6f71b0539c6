"""The ``airportsdata`` package read into plain records, its quirks smoothed over, kept apart
so that what comes from the package is visible in one place. Reading takes a few tenths of
a second: call it off the GUI thread."""

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
    """IATA's multi-airport cities with two or more known airports. Their country and zone come
    from the members: the package's own country is wrong for some (St Lucia as Sierra Leone)."""
    areas = []
    for code, area in sorted(airportsdata.load_iata_macs().items()):
        members = tuple(sorted(c for c in area["airports"] if c in airports))
        if len(members) >= 2:
            areas.append(MetroArea(code=code, name=area["name"].strip(), airports=members))
    return areas
