"""Immutable snapshots of trips and itinerary items: what the store hands out.

Repositories never return live ORM rows: those belong to the database thread's session. A
record is a plain frozen value, safe to keep, compare and pass to any thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal
from enum import StrEnum


class Pace(StrEnum):
    RELAXED = "relaxed"
    BALANCED = "balanced"
    PACKED = "packed"


@dataclass(frozen=True, slots=True)
class TripRecord:
    """A trip. Places keep the text the person wrote or chose (`origin`), with the airport
    code and IANA time zone beside it when known. `budget_amount` is exact (a Decimal),
    `interests` keeps the person's order."""

    id: str
    title: str
    origin: str
    origin_code: str | None
    origin_tz: str | None
    destination: str
    destination_code: str | None
    destination_tz: str | None
    start_date: date | None
    end_date: date | None
    travellers: int
    budget_amount: Decimal | None
    budget_currency: str
    interests: tuple[str, ...]
    pace: Pace
    notes: str
    position: int
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class ItineraryItemRecord:
    """One entry of a trip's day. `start_time` is the local time at the place, in `timezone`;
    `position` orders the items of one day, from 0."""

    id: str
    trip_id: str
    day: date
    start_time: time | None
    timezone: str | None
    title: str
    place: str
    notes: str
    position: int
    created_at: datetime
    updated_at: datetime
