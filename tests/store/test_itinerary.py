"""ItineraryRepository: items per day in dense order, patch-style edits, moves and removal."""

from __future__ import annotations

from datetime import date, time

import pytest

from concierge.store import (
    Database,
    InvalidChangeError,
    ItineraryRepository,
    RecordNotFoundError,
    TripRecord,
    TripRepository,
)
from concierge.store.change_writer import decode_order
from tests.store.support import log_rows, logged, positions

MAY_1, MAY_2 = date(2026, 5, 1), date(2026, 5, 2)


@pytest.fixture
async def trip(trips: TripRepository) -> TripRecord:
    return (await trips.create({"title": "Porto"})).record


async def add_day(
    itinerary: ItineraryRepository, trip: TripRecord, day: date, *titles: str
) -> list[str]:
    return [(await itinerary.add(trip.id, {"day": day, "title": t})).record.id for t in titles]


async def test_an_item_is_added_last_of_its_day(
    itinerary: ItineraryRepository, trip: TripRecord
) -> None:
    first = (
        await itinerary.add(
            trip.id,
            {
                "day": "2026-05-01",
                "title": "Lunch at Bolhão",
                "start_time": "12:30",
                "timezone": "Europe/Lisbon",
                "place": "Mercado do Bolhão",
                "notes": "cash only",
            },
        )
    ).record
    assert (first.day, first.start_time, first.timezone) == (MAY_1, time(12, 30), "Europe/Lisbon")
    assert (first.title, first.place, first.notes, first.position) == (
        "Lunch at Bolhão",
        "Mercado do Bolhão",
        "cash only",
        0,
    )
    assert first.trip_id == trip.id
    second = (await itinerary.add(trip.id, {"day": MAY_1, "title": "Cellars"})).record
    other_day = (await itinerary.add(trip.id, {"day": MAY_2, "title": "Train"})).record
    assert (second.position, other_day.position) == (1, 0)
    assert await itinerary.get(first.id) == first


async def test_items_are_ordered_by_day_then_position(
    itinerary: ItineraryRepository, trip: TripRecord
) -> None:
    await add_day(itinerary, trip, MAY_2, "Train", "Coimbra")
    await add_day(itinerary, trip, MAY_1, "Lunch")
    await itinerary.add(trip.id, {"day": MAY_1, "title": "Breakfast"}, position=0)
    assert positions(await itinerary.items(trip.id)) == [
        ("2026-05-01", "Breakfast", 0),
        ("2026-05-01", "Lunch", 1),
        ("2026-05-02", "Train", 0),
        ("2026-05-02", "Coimbra", 1),
    ]
    assert await itinerary.items("no such trip") == []


async def test_adding_at_a_position_shifts_the_rest_and_logs_it(
    itinerary: ItineraryRepository, trip: TripRecord, database: Database
) -> None:
    await add_day(itinerary, trip, MAY_1, "A", "B", "C")
    added = (await itinerary.add(trip.id, {"day": MAY_1, "title": "X"}, position=1)).record
    assert added.position == 1
    assert positions(await itinerary.items(trip.id)) == [
        ("2026-05-01", "A", 0),
        ("2026-05-01", "X", 1),
        ("2026-05-01", "B", 2),
        ("2026-05-01", "C", 3),
    ]
    rows = log_rows(database)[-2:]
    assert {row.group_id for row in rows} == {rows[0].group_id}
    assert [logged(row)[1] for row in rows] == ["create", "reorder"]
    ids = {item.title: item.id for item in await itinerary.items(trip.id)}
    assert decode_order(rows[1].before, rows[1].after) == (
        {ids["B"]: 1, ids["C"]: 2},
        {ids["B"]: 2, ids["C"]: 3},
    )
    past_the_end = (await itinerary.add(trip.id, {"day": MAY_1, "title": "Y"}, position=40)).record
    assert past_the_end.position == 4


@pytest.mark.parametrize(
    ("values", "field", "message"),
    [
        ({"title": "Lunch"}, "day", "Day is needed for a new item."),
        ({"day": MAY_1}, "title", "Title is needed for a new item."),
        ({"day": MAY_1, "title": " "}, "title", "Title must not be empty."),
        ({"day": "1st of May", "title": "x"}, "day", "Day must be a date such as 2026-05-01"),
        ({"day": MAY_1, "title": "x", "start_time": "noon"}, "start_time", "time of day"),
        (
            {"day": MAY_1, "title": "x", "start_time": "12:30+01:00"},
            "start_time",
            "local time without a UTC offset",
        ),
        ({"day": MAY_1, "title": "x", "timezone": "CEST"}, "timezone", "IANA time zone"),
        ({"day": MAY_1, "title": "x", "position": 2}, "position", "changes only by moving"),
        ({"day": MAY_1, "title": "x", "trip_id": "t"}, "trip_id", "fixed when the item"),
    ],
)
async def test_invalid_items_are_refused(
    itinerary: ItineraryRepository,
    trip: TripRecord,
    database: Database,
    values: dict[str, object],
    field: str,
    message: str,
) -> None:
    rows = len(log_rows(database))
    with pytest.raises(InvalidChangeError) as raised:
        await itinerary.add(trip.id, values)
    assert raised.value.field == field
    assert message in str(raised.value)
    assert await itinerary.items(trip.id) == []
    assert len(log_rows(database)) == rows


async def test_add_refuses_a_bad_position_or_an_unknown_trip(
    itinerary: ItineraryRepository, trip: TripRecord
) -> None:
    with pytest.raises(InvalidChangeError, match="Position must be a whole number of 0 or more"):
        await itinerary.add(trip.id, {"day": MAY_1, "title": "x"}, position=-1)
    with pytest.raises(RecordNotFoundError, match="trip gone does not exist"):
        await itinerary.add("gone", {"day": MAY_1, "title": "x"})


async def test_update_changes_only_the_named_fields(
    itinerary: ItineraryRepository, trip: TripRecord, database: Database
) -> None:
    item = (
        await itinerary.add(trip.id, {"day": MAY_1, "title": "Lunch", "place": "Bolhão"})
    ).record
    updated = (await itinerary.update(item.id, {"start_time": time(13, 0), "notes": "book"})).record
    assert (updated.start_time, updated.notes) == (time(13, 0), "book")
    assert (updated.title, updated.place, updated.day, updated.position) == (
        "Lunch",
        "Bolhão",
        MAY_1,
        0,
    )
    assert logged(log_rows(database)[-1])[2:] == (
        {"start_time": None, "notes": ""},
        {"start_time": "13:00:00", "notes": "book"},
    )
    rows = len(log_rows(database))
    assert (
        await itinerary.update(item.id, {"title": "Lunch", "start_time": "13:00"})
    ).record == updated
    assert len(log_rows(database)) == rows
    with pytest.raises(InvalidChangeError, match="Title must not be empty"):
        await itinerary.update(item.id, {"notes": "x", "title": ""})
    assert await itinerary.get(item.id) == updated
    with pytest.raises(RecordNotFoundError, match="itinerary item gone does not exist"):
        await itinerary.update("gone", {"title": "x"})


async def test_changing_the_day_puts_the_item_last_on_the_new_day(
    itinerary: ItineraryRepository, trip: TripRecord
) -> None:
    _, b, _ = await add_day(itinerary, trip, MAY_1, "A", "B", "C")
    await add_day(itinerary, trip, MAY_2, "D")
    moved = (await itinerary.update(b, {"day": "2026-05-02", "title": "B2"})).record
    assert (moved.day, moved.position, moved.title) == (MAY_2, 1, "B2")
    assert positions(await itinerary.items(trip.id)) == [
        ("2026-05-01", "A", 0),
        ("2026-05-01", "C", 1),
        ("2026-05-02", "D", 0),
        ("2026-05-02", "B2", 1),
    ]


async def test_move_within_a_day_renumbers_densely(
    itinerary: ItineraryRepository, trip: TripRecord, database: Database
) -> None:
    a, _, _, d = await add_day(itinerary, trip, MAY_1, "A", "B", "C", "D")
    moved = (await itinerary.move(d, position=1)).record
    assert moved.position == 1
    assert positions(await itinerary.items(trip.id)) == [
        ("2026-05-01", "A", 0),
        ("2026-05-01", "D", 1),
        ("2026-05-01", "B", 2),
        ("2026-05-01", "C", 3),
    ]
    rows = log_rows(database)[-2:]
    assert {row.label for row in rows} == {"Move “D”"}
    b, c = (item.id for item in (await itinerary.items(trip.id))[2:])
    assert logged(rows[0])[2:] == ({"position": 3}, {"position": 1})  # the moved item first
    assert decode_order(rows[1].before, rows[1].after) == ({b: 1, c: 2}, {b: 2, c: 3})
    count = len(log_rows(database))
    await itinerary.move(a, position=99)
    assert [t for _, t, _ in positions(await itinerary.items(trip.id))] == ["D", "B", "C", "A"]
    assert len(log_rows(database)) == count + 2
    await itinerary.move(a)  # last already: nothing to do
    assert len(log_rows(database)) == count + 2


async def test_move_to_another_day_renumbers_both_days(
    itinerary: ItineraryRepository, trip: TripRecord
) -> None:
    a, _, c = await add_day(itinerary, trip, MAY_1, "A", "B", "C")
    await add_day(itinerary, trip, MAY_2, "D", "E")
    moved = (await itinerary.move(a, day=MAY_2, position=1)).record
    assert (moved.day, moved.position) == (MAY_2, 1)
    assert positions(await itinerary.items(trip.id)) == [
        ("2026-05-01", "B", 0),
        ("2026-05-01", "C", 1),
        ("2026-05-02", "D", 0),
        ("2026-05-02", "A", 1),
        ("2026-05-02", "E", 2),
    ]
    to_new_day = (await itinerary.move(c, day=date(2026, 5, 3))).record
    assert (to_new_day.day, to_new_day.position) == (date(2026, 5, 3), 0)
    with pytest.raises(InvalidChangeError, match="Day must be a date"):
        await itinerary.move(c, day="soon")  # type: ignore[arg-type]
    with pytest.raises(RecordNotFoundError):
        await itinerary.move("gone", position=0)


async def test_remove_closes_the_gap(
    itinerary: ItineraryRepository, trip: TripRecord, database: Database
) -> None:
    a, _, _ = await add_day(itinerary, trip, MAY_1, "A", "B", "C")
    assert (await itinerary.remove(a)).record is True
    assert positions(await itinerary.items(trip.id)) == [
        ("2026-05-01", "B", 0),
        ("2026-05-01", "C", 1),
    ]
    rows = log_rows(database)[-2:]
    assert [logged(row)[:2] for row in rows] == [
        ("itinerary_item", "delete"),
        ("itinerary_item", "reorder"),
    ]
    assert rows[0].label == "Remove “A” from the itinerary"
    assert (await itinerary.remove(a)).record is False
