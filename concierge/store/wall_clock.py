"""Local wall-clock times in IANA zones read as real instants, one reading shared by the
store's rules, the itinerary's order and the assistant's view.

- A skipped local time is read with the offset in force just before the jump: 02:30 on a
  night the clocks go from 02:00 to 03:00 is 03:30 (PEP 495's `fold=0`).
- A repeated time is its first pass (summer time), unless that would put it before
  `not_before` (an end in the repeated hour after a start there): then its second pass.

Values come back aware, in their zone. Aware datetimes sharing a `ZoneInfo` compare by wall
clock, ignoring `fold`: compare instants with `instant(...)`, never `<`. An item without a
zone (written before zones were known) is read as if at UTC.
"""

from __future__ import annotations

import functools
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from typing import Protocol
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError


class Timed(Protocol):
    """The fields of an itinerary item that say when it is."""

    @property
    def day(self) -> date: ...
    @property
    def start_time(self) -> time | None: ...
    @property
    def timezone(self) -> str | None: ...
    @property
    def end_day(self) -> date | None: ...
    @property
    def end_time(self) -> time | None: ...
    @property
    def end_timezone(self) -> str | None: ...
    @property
    def all_day(self) -> bool: ...
    @property
    def duration_minutes(self) -> int | None: ...


def zone_of(name: str | None) -> tzinfo:
    """The zone called `name`; UTC for none (or a name this system's zone data lacks)."""
    if not name:
        return UTC
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return UTC


def instant(moment: datetime) -> datetime:
    """`moment` in UTC: the form to compare and subtract."""
    return moment.astimezone(UTC)


@functools.lru_cache(maxsize=4096)
def local_datetime(
    day: date, clock: time, zone: str | None, *, not_before: datetime | None = None
) -> datetime:
    """`clock` on `day` in `zone`, resolved as the module says. Kept for the items read
    again: every view's reload reads every item's times (aware values, never changed)."""
    tz = zone_of(zone)
    moment = datetime.combine(day, clock.replace(tzinfo=None), tzinfo=tz)
    if not_before is not None and instant(moment) < instant(not_before):
        second = moment.replace(fold=1)
        if instant(second) >= instant(not_before):
            moment = second
    return instant(moment).astimezone(tz)


def start_of(item: Timed) -> datetime | None:
    """When the item starts, or None (no start time, or all day)."""
    if item.all_day or item.start_time is None:
        return None
    return local_datetime(item.day, item.start_time, item.timezone)


def end_of(item: Timed) -> datetime | None:
    """When the item ends: its end time (on its end day, in its end zone, each defaulting
    to the start's), else its start plus its duration, shown in the end zone; or None."""
    if item.all_day:
        return None
    end_zone = item.end_timezone or item.timezone
    start = start_of(item)
    if item.end_time is not None:
        day = item.end_day or item.day
        return local_datetime(day, item.end_time, end_zone, not_before=start)
    if item.duration_minutes is not None and start is not None:
        finish = instant(start) + timedelta(minutes=item.duration_minutes)
        return finish.astimezone(zone_of(end_zone))
    return None
