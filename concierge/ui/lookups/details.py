"""A lookup job as short Markdown for the details pane: what it is, its outcome in one
line, then every field of the result (or the error), in plain words.

The result is the JSON the model reads (ISO dates, UTC moments, plain numbers); here each
field gets a label people use and each value the form people read: dates as "25 December
2026", moments in the person's own time (or the place's, for a local time there), amounts
with their currency's decimals, hours, degrees and minutes with their units.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from concierge.store import LookupJobRecord, LookupStatus
from concierge.travel.currencies import CURRENCIES, CurrencyError, format_money
from concierge.travel.dates import format_date

from .model import STATUS_TEXT, kind_title, progress_percent

_SKIPPED = frozenset({"summary", "from_trip"})
_NAMES = {
    "iata": "IATA",
    "icao": "ICAO",
    "tz": "Time zone",
    "origin_tz": "Origin time zone",
    "destination_tz": "Destination time zone",
    "at": "At",
    "at_utc": "At",
    "origin_local_time": "Local time at the origin",
    "destination_local_time": "Local time at the destination",
    "destination_hours_ahead": "Destination's clocks",
    "destination_hours_ahead_on_trip_start": "On the first day there",
    "trip_start_date": "First day there",
    "from_currency": "From",
    "to_currency": "To",
    "converted": "Converted amount",
    "country": "Country code",
    "country_name": "Country",
    "max_c": "High",
    "min_c": "Low",
    "precipitation_probability_pct": "Chance of rain",
    "distance_km": "Distance",
    "estimated_minutes": "Estimated flight time",
    "days_not_forecast": "Days without a forecast",
}
"""Labels for result fields whose key does not read as words."""
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_ISO_MOMENT = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}.*")
_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def field_name(key: str) -> str:
    """ "rate_date" → "Rate date"; "at_utc" → "At"."""
    if key in _NAMES:
        return _NAMES[key]
    words = key.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def moment_text(moment: datetime) -> str:
    """ "Tue 1 December 2026, 19:49"."""
    return f"{_WEEKDAYS[moment.weekday()]} {format_date(moment.date())}, {moment:%H:%M}"


def _hours(hours: float) -> str:
    if hours == 0:
        return "the same time"
    amount = f"{abs(hours):g} hour{'' if abs(hours) == 1 else 's'}"
    return f"{amount} ahead" if hours > 0 else f"{amount} behind"


def _minutes(minutes: float) -> str:
    whole = round(minutes)
    return f"{whole // 60} h {whole % 60:02d} min" if whole >= 60 else f"{whole} min"


_UNITS: Mapping[str, Callable[[float], str]] = {
    "_hours_ahead": _hours,
    "_hours_ahead_on_trip_start": _hours,
    "_c": lambda value: f"{value:g} °C",
    "_pct": lambda value: f"{value:g} %",
    "_km": lambda value: f"{value:,.0f} km",
    "_minutes": _minutes,
}
"""How a number reads, by the end of its key."""


def _escape(value: object) -> str:
    text = str(value)
    for mark in ("\\", "*", "_", "`", "[", "]", "#"):
        text = text.replace(mark, "\\" + mark)
    return text


def _scalar(value: object, key: str = "", currencies: Mapping[str, str] | None = None) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        unit = next((shown for end, shown in _UNITS.items() if key.endswith(end)), None)
        return _escape(unit(value) if unit is not None else value)
    if isinstance(value, str):
        return _escape(_text(value, key, currencies or {}))
    return _escape(value)


def _text(value: str, key: str, currencies: Mapping[str, str]) -> str:
    """A string value as people read it: ISO dates and moments formatted (a UTC moment in
    the person's own time zone), an amount with its currency."""
    if _ISO_DATE.fullmatch(value):
        return format_date(date.fromisoformat(value))
    if _ISO_MOMENT.fullmatch(value):
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            return value
        if key == "at" or key.endswith("_utc"):
            return f"{moment_text(moment.astimezone())} (your time)"
        return moment_text(moment)
    code = currencies.get(key)
    if code is not None and code in CURRENCIES:
        try:
            return format_money(Decimal(value), code)
        except (InvalidOperation, CurrencyError):
            return value
    return value


def _currencies(data: Mapping[str, Any]) -> dict[str, str]:
    """Which amount is in which currency: a conversion's amount (or the parameter) in the
    currency it converts from, its result in the one it converts to."""
    found: dict[str, str] = {}
    if isinstance(source := data.get("from_currency", data.get("currency")), str):
        found["amount"] = source
    if isinstance(target := data.get("to_currency"), str):
        found["converted"] = target
    return found


def _inline(mapping: Mapping[str, Any]) -> str:
    """A small record on one line: "25 December 2026 · Christmas Day"."""
    return " · ".join(
        _scalar(v, k) for k, v in mapping.items() if not isinstance(v, Mapping | list)
    )


def _fields(data: Mapping[str, Any], depth: int = 0) -> list[str]:
    indent = "  " * depth
    currencies = _currencies(data)
    lines: list[str] = []
    for key, value in data.items():
        if key in _SKIPPED:
            continue
        name = field_name(key)
        if isinstance(value, Mapping):
            lines.append(f"{indent}- **{name}:**")
            lines.extend(_fields(value, depth + 1))
        elif isinstance(value, Sequence) and not isinstance(value, str):
            if not value:
                lines.append(f"{indent}- **{name}:** none")
                continue
            lines.append(f"{indent}- **{name}:**")
            for entry in value:
                shown = _inline(entry) if isinstance(entry, Mapping) else _scalar(entry, key)
                lines.append(f"{indent}  - {shown}")
        else:
            lines.append(f"{indent}- **{name}:** {_scalar(value, key, currencies)}")
    return lines


_STOP_HEAD = frozenset({"stop", "place", "from_date", "to_date"})
"""A stop's own fields, written in its heading rather than listed."""


def _stop_heading(entry: Mapping[str, Any]) -> str:
    """ "Stop 2 · Kyoto, Japan · 13 April 2027 to 16 April 2027"."""
    number = entry.get("stop")
    parts = [f"Stop {number}" if number is not None else "", _scalar(entry.get("place"))]
    first, last = entry.get("from_date"), entry.get("to_date")
    if isinstance(first, str) and isinstance(last, str):
        parts.append(_scalar(first) if first == last else f"{_scalar(first)} to {_scalar(last)}")
    elif isinstance(first, str):
        parts.append(f"from {_scalar(first)}")
    elif isinstance(last, str):
        parts.append(f"until {_scalar(last)}")
    return " · ".join(part for part in parts if part)


def _route_lines(route: Sequence[Any]) -> list[str]:
    """The route a lookup was started with, one stop a line as in the result's headings."""
    lines = ["- **Stops:**"]
    for entry in route:
        if isinstance(entry, Mapping):
            heading = _stop_heading(
                {
                    "stop": entry.get("number"),
                    "place": entry.get("place"),
                    "from_date": entry.get("arrive"),
                    "to_date": entry.get("depart"),
                }
            )
            lines.append(f"  - {heading}")
    return lines


def _result_lines(result: Mapping[str, Any]) -> list[str]:
    """The result's fields; a result per stop as one section per stop, then the stops
    left out and why."""
    stops = result.get("stops")
    if not isinstance(stops, list):
        return _fields(result)
    lines: list[str] = []
    for entry in stops:
        if isinstance(entry, Mapping):
            body = {k: v for k, v in entry.items() if k not in _STOP_HEAD}
            lines += [f"#### {_stop_heading(entry)}", "", *_fields(body), ""]
    skipped = result.get("stops_skipped")
    if isinstance(skipped, list) and skipped:
        lines += ["**Stops skipped:**", *(f"- {_escape(note)}" for note in skipped)]
    return lines


def job_markdown(job: LookupJobRecord) -> str:
    status = STATUS_TEXT.get(job.status, job.status.value)
    lines = [f"### {_escape(kind_title(job.kind))} — {status}", ""]
    if job.status is LookupStatus.SUCCEEDED and job.result is not None:
        lines += [_escape(job.summary), "", *_result_lines(job.result)]
    elif job.status is LookupStatus.FAILED:
        lines += [f"**Error:** {_escape(job.error or 'failed')}"]
    elif not job.status.finished:
        lines += [f"{progress_percent(job)}% — {_escape(job.status_line)}"]
    else:
        lines += [_escape(job.summary)]
    parameters = {k: v for k, v in job.parameters.items() if k not in _SKIPPED}
    route = parameters.pop("stops", None)
    if parameters or route:
        lines += ["", "**Looked up with:**", *_fields(parameters)]
        lines += _route_lines(route) if isinstance(route, list) else []
    lines += ["", f"Lookup {job.id[:8]} · started {moment_text(job.created_at.astimezone())}"]
    return "\n".join(lines)
