"""The budget amount as typed and as stored: exact decimals, never floats."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import QRegularExpression

from concierge.model.values import AmountError, editable_amount, read_amount
from concierge.store import InvalidChangeError
from concierge.text import QT_TRANSLATE_NOOP
from concierge.travel.money.currencies import CURRENCIES, quantize_money
from concierge.ui.i18n import number_locale

AMOUNT_PATTERN = QRegularExpression(r"\d{0,12}([.,]\d{0,4})?")
"""What the amount field lets through: digits with one decimal point or comma."""


def budget_changes(text: str, currency: str) -> dict[str, object]:
    """The budget as the store takes it: a Decimal with the currency's decimals, or None.
    "12,5" means 12.50 for EUR; "12.345 EUR" is refused, not rounded."""
    typed = text.strip()
    if not typed:
        return {"budget_amount": None}
    try:  # The field lets no grouping through: its one mark is the decimal point.
        read = read_amount(typed, number_locale(), decimal_mark="," if "," in typed else ".")
        amount = read.value
    except AmountError:
        raise InvalidChangeError(
            "budget_amount",
            QT_TRANSLATE_NOOP("TripFields", "Budget must be an amount such as 1234.50."),
        ) from None
    if currency in CURRENCIES:
        amount = quantize_money(amount, currency, exact=True)
    return {"budget_amount": amount}


def amount_text(amount: Decimal | None, currency: str) -> str:
    """A stored amount as the field shows it: the currency's decimals, plain digits for
    editing, and the locale's decimal point ("5200,00" in Portuguese), which reads back."""
    if amount is None:
        return ""
    if currency in CURRENCIES and amount.is_finite():
        amount = quantize_money(amount, currency)
    return editable_amount(amount, number_locale())
