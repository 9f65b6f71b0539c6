"""The budget currency: an editable list of ISO 4217 codes with their names. Other text
is passed on as typed, so the trip editor can say what is wrong with it."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QCompleter, QWidget

from concierge.travel.money.currencies import CURRENCIES
from concierge.ui.i18n import ENGLISH, current_language

from .click_through import ClickThrough

_SEPARATOR = " — "
_CODE = re.compile(r"[A-Za-z]{3}")
_SHOWN_LETTERS = 16


def currency_text(code: str) -> str:
    """ "USD — US Dollar"; the name in the person's language ("Dólar americano")."""
    known = CURRENCIES.get(code)
    if known is None:
        return code
    return f"{code}{_SEPARATOR}{currency_name(code, known.name)}"


def currency_name(code: str, english: str) -> str:
    if current_language() == ENGLISH:
        return english
    from babel.numbers import get_currency_name

    from concierge.travel.locale.app_locale import app_locale

    return get_currency_name(code, locale=app_locale()) or english


def code_of(text: str) -> str:
    """The code the person means by `text`: its first part, upper-cased, when it is three
    letters; otherwise the text itself, for validation to explain."""
    head = text.split(_SEPARATOR.strip(), 1)[0].strip()
    return head.upper() if _CODE.fullmatch(head) else text.strip()


class CurrencyCombo(QComboBox):
    """`left` when a click outside the open completion list left the field."""

    left = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setEditable(True)
        self.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        # As wide as a short name needs, not the longest ("BAM — Bosnia-Herzegovina …").
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(_SHOWN_LETTERS)
        for code in CURRENCIES:
            self.addItem(currency_text(code), code)
        completer = QCompleter(self.model(), self)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.setCompleter(completer)
        ClickThrough(completer).dismissed.connect(self.left)

    def code(self) -> str:
        return code_of(self.currentText())

    def set_code(self, code: str) -> None:
        index = self.findData(code)
        if index >= 0:
            self.setCurrentIndex(index)
        self.setEditText(currency_text(code))
