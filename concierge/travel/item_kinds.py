"""What each kind of itinerary item is called and which details it asks for: one table for
the editor, the itinerary rows and the assistant's view."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from concierge.store import ItemKind, ItineraryItemRecord
from concierge.store.validation import ITEM_RULES
from concierge.text import QT_TRANSLATE_NOOP

from .currencies import CurrencyError, format_money

KIND_LABELS: Mapping[ItemKind, str] = {
    ItemKind.FLIGHT: QT_TRANSLATE_NOOP("ItemKind", "Flight"),
    ItemKind.TRAIN: QT_TRANSLATE_NOOP("ItemKind", "Train"),
    ItemKind.BUS: QT_TRANSLATE_NOOP("ItemKind", "Bus"),
    ItemKind.CAR: QT_TRANSLATE_NOOP("ItemKind", "Car"),
    ItemKind.FERRY: QT_TRANSLATE_NOOP("ItemKind", "Ferry"),
    ItemKind.LODGING: QT_TRANSLATE_NOOP("ItemKind", "Lodging"),
    ItemKind.ACTIVITY: QT_TRANSLATE_NOOP("ItemKind", "Activity"),
    ItemKind.MEAL: QT_TRANSLATE_NOOP("ItemKind", "Meal"),
    ItemKind.NOTE: QT_TRANSLATE_NOOP("ItemKind", "Note"),
}

TRANSPORT = frozenset({ItemKind.FLIGHT, ItemKind.TRAIN, ItemKind.BUS, ItemKind.FERRY})

COMMON_DETAILS = ("confirmation_code", "provider", "address", "link")
"""Details every kind can carry (besides the cost)."""

TRANSPORT_DETAILS = ("carrier", "service_number", "from_place", "to_place", "seat")
_CAR_DETAILS = ("from_place", "to_place")
VISIT_DETAILS = ("hours",)
"""Details of a place one visits: its opening hours."""


def kind_details(kind: ItemKind) -> tuple[str, ...]:
    """The details only this kind asks for, in the editor's order."""
    if kind in TRANSPORT:
        return TRANSPORT_DETAILS
    if kind is ItemKind.CAR:
        return _CAR_DETAILS
    if kind in (ItemKind.ACTIVITY, ItemKind.MEAL):
        return VISIT_DETAILS
    return ()


KIND_DETAILS = (*TRANSPORT_DETAILS, *VISIT_DETAILS)
"""The details only some kinds ask for."""
DETAIL_FIELDS = (*TRANSPORT_DETAILS, *VISIT_DETAILS, *COMMON_DETAILS)
"""Every detail field."""

_KIND_LABELS: Mapping[ItemKind, Mapping[str, str]] = {
    ItemKind.CAR: {
        "from_place": QT_TRANSLATE_NOOP("Field", "Pick-up"),
        "to_place": QT_TRANSLATE_NOOP("Field", "Drop-off"),
    },
    ItemKind.LODGING: {
        "start_time": QT_TRANSLATE_NOOP("Field", "Check-in"),
        "end_time": QT_TRANSLATE_NOOP("Field", "Check-out"),
    },
}


def field_label(kind: ItemKind, field: str) -> str:
    """A detail's label for this kind: a car's From is its pick-up, a hotel's start time
    its check-in."""
    return _KIND_LABELS.get(kind, {}).get(field) or ITEM_RULES[field].label


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
