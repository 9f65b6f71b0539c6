"""Place lookups run for each stop of the route, for the days the person is there."""

from __future__ import annotations

from typing import Any

import pytest

from concierge.store import LookupStatus, StopRepository
from concierge.travel.lookups import LookupInputError
from concierge.travel.lookups.kinds import KINDS, LookupContext
from concierge.travel.lookups.progress import Progress
from concierge.travel.places.index import PlaceIndex
from tests.travel.lookups.conftest import Lookups

TRIP = {"start_date": "2027-04-10", "end_date": "2027-04-20"}
ROUTE: list[dict[str, Any]] = [
    {"number": 1, "place": "NRT", "arrive": "2027-04-08", "depart": "2027-04-13"},
    {"number": 2, "place": "Kyoto, Japan", "arrive": "2027-04-13", "depart": "2027-04-16"},
    {"number": 3, "place": "Osaka", "arrive": None, "depart": None},
    {"number": 4, "place": "Seoul", "arrive": "2027-04-16", "depart": None},
]


def run(
    places: PlaceIndex, kind: str, params: dict[str, Any], progress: Progress | None = None
) -> dict[str, Any]:
    ctx = LookupContext(places=places, progress=progress or Progress())
    result = KINDS[kind].run(params, ctx)
    return {"summary": result.summary(), **result.to_dict()}


def test_daylight_covers_each_stop_for_its_days_clipped_to_the_trip(places: PlaceIndex) -> None:
    reports: list[tuple[float, str]] = []
    data = run(
        places, "daylight", {**TRIP, "stops": ROUTE}, Progress(lambda f, s: reports.append((f, s)))
    )
    spans = [(s["stop"], s["from_date"], s["to_date"]) for s in data["stops"]]
    assert spans == [
        (1, "2027-04-10", "2027-04-13"),  # arrived before the trip starts: from its first day
        (2, "2027-04-13", "2027-04-16"),
        (4, "2027-04-16", "2027-04-20"),  # no departure: until the trip ends
    ]
    assert [len(s["days"]) for s in data["stops"]] == [4, 4, 5]
    assert data["stops"][1]["tz"] == "Asia/Tokyo"
    assert data["stops"][2]["tz"] == "Asia/Seoul"
    assert data["stops_skipped"] == [
        "Stop 3 (Osaka): it has no dates; set its arrival and departure."
    ]
    assert data["summary"].startswith("Stop 1: Tokyo (NRT), 4 days: 10 April 2027 sunrise")
    assert "; Stop 2: Kyoto, Japan, 4 days" in data["summary"]
    assert "; Stop 4: Seoul" in data["summary"]
    assert data["summary"].endswith("(1 stop skipped)")
    assert reports[-1][0] == 1.0 and reports[-1][1].startswith("Seoul")
    fractions = [f for f, _ in reports]
    assert fractions == sorted(fractions)


def test_holidays_are_those_of_each_stops_country_while_there(places: PlaceIndex) -> None:
    data = run(
        places,
        "holidays",
        {
            "start_date": "2027-04-28",
            "end_date": "2027-05-06",
            "stops": [
                {"number": 1, "place": "Kyoto, Japan", "arrive": None, "depart": "2027-05-02"},
                {"number": 2, "place": "Seoul", "arrive": "2027-05-02", "depart": None},
            ],
        },
    )
    kyoto, seoul = data["stops"]
    assert [h["date"] for h in kyoto["holidays"]] == ["2027-04-29"]  # Shōwa Day, not 3 May
    assert kyoto["country"] == "JP" and seoul["country"] == "KR"
    assert "2027-05-05" in [h["date"] for h in seoul["holidays"]]  # Children's Day
    assert all(h["date"] != "2027-04-29" for h in seoul["holidays"])


def test_one_stop_without_dates_takes_the_trip_and_stop_picks_one(places: PlaceIndex) -> None:
    alone = run(places, "daylight", {**TRIP, "stops": [ROUTE[2]]})
    [osaka] = alone["stops"]
    assert (osaka["from_date"], osaka["to_date"], len(osaka["days"])) == (
        "2027-04-10",
        "2027-04-20",
        11,
    )
    picked = run(places, "daylight", {**TRIP, "stops": ROUTE, "stop": 2})
    assert [s["place"] for s in picked["stops"]] == ["Kyoto, Japan"]
    with pytest.raises(LookupInputError, match="no stop 7; its stops are numbered 1 to 4"):
        run(places, "daylight", {**TRIP, "stops": ROUTE, "stop": 7})
    with pytest.raises(LookupInputError, match="Stop 3 \\(Osaka\\): it has no dates"):
        run(places, "daylight", {**TRIP, "stops": ROUTE, "stop": 3})


def test_time_difference_is_each_stop_against_home(places: PlaceIndex) -> None:
    data = run(
        places,
        "time_difference",
        {"origin": "LIS", "at": "2027-01-10T12:00:00Z", "stops": [ROUTE[1], ROUTE[3]]},
    )
    assert [s["destination_hours_ahead"] for s in data["stops"]] == [9, 9]
    assert [s["destination_tz"] for s in data["stops"]] == ["Asia/Tokyo", "Asia/Seoul"]
    dated = run(
        places,
        "time_difference",
        {"origin": "LIS", "at": "2027-01-10T12:00:00Z", **TRIP, "stops": [ROUTE[1]]},
    )
    assert dated["stops"][0]["trip_start_date"] == "2027-04-13"  # the first day there
    assert dated["stops"][0]["destination_hours_ahead_on_trip_start"] == 8


async def test_the_service_reads_the_route_and_flights_go_to_the_first_stop(
    lookups: Lookups,
) -> None:
    stops = StopRepository(lookups.database, lookups.trips.bus)
    await stops.add(
        lookups.trip.id, {"place": "Boston", "arrive": "2026-12-26", "depart": "2026-12-27"}
    )
    [new_york, _] = await stops.stops(lookups.trip.id)
    await stops.update(new_york.id, {"depart": "2026-12-26"})
    job = await lookups.service.wait(await lookups.service.start(lookups.trip.id, "daylight"))
    assert job is not None and job.status is LookupStatus.SUCCEEDED, job
    assert job.result is not None
    assert [s["place"] for s in job.result["stops"]] == ["New York (JFK)", "Boston (BOS)"]
    assert "stops" in job.parameters["from_trip"]
    flights = await lookups.service.wait(await lookups.service.start(lookups.trip.id, "flights"))
    assert flights is not None and flights.result is not None
    assert flights.result["destination"] == "New York (JFK)"
    assert flights.summary.startswith("Lisbon (LIS) → New York (JFK) (home to the first stop)")
