"""A trip as an iCalendar file: one event per item, in its own time zones.

Lodging is an all-day event over its nights (DTEND is the check-out day, which iCalendar excludes).
An item's UID is its id, so importing the file again updates the events instead of adding copies.
Each event carries the item's own fields (`ics_fields`), so the app imports its own calendar as the
same items.

Calendars sync to servers and are shared, so sensitive details read "on file" and sensitive values
in free text are held back, whatever was shared with the assistant."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from icalendar import Calendar, Event, vText

from concierge.model.values import write_time
from concierge.store import ItemKind, ItineraryItemRecord
from concierge.store.validation import ITEM_RULES

from ..itinerary.ics_fields import CARRIED, property_name
from ..itinerary.item_kinds import DETAIL_FIELDS, cost_text, field_label
from ..itinerary.item_text import place_text, title_text
from ..itinerary.item_times import item_days, item_end, item_start
from ..itinerary.item_zones import NO_STOPS, TripZones
from ..safe_text.sensitive import hold_back
from ..safe_text.value_text import sensitive_text
from .plan import TripPlan

PRODUCT = "-//Concierge//Trip calendar//EN"
UID_DOMAIN = "concierge.trip"
ZONE_MARGIN = timedelta(days=366)
"""How far before and after the trip the VTIMEZONE rules reach."""


def item_uid(item: ItineraryItemRecord) -> str:
    return f"{item.id}@{UID_DOMAIN}"


def _moment(value: datetime, zone: str | None) -> datetime:
    """An aware time in its IANA zone; without a zone, a floating local time."""
    return value if zone else value.replace(tzinfo=None)


def _all_day_span(item: ItineraryItemRecord) -> tuple[date, date]:
    """First day and the exclusive end: a hotel's nights end on its check-out day."""
    if item.kind.spec.nights:
        last = item.end_day or (end.date() if (end := item_end(item)) else None)
        if last is None or last <= item.day:
            last = item.day + timedelta(days=1)
        return item.day, last
    return item.day, item_days(item)[-1] + timedelta(days=1)


def description(item: ItineraryItemRecord) -> str:
    """The booking details, the cost and the notes, one per line, sensitive values held
    back."""
    lines = [f"Kind: {item.kind.label}"]
    if item.kind.spec.nights:
        start, end = item_start(item), item_end(item)
        if start is not None:
            lines.append(f"{field_label(item.kind, 'start_time')}: {start:%H:%M} on {start:%d %b}")
        if end is not None:
            lines.append(f"{field_label(item.kind, 'end_time')}: {end:%H:%M} on {end:%d %b}")
    for name in DETAIL_FIELDS:
        value = getattr(item, name)
        if not value:
            continue
        shown = sensitive_text(value) if ITEM_RULES[name].sensitive else hold_back(value)
        lines.append(f"{field_label(item.kind, name)}: {shown}")
    if cost := cost_text(item):
        lines.append(f"Cost: {cost}")
    if item.notes.strip():
        lines.extend(("", hold_back(item.notes.strip())))
    return "\n".join(lines)


def item_event(item: ItineraryItemRecord, zones: TripZones = NO_STOPS) -> Event:
    """The item's event, its times in its effective zones (`item_zones`); the fields it
    carries for the app are its own."""
    event = Event()
    event.add("uid", item_uid(item))
    event.add("dtstamp", item.updated_at)
    event.add("created", item.created_at)
    event.add("last-modified", item.updated_at)
    event.add("sequence", max(int((item.updated_at - item.created_at).total_seconds()), 0))
    event.add("summary", hold_back(title_text(item)))
    read = zones.read(item)
    start = item_start(read)
    if start is None or item.kind.spec.nights:
        first, after = _all_day_span(item)
        event.add("dtstart", first)
        event.add("dtend", after)
        event.add("transp", "TRANSPARENT")
    else:
        event.add("dtstart", _moment(start, read.timezone))
        end = item_end(read)
        if end is not None:
            event.add("dtend", _moment(end, read.end_timezone or read.timezone))
    if where := place_text(item) or item.address:
        event.add("location", hold_back(where))
    event.add("description", description(item))
    if item.link:
        event.add("url", item.link)
    event.add("categories", list(item.kind.spec.ics_categories))
    for name, text in carried_text(item).items():
        event.add(property_name(name), vText(text))
    return event


def carried_text(item: ItineraryItemRecord) -> dict[str, str]:
    """The item's fields as the app reads them back (`concierge.travel.itinerary.ics_fields`), free
    text with its sensitive values held back."""
    carried: dict[str, str] = {}
    for name in CARRIED:
        value = getattr(item, name)
        if value is None or value == "":
            continue
        if isinstance(value, ItemKind):
            text = value.value
        elif isinstance(value, str):
            text = hold_back(value)
        elif isinstance(value, time):
            text = write_time(value)
        elif hasattr(value, "isoformat"):
            text = value.isoformat()
        else:
            text = str(value)
        carried[name] = text
    return carried


def trip_calendar(plan: TripPlan) -> bytes:
    """The trip's items as an iCalendar file (RFC 5545), UTF-8."""
    calendar = Calendar()
    calendar.add("prodid", PRODUCT)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    calendar.add("x-wr-calname", hold_back(plan.trip.title))
    zones = TripZones.of(plan.stops)
    for item in sorted(plan.items, key=lambda i: (i.day, i.position, i.id)):
        calendar.add_component(item_event(item, zones))
    first, last = plan.first_day, plan.last_day
    if first is not None and last is not None:
        calendar.add_missing_timezones(first - ZONE_MARGIN, last + ZONE_MARGIN)
    data: bytes = calendar.to_ical()
    return data
