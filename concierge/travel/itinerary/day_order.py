"""The order of one day's items, shared by the itinerary, the timeline and the assistant: untimed
items keep their manual places, timed ones fill the remaining places in the order they happen, ties
kept in manual order."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime

from concierge.store import ItineraryItemRecord

from .item_times import DayRole, day_role, instant, item_days, item_end, item_start
from .item_zones import NO_STOPS, TripZones


@dataclass(frozen=True, slots=True)
class DayEntry:
    """One item as one day shows it."""

    item: ItineraryItemRecord
    role: DayRole


def time_on(entry: DayEntry, zones: TripZones = NO_STOPS) -> datetime | None:
    """The instant that places the entry among its day's timed items, or None."""
    if entry.role in (DayRole.ONLY, DayRole.STARTS):
        return item_start(zones.read(entry.item))
    if entry.role is DayRole.ENDS:
        return item_end(zones.read(entry.item))
    return None


def arrange_day(entries: Sequence[DayEntry], zones: TripZones = NO_STOPS) -> list[DayEntry]:
    """`entries` (in manual order) with the timed ones sorted into the timed places."""
    times = [time_on(entry, zones) for entry in entries]
    timed = sorted((instant(moment), n) for n, moment in enumerate(times) if moment is not None)
    places = iter(n for _, n in timed)
    return [
        entries[next(places)] if times[n] is not None else entry for n, entry in enumerate(entries)
    ]


def by_day(
    items: Iterable[ItineraryItemRecord], zones: TripZones = NO_STOPS
) -> dict[date, list[DayEntry]]:
    """Every day any item shows on, in date order, with its entries (the items as stored)
    in the day's order."""
    manual: dict[date, list[tuple[tuple[int, date, int, str], DayEntry]]] = {}
    for item in items:
        read = zones.read(item)
        for day in item_days(read):
            carried = int(day != item.day)
            key = (1 - carried, item.day, item.position, item.id)
            entry = DayEntry(item, day_role(read, day))
            manual.setdefault(day, []).append((key, entry))
    return {
        day: arrange_day([entry for _, entry in sorted(found, key=lambda pair: pair[0])], zones)
        for day, found in sorted(manual.items())
    }
