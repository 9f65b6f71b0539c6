"""The one rule for the time zone an itinerary item's times are in: its own zones, else its day's
stop's, else the first stop's that has one (home is not where the trip is), else none (floating)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date

from concierge.store import ItineraryItemRecord, StopRecord

from .stops import stop_or_first


@dataclass(frozen=True, slots=True)
class ItemZones:
    """The zones an item's start and end are read in; None where no zone is known."""

    start: str | None
    end: str | None


@dataclass(frozen=True, slots=True)
class TripZones:
    """The zones of one trip's days and items, from its stops (in route order)."""

    stops: tuple[StopRecord, ...] = ()

    @classmethod
    def of(cls, stops: Sequence[StopRecord]) -> TripZones:
        return cls(tuple(stops))

    def on(self, day: date | None) -> str | None:
        """The zone the trip is in on `day`: its stop's, else the first stop's with one."""
        stop = stop_or_first(self.stops, day)
        if stop is not None and stop.timezone:
            return stop.timezone
        return next((stop.timezone for stop in self.stops if stop.timezone), None)

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
        zone = self.on(item.day)
        return item if zone is None else replace(item, timezone=zone)


NO_STOPS = TripZones()
"""The zones of a trip without stops: only the items' own."""
