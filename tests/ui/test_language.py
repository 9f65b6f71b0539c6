"""The window's language: Qt's translations and ours, chosen from the system or the setting,
with messages from the store shown translated and their dates in the locale's words."""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace
from typing import cast

from PySide6.QtWidgets import QDialogButtonBox, QWidget

from concierge.store.records import TripRecord
from concierge.store.validation import trip_problem
from concierge.text import Message
from concierge.travel.locale.app_locale import app_locale
from concierge.travel.money.currencies import format_money
from concierge.ui.i18n import (
    available_languages,
    choose_language,
    current_language,
    install_language,
    shown,
    shown_date,
)


def backwards_trip_problem() -> str:
    dates = SimpleNamespace(start_date=date(2026, 5, 14), end_date=date(2026, 5, 2))
    problem = trip_problem(cast(TripRecord, dates))
    assert problem is not None
    return problem


def test_the_store_writes_its_message_in_english_for_the_model() -> None:
    problem = backwards_trip_problem()
    assert isinstance(problem, Message)
    assert problem == "The end date (2 May 2026) is before the start date (14 May 2026)."
    assert shown(problem) == problem


def test_portuguese_translates_the_message_and_writes_its_dates_in_portuguese(
    portuguese: None,
) -> None:
    assert current_language() == "pt_BR"
    assert shown(backwards_trip_problem()) == (
        "A data de término (2 de mai. de 2026) é anterior à data de início (14 de mai. de 2026)."
    )
    assert shown_date(date(2026, 12, 25)) == "25 de dez. de 2026"


def test_portuguese_loads_qts_own_translations(portuguese: None) -> None:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    button = buttons.button(QDialogButtonBox.StandardButton.Cancel)
    assert button.text().replace("&", "") == "Cancelar"


def test_portuguese_formats_money_the_portuguese_way(portuguese: None) -> None:
    from decimal import Decimal

    assert app_locale() == "pt_BR"
    assert format_money(Decimal("1234.5"), "EUR").replace("\xa0", " ") == "1.234,50 EUR"


def test_english_is_back_after_switching(qapp: QWidget) -> None:
    install_language("pt_BR")
    install_language("en")
    assert current_language() == "en"
    assert app_locale() == "en"
    assert shown(backwards_trip_problem()).startswith("The end date (2 May 2026)")


def test_the_language_follows_the_setting_then_the_system() -> None:
    assert [language.code for language in available_languages()] == ["en", "pt_BR"]
    assert choose_language("pt_BR", ["de-DE"]) == "pt_BR"
    assert choose_language("", ["pt-BR", "en-US"]) == "pt_BR"
    assert choose_language("", ["pt-PT"]) == "pt_BR"
    assert choose_language("", ["de-DE", "fr"]) == "en"
    assert choose_language("xx", ["en-GB"]) == "en"
