"""A lookup job as short Markdown for the details pane: what it is, its outcome, then the
result's fields as people write them (the model reads the same JSON in ISO forms).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from PySide6.QtCore import QLocale

from concierge.store import LookupJobRecord, LookupStatus
from concierge.travel.money.currencies import CURRENCIES, CurrencyError, format_money
from concierge.ui.i18n import ENGLISH, current_language, shown, shown_date, shown_number, translate

from .model import kind_title, progress_percent, status_text

_SKIPPED = frozenset({"summary", "from_trip"})


def _names() -> dict[str, str]:
    """Labels for result fields whose key does not read as words."""
    return {
        "iata": "IATA",
        "icao": "ICAO",
        "tz": translate("LookupDetails", "Time zone"),
        "origin_tz": translate("LookupDetails", "Origin time zone"),
        "destination_tz": translate("LookupDetails", "Destination time zone"),
        "at": translate("LookupDetails", "At"),
        "at_utc": translate("LookupDetails", "At"),
        "origin_local_time": translate("LookupDetails", "Local time at the origin"),
        "destination_local_time": translate("LookupDetails", "Local time at the destination"),
        "destination_hours_ahead": translate("LookupDetails", "Destination's clocks"),
        "destination_hours_ahead_on_trip_start": translate(
            "LookupDetails", "On the first day there"
        ),
        "trip_start_date": translate("LookupDetails", "First day there"),
        "from_currency": translate("LookupDetails", "From"),
        "to_currency": translate("LookupDetails", "To"),
        "converted": translate("LookupDetails", "Converted amount"),
        "country": translate("LookupDetails", "Country code"),
        "country_name": translate("LookupDetails", "Country"),
        "max_c": translate("LookupDetails", "High"),
        "min_c": translate("LookupDetails", "Low"),
        "precipitation_probability_pct": translate("LookupDetails", "Chance of rain"),
        "distance_km": translate("LookupDetails", "Distance"),
        "estimated_minutes": translate("LookupDetails", "Estimated flight time"),
        "days_not_forecast": translate("LookupDetails", "Days without a forecast"),
        # Keys that read as words, in the window's language ("rate_date": "Rate date").
        "amount": translate("LookupDetails", "Amount"),
        "city": translate("LookupDetails", "City"),
        "currency": translate("LookupDetails", "Currency"),
        "daily": translate("LookupDetails", "Daily"),
        "date": translate("LookupDetails", "Date"),
        "daylight": translate("LookupDetails", "Daylight"),
        "days": translate("LookupDetails", "Days"),
        "destination": translate("LookupDetails", "Destination"),
        "destination_airports": translate("LookupDetails", "Destination airports"),
        "end_date": translate("LookupDetails", "End date"),
        "formula": translate("LookupDetails", "Formula"),
        "holidays": translate("LookupDetails", "Holidays"),
        "kind": translate("LookupDetails", "Kind"),
        "latitude": translate("LookupDetails", "Latitude"),
        "leg": translate("LookupDetails", "Leg"),
        "longitude": translate("LookupDetails", "Longitude"),
        "name": translate("LookupDetails", "Name"),
        "origin": translate("LookupDetails", "Origin"),
        "origin_airports": translate("LookupDetails", "Origin airports"),
        "place": translate("LookupDetails", "Place"),
        "rate": translate("LookupDetails", "Rate"),
        "rate_date": translate("LookupDetails", "Rate date"),
        "scope": translate("LookupDetails", "Scope"),
        "source": translate("LookupDetails", "Source"),
        "start_date": translate("LookupDetails", "Start date"),
        "stop": translate("LookupDetails", "Stop"),
        "stops": translate("LookupDetails", "Stops"),
        "sunrise": translate("LookupDetails", "Sunrise"),
        "sunset": translate("LookupDetails", "Sunset"),
        "times": translate("LookupDetails", "Times"),
        "timezone": translate("LookupDetails", "Timezone"),
        "town": translate("LookupDetails", "Town"),
        "units": translate("LookupDetails", "Units"),
        "value": translate("LookupDetails", "Value"),
        "weather": translate("LookupDetails", "Weather"),
        "weather_code": translate("LookupDetails", "Weather code"),
    }


_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_ISO_MOMENT = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}.*")
_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def _english() -> bool:
    return current_language() == ENGLISH


def field_name(key: str) -> str:
    """ "rate_date" → "Rate date"; "at_utc" → "At"."""
    names = _names()
    if key in names:
        return names[key]
    words = key.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def moment_text(moment: datetime) -> str:
    """ "Tue 1 December 2026, 19:49"."""
    if _english():
        weekday = _WEEKDAYS[moment.weekday()]
    else:
        weekday = QLocale().dayName(moment.weekday() + 1, QLocale.FormatType.ShortFormat)
    return f"{weekday} {shown_date(moment.date())}, {moment:%H:%M}"


def _number(value: float) -> str:
    """ "2.5" in English, "2,5" in Portuguese: as short as the value needs."""
    if _english():
        return f"{value:g}"
    return QLocale().toString(float(value), "g", 6)


def _hours(hours: float) -> str:
    if hours == 0:
        return translate("LookupDetails", "the same time")
    size = abs(hours)
    if hours > 0:
        if size == 1:
            return translate("LookupDetails", "1 hour ahead")
        return translate("LookupDetails", "{hours} hours ahead").format(hours=_number(size))
    if size == 1:
        return translate("LookupDetails", "1 hour behind")
    return translate("LookupDetails", "{hours} hours behind").format(hours=_number(size))


def _minutes(minutes: float) -> str:
    whole = round(minutes)
    return f"{whole // 60} h {whole % 60:02d} min" if whole >= 60 else f"{whole} min"


def _km(value: float) -> str:
    return f"{value:,.0f} km" if _english() else f"{shown_number(value, 0)} km"


_UNITS: Mapping[str, Callable[[float], str]] = {
    "_hours_ahead": _hours,
    "_hours_ahead_on_trip_start": _hours,
    "_c": lambda value: f"{_number(value)} °C",
    "_pct": lambda value: f"{_number(value)} %",
    "_km": _km,
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
        return translate("LookupDetails", "yes") if value else translate("LookupDetails", "no")
    if isinstance(value, int | float):
        unit = next((how for end, how in _UNITS.items() if key.endswith(end)), None)
        return _escape(unit(value) if unit is not None else value)
    if isinstance(value, str):
        return _escape(_text(value, key, currencies or {}))
    return _escape(value)


def _text(value: str, key: str, currencies: Mapping[str, str]) -> str:
    """A string value as people read it: ISO dates and moments formatted (a UTC moment in
    the person's own time zone), an amount with its currency."""
    if _ISO_DATE.fullmatch(value):
        return shown_date(date.fromisoformat(value))
    if _ISO_MOMENT.fullmatch(value):
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            return value
        if key == "at" or key.endswith("_utc"):
            return translate("LookupDetails", "{moment} (your time)").format(
                moment=moment_text(moment.astimezone())
            )
        return moment_text(moment)
    code = currencies.get(key)
    if code is not None and code in CURRENCIES:
        try:
            return format_money(Decimal(value), code)
        except (InvalidOperation, CurrencyError):
            return value
    return shown(value)


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
                none = translate("LookupDetails", "none")
                lines.append(f"{indent}- **{name}:** {none}")
                continue
            lines.append(f"{indent}- **{name}:**")
            for entry in value:
                text = _inline(entry) if isinstance(entry, Mapping) else _scalar(entry, key)
                lines.append(f"{indent}  - {text}")
        else:
            lines.append(f"{indent}- **{name}:** {_scalar(value, key, currencies)}")
    return lines


_STOP_HEAD = frozenset({"stop", "place", "from_date", "to_date"})
"""A stop's own fields, written in its heading rather than listed."""


def _stop_heading(entry: Mapping[str, Any]) -> str:
    """ "Stop 2 · Kyoto, Japan · 13 April 2027 to 16 April 2027"."""
    number = entry.get("stop")
    stop = translate("LookupDetails", "Stop {number}").format(number=number)
    parts = [stop if number is not None else "", _scalar(entry.get("place"))]
    first, last = entry.get("from_date"), entry.get("to_date")
    if isinstance(first, str) and isinstance(last, str):
        parts.append(
            _scalar(first)
            if first == last
            else translate("LookupDetails", "{first} to {last}").format(
                first=_scalar(first), last=_scalar(last)
            )
        )
    elif isinstance(first, str):
        parts.append(translate("LookupDetails", "from {day}").format(day=_scalar(first)))
    elif isinstance(last, str):
        parts.append(translate("LookupDetails", "until {day}").format(day=_scalar(last)))
    return " · ".join(part for part in parts if part)


def _route_lines(route: Sequence[Any]) -> list[str]:
    """The route a lookup was started with, one stop a line as in the result's headings."""
    lines = [f"- **{translate('LookupDetails', 'Stops:')}**"]
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
    """The result's fields; a result per stop as a section each, then the stops left out."""
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
        heading = translate("LookupDetails", "Stops skipped:")
        lines += [f"**{heading}**", *(f"- {_escape(shown(note))}" for note in skipped)]
    return lines


def job_markdown(job: LookupJobRecord) -> str:
    status = status_text(job.status)
    lines = [f"### {_escape(kind_title(job.kind))} — {status}", ""]
    if job.status is LookupStatus.SUCCEEDED and job.result is not None:
        lines += [_escape(shown(job.summary)), "", *_result_lines(job.result)]
    elif job.status is LookupStatus.FAILED:
        error = shown(job.error) if job.error else translate("LookupDetails", "failed")
        lines += [f"**{translate('LookupDetails', 'Error:')}** {_escape(error)}"]
    elif not job.status.finished:
        lines += [f"{progress_percent(job)}% — {_escape(shown(job.status_line))}"]
    else:
        lines += [_escape(shown(job.summary))]
    parameters = {k: v for k, v in job.parameters.items() if k not in _SKIPPED}
    route = parameters.pop("stops", None)
    if parameters or route:
        heading = translate("LookupDetails", "Looked up with:")
        lines += ["", f"**{heading}**", *_fields(parameters)]
        lines += _route_lines(route) if isinstance(route, list) else []
    footer = translate("LookupDetails", "Lookup {id} · started {moment}").format(
        id=job.id[:8], moment=moment_text(job.created_at.astimezone())
    )
    lines += ["", footer]
    return "\n".join(lines)
