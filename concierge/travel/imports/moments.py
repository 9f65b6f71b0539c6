"""Date-times as reservations and passes write them (ISO 8601, with an offset, "Z" or none)
turned into the item's local day, time and IANA zone."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from zoneinfo import ZoneInfo

from concierge.store.validation import MAX_YEAR, MIN_YEAR
from concierge.text import QT_TRANSLATE_NOOP

from ..itinerary.item_zones import TripZones
from .common import RecordError, split_moment
from .model import Candidate, ParseResult

UTC_TIMES = "Its times are in UTC; set the local time zone of the place."
NO_STOP_ZONE = (
    "Its times are in UTC and no stop of the trip has a time zone, so they stay in UTC; "
    "set the local time zone of the place."
)


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
        return Moment(day, clock, "UTC", UTC_TIMES)
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


def at_stops(result: ParseResult, zones: TripZones) -> ParseResult:
    """The file's records with their UTC times (a calendar export's "…Z") in the zone of the
    stop they fall in, so an early-morning event is on its local day; where the trip's
    stops know no zone they stay in UTC, and say so."""
    return replace(result, candidates=tuple(_at_stop(c, zones) for c in result.candidates))


def _at_stop(candidate: Candidate, zones: TripZones) -> Candidate:
    if candidate.timezone != "UTC" or candidate.start_time is None:
        return candidate
    warnings = tuple(warning for warning in candidate.warnings if warning != UTC_TIMES)
    start = datetime.combine(candidate.day, candidate.start_time, UTC)
    zone = _stop_zone(start, zones)
    if zone is None:
        return replace(candidate, warnings=(*warnings, NO_STOP_ZONE))
    there = start.astimezone(_zone(zone))
    fields: dict[str, object] = {"day": there.date(), "start_time": there.time(), "timezone": zone}
    if candidate.end_time is not None and candidate.end_timezone in (None, "UTC"):
        end_day = candidate.end_day or candidate.day
        end = datetime.combine(end_day, candidate.end_time, UTC).astimezone(_zone(zone))
        fields |= {
            "end_time": end.time(),
            "end_day": end.date() if end.date() != there.date() else None,
            "end_timezone": None,
        }
    note = f"Its UTC times were put in {zone}, the zone of the trip's stop then."
    return replace(candidate, warnings=(*warnings, note), **fields)


def _stop_zone(instant: datetime, zones: TripZones) -> str | None:
    """The zone of the stop `instant` falls in: one whose local day of it is that stop's
    (`TripZones.on`), tried from the instant's UTC day and the days either side."""
    guesses = [zones.on(instant.date() + timedelta(days=n)) for n in (0, -1, 1)]
    for zone in guesses:
        if zone is not None and zones.on(instant.astimezone(_zone(zone)).date()) == zone:
            return zone
    return guesses[0]
