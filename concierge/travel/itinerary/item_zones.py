"""The one rule for the time zone an itinerary item's times are in: its own zones, else its day's
stop's, else the first stop's that has one (home is not where the trip is), else none (floating)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date

from concierge.store import ItineraryItemRecord, StopRecord

from .stops import stop_or_first


@dataclass(frozen=True, slots=True)
class ItemZones:
    """The zones an item's start and end are read in; None where no zone is known."""

    start: str | None
    end: str | None


_READ_KEPT = 4096
"""Items whose reading one `TripZones` keeps (a trip's items, read again by each view)."""


@dataclass(frozen=True, slots=True)
class TripZones:
    """The zones of one trip's days and items, from its stops (in route order). It keeps
    what it read: a reload reads each item several times (its days, its place in them, the
    timeline), and reloads read the same items again; a copy of a record with its zone
    written in is the costly part."""

    stops: tuple[StopRecord, ...] = ()
    _days: dict[date | None, str | None] = field(default_factory=dict, compare=False, repr=False)
    _read: dict[ItineraryItemRecord, ItineraryItemRecord] = field(
        default_factory=dict, compare=False, repr=False
    )

    @classmethod
    def of(cls, stops: Sequence[StopRecord]) -> TripZones:
        return cls(tuple(stops))

    def on(self, day: date | None) -> str | None:
        """The zone the trip is in on `day`: its stop's, else the first stop's with one."""
        if day in self._days:
            return self._days[day]
        stop = stop_or_first(self.stops, day)
        if stop is not None and stop.timezone:
            zone: str | None = stop.timezone
        else:
            zone = next((stop.timezone for stop in self.stops if stop.timezone), None)
        self._days[day] = zone
        return zone

    def named_against(self, day: date, home: str | None) -> str | None:
        """The zone a reader of `day` is in, whose times need no zone named: where the trip
        is then (`on`), else `home`'s (the trip's origin)."""
        return self.on(day) or home

    def zones(self, item: ItineraryItemRecord) -> ItemZones:
        """Where `item`'s start and end are read: its own zones, else its day's; the end
        in the start's unless it has its own."""
        start = item.timezone or self.on(item.day)
        return ItemZones(start, item.end_timezone or start)

    def read(self, item: ItineraryItemRecord) -> ItineraryItemRecord:
        """`item` with its effective zones written in, to read its times from
        (`item_times.item_start`, `item_end`); never to store."""
        if item.timezone:
            return item
        kept = self._read.get(item)
        if kept is not None:
            return kept
        zone = self.on(item.day)
        if zone is None:
            return item
        if len(self._read) >= _READ_KEPT:
            self._read.clear()
        read = replace(item, timezone=zone)
        self._read[item] = read
        return read


NO_STOPS = TripZones()
"""The zones of a trip without stops: only the items' own."""
