"""The kinds of itinerary item."""

from __future__ import annotations

from enum import StrEnum


class ItemKind(StrEnum):
    """What an itinerary item is; the kind decides which details the editor asks for."""

    FLIGHT = "flight"
    TRAIN = "train"
    BUS = "bus"
    CAR = "car"
    FERRY = "ferry"
    LODGING = "lodging"
    ACTIVITY = "activity"
    MEAL = "meal"
    NOTE = "note"
