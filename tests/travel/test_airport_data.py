"""The real airport data, as the index reads it, is usable everywhere the app needs it."""

from __future__ import annotations

from importlib.resources import files
from zoneinfo import ZoneInfo

import pytest

from concierge.travel.locale.folding import fold
from concierge.travel.places.airports import read_airports, read_metro_areas
from concierge.travel.places.countries import COUNTRY_NAMES
from concierge.travel.places.index import PlaceIndex
from concierge.travel.places.main_airports import MAIN_AIRPORTS


def test_thousands_of_airports_with_codes_zones_and_countries() -> None:
    airports = read_airports()
    assert len(airports) > 7000
    assert all(len(code) == 3 and code.isupper() for code in airports)
    assert all(a.tz and a.country for a in airports.values())


def test_every_time_zone_is_known_to_zoneinfo() -> None:
    for zone in {a.tz for a in read_airports().values()}:
        ZoneInfo(zone)


def test_every_country_has_an_english_name() -> None:
    missing = {a.country for a in read_airports().values()} - set(COUNTRY_NAMES)
    assert missing == set()


def test_country_table_covers_tzdata_iso3166() -> None:
    table = files("tzdata.zoneinfo").joinpath("iso3166.tab").read_text(encoding="utf-8")
    codes = {line.split("\t")[0] for line in table.splitlines() if line and line[0] != "#"}
    assert len(codes) > 240
    assert codes - set(COUNTRY_NAMES) == set()


def test_metro_areas_have_known_member_airports() -> None:
    airports = read_airports()
    areas = {area.code: area for area in read_metro_areas(airports)}
    assert {"LHR", "LGW", "STN", "LTN", "LCY"} <= set(areas["LON"].airports)
    for area in areas.values():
        assert len(area.airports) >= 2
        assert set(area.airports) <= set(airports)


@pytest.mark.parametrize(("code", "names"), sorted(MAIN_AIRPORTS.items()))
def test_main_airports_resolve_by_each_of_their_names(
    places: PlaceIndex, code: str, names: tuple[str, ...]
) -> None:
    place = places.resolve(code)
    assert place.city == names[0]
    for name in names:
        resolved = places.resolve(name)
        # A multi-airport city may answer instead of its main airport.
        assert code in resolved.airports, (name, resolved.label)


def test_labels_are_unique(places: PlaceIndex) -> None:
    labels = [p.label for p in places.search("a", 100_000)]
    assert len(labels) > 7000
    assert len({fold(label) for label in labels}) == len(labels)
