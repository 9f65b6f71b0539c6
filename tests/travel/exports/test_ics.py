"""The trip calendar read back with icalendar: times in their zones, a VTIMEZONE per zone,
hotels as all-day nights, stable UIDs, and no sensitive value in the file."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st
from icalendar import Calendar, Event

from concierge.store import ItemKind, TripRecord
from concierge.travel.exports import TripPlan, export_file_name, read_plan
from concierge.travel.exports.ics import item_uid, trip_calendar
from concierge.travel.itinerary.item_times import instant, item_end, item_start
from concierge.travel.services import TravelServices, open_services
from tests.cli.support import BOOKING_CODE, PASSPORT, seed_japan
from tests.travel.items_support import EPOCH, make_item


@pytest.fixture
async def services(tmp_path: Path) -> AsyncIterator[TravelServices]:
    opened = open_services(tmp_path / "data")
    yield opened
    await opened.aclose()
    opened.close()


async def japan(services: TravelServices) -> TripPlan:
    trip = (
        await services.trips.create(
            {"title": "Kyoto in autumn", "start_date": "2027-11-14", "end_date": "2027-11-24"}
        )
    ).record
    await seed_japan(services, trip.id)
    return await read_plan(services, trip.id)


def events(data: bytes) -> dict[str, Event]:
    calendar = Calendar.from_ical(data)
    return {str(event["uid"]): event for event in calendar.walk("VEVENT")}


def by_title(data: bytes) -> dict[str, Event]:
    return {str(event["summary"]): event for event in events(data).values()}


async def test_each_item_is_an_event_in_its_own_zones_with_their_vtimezones(
    services: TravelServices,
) -> None:
    plan = await japan(services)
    data = trip_calendar(plan)
    calendar = Calendar.from_ical(data)
    assert calendar.get_missing_tzids() == set()
    assert {tz.tz_name for tz in calendar.timezones} == {"Europe/Lisbon", "Asia/Tokyo"}
    assert set(events(data)) == {item_uid(item) for item in plan.items}
    flight = by_title(data)["Flight · Lisbon to Tokyo"]
    assert flight["dtstart"].params["TZID"] == "Europe/Lisbon"
    assert flight["dtend"].params["TZID"] == "Asia/Tokyo"
    assert instant(flight.start) == datetime(2027, 11, 14, 10, 30, tzinfo=UTC)
    assert instant(flight.end) == datetime(2027, 11, 14, 22, 55, tzinfo=UTC)
    assert "Carrier: TAP" in flight["description"]
    assert "Confirmation code: on file" in flight["description"]
    assert "Cost: " in flight["description"] and "850" in flight["description"]
    train = by_title(data)["Train · Shinkansen to Kyoto"]
    assert train.end - train.start == timedelta(minutes=135)
    assert str(train["location"]) == "Tokyo → Kyoto"


async def test_lodging_is_all_day_over_its_nights(services: TravelServices) -> None:
    data = trip_calendar(await japan(services))
    ryokan = by_title(data)["Lodging · Ryokan in Gion"]
    assert ryokan.start == date(2027, 11, 18)
    assert ryokan.end == date(2027, 11, 22)  # Exclusive: the nights of 18–21 Nov.
    assert ryokan["dtstart"].params["VALUE"] == "DATE"
    assert "Check-in: 15:00 on 18 Nov" in ryokan["description"]
    assert "Check-out: 11:00 on 22 Nov" in ryokan["description"]


async def test_no_sensitive_value_reaches_the_file(services: TravelServices) -> None:
    plan = await japan(services)
    flight = next(item for item in plan.items if item.confirmation_code)
    await services.itinerary.update(
        flight.id, {"seat": "23A", "notes": f"Passport {PASSPORT} at check-in."}
    )
    await services.trips.update(plan.trip.id, {"shared_values": BOOKING_CODE})
    data = trip_calendar(await read_plan(services, plan.trip.id))
    for value in (BOOKING_CODE, PASSPORT, "23A"):
        assert value.encode() not in data
    description = by_title(data)["Flight · Lisbon to Tokyo"]["description"]
    assert "Seat: on file" in description
    assert "passport number on file at check-in." in description


async def test_export_again_after_an_edit_keeps_the_uids_and_raises_the_sequence(
    services: TravelServices,
) -> None:
    plan = await japan(services)
    before = events(trip_calendar(plan))
    train = next(item for item in plan.items if item.kind is ItemKind.TRAIN)
    await services.itinerary.update(train.id, {"start_time": "09:30"})
    after = events(trip_calendar(await read_plan(services, plan.trip.id)))
    assert set(after) == set(before)
    assert after[item_uid(train)].start.time() == time(9, 30)
    assert trip_calendar(await read_plan(services, plan.trip.id)) == trip_calendar(
        await read_plan(services, plan.trip.id)
    )


def test_the_sequence_grows_with_each_edit() -> None:
    def sequence(updated: datetime) -> int:
        item = make_item(start_time=time(9), timezone="Asia/Tokyo", updated_at=updated)
        [event] = events(trip_calendar(TripPlan(_trip(), (), (item,), ()))).values()
        return int(event["sequence"])

    assert sequence(EPOCH) == 0
    assert 0 < sequence(EPOCH + timedelta(seconds=5)) < sequence(EPOCH + timedelta(days=3))


def _trip(**fields: object) -> TripRecord:
    values: dict[str, object] = {
        "id": "trip",
        "title": "Trip",
        "origin": "",
        "origin_code": None,
        "origin_tz": None,
        "start_date": None,
        "end_date": None,
        "travellers": 1,
        "budget_amount": None,
        "budget_currency": "EUR",
        "interests": (),
        "pace": "balanced",
        "notes": "",
        "shared_values": (),
        "position": 0,
        "created_at": EPOCH,
        "updated_at": EPOCH,
    }
    return TripRecord(**{**values, **fields})  # type: ignore[arg-type]


ZONES = ("Europe/Lisbon", "America/New_York", "Asia/Tokyo", "Australia/Lord_Howe", "Asia/Kolkata")


@given(
    day=st.dates(date(2026, 1, 1), date(2030, 12, 31)),
    start=st.times(),
    zone=st.sampled_from(ZONES),
    end_zone=st.sampled_from(ZONES),
    minutes=st.integers(1, 3 * 24 * 60),
    title=st.text(min_size=1, max_size=40).filter(lambda t: t.strip() and "\r" not in t),
)
def test_times_zones_and_titles_survive_the_round_trip(
    day: date, start: time, zone: str, end_zone: str, minutes: int, title: str
) -> None:
    start = start.replace(second=0, microsecond=0)
    first = make_item(id="a", day=day, start_time=start, timezone=zone, title=title)
    first_end = item_start(first)
    assert first_end is not None
    landing = instant(first_end + timedelta(minutes=minutes)).astimezone(ZoneInfo(end_zone))
    item = make_item(
        id="a",
        day=day,
        start_time=start,
        timezone=zone,
        title=title,
        kind=ItemKind.FLIGHT,
        end_day=landing.date(),
        end_time=landing.time().replace(tzinfo=None),
        end_timezone=end_zone,
    )
    plan = TripPlan(_trip(), (), (item,), ())
    [event] = events(trip_calendar(plan)).values()
    expected_start, expected_end = item_start(item), item_end(item)
    assert expected_start is not None and expected_end is not None
    assert event["dtstart"].params["TZID"] == zone
    assert event["dtend"].params["TZID"] == end_zone
    assert instant(event.start) == instant(expected_start)
    assert instant(event.end) == instant(expected_end)
    assert str(event["summary"]) == f"Flight · {title}"


def test_default_file_names_carry_the_title_and_dates() -> None:
    trip = _trip(
        title="Porto / Douro: wine?", start_date=date(2027, 4, 9), end_date=date(2027, 4, 12)
    )
    assert export_file_name(trip, "ics") == "Porto Douro wine 2027-04-09 to 2027-04-12.ics"
    assert export_file_name(_trip(title="..."), "pdf") == "Trip.pdf"


def test_untimed_items_are_all_day_and_zoneless_times_float() -> None:
    museum = make_item(id="m", title="Museum", day=date(2027, 5, 2))
    call = make_item(id="c", title="Call home", day=date(2027, 5, 3), start_time=time(18))
    data = trip_calendar(TripPlan(_trip(), (), (museum, call), ()))
    found = by_title(data)
    assert (found["Museum"].start, found["Museum"].end) == (date(2027, 5, 2), date(2027, 5, 3))
    assert found["Call home"].start == datetime(2027, 5, 3, 18)  # Floating: no zone known.
    assert "TZID" not in found["Call home"]["dtstart"].params
    assert Calendar.from_ical(data).timezones == []
