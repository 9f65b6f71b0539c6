"""The ledger's expense categories: declared here, below the store, because every kind of
itinerary item names the category its planned cost counts in (`concierge.model.kinds`)."""

from __future__ import annotations

from enum import StrEnum


class ExpenseCategory(StrEnum):
    TRANSPORT = "transport"
    LODGING = "lodging"
    FOOD = "food"
    ACTIVITIES = "activities"
    SHOPPING = "shopping"
    FEES = "fees"
    OTHER = "other"
