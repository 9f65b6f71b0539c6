"""An item's times and details as short text. A zone is named only where it differs from where the
trip is that day."""

from __future__ import annotations

from datetime import date, datetime

from concierge.store import ItemKind, ItineraryItemRecord
from concierge.text import QT_TRANSLATE_NOOP, joined

from .item_kinds import cost_text
from .item_times import DayRole, duration_text, item_end, item_start, role_text


def zone_name(zone: str) -> str:
    """ "America/New_York" → "New York": the city people know a zone by."""
    return zone.rsplit("/", 1)[-1].replace("_", " ")


def _clock(moment: datetime, zone: str | None, named: bool) -> str:
    text = moment.strftime("%H:%M")
    return f"{text} {zone_name(zone)}" if named and zone else text


ALL_DAY = QT_TRANSLATE_NOOP("ItemText", "All day")


def _until(clock: str) -> str:
    return QT_TRANSLATE_NOOP("ItemText", "until {clock}").format(clock=clock)


def _role_at(words: str, clock: str) -> str:
    """ "departs 13:45 Lisbon", "check-out 11:00"."""
    return QT_TRANSLATE_NOOP("ItemText", "{role} {clock}").format(role=words, clock=clock)


def when_text(item: ItineraryItemRecord, role: DayRole, reference: str | None) -> str:
    """The Time cell of the item on a day where it plays `role`, read from `reference` (a zone,
    or None): "departs 13:45 Lisbon", "continues", "check-out 11:00"."""
    start, end = item_start(item), item_end(item)
    start_zone = item.timezone
    end_zone = item.end_timezone or item.timezone
    start_named = start_zone is not None and start_zone != reference
    end_named = end_zone is not None and (end_zone != reference or end_zone != start_zone)
    if role is not DayRole.ONLY:
        words = role_text(item, role)
        if role is DayRole.STARTS and start is not None:
            clock = _clock(start, start_zone, start_named)
            return clock if words == "starts" else _role_at(words, clock)
        if role is DayRole.ENDS and end is not None:
            clock = _clock(end, end_zone, end_named)
            return _until(clock) if words == "ends" else _role_at(words, clock)
        return ALL_DAY if item.all_day and words == "starts" else words
    if item.all_day:
        return ALL_DAY
    if start is not None and end is not None:
        if start_zone == end_zone and not start_named:
            return f"{_clock(start, start_zone, False)}–{_clock(end, end_zone, False)}"
        return f"{_clock(start, start_zone, start_named)} → {_clock(end, end_zone, end_named)}"
    if start is not None:
        return _clock(start, start_zone, start_named)
    if end is not None:
        return _until(_clock(end, end_zone, end_named))
    if item.duration_minutes is not None:
        return duration_text(item.duration_minutes)
    return ""


def span_parts(item: ItineraryItemRecord, reference: str | None) -> tuple[tuple[date, str], ...]:
    """An item's day and time as a listing shows it, the end's day beside its time when it ends on
    another day."""
    if item.end_day is None or item.end_day <= item.day:
        return ((item.day, when_text(item, DayRole.ONLY, reference)),)
    return (
        (item.day, when_text(item, DayRole.STARTS, reference)),
        (item.end_day, when_text(item, DayRole.ENDS, reference)),
    )


def title_text(item: ItineraryItemRecord) -> str:
    """The Title cell: the kind (unless a plain activity), then the title."""
    if item.kind is ItemKind.ACTIVITY:
        return item.title
    return QT_TRANSLATE_NOOP("ItemText", "{kind} · {title}").format(
        kind=item.kind.label, title=item.title
    )


def place_text(item: ItineraryItemRecord) -> str:
    """The Place cell: where it is; for a journey, from where to where."""
    if item.kind.spec.between_places and (item.from_place or item.to_place):
        return f"{item.from_place or '?'} → {item.to_place or '?'}"
    return item.place or item.address


def booking_text(item: ItineraryItemRecord) -> str:
    """Booking details, opening hours and the cost on one line: "TAP TP 88 · seat 23A ·
    812.40 EUR"."""
    service = " ".join(part for part in (item.carrier, item.service_number) if part)
    parts = [
        service,
        QT_TRANSLATE_NOOP("ItemText", "seat {seat}").format(seat=item.seat) if item.seat else "",
        QT_TRANSLATE_NOOP("ItemText", "ref. {code}").format(code=item.confirmation_code)
        if item.confirmation_code
        else "",
        item.provider if item.provider and item.provider != item.carrier else "",
        QT_TRANSLATE_NOOP("ItemText", "open {hours}").format(hours=item.hours)
        if item.hours
        else "",
        cost_text(item),
    ]
    present = [part for part in parts if part]
    return joined(" · ", present) if present else ""


def details_text(item: ItineraryItemRecord) -> str:
    """The Notes cell: the booking details, then the notes, on one line."""
    parts = [part for part in (booking_text(item), " ".join(item.notes.split())) if part]
    return joined(" · ", parts) if parts else ""
