"""The one date reader and its writers: ISO, the English forms, month names in the window's
language, and each locale's numeric form read in its own order."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from concierge.model.values import (
    DateTextError,
    date_pattern_of,
    format_date,
    numeric_date,
    read_date,
    read_typed_date,
    short_date,
    short_pattern,
)

LOCALES = ("en", "de", "pt_BR", "fr")
days = st.dates(min_value=date(1900, 1, 1), max_value=date(2199, 12, 31))


@given(day=days, locale=st.sampled_from(LOCALES))
def test_every_writer_reads_back_in_every_locale(day: date, locale: str) -> None:
    assert read_date(format_date(day), locale) == day
    assert read_date(short_date(day), locale) == day
    assert read_date(day.isoformat(), locale) == day
    assert read_typed_date(numeric_date(day, locale), short_pattern(locale), locale) == day


@pytest.mark.parametrize(
    ("text", "locale"),
    [
        ("14. Mai 2026", "de"),
        ("14 März 2026", "de"),
        ("14 de maio de 2026", "pt_BR"),
        ("14 mai 2026", "fr"),
        ("14 May 2026", "fr"),
        ("Thu 14 May 2026", None),
    ],
)
def test_month_names_in_english_and_the_windows_language(text: str, locale: str | None) -> None:
    expected = date(2026, 3, 14) if "März" in text else date(2026, 5, 14)
    assert read_date(text, locale) == expected


def test_a_month_name_of_another_language_is_named_as_such() -> None:
    with pytest.raises(DateTextError, match="'maio' is not an English month name"):
        read_date("14 maio 2026")
    with pytest.raises(DateTextError, match="'maggio' is not a month name in English or German"):
        read_date("14 maggio 2026", "de")


def test_the_locales_short_patterns() -> None:
    assert [short_pattern(locale) for locale in LOCALES] == [
        "M/d/yyyy",
        "dd.MM.yyyy",
        "dd/MM/yyyy",
        "dd/MM/yyyy",
    ]
    assert numeric_date(date(2026, 5, 14), "de") == "14.05.2026"


def test_a_column_shows_its_date_order() -> None:
    assert date_pattern_of(["05.06.2026", "14.05.2026"]) == "dd.MM.yyyy"
    assert date_pattern_of(["05/14/2026"]) == "MM/dd/yyyy"
    assert date_pattern_of(["05/06/2026", "2026-05-14"]) is None
    assert date_pattern_of(["14/05/2026", "05/14/2026"]) is None
