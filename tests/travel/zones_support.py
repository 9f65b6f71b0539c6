"""A day in a Lisbon stop whose items disagree about zones, shared by the tests of the one
rule for an item's zone (`item_zones`) in the travel layer and in the window."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime

from concierge.store import ItineraryItemRecord
from concierge.travel.services import TravelServices

DAY = date(2027, 5, 3)
MUSEUM_AT = datetime(2027, 5, 3, 8, 30, tzinfo=UTC)
"""09:30 in Lisbon (summer time, UTC+1)."""
LANDS_AT = datetime(2027, 5, 3, 21, 30, tzinfo=UTC)
"""06:30 the next morning in Tokyo."""


@dataclass(frozen=True)
class LisbonDay:
    trip_id: str
    museum: ItineraryItemRecord
    call: ItineraryItemRecord
    flight: ItineraryItemRecord


async def seed_lisbon_day(services: TravelServices) -> LisbonDay:
    """A day in a Lisbon stop: a call in Tokyo's zone at 17:45 (08:45 UTC), then, placed
    after it by hand, a museum 09:30–10:30 and a flight out at 10:30, both without a zone,
    the flight landing at 06:30 in Tokyo."""
    trip = (
        await services.trips.create(
            {"title": "Lisbon", "start_date": "2027-05-03", "end_date": "2027-05-03"}
        )
    ).record
    await services.stops.add(
        trip.id, {"place": "Lisbon (LIS)", "place_code": "LIS", "timezone": "Europe/Lisbon"}
    )
    add = services.itinerary.add
    day = DAY.isoformat()
    call = (
        await add(
            trip.id,
            {"day": day, "title": "Call", "start_time": "17:45", "timezone": "Asia/Tokyo"}
            | {"end_time": "18:45"},
        )
    ).record
    museum = (
        await add(
            trip.id, {"day": day, "title": "Museum", "start_time": "09:30", "end_time": "10:30"}
        )
    ).record
    flight = (
        await add(
            trip.id,
            {
                "day": day,
                "title": "To Tokyo",
                "kind": "flight",
                "start_time": "10:30",
                "end_day": "2027-05-04",
                "end_time": "06:30",
                "end_timezone": "Asia/Tokyo",
            },
        )
    ).record
    assert museum.timezone is None and flight.timezone is None
    return LisbonDay(trip.id, museum, call, flight)
