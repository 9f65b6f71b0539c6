"""Itinerary item records built in memory, for the pure helpers' tests."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from concierge.store import ItineraryItemRecord

EPOCH = datetime(2026, 1, 1, tzinfo=UTC)


def make_item(**fields: Any) -> ItineraryItemRecord:
    """An item on 1 May 2026 titled "Item", with `fields` over that."""
    values: dict[str, Any] = {
        "id": "item",
        "trip_id": "trip",
        "day": date(2026, 5, 1),
        "start_time": None,
        "timezone": None,
        "title": "Item",
        "place": "",
        "notes": "",
        "position": 0,
        "created_at": EPOCH,
        "updated_at": EPOCH,
    }
    return ItineraryItemRecord(**{**values, **fields})
