"""resolve(): codes, city names and labels give one place; anything else a clear error."""

from __future__ import annotations

import pytest

from concierge.travel.errors import TravelError
from concierge.travel.places.index import (
    AmbiguousPlaceError,
    PlaceError,
    PlaceIndex,
    UnknownPlaceError,
)


def test_lis_is_lisbon_in_its_time_zone(places: PlaceIndex) -> None:
    lisbon = places.resolve("LIS")
    assert (lisbon.kind, lisbon.iata, lisbon.city) == ("airport", "LIS", "Lisbon")
    assert (lisbon.country, lisbon.country_name, lisbon.tz) == ("PT", "Portugal", "Europe/Lisbon")
    assert lisbon.icao == "LPPT"
    assert lisbon.label == "Lisbon (LIS) — Lisbon Portela Airport, Portugal"
    assert 38.7 < lisbon.lat < 38.8 and -9.2 < lisbon.lon < -9.1


@pytest.mark.parametrize("text", ["porto", "Porto", "  PORTO ", "opo", "OPO", "LPPR", "Porto, PT"])
def test_porto_resolves_to_opo(places: PlaceIndex, text: str) -> None:
    assert places.resolve(text).iata == "OPO"


def test_a_completion_label_resolves_to_its_place(places: PlaceIndex) -> None:
    for place in places.search("sao paulo"):
        assert places.resolve(place.label) == place


def test_a_city_with_several_airports_resolves_to_the_city(places: PlaceIndex) -> None:
    london = places.resolve("London")
    assert (london.kind, london.iata, london.tz) == ("city", "LON", "Europe/London")
    assert {"LHR", "LGW", "STN", "LTN", "LCY"} <= set(london.airports)
    assert london.label == "London (LON) — all airports, United Kingdom"
    assert places.resolve("lon") == london


def test_sao_paulo_without_accents(places: PlaceIndex) -> None:
    assert places.resolve("sao paulo") == places.resolve("São Paulo")
    assert places.resolve("sao paulo").iata == "SAO"


def test_english_names_find_airports_filed_under_local_names(places: PlaceIndex) -> None:
    assert places.resolve("Venice").iata == "VCE"  # the data says "Venezia"
    assert places.resolve("Venezia").iata == "VCE"
    assert places.resolve("Venice").city == "Venice"
    assert places.resolve("Vancouver").iata == "YVR"  # the data says "Richmond"
    assert places.resolve("Lisboa").iata == "LIS"


def test_namesakes_far_apart_are_ambiguous_and_say_how_to_choose(places: PlaceIndex) -> None:
    with pytest.raises(AmbiguousPlaceError) as caught:
        places.resolve("Birmingham")
    assert {p.iata for p in caught.value.choices} == {"BHX", "BHM"}
    message = str(caught.value)
    assert "Birmingham (BHX), England, United Kingdom" in message
    assert "Birmingham (BHM), Alabama, United States" in message
    assert "Say which" in message


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Birmingham, UK", "BHX"),
        ("Birmingham, United Kingdom", "BHX"),
        ("Birmingham, England", "BHX"),
        ("Birmingham, Alabama", "BHM"),
        ("Portland, Oregon", "PDX"),
        ("Portland, Maine", "PWM"),
        ("London, Ontario", "YXU"),
        ("Florence, Italy", "FLR"),
    ],
)
def test_a_region_or_country_after_a_comma_settles_it(
    places: PlaceIndex, text: str, code: str
) -> None:
    assert places.resolve(text).iata == code


def test_the_ambiguity_hint_itself_resolves(places: PlaceIndex) -> None:
    with pytest.raises(AmbiguousPlaceError) as caught:
        places.resolve("Portland")
    assert "'Portland, Oregon'" in str(caught.value)
    assert places.resolve("Portland, Oregon").iata == "PDX"


def test_within_one_place_the_main_airport_is_chosen(places: PlaceIndex) -> None:
    assert places.resolve("Sydney").iata == "SYD"  # not Bankstown, nor Sydney, Nova Scotia
    assert places.resolve("Seattle").iata == "SEA"  # not Boeing Field


def test_a_distinctive_airport_name_resolves(places: PlaceIndex) -> None:
    assert places.resolve("Heathrow").iata == "LHR"
    assert places.resolve("Charles de Gaulle").iata == "CDG"


def test_a_lower_case_code_that_also_names_another_city_is_ambiguous(places: PlaceIndex) -> None:
    # "Hue" is the city in Vietnam (HUI) and the code of Humera, Ethiopia (HUE).
    with pytest.raises(AmbiguousPlaceError) as caught:
        places.resolve("Hue")
    assert {p.iata for p in caught.value.choices} == {"HUE", "HUI"}
    assert places.resolve("HUE").city == "Humera"


def test_unknown_place_suggests_close_spellings(places: PlaceIndex) -> None:
    with pytest.raises(UnknownPlaceError) as caught:
        places.resolve("Portoo")
    assert str(caught.value).startswith(
        "No airport or city called 'Portoo'. Did you mean Porto (OPO)"
    )
    assert caught.value.choices[0].iata == "OPO"


def test_wrong_country_suggests_where_the_city_is(places: PlaceIndex) -> None:
    with pytest.raises(UnknownPlaceError, match=r"Did you mean Porto \(OPO\)\?"):
        places.resolve("Porto, Spain")


def test_nothing_close_says_so_plainly(places: PlaceIndex) -> None:
    with pytest.raises(UnknownPlaceError) as caught:
        places.resolve("Xqzzyv")
    assert str(caught.value) == "No airport or city called 'Xqzzyv'."
    assert caught.value.choices == ()


def test_blank_text_asks_for_a_place(places: PlaceIndex) -> None:
    with pytest.raises(UnknownPlaceError, match="Give an airport code or a city name"):
        places.resolve("   ")


def test_place_errors_are_travel_errors() -> None:
    """Front-ends catch the domain's refusals by its root, not by `ValueError`."""
    assert issubclass(PlaceError, TravelError)
    assert issubclass(UnknownPlaceError, PlaceError)
    assert issubclass(AmbiguousPlaceError, PlaceError)
