"""The weather lookup against a loopback Open-Meteo-like server over real sockets: exactly
what it sends, how it reads the answer, and that it opens no connection while it is off."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from datetime import date, timedelta
from typing import Any

import pytest

from concierge.model.settings import LOOKUPS_ONLINE_WEATHER, LOOKUPS_WEATHER_URL
from concierge.model.values.dates import format_date
from concierge.store import LookupStatus, Settings
from concierge.travel.locale.dates import local_now
from concierge.travel.lookups.errors import LookupCancelled, LookupInputError
from concierge.travel.lookups.kinds import KINDS, LookupContext, weather
from concierge.travel.lookups.kinds.weather import (
    HORIZON_DAYS,
    WeatherForecast,
    describe,
    forecast_window,
)
from concierge.travel.lookups.online import (
    ONLINE_PARAMETER,
    OnlineAccess,
    OnlineLookupError,
    settings_online_access,
)
from concierge.travel.lookups.progress import Progress
from concierge.travel.lookups.service import LookupService
from concierge.travel.places.index import PlaceIndex
from tests.travel.lookups.conftest import Lookups
from tests.travel.lookups.weather_server import FORECAST_PATH, WeatherServer

OFF_TEXT = (
    "Online lookups are off. Turn on weather forecasts in Settings ▸ Online lookups "
    "(it sends each stop's coordinates and dates to {host})."
)


@pytest.fixture
def server() -> Iterator[WeatherServer]:
    with WeatherServer() as running:
        yield running


def lisbon_today() -> date:
    return local_now("Europe/Lisbon").date()


def params(url: str, start: date, end: date, *, on: bool = True, **access: float) -> dict[str, Any]:
    return {
        "destination": "Lisbon",
        "start_date": start.isoformat(),
        "end_date": end.isoformat(),
        ONLINE_PARAMETER: OnlineAccess(weather=on, weather_url=url, **access),
    }


def run(
    places: PlaceIndex, given: dict[str, Any], progress: Progress | None = None
) -> WeatherForecast:
    """The forecast for the one place looked up."""
    assert KINDS["weather"].run is weather.run
    grouped = weather.run(given, LookupContext(places, progress or Progress()))
    [one] = grouped.results
    assert isinstance(one.result, WeatherForecast)
    return one.result


def closed_port_url() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}{FORECAST_PATH}"


def test_asks_for_exactly_the_trip_days_and_reads_each_day(
    places: PlaceIndex, server: WeatherServer
) -> None:
    start = lisbon_today() + timedelta(days=1)
    end = start + timedelta(days=2)
    lines: list[tuple[float, str]] = []
    result = run(
        places, params(server.url, start, end), Progress(lambda f, s: lines.append((f, s)))
    )
    [request] = server.requests
    assert request.path == FORECAST_PATH
    lisbon = places.resolve("Lisbon")
    assert request.query == {
        "latitude": [f"{lisbon.lat:.4f}"],
        "longitude": [f"{lisbon.lon:.4f}"],
        "daily": [
            "temperature_2m_max,temperature_2m_min,precipitation_probability_max,weather_code"
        ],
        "timezone": ["Europe/Lisbon"],
        "start_date": [start.isoformat()],
        "end_date": [end.isoformat()],
    }
    data = result.to_dict()
    assert data["source"] == "127.0.0.1"
    assert data["days_not_forecast"] == []
    assert data["days"] == [
        {
            "date": start.isoformat(),
            "max_c": 20.0,
            "min_c": 10.0,
            "precipitation_probability_pct": 0,
            "weather": "clear sky",
            "weather_code": 0,
        },
        {
            "date": (start + timedelta(days=1)).isoformat(),
            "max_c": 21.0,
            "min_c": 10.5,
            "precipitation_probability_pct": 10,
            "weather": "overcast",
            "weather_code": 3,
        },
        {
            "date": end.isoformat(),
            "max_c": 22.0,
            "min_c": 11.0,
            "precipitation_probability_pct": 20,
            "weather": "light rain",
            "weather_code": 61,
        },
    ]
    assert result.summary() == (
        f"{lisbon.short}, 3 days from {format_date(start)}: 10 °C to 22 °C, mostly clear sky"
    )
    assert [s for _, s in lines] == ["Asking 127.0.0.1", "Reading the forecast"]


def test_only_days_within_the_horizon_are_asked_for(
    places: PlaceIndex, server: WeatherServer
) -> None:
    today = lisbon_today()
    start, end = today + timedelta(days=HORIZON_DAYS - 2), today + timedelta(days=HORIZON_DAYS + 2)
    result = run(places, params(server.url, start, end))
    [request] = server.requests
    assert request.query["start_date"] == [start.isoformat()]
    assert request.query["end_date"] == [(today + timedelta(days=HORIZON_DAYS - 1)).isoformat()]
    assert len(result.days) == 2
    assert result.to_dict()["days_not_forecast"] == [
        (today + timedelta(days=HORIZON_DAYS + n)).isoformat() for n in range(3)
    ]
    assert result.summary().endswith("(3 trip days beyond the forecast)")


def test_a_trip_beyond_the_horizon_says_when_to_ask(
    places: PlaceIndex, server: WeatherServer
) -> None:
    today = lisbon_today()
    start = today + timedelta(days=HORIZON_DAYS + 10)
    with pytest.raises(LookupInputError) as caught:
        run(places, params(server.url, start, start + timedelta(days=3)))
    assert str(caught.value) == (
        f"The trip starts on {format_date(start)}, beyond the 16-day forecast (it reaches "
        f"{format_date(today + timedelta(days=15))}). Try again from "
        f"{format_date(start - timedelta(days=15))}."
    )
    assert server.requests == []


def test_a_past_trip_cannot_be_forecast() -> None:
    with pytest.raises(LookupInputError, match=r"The trip ended on 3 May 2026; a forecast"):
        forecast_window(date(2026, 5, 1), date(2026, 5, 3), today=date(2026, 11, 30))


@pytest.mark.parametrize("url", ["https://api.open-meteo.com/v1/forecast", None])
def test_while_off_it_fails_at_once_and_opens_no_connection(
    places: PlaceIndex, server: WeatherServer, url: str | None
) -> None:
    start = lisbon_today()
    given = params(url or server.url, start, start, on=False)
    if url is not None:
        del given[ONLINE_PARAMETER]  # no access given at all: off, with the default address
    with pytest.raises(LookupInputError) as caught:
        run(places, given)
    host = "api.open-meteo.com" if url else "127.0.0.1"
    assert str(caught.value) == OFF_TEXT.format(host=host)
    assert server.requests == []


def test_an_unreachable_server_fails_fast_and_says_so(places: PlaceIndex) -> None:
    start = lisbon_today()
    began = time.monotonic()
    with pytest.raises(OnlineLookupError) as caught:
        run(places, params(closed_port_url(), start, start))
    assert time.monotonic() - began < 2
    assert str(caught.value) == (
        "Could not reach the weather service at 127.0.0.1 (connection refused). Check the "
        "internet connection (the app may be offline) and try again."
    )


def test_a_slow_server_is_given_up_on_after_the_total_timeout(
    places: PlaceIndex, server: WeatherServer
) -> None:
    server.delay = 2.0
    start = lisbon_today()
    began = time.monotonic()
    with pytest.raises(OnlineLookupError) as caught:
        run(places, params(server.url, start, start, total_timeout=0.3))
    assert time.monotonic() - began < 1.5
    assert str(caught.value) == (
        "The weather service at 127.0.0.1 did not answer within 0.3 s. Try again later."
    )


def test_a_cancel_stops_waiting_for_the_server(places: PlaceIndex, server: WeatherServer) -> None:
    server.delay = 2.0
    progress = Progress()
    threading.Timer(0.2, progress.cancel).start()
    start = lisbon_today()
    began = time.monotonic()
    with pytest.raises(LookupCancelled):
        run(places, params(server.url, start, start), progress)
    assert time.monotonic() - began < 1.0


def test_an_error_answer_passes_on_the_servers_reason(
    places: PlaceIndex, server: WeatherServer
) -> None:
    server.status, server.body = 400, {"error": True, "reason": "Latitude must be in range"}
    start = lisbon_today()
    with pytest.raises(
        OnlineLookupError,
        match=r"^The weather service at 127\.0\.0\.1 "
        r"answered 400: Latitude must be in range\.$",
    ):
        run(places, params(server.url, start, start))


def test_an_answer_without_the_asked_days_fails_clearly(
    places: PlaceIndex, server: WeatherServer
) -> None:
    server.body = {"daily": {"time": []}}
    start = lisbon_today()
    with pytest.raises(OnlineLookupError, match=r"The answer from 127\.0\.0\.1 lacks "):
        run(places, params(server.url, start, start))


def test_wmo_codes_read_as_words() -> None:
    assert [describe(c) for c in (0, 2, 45, 65, 75, 95, 99, None, 42)] == [
        "clear sky",
        "partly cloudy",
        "fog",
        "heavy rain",
        "heavy snow",
        "thunderstorm",
        "thunderstorm with heavy hail",
        "unknown",
        "weather code 42",
    ]


async def test_the_service_reads_the_settings_when_a_job_starts(
    lookups: Lookups, places: PlaceIndex, server: WeatherServer
) -> None:
    settings = Settings(lookups.database)
    await settings.set(LOOKUPS_WEATHER_URL, server.url)
    service = LookupService(
        lookups.jobs, lookups.trips, places, online=settings_online_access(settings)
    )
    start = local_now("America/New_York").date() + timedelta(days=1)
    dates = {"start_date": start.isoformat(), "end_date": start.isoformat()}
    try:
        off = await service.wait(await service.start(lookups.trip.id, "weather", dates))
        assert off is not None
        assert off.status is LookupStatus.FAILED
        assert off.error == OFF_TEXT.format(host="127.0.0.1")
        assert server.requests == []

        await settings.set(LOOKUPS_ONLINE_WEATHER, True)
        on = await service.wait(await service.start(lookups.trip.id, "weather", dates))
        assert on is not None
        assert on.status is LookupStatus.SUCCEEDED, on.error
        assert on.result is not None
        assert on.result["stops"][0]["place"] == "New York (JFK)"
        assert "online_access" not in on.parameters
        [request] = server.requests
        assert request.query["timezone"] == ["America/New_York"]
    finally:
        await service.aclose()


async def test_without_an_online_source_the_service_keeps_weather_off(
    lookups: Lookups, server: WeatherServer
) -> None:
    start = lisbon_today() + timedelta(days=1)
    job_id = await lookups.service.start(
        lookups.trip.id,
        "weather",
        {"start_date": start.isoformat(), "end_date": start.isoformat()},
    )
    failed = await lookups.service.wait(job_id)
    assert failed is not None
    assert failed.status is LookupStatus.FAILED
    assert failed.error == OFF_TEXT.format(host="api.open-meteo.com")
    assert server.requests == []


def test_each_stop_is_forecast_for_its_own_days_and_place(
    places: PlaceIndex, server: WeatherServer
) -> None:
    """Porto, then Madrid: one request each, with that stop's place, zone and days; a stop
    whose days are beyond the forecast is left out with the reason, the others kept."""
    today = lisbon_today()

    def day(n: int) -> str:
        return (today + timedelta(days=n)).isoformat()

    given = {
        "start_date": day(1),
        "end_date": day(HORIZON_DAYS + 6),
        "stops": [
            {"number": 1, "place": "OPO", "arrive": day(1), "depart": day(3)},
            {"number": 2, "place": "MAD", "arrive": day(3), "depart": day(5)},
            {"number": 3, "place": "BCN", "arrive": day(HORIZON_DAYS + 2), "depart": None},
        ],
        ONLINE_PARAMETER: OnlineAccess(weather=True, weather_url=server.url),
    }
    grouped = weather.run(given, LookupContext(places, Progress()))
    porto, madrid = server.requests
    assert (porto.query["start_date"], porto.query["end_date"]) == ([day(1)], [day(3)])
    assert (madrid.query["start_date"], madrid.query["end_date"]) == ([day(3)], [day(5)])
    assert madrid.query["timezone"] == ["Europe/Madrid"]
    assert madrid.query["latitude"] == [f"{places.resolve('MAD').lat:.4f}"]
    data = grouped.to_dict()
    assert [(s["stop"], len(s["days"])) for s in data["stops"]] == [(1, 3), (2, 3)]
    [barcelona] = data["stops_skipped"]
    assert barcelona.startswith("Stop 3, Barcelona")
    assert "beyond the 16-day forecast" in barcelona
