"""Calendar files: each VEVENT becomes a flight, hotel stay, train, event, … by its categories,
summary and location; times keep their TZID, floating times float, UTC stays UTC."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import icalendar
from icalendar.timezone.windows_to_olson import WINDOWS_TO_OLSON

from concierge.model.values import (
    find_flight_number,
    read_amount,
    read_date,
    read_duration,
    read_time,
)
from concierge.store import ItemKind
from concierge.text import QT_TRANSLATE_NOOP

from ..itinerary.ics_fields import CARRIED_TEXT, carried_fields, property_name
from .common import ROUTE, RecordError, finish, guess_kind, record_error, split_moment
from .file_errors import damaged
from .model import Candidate, ParseResult, refuse_over_max
from .moments import UTC_TIMES, airport_zone


def parse_ics(
    data: bytes, file_name: str, progress: Callable[[int, int], None] | None = None
) -> ParseResult:
    """Every event of the calendar as a candidate, or an error naming the VEVENT."""
    try:
        calendar = icalendar.Calendar.from_ical(data)
    except Exception as error:  # icalendar fails on damaged lines in many ways
        raise damaged(
            file_name,
            QT_TRANSLATE_NOOP("Import", "it is not a readable calendar ({reason})."),
            error,
        ) from None
    events = calendar.walk("VEVENT")
    refuse_over_max(
        file_name,
        len(events),
        QT_TRANSLATE_NOOP(
            "Import", "it has {count:,} events; at most {max_records:,} are imported."
        ),
    )
    candidates: list[Candidate] = []
    errors: list[str] = []
    for number, event in enumerate(events, 1):
        ref = f"VEVENT {number}"
        try:
            candidates.append(finish(_candidate(event, file_name, ref)))
        except RecordError as error:
            errors.append(record_error(file_name, _named(ref, event), str(error)))
        except (ValueError, TypeError, AttributeError, KeyError) as error:
            reason = f"it could not be read ({type(error).__name__}: {str(error)[:120]})"
            errors.append(record_error(file_name, ref, reason))
        if progress is not None:
            progress(number, len(events))
    warnings = () if events else ("The calendar has no events.",)
    return ParseResult(file_name, tuple(candidates), tuple(errors), warnings=warnings)


def _named(ref: str, event: icalendar.cal.Component) -> str:
    summary = str(event.get("SUMMARY", "")).strip()
    return f"{ref} ({summary[:60]!r})" if summary else ref


def _moment(event: icalendar.cal.Component, name: str) -> date | datetime | None:
    prop = event.get(name)
    if prop is None:
        return None
    if isinstance(prop, list):
        raise RecordError(
            QT_TRANSLATE_NOOP("Import", "it has {count} {name} lines; an event has one").format(
                count=len(prop), name=name
            )
        )
    if isinstance(prop, icalendar.prop.vBroken):
        raise RecordError(
            QT_TRANSLATE_NOOP("Import", "its {name} {str!r} is not a date or time").format(
                name=name, str=str(prop)
            )
        )
    value: object = prop.dt
    if not isinstance(value, date):
        raise RecordError(
            QT_TRANSLATE_NOOP("Import", "its {name} is not a date or time").format(name=name)
        )
    tzid = prop.params.get("TZID")
    if isinstance(value, datetime) and tzid and value.tzinfo is None:
        raise RecordError(
            QT_TRANSLATE_NOOP("Import", "its {name} has the unknown time zone {tzid!r}").format(
                name=name, tzid=tzid
            )
        )
    own_zone = isinstance(value, datetime) and value.tzinfo not in (None, UTC)
    if own_zone and isinstance(value, datetime) and not isinstance(value.tzinfo, ZoneInfo):
        # The calendar's own VTIMEZONE: keep the wall time in the IANA zone it names.
        iana = _iana(str(tzid or ""))
        if iana is None:
            raise RecordError(
                QT_TRANSLATE_NOOP(
                    "Import", "its {name} has the time zone {tzid!r}, not an IANA zone"
                ).format(name=name, tzid=tzid)
            )
        value = value.replace(tzinfo=iana)
    return value


def _iana(tzid: str) -> ZoneInfo | None:
    """The IANA zone a calendar's TZID means: itself, a Windows name's, or a vendor path's
    ("/mozilla.org/20050126_1/Europe/Lisbon") last parts."""
    parts = tzid.strip("/").split("/")
    names = [WINDOWS_TO_OLSON.get(tzid, tzid)] + ["/".join(parts[n:]) for n in range(len(parts))]
    for candidate in names:
        try:
            return ZoneInfo(candidate)
        except (ZoneInfoNotFoundError, ValueError, OSError):
            continue
    return None


def _candidate(event: icalendar.cal.Component, file_name: str, ref: str) -> Candidate:
    start = _moment(event, "DTSTART")
    if start is None:
        raise RecordError(QT_TRANSLATE_NOOP("Import", "it has no start (DTSTART)"))
    end = _moment(event, "DTEND")
    if end is None and (duration := event.get("DURATION")) is not None:
        if not isinstance(getattr(duration, "dt", None), timedelta):
            raise RecordError(QT_TRANSLATE_NOOP("Import", "its DURATION is not a length of time"))
        end = start + duration.dt
    summary = str(event.get("SUMMARY", "")).strip()
    location = str(event.get("LOCATION", "")).strip()
    categories = " ".join(
        str(category)
        for prop in _as_list(event.get("CATEGORIES"))
        for category in getattr(prop, "cats", [prop])
    )
    kind = guess_kind(categories, summary, location) or ItemKind.ACTIVITY
    warnings: list[str] = []
    fields: dict[str, object] = {}
    if kind is ItemKind.FLIGHT and isinstance(start, datetime) and _utc(start):
        start, end = _at_airports(start, end, summary, location, warnings)
    if isinstance(start, datetime):
        if end is not None and not isinstance(end, datetime):
            raise RecordError(QT_TRANSLATE_NOOP("Import", "it starts at a time but ends on a date"))
        day, start_time, zone = split_moment(start)
        fields |= {"start_time": start_time, "timezone": zone}
        if zone is None:
            warnings.append("Its times have no zone (floating); they are read as the stop's.")
        elif zone == "UTC":
            warnings.append(UTC_TIMES)
        if end is not None:
            assert isinstance(end, datetime)
            if (end.tzinfo is None) != (start.tzinfo is None):
                raise RecordError(
                    QT_TRANSLATE_NOOP(
                        "Import", "one of its start and end has a time zone and the other not"
                    )
                )
            if end < start:
                raise RecordError(QT_TRANSLATE_NOOP("Import", "it ends before it starts"))
            end_day, end_time, end_zone = split_moment(end)
            fields |= {"end_time": end_time}
            if end_day != day:
                fields["end_day"] = end_day
            if end_zone != zone:
                fields["end_timezone"] = end_zone
    else:
        day = start
        fields["all_day"] = True
        if end is not None:
            if isinstance(end, datetime):
                raise RecordError(
                    QT_TRANSLATE_NOOP("Import", "it starts on a date but ends at a time")
                )
            if end < start:
                raise RecordError(QT_TRANSLATE_NOOP("Import", "it ends before it starts"))
            # DTEND of an all-day event is exclusive; a stay's is the check-out day.
            last = end if kind.spec.nights else end - timedelta(days=1)
            if last > day:
                fields["end_day"] = last
    if kind is ItemKind.FLIGHT:
        fields |= _flight_details(summary, location)
    if kind is ItemKind.LODGING:
        fields["provider"] = summary
        fields["address"] = location
    if event.get("RRULE") is not None:
        warnings.append("It repeats; only its first occurrence is imported.")
    url = event.get("URL")
    values: dict[str, object] = {
        "kind": kind,
        "title": summary,
        "place": location,
        "notes": str(event.get("DESCRIPTION", "")),
        "link": str(url) if url is not None else "",
        **fields,
    }
    if own := carried_fields({str(k).upper(): str(v) for k, v in event.items()}):
        values = _as_written(values, own)
    return Candidate(
        day=day,
        source_file=file_name,
        source_ref=ref,
        warnings=tuple(warnings),
        **values,
    )


def _as_written(values: dict[str, object], own: dict[str, str]) -> dict[str, object]:
    """An event the app wrote, read as the item it was: its own fields over what the
    readable event says (a hotel's check-in and check-out times, not its all-day nights; the
    title without the kind; the notes without the description's detail lines)."""
    read: dict[str, object] = {
        name: None if name.startswith("cost_") else "" for name in CARRIED_TEXT
    }
    try:
        for name, text in own.items():
            if name == "kind":
                read[name] = ItemKind(text)
            elif name in ("start_time", "end_time"):
                read[name] = read_time(text)
            elif name == "end_day":
                read[name] = read_date(text, plausible=False)
            elif name == "cost_amount":
                read[name] = read_amount(text).value
            elif name == "duration_minutes":
                read[name] = read_duration(text)
            else:
                read[name] = text
    except (ValueError, ArithmeticError):
        raise RecordError(
            QT_TRANSLATE_NOOP("Import", "its {property_name} {text!r} cannot be read").format(
                property_name=property_name(name), text=text[:40]
            )
        ) from None
    if "start_time" in read:
        values = {**values, "all_day": False}
        for end in ("end_day", "end_time", "end_timezone"):
            if end not in read:
                values.pop(end, None)
    return {**values, **read}


def _utc(moment: datetime) -> bool:
    return moment.tzinfo is UTC or str(getattr(moment.tzinfo, "key", "")) in ("UTC", "Etc/UTC")


def _at_airports(
    start: datetime,
    end: date | datetime | None,
    summary: str,
    location: str,
    warnings: list[str],
) -> tuple[datetime, date | datetime | None]:
    """A flight's UTC times in its airports' zones, where the summary names the route."""
    route = ROUTE.search(summary) or ROUTE.search(location)
    zones = (airport_zone(route[1]), airport_zone(route[2])) if route else (None, None)
    if route is None or zones[0] is None:
        return start, end
    start = start.astimezone(ZoneInfo(zones[0]))
    if isinstance(end, datetime) and _utc(end) and zones[1] is not None:
        end = end.astimezone(ZoneInfo(zones[1]))
    warnings.append(f"Its UTC times were put in the zones of {route[1]} and {route[2]}.")
    return start, end


def _as_list(value: object) -> list[object]:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def _flight_details(summary: str, location: str) -> dict[str, object]:
    details: dict[str, object] = {}
    if found := find_flight_number(summary):
        details |= {"carrier": found[0], "service_number": found[1]}
    if route := ROUTE.search(summary) or ROUTE.search(location):
        details |= {"from_place": route[1], "to_place": route[2]}
    return details
