"""The budget amount as typed and as stored: exact decimals, never floats."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from PySide6.QtCore import QRegularExpression

from concierge.store import InvalidChangeError
from concierge.travel.currencies import CURRENCIES, quantize_money

AMOUNT_PATTERN = QRegularExpression(r"\d{0,12}([.,]\d{0,4})?")
"""What the amount field lets through: digits with one decimal point or comma."""


def budget_changes(text: str, currency: str) -> dict[str, object]:
    """The budget as the store takes it: a Decimal with the currency's decimals, or None.

    "12,5" means 12.50 for EUR; "12.345 EUR" is refused, not rounded.
    """
    typed = text.strip().replace(",", ".")
    if not typed:
        return {"budget_amount": None}
    try:
        amount = Decimal(typed)
    except InvalidOperation:
        raise InvalidChangeError(
            "budget_amount", "Budget must be an amount such as 1234.50."
        ) from None
    if currency in CURRENCIES:
        amount = quantize_money(amount, currency, exact=True)
    return {"budget_amount": amount}


def amount_text(amount: Decimal | None) -> str:
    """A stored amount as the field shows it: plain digits, no exponent ("1E+3" → "1000")."""
    return "" if amount is None else f"{amount:f}"
