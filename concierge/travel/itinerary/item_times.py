"""When an itinerary item happens, as real instants, and which days it shows on. Compare results
with `instant`, not `<` (times the clocks skip or repeat)."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from enum import StrEnum

from concierge.store import ItineraryItemRecord
from concierge.store.validation import MAX_ITEM_DAYS
from concierge.store.wall_clock import end_of, instant, start_of
from concierge.text import QT_TRANSLATE_NOOP, joined

__all__ = [
    "DayRole",
    "day_role",
    "duration_text",
    "instant",
    "item_days",
    "item_end",
    "item_length",
    "item_start",
    "role_text",
]


def item_start(item: ItineraryItemRecord) -> datetime | None:
    """The start, aware in the item's zone; None for an all-day or untimed item."""
    return start_of(item)


def item_end(item: ItineraryItemRecord) -> datetime | None:
    """The end, aware in the end's zone (the start's unless given): the end time, or the
    start plus the duration; None when neither is known or the item is all day."""
    return end_of(item)


def item_length(item: ItineraryItemRecord) -> timedelta | None:
    """Real time from start to end (a flight across zones counts the hours flown)."""
    start, end = item_start(item), item_end(item)
    if start is None or end is None:
        return None
    return instant(end) - instant(start)


def item_days(item: ItineraryItemRecord) -> list[date]:
    """Every day the item shows on, from its day to the local day it ends: each night of a
    hotel and its check-out day, both days of an overnight flight. An end at midnight
    belongs to the day before; an end whose local date is before the start's (landing
    across the date line) leaves the item on its own day."""
    last = item.end_day or item.day
    end = item_end(item)
    if end is not None:
        last = end.date()
        if end.time() == datetime.min.time() and last > item.day:
            last -= timedelta(days=1)
    span = min(max((last - item.day).days, 0), MAX_ITEM_DAYS)
    return [item.day + timedelta(days=n) for n in range(span + 1)]


class DayRole(StrEnum):
    """What an item is on one of its days."""

    ONLY = "only"
    """It starts and ends that day (or has no end)."""
    STARTS = "starts"
    CONTINUES = "continues"
    ENDS = "ends"


def day_role(item: ItineraryItemRecord, day: date) -> DayRole:
    days = item_days(item)
    if len(days) == 1:
        return DayRole.ONLY
    if day == days[0]:
        return DayRole.STARTS
    return DayRole.ENDS if day == days[-1] else DayRole.CONTINUES


def role_text(item: ItineraryItemRecord, role: DayRole) -> str:
    """How a day says what the item is doing there: "check-in", "arrives", "continues"…;
    empty on the only day of a one-day item."""
    if role is DayRole.ONLY:
        return ""
    starts, continues, ends = item.kind.spec.day_words
    return {DayRole.STARTS: starts, DayRole.CONTINUES: continues, DayRole.ENDS: ends}[role]


def duration_text(length: timedelta | int) -> str:
    """ "45 min", "1 h 30 min", "2 days 3 h"; `length` as a timedelta or whole minutes."""
    minutes = length if isinstance(length, int) else int(length.total_seconds() // 60)
    days, rest = divmod(max(minutes, 0), 24 * 60)
    hours, mins = divmod(rest, 60)
    parts: list[str] = []
    if days:
        parts.append(
            QT_TRANSLATE_NOOP("Duration", "1 day")
            if days == 1
            else QT_TRANSLATE_NOOP("Duration", "{days} days").format(days=days)
        )
    if hours:
        parts.append(QT_TRANSLATE_NOOP("Duration", "{hours} h").format(hours=hours))
    if mins or not parts:
        parts.append(QT_TRANSLATE_NOOP("Duration", "{minutes} min").format(minutes=mins))
    return joined(" ", parts)
