"""A trip's itinerary as the view shows it: one group per day, in order.

Every day of the trip gets a group, even an empty one, so the person can see the gaps and
add to them; days with items outside the trip's dates are shown too (and say so) rather
than hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from concierge.store import ItineraryItemRecord, TripRecord

from .trip_text import day_heading

MAX_EMPTY_DAYS = 366
"""Empty days are listed for at most this long a trip (the store does not cap dates)."""


@dataclass(frozen=True, slots=True)
class DayGroup:
    day: date
    heading: str
    items: tuple[ItineraryItemRecord, ...]


def trip_dates(trip: TripRecord | None) -> list[date]:
    """Every day from the start to the end date, when both are set and in order."""
    if trip is None or trip.start_date is None or trip.end_date is None:
        return []
    length = (trip.end_date - trip.start_date).days + 1
    if not 0 < length <= MAX_EMPTY_DAYS:
        return []
    return [trip.start_date + timedelta(days=n) for n in range(length)]


def group_by_day(trip: TripRecord | None, items: Sequence[ItineraryItemRecord]) -> list[DayGroup]:
    """The trip's days (and any other day that has items), each with its items in order."""
    by_day: dict[date, list[ItineraryItemRecord]] = {day: [] for day in trip_dates(trip)}
    for item in items:
        by_day.setdefault(item.day, []).append(item)
    start = trip.start_date if trip else None
    end = trip.end_date if trip else None
    return [
        DayGroup(day, day_heading(day, start, end), tuple(sorted(found, key=lambda i: i.position)))
        for day, found in sorted(by_day.items())
    ]
