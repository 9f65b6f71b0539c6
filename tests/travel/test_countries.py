from __future__ import annotations

import pytest

from concierge.travel.countries import COUNTRY_NAMES, country_code, country_name


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
    ],
)
def test_codes_for_typed_names(text: str, code: str) -> None:
    assert country_code(text) == code


def test_unknown_country() -> None:
    assert country_code("Atlantis") is None
    assert country_code("") is None
