"""The app's locale, and that start-up reads no locale data."""

from __future__ import annotations

import pytest

from concierge.travel.locale.app_locale import DEFAULT_LOCALE, app_locale, set_app_locale
from tests.test_startup_imports import loads


def test_the_locale_set_is_the_one_read(portuguese: None) -> None:
    assert app_locale() == "pt"


def test_default_is_english() -> None:
    assert app_locale() == DEFAULT_LOCALE == "en"


@pytest.mark.parametrize(
    ("tag", "normal"), [("pt-PT", "pt_PT"), (" pt_BR ", "pt_BR"), ("en", "en")]
)
def test_tags_are_normalised(tag: str, normal: str) -> None:
    try:
        assert set_app_locale(tag) == normal
        assert app_locale() == normal
    finally:
        set_app_locale(DEFAULT_LOCALE)


@pytest.mark.parametrize("tag", ["xx", "", "pt_XX_YY_ZZ", "not a locale"])
def test_unknown_locales_are_refused_and_change_nothing(tag: str) -> None:
    with pytest.raises(ValueError, match=r"Unknown locale .*; use a language code such as en"):
        set_app_locale(tag)
    assert app_locale() == DEFAULT_LOCALE


def test_start_up_reads_no_locale_data() -> None:
    """Babel and its data load when a name or an amount is first shown, not on import."""
    modules = (
        "concierge.store",
        "concierge.travel.money.currencies",
        "concierge.travel.places.countries",
        "concierge.ui.main_window",
    )
    assert not loads(", ".join(modules), "babel")
