"""search(): completion ranked code first, then city names, then airport names."""

from __future__ import annotations

import pytest

from concierge.travel.places.index import PlaceIndex


def codes(places: PlaceIndex, text: str, limit: int = 10) -> list[str]:
    return [p.iata for p in places.search(text, limit)]


def test_exact_code_comes_first(places: PlaceIndex) -> None:
    found = places.search("opo")
    assert found[0].iata == "OPO"
    # The rest are cities with a word starting with "Opo" (Opole, Strzelce Opolskie, …).
    assert all(any(w.startswith("opo") for w in p.city.lower().split()) for p in found[1:])
    assert codes(places, "lis")[0] == "LIS"


def test_code_beats_a_city_named_like_it(places: PlaceIndex) -> None:
    # "par" is the code of Paris-all-airports and the start of Paramaribo.
    found = places.search("par")
    assert found[0].iata == "PAR"
    assert any(p.city == "Paramaribo" for p in found)


@pytest.mark.parametrize(
    ("text", "by_city", "by_airport_name"),
    [
        ("porto", ["OPO", "POA", "PXO", "BPS"], "PBN"),  # PBN: Porto Amboim Airport, Angola
        ("milan", ["MIL", "MXP", "LIN"], "GNT"),  # GNT: Grants-Milan Municipal, New Mexico
    ],
)
def test_city_name_matches_come_before_airport_name_matches(
    places: PlaceIndex, text: str, by_city: list[str], by_airport_name: str
) -> None:
    found = codes(places, text, 100)  # towns of the gazetteer share the list
    assert found[0] == by_city[0]
    assert set(by_city) < set(found)
    assert found.index(by_airport_name) > max(found.index(code) for code in by_city)


def test_sao_paulo_finds_its_airports_without_accents(places: PlaceIndex) -> None:
    for text in ("sao paulo", "São Paulo", "SAO PAULO"):
        found = codes(places, text)
        assert found[0] == "SAO"
        assert {"GRU", "CGH"} <= set(found[:4])


def test_a_multi_airport_city_is_offered_before_its_airports(places: PlaceIndex) -> None:
    found = places.search("london")
    assert found[0].label == "London (LON) — all airports, United Kingdom"
    assert {"LHR", "LGW"} <= {p.iata for p in found[1:6]}


def test_airport_names_are_searched(places: PlaceIndex) -> None:
    assert codes(places, "heathrow") == ["LHR"]
    assert "CDG" in codes(places, "charles de gaulle")


def test_all_words_anywhere_in_the_label(places: PlaceIndex) -> None:
    assert "PDX" in codes(places, "portland oregon")
    assert codes(places, "portland maine")[0] == "PWM"


def test_limit_and_empty_text(places: PlaceIndex) -> None:
    assert len(places.search("a", limit=3)) == 3
    assert places.search("a", limit=0) == []
    assert places.search("   ") == []
    assert places.search("--") == []
    assert places.search("xqzzyv") == []


def test_no_place_is_listed_twice(places: PlaceIndex) -> None:
    for text in ("lon", "ist", "sao", "new york", "l"):
        found = places.search(text, 50)
        assert len({p.label for p in found}) == len(found)
