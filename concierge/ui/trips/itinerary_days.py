"""A trip's itinerary as the view shows it: one group per day, in order.

Empty days get a group too, so the gaps show; days outside the trip's dates show and say
so rather than hide. An item spanning days shows on each, in `day_order`'s order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from concierge.store import ItineraryItemRecord, TripRecord
from concierge.travel.itinerary.day_order import DayEntry, by_day
from concierge.travel.itinerary.item_times import DayRole
from concierge.travel.itinerary.item_zones import NO_STOPS, TripZones

from .trip_text import day_heading

MAX_EMPTY_DAYS = 366
"""Empty days are listed for at most this long a trip (the store does not cap dates)."""


@dataclass(frozen=True, slots=True)
class DayGroup:
    """One day's items in the day's order; `roles` says, beside each item, what it is on
    this day (its own day, or a later day of a hotel or flight)."""

    day: date
    heading: str
    items: tuple[ItineraryItemRecord, ...]
    roles: tuple[DayRole, ...] = ()

    def role_of(self, row: int) -> DayRole:
        return self.roles[row] if row < len(self.roles) else DayRole.ONLY

    def own_items(self) -> tuple[ItineraryItemRecord, ...]:
        """The items whose day this is (those moving within the day reorders)."""
        return tuple(item for item in self.items if item.day == self.day)


def trip_dates(trip: TripRecord | None) -> list[date]:
    """Every day from the start to the end date, when both are set and in order."""
    if trip is None or trip.start_date is None or trip.end_date is None:
        return []
    length = (trip.end_date - trip.start_date).days + 1
    if not 0 < length <= MAX_EMPTY_DAYS:
        return []
    return [trip.start_date + timedelta(days=n) for n in range(length)]


def group_by_day(
    trip: TripRecord | None,
    items: Sequence[ItineraryItemRecord],
    zones: TripZones = NO_STOPS,
) -> list[DayGroup]:
    """The trip's days (and any other day that has items), each with its items in order."""
    days: dict[date, list[DayEntry]] = {day: [] for day in trip_dates(trip)}
    days.update(by_day(items, zones))
    start = trip.start_date if trip else None
    end = trip.end_date if trip else None
    return [
        DayGroup(
            day,
            day_heading(day, start, end),
            tuple(entry.item for entry in entries),
            tuple(entry.role for entry in entries),
        )
        for day, entries in sorted(days.items())
    ]
