"""A trip as the checkers read it: one immutable read, with the indexes the checkers share built
once. Everything here is a plain value, safe to hand to a worker thread; a provider that already
holds the trip and its items builds `TripPlan` itself and reads only the rest (`read_plan_parts`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from functools import cached_property

from pydantic import JsonValue
from sqlmodel import Session

from concierge.store import (
    ExpenseRecord,
    ItineraryItemRecord,
    PinRecord,
    StopRecord,
    TripRecord,
)
from concierge.store.entities import ITEMS, PINS, STOPS, TRIPS
from concierge.store.form_answers import current_answers, unconfirmed_fields
from concierge.store.forms import instance_row
from concierge.store.itinerary import trip_items
from concierge.store.ledger import trip_expenses
from concierge.store.pins import scope_pins
from concierge.store.stops import trip_stops
from concierge.store.wall_clock import end_of, instant, start_of

from ..itinerary.item_zones import TripZones
from ..itinerary.stops import stop_or_first

BRIEF_FORM = "trip-brief"
"""The form whose answers the plan carries (diet, accessibility, things to avoid…)."""


@dataclass(frozen=True, slots=True)
class Timed:
    """An item with a start time, as real instants (UTC); `end` is None when unknown."""

    item: ItineraryItemRecord
    start: datetime
    end: datetime | None


@dataclass(frozen=True, slots=True)
class PlanParts:
    """What a plan holds beside the trip and its items."""

    stops: tuple[StopRecord, ...] = ()
    expenses: tuple[ExpenseRecord, ...] = ()
    brief: Mapping[str, JsonValue] = field(default_factory=dict)
    pins: tuple[PinRecord, ...] = ()
    brief_unconfirmed: frozenset[str] = frozenset()


@dataclass(frozen=True)
class TripPlan:
    """The trip and everything that decides whether its plan works; the indexes are computed on
    first use and kept."""

    trip: TripRecord
    items: tuple[ItineraryItemRecord, ...] = ()
    stops: tuple[StopRecord, ...] = ()
    expenses: tuple[ExpenseRecord, ...] = ()
    brief: Mapping[str, JsonValue] = field(default_factory=dict)
    pins: tuple[PinRecord, ...] = ()
    brief_unconfirmed: frozenset[str] = frozenset()
    """Brief fields the assistant answered and the person has not confirmed (seen)."""

    @classmethod
    def of(
        cls,
        trip: TripRecord,
        items: Sequence[ItineraryItemRecord],
        parts: PlanParts | None = None,
    ) -> TripPlan:
        parts = parts if parts is not None else PlanParts()
        return cls(
            trip,
            tuple(items),
            parts.stops,
            parts.expenses,
            dict(parts.brief),
            parts.pins,
            parts.brief_unconfirmed,
        )

    @property
    def trip_id(self) -> str:
        return self.trip.id

    @cached_property
    def by_id(self) -> Mapping[str, ItineraryItemRecord]:
        return {item.id: item for item in self.items}

    @cached_property
    def by_day(self) -> Mapping[date, tuple[ItineraryItemRecord, ...]]:
        """Each day's items in itinerary order (the day an item starts)."""
        days: dict[date, list[ItineraryItemRecord]] = defaultdict(list)
        for item in self.items:
            days[item.day].append(item)
        return {day: tuple(days[day]) for day in sorted(days)}

    @cached_property
    def timed(self) -> tuple[Timed, ...]:
        """Every item with a start time, by real start (then end, then id); a zone-less
        item as `read` reads it (and `Timed.item` is that reading)."""
        found: list[Timed] = []
        for item in map(self.read, self.items):
            start = start_of(item)
            if start is None:
                continue
            end = end_of(item)
            found.append(Timed(item, instant(start), None if end is None else instant(end)))
        found.sort(key=lambda t: (t.start, t.end or t.start, t.item.id))
        return tuple(found)

    @cached_property
    def timed_by_id(self) -> Mapping[str, Timed]:
        return {timed.item.id: timed for timed in self.timed}

    def stop_on(self, day: date) -> StopRecord | None:
        """The stop the trip is at on `day` (`stops.stop_or_first`'s reading)."""
        return stop_or_first(list(self.stops), day)

    @cached_property
    def zones(self) -> TripZones:
        """The zones of the trip's days and items (`item_zones`: the one rule)."""
        return TripZones.of(self.stops)

    def zone_on(self, day: date) -> str | None:
        """The zone the trip is in on `day` (`TripZones.on`)."""
        return self.zones.on(day)

    @cached_property
    def _floating_zones(self) -> Mapping[date, str]:
        """For days with no zone known from the route: the zone of the day's first timed
        item that has one, so zone-less items compare with it by wall clock."""
        zones: dict[date, str] = {}
        for item in self.items:
            if item.timezone and item.start_time is not None and not item.all_day:
                zones.setdefault(item.day, item.timezone)
        return zones

    def read(self, item: ItineraryItemRecord) -> ItineraryItemRecord:
        """`item` as the checks read its times: in its effective zones (`TripZones.read`),
        as every view shows it; on a day no stop gives a zone, in the zone of that day's
        other timed items, so it compares with them by wall clock; with none of them
        either, as at UTC (wall clock among the zone-less)."""
        read = self.zones.read(item)
        if read.timezone or read.start_time is None:
            return read
        zone = self._floating_zones.get(item.day)
        return read if zone is None else replace(read, timezone=zone)


def read_plan_parts(session: Session, trip_id: str) -> PlanParts:
    """The stops, expenses, brief answers (and which the person has yet to confirm) and
    pins of `trip_id` (on the database thread)."""
    brief = instance_row(session, trip_id, BRIEF_FORM)
    return PlanParts(
        stops=tuple(STOPS.to_record(row) for row in trip_stops(session, trip_id)),
        expenses=tuple(trip_expenses(session, trip_id)),
        brief={} if brief is None else current_answers(session, brief.id),
        brief_unconfirmed=frozenset() if brief is None else unconfirmed_fields(session, brief.id),
        pins=tuple(
            PINS.to_record(row)
            for row in (*scope_pins(session, None), *scope_pins(session, trip_id))
        ),
    )


def read_plan(session: Session, trip_id: str) -> TripPlan | None:
    """The whole plan of `trip_id` in one transaction, or None for an unknown trip. Run it
    on the database thread: `await database.run(lambda s: read_plan(s, trip_id))`."""
    trip = TRIPS.find(session, trip_id)
    if trip is None:
        return None
    items = [ITEMS.to_record(row) for row in session.exec(trip_items(trip_id)).all()]
    return TripPlan.of(trip, items, read_plan_parts(session, trip_id))
