"""A trip's stops: the route in order, each write one undo step, dates checked against the
trip's, and a trip's deletion or duplication taking its stops along."""

from __future__ import annotations

import dataclasses
import re
from datetime import date

import pytest

from concierge.store import (
    ChangeHistory,
    InvalidChangeError,
    RecordNotFoundError,
    StopRecord,
    StopRepository,
    TripRepository,
)
from tests.store.support import EPOCH


def route(stops: list[StopRecord]) -> list[tuple[str, int]]:
    return [(stop.place, stop.position) for stop in stops]


def unclocked(stops: list[StopRecord]) -> list[StopRecord]:
    return [dataclasses.replace(stop, updated_at=EPOCH) for stop in stops]


async def test_stops_are_added_in_route_order_with_their_details(
    trips: TripRepository, stops: StopRepository
) -> None:
    trip = (await trips.create({"start_date": "2027-04-10", "end_date": "2027-04-24"})).record
    tokyo = (
        await stops.add(
            trip.id,
            {
                "place": " Tokyo ",
                "place_code": "hnd",
                "timezone": "Asia/Tokyo",
                "arrive": "2027-04-11",
                "depart": date(2027, 4, 15),
            },
        )
    ).record
    await stops.add(trip.id, {"place": "Osaka"})
    await stops.add(trip.id, {"place": "Kyoto"}, position=1)

    assert (tokyo.place, tokyo.place_code, tokyo.timezone) == ("Tokyo", "HND", "Asia/Tokyo")
    assert (tokyo.arrive, tokyo.depart) == (date(2027, 4, 11), date(2027, 4, 15))
    assert route(await stops.stops(trip.id)) == [("Tokyo", 0), ("Kyoto", 1), ("Osaka", 2)]
    assert await stops.get(tokyo.id) == tokyo
    assert await stops.stops("no such trip") == []


async def test_update_changes_only_the_named_fields(
    trips: TripRepository, stops: StopRepository
) -> None:
    trip = (await trips.create()).record
    kyoto = (await stops.add(trip.id, {"place": "Kyoto", "timezone": "Asia/Tokyo"})).record
    updated = (await stops.update(kyoto.id, {"arrive": "2027-04-15"})).record
    assert updated.arrive == date(2027, 4, 15)
    assert (updated.place, updated.timezone) == ("Kyoto", "Asia/Tokyo")
    assert (await stops.update(kyoto.id, {"place": "Kyoto"})).record == updated


@pytest.mark.parametrize(
    ("values", "field", "message"),
    [
        ({}, "place", "Stop must not be empty."),
        ({"place": "   "}, "place", "Stop must not be empty."),
        ({"place": "Kyoto", "place_code": "KYOTO"}, "place_code", "three-letter IATA code"),
        ({"place": "Kyoto", "timezone": "Kyoto"}, "timezone", "IANA time zone"),
        ({"place": "Kyoto", "arrive": "soon"}, "arrive", "Arrival date must be a date"),
        ({"place": "Kyoto", "depart": "0202-04-01"}, "depart", "between the years 1900 and 2199"),
        (
            {"place": "Kyoto", "arrive": "2027-04-18", "depart": "2027-04-15"},
            "depart",
            "The departure from Kyoto (15 April 2027) is before the arrival (18 April 2027).",
        ),
        (
            {"place": "Kyoto", "arrive": "2027-04-01"},
            "arrive",
            "The arrival at Kyoto (1 April 2027) is before the trip starts (10 April 2027).",
        ),
        (
            {"place": "Kyoto", "depart": "2027-05-01"},
            "depart",
            "The departure from Kyoto (1 May 2027) is after the trip ends (24 April 2027).",
        ),
        ({"place": "Kyoto", "position": 2}, "position", "changes only by moving"),
        ({"place": "Kyoto", "city": "Kyoto"}, "city", "A stop has no field 'city'"),
    ],
)
async def test_a_bad_stop_is_refused_naming_the_field(
    trips: TripRepository,
    stops: StopRepository,
    history: ChangeHistory,
    values: dict[str, object],
    field: str,
    message: str,
) -> None:
    trip = (await trips.create({"start_date": "2027-04-10", "end_date": "2027-04-24"})).record
    with pytest.raises(InvalidChangeError, match=re.escape(message)) as refused:
        await stops.add(trip.id, values)
    assert refused.value.field == field
    assert await stops.stops(trip.id) == []


async def test_an_edit_that_breaks_the_dates_is_refused_and_changes_nothing(
    trips: TripRepository, stops: StopRepository
) -> None:
    trip = (await trips.create({"start_date": "2027-04-10", "end_date": "2027-04-24"})).record
    kyoto = (await stops.add(trip.id, {"place": "Kyoto", "arrive": "2027-04-15"})).record
    with pytest.raises(InvalidChangeError, match="before the arrival") as refused:
        await stops.update(kyoto.id, {"depart": "2027-04-14"})
    assert refused.value.field == "depart"
    assert await stops.get(kyoto.id) == kyoto


async def test_unknown_trips_and_stops_are_reported(
    trips: TripRepository, stops: StopRepository
) -> None:
    with pytest.raises(RecordNotFoundError):
        await stops.add("nope", {"place": "Kyoto"})
    with pytest.raises(RecordNotFoundError):
        await stops.update("nope", {"place": "Kyoto"})
    with pytest.raises(RecordNotFoundError):
        await stops.move("nope", 0)
    assert (await stops.remove("nope")).record is False


async def test_each_write_is_one_undo_step_with_a_clear_label(
    trips: TripRepository, stops: StopRepository, history: ChangeHistory
) -> None:
    trip = (await trips.create()).record
    tokyo = (await stops.add(trip.id, {"place": "Tokyo"})).record
    kyoto = (await stops.add(trip.id, {"place": "Kyoto"})).record
    osaka = (await stops.add(trip.id, {"place": "Osaka"})).record
    states = [unclocked(await stops.stops(trip.id))]
    await stops.update(kyoto.id, {"arrive": "2027-04-15"})
    states.append(unclocked(await stops.stops(trip.id)))
    await stops.move(osaka.id, 0)
    states.append(unclocked(await stops.stops(trip.id)))
    assert route(await stops.stops(trip.id)) == [("Osaka", 0), ("Tokyo", 1), ("Kyoto", 2)]
    await stops.remove(tokyo.id)
    assert route(await stops.stops(trip.id)) == [("Osaka", 0), ("Kyoto", 1)]

    labels = []
    for expected in reversed(states):
        step = await history.undo_last()
        assert step is not None
        labels.append(step.label)
        assert unclocked(await stops.stops(trip.id)) == expected
    assert labels == ["Remove stop “Tokyo”", "Move stop “Osaka”", "Edit stop “Kyoto”"]
    step = await history.undo_last()
    assert step is not None and step.label == "Add stop “Osaka”"
    assert route(await stops.stops(trip.id)) == [("Tokyo", 0), ("Kyoto", 1)]

    for _ in range(4):
        assert await history.redo_last() is not None
    assert route(await stops.stops(trip.id)) == [("Osaka", 0), ("Kyoto", 1)]
    assert (await stops.stops(trip.id))[1].arrive == date(2027, 4, 15)


async def test_undoing_a_trips_deletion_restores_its_stops_exactly(
    trips: TripRepository, stops: StopRepository, history: ChangeHistory
) -> None:
    trip = (await trips.create({"title": "Japan"})).record
    await stops.add(trip.id, {"place": "Tokyo", "timezone": "Asia/Tokyo"})
    await stops.add(trip.id, {"place": "Kyoto", "arrive": "2027-04-15"})
    before = await stops.stops(trip.id)

    assert (await trips.delete(trip.id)).record
    assert await stops.stops(trip.id) == []
    step = await history.undo_last()
    assert step is not None and step.label == "Delete trip “Japan”"
    assert await stops.stops(trip.id) == before


async def test_a_duplicated_trip_gets_its_own_copy_of_the_route(
    trips: TripRepository, stops: StopRepository, history: ChangeHistory
) -> None:
    trip = (await trips.create({"title": "Japan"})).record
    await stops.add(trip.id, {"place": "Tokyo", "timezone": "Asia/Tokyo"})
    await stops.add(trip.id, {"place": "Kyoto"})
    copy = (await trips.duplicate(trip.id)).record

    copied = await stops.stops(copy.id)
    assert route(copied) == [("Tokyo", 0), ("Kyoto", 1)]
    assert copied[0].timezone == "Asia/Tokyo"
    assert {stop.id for stop in copied}.isdisjoint(s.id for s in await stops.stops(trip.id))
    await stops.remove(copied[0].id)
    assert route(await stops.stops(trip.id)) == [("Tokyo", 0), ("Kyoto", 1)]

    await history.undo_last()
    step = await history.undo_last()
    assert step is not None and step.label == "Duplicate trip “Japan”"
    assert await trips.get(copy.id) is None
    assert await stops.stops(copy.id) == []
