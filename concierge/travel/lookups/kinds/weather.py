"""The weather forecast at each stop, from an Open-Meteo-compatible API: the only lookup that goes
online, and only when the person turned forecasts on."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from concierge.model.values.dates import format_date
from concierge.text import QT_TRANSLATE_NOOP

from ...locale.dates import local_now, trip_days
from ..errors import LookupInputError, OnlineLookupError
from ..online import OnlineAccess, access_in, get_json, host_of
from ..parameters import Parameters
from .base import LookupContext
from .per_stop import PerStopResult, StopDays, for_each_stop

HORIZON_DAYS = 16
"""Open-Meteo forecasts today and the 15 days after it."""

DAILY = "temperature_2m_max,temperature_2m_min,precipitation_probability_max,weather_code"
SERVICE = "the weather service"

WMO_CODES: dict[int, str] = {
    0: "clear sky",
    1: "mainly clear",
    2: "partly cloudy",
    3: "overcast",
    45: "fog",
    48: "freezing fog",
    51: "light drizzle",
    53: "drizzle",
    55: "dense drizzle",
    56: "light freezing drizzle",
    57: "freezing drizzle",
    61: "light rain",
    63: "rain",
    65: "heavy rain",
    66: "light freezing rain",
    67: "freezing rain",
    71: "light snow",
    73: "snow",
    75: "heavy snow",
    77: "snow grains",
    80: "light rain showers",
    81: "rain showers",
    82: "violent rain showers",
    85: "light snow showers",
    86: "heavy snow showers",
    95: "thunderstorm",
    96: "thunderstorm with light hail",
    99: "thunderstorm with heavy hail",
}
"""WMO weather interpretation codes as Open-Meteo documents them."""


def describe(code: int | None) -> str:
    if code is None:
        return "unknown"
    return WMO_CODES.get(code, f"weather code {code}")


def off_message(url: str) -> str:
    return (
        "Online lookups are off. Turn on weather forecasts in Settings ▸ Online lookups "
        f"(it sends each stop's coordinates and dates to {host_of(url)})."
    )


@dataclass(frozen=True, slots=True)
class ForecastDay:
    day: date
    max_c: float | None
    min_c: float | None
    precipitation_probability: int | None
    """The day's highest hourly chance of precipitation, in percent."""
    weather_code: int | None

    @property
    def description(self) -> str:
        return describe(self.weather_code)

    def to_dict(self) -> dict[str, Any]:
        return {
            "date": self.day.isoformat(),
            "max_c": self.max_c,
            "min_c": self.min_c,
            "precipitation_probability_pct": self.precipitation_probability,
            "weather": self.description,
            "weather_code": self.weather_code,
        }


@dataclass(frozen=True, slots=True)
class WeatherForecast:
    place: str
    tz: str
    source: str
    days: tuple[ForecastDay, ...]
    not_forecast: tuple[date, ...]
    """Trip days outside the forecast's reach (too far ahead or already past)."""

    def summary(self) -> str:
        span = format_date(self.days[0].day)
        if len(self.days) > 1:
            span = f"{len(self.days)} days from {span}"
        highs = [d.max_c for d in self.days if d.max_c is not None]
        lows = [d.min_c for d in self.days if d.min_c is not None]
        parts = [f"{self.place}, {span}:"]
        if highs and lows:
            parts.append(f"{_c(min(lows))} to {_c(max(highs))},")
        parts.append(_mostly(self.days))
        wet = [d for d in self.days if (d.precipitation_probability or 0) >= 50]
        if wet:
            parts[-1] += f"; rain likely on {len(wet)} of {len(self.days)} days"
        text = " ".join(parts)
        if self.not_forecast:
            text += f" ({len(self.not_forecast)} trip days beyond the forecast)"
        return text

    def to_dict(self) -> dict[str, Any]:
        return {
            "place": self.place,
            "tz": self.tz,
            "source": self.source,
            "units": "°C; precipitation probability is the day's highest hourly chance, %",
            "days": [d.to_dict() for d in self.days],
            "days_not_forecast": [d.isoformat() for d in self.not_forecast],
        }


def forecast_window(start: date, end: date, today: date) -> tuple[list[date], list[date]]:
    """The trip days a forecast made `today` covers, and the others. Raises
    `LookupInputError` when it covers none of them."""
    last = today + timedelta(days=HORIZON_DAYS - 1)
    days = trip_days(start, end)
    covered = [d for d in days if today <= d <= last]
    if covered:
        return covered, [d for d in days if d not in covered]
    if end < today:
        raise LookupInputError(
            QT_TRANSLATE_NOOP(
                "Lookup",
                "The trip ended on {date}; a forecast covers only today and the "
                "next {value} days. Set the trip's dates to the coming days.",
            ).format(date=end, value=HORIZON_DAYS - 1)
        )
    ask_from = start - timedelta(days=HORIZON_DAYS - 1)
    raise LookupInputError(
        QT_TRANSLATE_NOOP(
            "Lookup",
            "The trip starts on {date}, beyond the {horizon_days}-day "
            "forecast (it reaches {date2}). Try again from {date3}.",
        ).format(
            date=start,
            horizon_days=HORIZON_DAYS,
            date2=last,
            date3=ask_from,
        )
    )


def request_parameters(lat: float, lon: float, tz: str, first: date, last: date) -> dict[str, str]:
    """Exactly what is sent: coordinates (4 decimals, about 10 m), zone and dates."""
    return {
        "latitude": f"{lat:.4f}",
        "longitude": f"{lon:.4f}",
        "daily": DAILY,
        "timezone": tz,
        "start_date": first.isoformat(),
        "end_date": last.isoformat(),
    }


def parse_daily(body: Any, wanted: list[date], source: str) -> tuple[ForecastDay, ...]:
    """The days of an Open-Meteo `daily` block, in order, for the `wanted` dates."""
    daily = body.get("daily") if isinstance(body, dict) else None
    if not isinstance(daily, dict) or not isinstance(daily.get("time"), list):
        raise OnlineLookupError(
            QT_TRANSLATE_NOOP("Lookup", "The answer from {source} has no daily forecast.").format(
                source=source
            )
        )
    columns = {name: daily.get(name) for name in DAILY.split(",")}
    times: list[Any] = daily["time"]
    by_day: dict[date, ForecastDay] = {}
    for index, stamp in enumerate(times):
        try:
            day = date.fromisoformat(str(stamp))
        except ValueError:
            raise OnlineLookupError(
                QT_TRANSLATE_NOOP(
                    "Lookup", "The answer from {source} has a bad date {stamp!r}."
                ).format(source=source, stamp=stamp)
            ) from None
        by_day[day] = ForecastDay(
            day,
            _number(columns["temperature_2m_max"], index),
            _number(columns["temperature_2m_min"], index),
            _whole(columns["precipitation_probability_max"], index),
            _whole(columns["weather_code"], index),
        )
    missing = [d for d in wanted if d not in by_day]
    if missing:
        raise OnlineLookupError(
            QT_TRANSLATE_NOOP("Lookup", "The answer from {source} lacks {date}{value}.").format(
                source=source,
                date=missing[0],
                value=f" and {len(missing) - 1} more days" if len(missing) > 1 else "",
            )
        )
    return tuple(by_day[d] for d in wanted)


def forecast(
    place: str,
    lat: float,
    lon: float,
    tz: str,
    start: date,
    end: date,
    access: OnlineAccess,
    *,
    today: date,
    ctx: LookupContext,
) -> WeatherForecast:
    covered, beyond = forecast_window(start, end, today)
    host = host_of(access.weather_url)
    ctx.progress.report(0.1, f"Asking {host}")
    body = get_json(
        access.weather_url,
        request_parameters(lat, lon, tz, covered[0], covered[-1]),
        connect_timeout=access.connect_timeout,
        total_timeout=access.total_timeout,
        cancelled=lambda: ctx.progress.cancelled,
        service=SERVICE,
    )
    ctx.progress.report(0.9, "Reading the forecast")
    days = parse_daily(body, covered, host)
    return WeatherForecast(place, tz, host, days, tuple(beyond))


def run(params: Parameters, ctx: LookupContext) -> PerStopResult:
    access = access_in(params)
    if not access.weather:
        raise LookupInputError(off_message(access.weather_url))

    def at_stop(stop: StopDays, ctx: LookupContext) -> WeatherForecast:
        where = stop.place
        first, last = stop.days()
        today = local_now(where.tz).date()
        return forecast(
            where.short, where.lat, where.lon, where.tz, first, last, access, today=today, ctx=ctx
        )

    return for_each_stop(params, ctx, at_stop)


def _number(column: Any, index: int) -> float | None:
    value = column[index] if isinstance(column, list) and index < len(column) else None
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def _whole(column: Any, index: int) -> int | None:
    value = _number(column, index)
    return None if value is None else round(value)


def _c(value: float) -> str:
    return f"{value:.0f} °C".replace("-0 °C", "0 °C")


def _mostly(days: tuple[ForecastDay, ...]) -> str:
    """The most frequent description (the earliest on a tie)."""
    counts: dict[str, int] = {}
    for d in days:
        counts[d.description] = counts.get(d.description, 0) + 1
    best = max(counts, key=lambda name: counts[name])
    return best if len(days) == 1 else f"mostly {best}"
