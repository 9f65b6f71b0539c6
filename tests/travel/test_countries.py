"""Country codes and names from the CLDR data, read back from what people type."""

from __future__ import annotations

import pytest
from babel import Locale

from concierge.travel.places.countries import COUNTRY_NAMES, country_code, country_name, is_country


def test_names_for_codes() -> None:
    assert country_name("PT") == "Portugal"
    assert country_name("gb") == "United Kingdom"
    assert country_name("XK") == "Kosovo"
    assert country_name("ZZ") == "ZZ"
    assert len(COUNTRY_NAMES) == 250


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Portugal", "PT"),
        ("portugal", "PT"),
        ("pt", "PT"),
        ("UK", "GB"),
        ("Great Britain", "GB"),
        ("USA", "US"),
        ("Türkiye", "TR"),
        ("Turkey", "TR"),
        ("turkiye", "TR"),
        ("Côte d'Ivoire", "CI"),
        ("cote divoire", "CI"),
        ("Ivory Coast", "CI"),
        ("Czech Republic", "CZ"),
        ("Saint Kitts and Nevis", "KN"),
        ("St. Kitts & Nevis", "KN"),
        ("Bosnia and Herzegovina", "BA"),
        ("Hong Kong", "HK"),
        ("DR Congo", "CD"),
        ("Congo - Brazzaville", "CG"),
        ("The Gambia", "GM"),
    ],
)
def test_codes_for_typed_names(text: str, code: str) -> None:
    assert country_code(text) == code


def test_unknown_country() -> None:
    assert country_code("Atlantis") is None
    assert country_code("") is None


def test_every_name_is_cldrs_and_reads_back_to_its_code() -> None:
    english = Locale.parse("en").territories
    for code, name in COUNTRY_NAMES.items():
        assert name == english[code]
        assert country_code(name) == code, name


def test_countries_only_no_groupings_or_reserved_codes() -> None:
    assert is_country("XK")
    assert all(is_country(code) for code in COUNTRY_NAMES)
    reserved = {"EU", "EZ", "UN", "ZZ", "QO", "XA", "XB", "AC", "IC", "EA", "TA", "DG", "CP"}
    assert not reserved & set(COUNTRY_NAMES)
    assert not any(is_country(code) for code in ("001", "150", "pt", "P1", "PRT", ""))


def test_names_in_portuguese(portuguese: None) -> None:
    assert country_name("DE") == "Alemanha"
    assert country_name("GB") == "Reino Unido"
    assert country_name("DE", "en") == "Germany"
    assert country_name("DE", "pt_PT") == "Alemanha"
    portuguese_names = Locale.parse("pt").territories
    for code, name in COUNTRY_NAMES.items():
        assert name == portuguese_names[code]
        assert country_code(name) == code, name


def test_portuguese_and_english_names_are_both_read(portuguese: None) -> None:
    assert country_code("Alemanha") == "DE"
    assert country_code("Germany") == "DE"
    assert country_code("Japão") == "JP"
    assert country_code("UK") == "GB"


def test_portuguese_names_are_not_read_while_the_app_is_in_english() -> None:
    assert country_code("Alemanha") is None
