"""What each kind of itinerary item is called and which details it asks for: one table for
the editor, the itinerary rows and the assistant's view."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from concierge.store import ItemKind, ItineraryItemRecord
from concierge.store.validation import ITEM_RULES

from .currencies import CurrencyError, format_money

KIND_LABELS: Mapping[ItemKind, str] = {
    ItemKind.FLIGHT: "Flight",
    ItemKind.TRAIN: "Train",
    ItemKind.BUS: "Bus",
    ItemKind.CAR: "Car",
    ItemKind.FERRY: "Ferry",
    ItemKind.LODGING: "Lodging",
    ItemKind.ACTIVITY: "Activity",
    ItemKind.MEAL: "Meal",
    ItemKind.NOTE: "Note",
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
    ItemKind.CAR: {"from_place": "Pick-up", "to_place": "Drop-off"},
    ItemKind.LODGING: {"start_time": "Check-in", "end_time": "Check-out"},
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
