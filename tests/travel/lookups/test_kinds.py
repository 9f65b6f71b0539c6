"""The lookup kinds on the real data installed with the app, and their "what to fix" errors."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal
from math import isclose

import pytest

from concierge.travel.lookups.errors import LookupCancelled, LookupInputError
from concierge.travel.lookups.kinds import KINDS, LookupContext
from concierge.travel.lookups.kinds.currency import convert
from concierge.travel.lookups.kinds.daylight import daylight
from concierge.travel.lookups.kinds.flights import estimated_minutes, flight_estimate
from concierge.travel.lookups.kinds.holidays import public_holidays
from concierge.travel.lookups.kinds.time_difference import time_difference
from concierge.travel.lookups.progress import Progress
from concierge.travel.money.ecb_rates import ecb_rates
from concierge.travel.places.index import PlaceIndex

LIS_JFK_KM = 5420.0
"""The geodesic (WGS84) LIS–JFK distance is 5,417.8 km from airportsdata's coordinates
(Vincenty's formula, computed when writing this test); published figures say 5,420 km."""


def context(places: PlaceIndex, progress: Progress | None = None) -> LookupContext:
    return LookupContext(places=places, progress=progress or Progress())


def test_lis_jfk_distance_is_within_one_percent_of_the_true_value(places: PlaceIndex) -> None:
    estimate = flight_estimate(places, places.resolve("LIS"), places.resolve("JFK"))
    assert isclose(estimate.distance_km, LIS_JFK_KM, rel_tol=0.01)
    assert estimate.minutes == estimated_minutes(estimate.distance_km) == 435
    assert estimate.summary() == (
        "Lisbon (LIS) → New York (JFK): 5,404 km great-circle, about 7 h 15 min flying"
    )
    assert [a.iata for a in estimate.destination_airports] == ["JFK"]


def test_a_city_is_served_by_all_its_airports(places: PlaceIndex) -> None:
    result = KINDS["flights"].run({"origin": "Lisbon", "destination": "London"}, context(places))
    data = result.to_dict()
    codes = {a["iata"] for a in data["destination_airports"]}
    assert {"LHR", "LGW", "STN"} <= codes
    assert "30 min" in data["formula"]
    assert "800 km/h" in data["formula"]


def test_the_flight_time_formula() -> None:
    assert estimated_minutes(0) == 30
    assert estimated_minutes(800) == 90
    assert estimated_minutes(300) == 55  # 30 + 22.5, to the nearest 5 minutes


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"destination": "JFK"}, "The trip has no origin. Set the origin"),
        ({"origin": "Portoo", "destination": "JFK"}, "Did you mean Porto (OPO)"),
        ({"origin": "OPO", "destination": "Porto"}, "set a different destination"),
    ],
)
def test_flights_say_what_to_fix(places: PlaceIndex, params: dict[str, str], message: str) -> None:
    with pytest.raises(LookupInputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        KINDS["flights"].run(params, context(places))


def test_christmas_day_is_a_public_holiday_in_portugal_in_december_2026() -> None:
    result = public_holidays("PT", date(2026, 12, 1), date(2026, 12, 31))
    assert (date(2026, 12, 25), "Christmas Day") in [(h.day, h.name) for h in result.holidays]
    assert result.summary().startswith("3 public holidays in Portugal during the trip: ")
    assert {"date": "2026-12-25", "name": "Christmas Day"} in result.to_dict()["holidays"]


def test_holidays_take_the_destinations_country_and_the_trip_dates(places: PlaceIndex) -> None:
    result = KINDS["holidays"].run(
        {"destination": "Porto", "start_date": "2026-06-09", "end_date": "2026-06-11"},
        context(places),
    )
    assert result.to_dict()["stops"][0]["holidays"] == [
        {"date": "2026-06-10", "name": "Day of Portugal, Camões, and the Portuguese Communities"}
    ]
    none = public_holidays("PT", date(2026, 5, 4), date(2026, 5, 5))
    assert none.summary() == "No public holidays in Portugal from 4 May 2026 to 5 May 2026"


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"destination": "Porto", "end_date": "2026-05-05"}, "The trip has no start date"),
        (
            {"destination": "Porto", "start_date": "2026-05-05", "end_date": "2026-05-01"},
            "before the start date",
        ),
        (
            {"destination": "Porto", "start_date": "2026-01-01", "end_date": "2027-06-01"},
            "at most 365 days",
        ),
        ({"destination": "Porto", "start_date": "05/06/2026", "end_date": "x"}, "ambiguous"),
    ],
)
def test_holidays_say_what_to_fix(places: PlaceIndex, params: dict[str, str], message: str) -> None:
    with pytest.raises(LookupInputError, match=message):
        KINDS["holidays"].run(params, context(places))


def test_eur_to_usd_states_its_ecb_rate_date() -> None:
    last = ecb_rates().bounds["USD"].last_date
    result = convert(Decimal("1800"), "eur", "USD")
    assert result.rate_date == last
    assert (result.source, result.target) == ("EUR", "USD")
    assert 0.5 < result.rate < 2
    assert result.converted == (Decimal("1800") * result.rate).quantize(Decimal("0.01"))
    day = f"{last.day} {last:%B} {last.year}"
    assert f"at the ECB rate of {day}" in result.summary()
    assert result.summary().startswith("1,800.00 EUR ≈ ")
    assert result.to_dict()["rate_date"] == last.isoformat()
    assert "note" not in result.to_dict()


def test_a_currency_the_ecb_stopped_publishing_says_so() -> None:
    result = convert(Decimal(100), "EUR", "RUB")
    assert result.rate_date == date(2022, 3, 1)
    assert "1 March 2022" in result.to_dict()["note"]


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"amount": "100", "currency": "EUR", "to_currency": "ARS"}, "publishes no rate for ARS"),
        ({"amount": "100", "currency": "EUX", "to_currency": "USD"}, "Unknown currency 'EUX'"),
        ({"amount": "100", "currency": "EUR"}, "Say which currency to convert the budget to"),
        ({"currency": "EUR", "to_currency": "USD"}, "The trip has no budget"),
        ({"amount": "lots", "currency": "EUR", "to_currency": "USD"}, "is not a number"),
    ],
)
def test_currency_says_what_to_fix(
    places: PlaceIndex, params: dict[str, str], message: str
) -> None:
    with pytest.raises(LookupInputError, match=message):
        KINDS["currency"].run(params, context(places))


def test_time_difference_follows_each_countrys_daylight_saving(places: PlaceIndex) -> None:
    at = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)  # the US has moved its clocks, Europe not
    result = time_difference(places.resolve("LIS"), places.resolve("JFK"), at, date(2026, 4, 1))
    assert result.hours_ahead == -4
    assert result.hours_ahead_at_start == -5
    assert result.destination_local.strftime("%H:%M") == "08:00"
    assert result.summary() == (
        "New York (JFK) is 4 hours behind Lisbon (LIS); local time there Tue 08:00; "
        "on the first day there (1 April 2026) it is 5 hours behind Lisbon (LIS)"
    )
    tokyo = KINDS["time_difference"].run(
        {"origin": "LIS", "destination": "Tokyo", "at": "2026-07-10T12:00:00Z"}, context(places)
    )
    assert tokyo.to_dict()["stops"][0]["destination_hours_ahead"] == 8


def test_daylight_for_each_trip_day_with_progress(places: PlaceIndex) -> None:
    reports: list[tuple[float, str]] = []
    result = KINDS["daylight"].run(
        {"destination": "LIS", "start_date": "2026-12-24", "end_date": "2026-12-26"},
        context(places, Progress(lambda f, line: reports.append((f, line)))),
    )
    days = result.to_dict()["stops"][0]["days"]
    assert [d["date"] for d in days] == ["2026-12-24", "2026-12-25", "2026-12-26"]
    christmas = days[1]
    assert christmas["sunrise"] == "07:53"
    assert christmas["sunset"] == "17:20"
    assert christmas["daylight"] == "9 h 27 min"
    assert reports[-1] == (1.0, "Day 3 of 3")


def test_polar_days_and_nights_are_reported_not_failed(places: PlaceIndex) -> None:
    svalbard = places.resolve("LYR")
    args = (svalbard.short, svalbard.lat, svalbard.lon, svalbard.tz)
    summer = daylight(*args, date(2026, 6, 21), date(2026, 6, 21))
    winter = daylight(*args, date(2026, 12, 21), date(2026, 12, 21))
    assert summer.days[0].kind == "polar day"
    assert summer.days[0].daylight_minutes == 24 * 60
    assert winter.summary() == "Longyearbyen (LYR), 21 December 2026: polar night"


def test_a_cancelled_kind_stops_at_its_next_progress_report(places: PlaceIndex) -> None:
    progress = Progress()
    progress.cancel()
    with pytest.raises(LookupCancelled):
        KINDS["daylight"].run(
            {"destination": "LIS", "start_date": "2026-12-24", "end_date": "2026-12-26"},
            context(places, progress),
        )
