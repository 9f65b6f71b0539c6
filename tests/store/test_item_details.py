"""Itinerary items with a kind, real start and end times, bookings' details and a cost: the
store's rules for every writer, undo of the new fields, and the upgrade of items written
before they existed."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from datetime import date, time
from decimal import Decimal
from pathlib import Path

import pytest

from concierge.store import (
    ChangeBus,
    ChangeHistory,
    Database,
    InvalidChangeError,
    ItemKind,
    ItineraryRepository,
    TripRecord,
    TripRepository,
)
from tests.store.support import downgrade_to, ignoring_updated_at, migrate_to

MAY_1 = date(2026, 5, 1)
PREVIOUS = "a2d9f4c7e1b5"


@pytest.fixture
async def trip(trips: TripRepository) -> TripRecord:
    return (await trips.create({"title": "Japan"})).record


async def test_a_flight_keeps_every_detail(
    itinerary: ItineraryRepository, trip: TripRecord
) -> None:
    flight = (
        await itinerary.add(
            trip.id,
            {
                "day": "2026-05-01",
                "title": "Lisbon to Tokyo",
                "kind": "Flight",
                "start_time": "10:40",
                "timezone": "Europe/Lisbon",
                "end_day": "2026-05-02",
                "end_time": "09:05",
                "end_timezone": "Asia/Tokyo",
                "carrier": " TAP ",
                "service_number": " TP 1234 ",
                "from_place": "LIS",
                "to_place": "NRT",
                "seat": " 23A",
                "confirmation_code": " X7QZ2P ",
                "link": "https://example.com/booking?id=1",
                "cost_amount": "812.40",
                "cost_currency": "eur",
            },
        )
    ).record
    assert flight.kind is ItemKind.FLIGHT
    assert (flight.end_day, flight.end_time, flight.end_timezone) == (
        date(2026, 5, 2),
        time(9, 5),
        "Asia/Tokyo",
    )
    assert (flight.carrier, flight.service_number, flight.seat, flight.confirmation_code) == (
        "TAP",
        "TP 1234",
        "23A",
        "X7QZ2P",
    )
    assert (flight.cost_amount, flight.cost_currency) == (Decimal("812.40"), "EUR")
    assert await itinerary.get(flight.id) == flight


async def test_a_new_item_is_an_activity_without_an_end(
    itinerary: ItineraryRepository, trip: TripRecord
) -> None:
    item = (await itinerary.add(trip.id, {"day": MAY_1, "title": "Walk"})).record
    assert item.kind is ItemKind.ACTIVITY
    assert (item.end_day, item.end_time, item.duration_minutes, item.all_day) == (
        None,
        None,
        None,
        False,
    )
    assert (item.link, item.cost_amount, item.cost_currency) == ("", None, None)


@pytest.mark.parametrize(
    ("values", "field", "words"),
    [
        ({"kind": "spaceship"}, "kind", "Kind must be one of flight, train"),
        ({"duration_minutes": 0}, "duration_minutes", "Duration must be a whole number"),
        ({"duration_minutes": 10**9}, "duration_minutes", "from 1 to 525,600"),
        ({"duration_minutes": 1.5}, "duration_minutes", "whole number of minutes"),
        ({"all_day": "yes"}, "all_day", "All day must be true or false"),
        ({"link": "javascript:alert(1)"}, "link", "Link must be a web address"),
        ({"link": "https://"}, "link", "Link must be a web address"),
        ({"cost_amount": "-3"}, "cost_amount", "Cost must not be negative"),
        ({"cost_amount": "12", "cost_currency": "ZZZ"}, "cost_currency", "ISO 4217"),
        ({"cost_amount": "12"}, "cost_amount", "A cost needs its currency"),
        ({"end_timezone": "Mars/Olympus"}, "end_timezone", "IANA time zone"),
        (
            {"all_day": True, "start_time": "09:00"},
            "start_time",
            "An all-day item has no start time",
        ),
        (
            {"start_time": "09:00", "end_time": "10:00", "duration_minutes": 30},
            "duration_minutes",
            "Give an end or a duration, not both",
        ),
        ({"end_day": "2026-04-30"}, "end_day", "The end day (30 April 2026) is before the day"),
        ({"end_day": "2027-05-02"}, "end_day", "at most 365 days after its day"),
        (
            {"start_time": "10:00", "end_time": "09:00", "timezone": "Europe/Lisbon"},
            "end_time",
            "The end (1 May 2026 09:00 Europe/Lisbon) is before the start "
            "(1 May 2026 10:00 Europe/Lisbon)",
        ),
        (
            # 10:00 in Lisbon is 18:00 in Tokyo: landing at 17:00 there is before leaving.
            {
                "start_time": "10:00",
                "timezone": "Europe/Lisbon",
                "end_time": "17:00",
                "end_timezone": "Asia/Tokyo",
            },
            "end_time",
            "is before the start",
        ),
    ],
)
async def test_bad_values_are_refused_naming_the_field(
    itinerary: ItineraryRepository,
    trip: TripRecord,
    values: dict[str, object],
    field: str,
    words: str,
) -> None:
    with pytest.raises(InvalidChangeError) as refused:
        await itinerary.add(trip.id, {"day": MAY_1, "title": "Thing", **values})
    assert refused.value.field == field
    assert words in str(refused.value)
    assert await itinerary.items(trip.id) == []


async def test_an_end_at_an_earlier_local_time_in_a_zone_behind_is_after_the_start(
    itinerary: ItineraryRepository, trip: TripRecord
) -> None:
    """Tokyo 17:00 → Lisbon 12:00 the same day is an eleven-hour flight, not time travel."""
    flight = (
        await itinerary.add(
            trip.id,
            {
                "day": MAY_1,
                "title": "Home",
                "kind": "flight",
                "start_time": "11:00",
                "timezone": "Asia/Tokyo",
                "end_time": "12:00",
                "end_timezone": "Europe/Lisbon",
            },
        )
    ).record
    assert flight.end_time == time(12, 0)


async def test_an_edit_that_breaks_a_rule_names_the_changed_field_and_keeps_the_item(
    itinerary: ItineraryRepository, trip: TripRecord
) -> None:
    item = (
        await itinerary.add(
            trip.id,
            {"day": MAY_1, "title": "Museum", "start_time": "10:00", "duration_minutes": 90},
        )
    ).record
    with pytest.raises(InvalidChangeError) as refused:
        await itinerary.update(item.id, {"all_day": True})
    assert refused.value.field == "all_day"
    with pytest.raises(InvalidChangeError) as refused:
        await itinerary.update(item.id, {"end_time": "12:00"})
    assert refused.value.field == "end_time"
    assert await itinerary.get(item.id) == item
    done = (await itinerary.update(item.id, {"duration_minutes": None, "end_time": "12:00"})).record
    assert (done.duration_minutes, done.end_time) == (None, time(12, 0))


async def test_moving_a_hotel_keeps_its_nights(
    itinerary: ItineraryRepository, trip: TripRecord, history: ChangeHistory
) -> None:
    hotel = (
        await itinerary.add(
            trip.id,
            {"day": MAY_1, "title": "Ryokan", "kind": "lodging", "end_day": "2026-05-04"},
        )
    ).record
    moved = (await itinerary.move(hotel.id, day=date(2026, 5, 10))).record
    assert (moved.day, moved.end_day) == (date(2026, 5, 10), date(2026, 5, 13))
    edited = (await itinerary.update(hotel.id, {"day": "2026-05-11"})).record
    assert edited.end_day == date(2026, 5, 14)
    await history.undo_last()
    await history.undo_last()
    back = await itinerary.get(hotel.id)
    assert back is not None
    assert (back.day, back.end_day) == (MAY_1, date(2026, 5, 4))


async def test_undo_restores_the_new_fields(
    itinerary: ItineraryRepository, trip: TripRecord, history: ChangeHistory
) -> None:
    item = (
        await itinerary.add(
            trip.id,
            {
                "day": MAY_1,
                "title": "Hotel",
                "kind": "lodging",
                "cost_amount": "300.10",
                "cost_currency": "JPY",
                "all_day": True,
            },
        )
    ).record
    await itinerary.update(
        item.id, {"kind": "meal", "cost_amount": None, "all_day": False, "seat": "12C"}
    )
    await history.undo_last()
    assert ignoring_updated_at(await itinerary.items(trip.id)) == ignoring_updated_at([item])


def _columns(path: Path, sql: str) -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(path)) as connection:
        return connection.execute(sql).fetchall()


async def test_items_from_before_kinds_become_activities_keeping_day_and_time(
    db_path: Path,
) -> None:
    migrate_to(db_path, PREVIOUS)
    with closing(sqlite3.connect(db_path)) as connection, connection:
        connection.execute(
            "INSERT INTO trip (id, title, origin, destination, travellers, budget_currency, "
            "interests, pace, notes, position, created_at, updated_at) VALUES ('t1', 'Porto', "
            "'', '', 1, 'EUR', '[]', 'balanced', '', 0, '2026-01-01 00:00:00', "
            "'2026-01-01 00:00:00')"
        )
        connection.execute(
            "INSERT INTO itinerary_item (id, trip_id, day, start_time, timezone, title, place, "
            "notes, position, created_at, updated_at) VALUES ('i1', 't1', '2026-05-01', "
            "'12:30:00.000000', 'Europe/Lisbon', 'Lunch', 'Bolhão', 'cash', 0, "
            "'2026-01-01 00:00:00', '2026-01-01 00:00:00')"
        )
        connection.execute(
            "INSERT INTO itinerary_item (id, trip_id, day, title, place, notes, position, "
            "created_at, updated_at) VALUES ('i2', 't1', '2026-05-01', 'Cellars', '', '', 1, "
            "'2026-01-01 00:00:00', '2026-01-01 00:00:00')"
        )

    with Database.open(db_path) as database:
        report = database.migration
        assert report is not None and report.from_revision == PREVIOUS
        itinerary = ItineraryRepository(database, ChangeBus())
        lunch, cellars = await itinerary.items("t1")
        assert (lunch.kind, lunch.day, lunch.start_time, lunch.timezone) == (
            ItemKind.ACTIVITY,
            MAY_1,
            time(12, 30),
            "Europe/Lisbon",
        )
        assert (lunch.title, lunch.place, lunch.notes, lunch.position) == (
            "Lunch",
            "Bolhão",
            "cash",
            0,
        )
        assert (cellars.kind, cellars.start_time, cellars.position) == (ItemKind.ACTIVITY, None, 1)
        assert (lunch.all_day, lunch.end_time, lunch.cost_amount, lunch.seat) == (
            False,
            None,
            None,
            "",
        )
        await itinerary.update(
            lunch.id, {"kind": "meal", "cost_amount": "20", "cost_currency": "EUR"}
        )
        with pytest.raises(Exception, match="CHECK constraint failed"):
            database.run_sync(
                lambda session: session.connection().exec_driver_sql(
                    "UPDATE itinerary_item SET kind = 'rocket'"
                )
            )

    downgrade_to(db_path, PREVIOUS)
    assert _columns(
        db_path, "SELECT id, day, start_time, title FROM itinerary_item ORDER BY id"
    ) == [
        ("i1", "2026-05-01", "12:30:00.000000", "Lunch"),
        ("i2", "2026-05-01", None, "Cellars"),
    ]
    names = {row[1] for row in _columns(db_path, "PRAGMA table_info(itinerary_item)")}
    assert "kind" not in names and "cost_amount" not in names
