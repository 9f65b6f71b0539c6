"""What each kind's fields are called, and an item's cost as text: the table of kinds
(`concierge.model.kinds`) with the store's field labels."""

from __future__ import annotations

from decimal import Decimal

from concierge.model.kinds import COMMON_DETAILS, ITEM_KINDS
from concierge.store import ItemKind, ItineraryItemRecord
from concierge.store.validation import ITEM_RULES

from ..money.currencies import CurrencyError, format_money

DETAIL_FIELDS = (*ITEM_KINDS.details(), *COMMON_DETAILS)
"""Every detail field: those only some kinds ask for, then those every kind can carry."""


def field_label(kind: ItemKind, field: str) -> str:
    """A field's label for this kind: a car's From is its pick-up, a hotel's start time
    its check-in."""
    return kind.spec.field_label(field) or ITEM_RULES[field].label


def cost_text(item: ItineraryItemRecord) -> str:
    """The item's cost as "812.40 EUR", or empty without one."""
    return money_text(item.cost_amount, item.cost_currency)


def money_text(amount: Decimal | None, currency: str | None) -> str:
    if amount is None:
        return ""
    if currency is None:
        return str(amount)
    try:
        return format_money(amount, currency)
    except CurrencyError:
        return f"{amount} {currency}"
