"""One rule for the zone of an item without its own (`item_zones`): its day's stop's, else
the first stop's with one, never home's; and every reader follows it. An item without a zone
in a Lisbon stop is exported at DTSTART;TZID=Europe/Lisbon (with its VTIMEZONE), is checked
and shown to the model at the same instant, and comes first in its day before a call in
Tokyo that begins a quarter of an hour after it."""

from __future__ import annotations

from datetime import date, time, timedelta

from icalendar import Calendar, Event

from concierge.travel.assistant.trip_snapshot import trip_snapshot
from concierge.travel.checks.plan import read_plan as read_checked_plan
from concierge.travel.exports import read_plan
from concierge.travel.exports.ics import trip_calendar
from concierge.travel.itinerary.day_layout import timeline_entries
from concierge.travel.itinerary.day_order import by_day
from concierge.travel.itinerary.ics_fields import property_name
from concierge.travel.itinerary.item_text import when_text
from concierge.travel.itinerary.item_times import DayRole, instant, item_end, item_start
from concierge.travel.itinerary.item_zones import TripZones
from concierge.travel.services import TravelServices
from tests.travel.checks.support import make_stop
from tests.travel.items_support import make_item
from tests.travel.zones_support import DAY, LANDS_AT, MUSEUM_AT, seed_lisbon_day


def test_an_item_without_a_zone_is_in_its_days_stop_zone_else_the_first_known() -> None:
    lisbon = make_stop("Lisbon", date(2027, 5, 1), date(2027, 5, 4), timezone="Europe/Lisbon")
    somewhere = make_stop("Somewhere", date(2027, 5, 4), date(2027, 5, 8))
    zones = TripZones.of([lisbon, somewhere])
    own = make_item(day=DAY, start_time=time(9), timezone="Asia/Tokyo")
    assert zones.read(own) is own
    zoneless = make_item(day=DAY, start_time=time(9), end_timezone="Asia/Tokyo")
    assert (zones.zones(zoneless).start, zones.zones(zoneless).end) == (
        "Europe/Lisbon",
        "Asia/Tokyo",
    )
    assert zones.read(zoneless).timezone == "Europe/Lisbon"
    assert zones.on(date(2027, 5, 6)) == "Europe/Lisbon"  # Somewhere has no zone of its own.
    assert zones.on(date(2027, 4, 1)) == "Europe/Lisbon"  # Before the route: its first stop.
    nowhere = TripZones.of([])
    floating = make_item(day=DAY, start_time=time(9))
    assert nowhere.read(floating) is floating  # Home's zone is not where the trip is.
    assert nowhere.zones(floating).start is None


def _events(data: bytes) -> dict[str, Event]:
    return {
        str(event["x-concierge-title"]): event for event in Calendar.from_ical(data).walk("VEVENT")
    }


async def test_the_calendar_gives_a_zoneless_item_its_stops_zone(
    services: TravelServices,
) -> None:
    plan = await read_plan(services, (await seed_lisbon_day(services)).trip_id)
    data = trip_calendar(plan)
    assert b"DTSTART;TZID=Europe/Lisbon:20270503T093000" in data
    calendar = Calendar.from_ical(data)
    assert {zone.tz_name for zone in calendar.timezones} == {"Europe/Lisbon", "Asia/Tokyo"}
    events = _events(data)
    museum, flight = events["Museum"], events["To Tokyo"]
    assert museum["dtstart"].params["TZID"] == "Europe/Lisbon"
    assert instant(museum.start) == MUSEUM_AT
    assert (flight["dtstart"].params["TZID"], flight["dtend"].params["TZID"]) == (
        "Europe/Lisbon",
        "Asia/Tokyo",
    )
    assert instant(flight.end) - instant(flight.start) == timedelta(hours=12)
    assert property_name("timezone") not in museum  # What it carries is its own: no zone.


async def test_checks_snapshot_and_display_read_it_in_the_same_zone(
    services: TravelServices,
) -> None:
    seeded = await seed_lisbon_day(services)
    museum, call, flight, trip_id = seeded.museum, seeded.call, seeded.flight, seeded.trip_id
    checked = await services.database.run(lambda session: read_checked_plan(session, trip_id))
    assert checked is not None
    assert checked.timed_by_id[museum.id].start == MUSEUM_AT
    assert checked.timed_by_id[flight.id].end == LANDS_AT

    trip = await services.trips.get(trip_id)
    assert trip is not None
    stops = await services.stops.stops(trip_id)
    items = await services.itinerary.items(trip_id)
    snapshot = trip_snapshot(trip, items, stops, allowance=2_000, today=date(2027, 1, 1))
    assert "09:30 to 10:30 Museum" in snapshot
    assert "10:30 to 2027-05-04 (Tue) 06:30 Asia/Tokyo (12 h) flight: To Tokyo" in snapshot

    zones = TripZones.of(stops)
    order = [entry.item.id for entry in by_day(items, zones)[DAY]]
    assert order == [museum.id, call.id, flight.id]  # 08:30, 08:45 and 09:30 UTC.
    start, end = item_start(zones.read(museum)), item_end(zones.read(museum))
    assert start is not None and end is not None
    assert (instant(start), end - start, str(start.tzinfo)) == (
        MUSEUM_AT,
        timedelta(hours=1),
        "Europe/Lisbon",
    )
    assert when_text(zones.read(museum), DayRole.ONLY, zones.on(DAY)) == "09:30–10:30"
    [entry] = [e for e in timeline_entries(map(zones.read, items), DAY) if e.title == "Museum"]
    assert (entry.start, entry.end) == (time(9, 30), time(10, 30))
