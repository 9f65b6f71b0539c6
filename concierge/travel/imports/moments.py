"""Date-times as reservations and passes write them (ISO 8601, with an offset, "Z" or none)
turned into the item's local day, time and IANA zone."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import cache
from zoneinfo import ZoneInfo

from concierge.store.validation import MAX_YEAR, MIN_YEAR
from concierge.text import QT_TRANSLATE_NOOP

from .common import RecordError, split_moment


@dataclass(frozen=True, slots=True)
class Moment:
    """A local day and time (None: only a day) in `zone` (None: the stop's); `warning` says
    what was assumed."""

    day: date
    time: time | None = None
    zone: str | None = None
    warning: str = ""


def read_moment(value: object, what: str, zone_hint: str | None = None) -> Moment:
    """`value` ("2027-03-15", "2027-03-15T14:30", "…+01:00", "…Z") as a Moment. An offset
    without a zone takes `zone_hint` (an airport's zone) when the offset agrees with it."""
    text = str(value).strip() if isinstance(value, str | int | float) else ""
    if not text:
        raise RecordError(QT_TRANSLATE_NOOP("Import", "its {what} is missing").format(what=what))
    try:
        if len(text) <= 10:
            day = date.fromisoformat(text)
            _plausible(day, what, text)
            return Moment(day)
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise RecordError(
            QT_TRANSLATE_NOOP("Import", "its {what} {text!r} is not a valid date and time").format(
                what=what, text=text[:40]
            )
        ) from None
    _plausible(moment.date(), what, text)
    offset = moment.utcoffset()
    if offset is None:
        day, clock, _ = split_moment(moment)
        if zone_hint:
            return Moment(day, clock, zone_hint)
        return Moment(day, clock, None, "Its times have no zone; they are read as the stop's.")
    if isinstance(moment.tzinfo, ZoneInfo):
        day, clock, zone = split_moment(moment)
        return Moment(day, clock, zone)
    local = moment.replace(tzinfo=None)
    day, clock, _ = split_moment(local)
    if offset == timedelta(0) and text.endswith(("Z", "z")) and not zone_hint:
        return Moment(day, clock, "UTC", "Its times are in UTC; set the local zone of the place.")
    if zone_hint and _zone(zone_hint).utcoffset(local) == offset:
        return Moment(day, clock, zone_hint)
    if zone_hint:
        there = moment.astimezone(_zone(zone_hint))
        day, clock, _ = split_moment(there)
        return Moment(day, clock, zone_hint)
    return Moment(
        day,
        clock,
        None,
        f"Its times carry the UTC offset {_offset_text(offset)} but no zone; "
        "they are read as the stop's.",
    )


@cache
def _zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


def _offset_text(offset: timedelta) -> str:
    minutes = int(offset.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    return f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def _plausible(day: date, what: str, text: str) -> None:
    if not MIN_YEAR <= day.year <= MAX_YEAR:
        raise RecordError(
            QT_TRANSLATE_NOOP(
                "Import", "its {what} {text!r} ({date}) is not a plausible trip date"
            ).format(what=what, text=text[:40], date=day)
        )


@cache
def _airport_zones() -> dict[str, str]:
    import airportsdata

    return {code: airport["tz"] for code, airport in airportsdata.load("IATA").items()}


def airport_zone(code: object) -> str | None:
    """The IANA zone of the airport with this IATA code, or None."""
    if not isinstance(code, str) or len(code.strip()) != 3:
        return None
    return _airport_zones().get(code.strip().upper()) or None
