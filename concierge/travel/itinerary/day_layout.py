"""One day of an itinerary laid out as a timeline, free of Qt so the rules are tested on their own.
Free time is counted after an entry's end, or its kind's usual length, so the timeline never
promises time that is probably taken; an overlap is reported only where the times say so."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time

from concierge.model.kinds import ITEM_KINDS
from concierge.store import ItineraryItemRecord

from .item_times import item_days, item_end, item_start

MINUTES_PER_DAY = 24 * 60
DEFAULT_FIRST_HOUR = 6
DEFAULT_LAST_HOUR = 23
"""The hours a day shows at least (06:00–23:00), extended to fit what is planned."""
MIN_SHOWN_MINUTES = 30
"""A block is drawn at least this long, so its title fits; lanes are assigned on what is
drawn, so two short blocks never cover each other."""

FALLBACK_MINUTES = 60
"""For a kind the table of kinds does not know."""


def default_minutes(kind: str) -> int:
    """How long an entry without an end is assumed to last: its kind's usual length."""
    row = ITEM_KINDS.get(kind)
    return FALLBACK_MINUTES if row is None else row.default_minutes


@dataclass(frozen=True, slots=True)
class TimelineEntry:
    """What the timeline needs of one item on one day; `continues_before` / `continues_after`
    with no `start` / `end`: it began on an earlier day, or runs past midnight."""

    item_id: str
    title: str
    kind: str
    start: time | None
    end: time | None
    continues_before: bool = False
    continues_after: bool = False
    all_day: bool = False


@dataclass(frozen=True, slots=True)
class Block:
    """An entry placed on the timeline: `start`–`end` its time, `top`–`bottom` what is drawn (at
    least `MIN_SHOWN_MINUTES`), in lane `lane` of `lanes` side by side."""

    entry: TimelineEntry
    start: int
    end: int
    open_end: bool
    top: int
    bottom: int
    lane: int
    lanes: int

    @property
    def item_id(self) -> str:
        return self.entry.item_id

    @property
    def known(self) -> tuple[int, int]:
        """The range its times say it takes: one minute at its start when it has no end."""
        return (self.start, self.start + 1) if self.open_end else (self.start, self.end)


@dataclass(frozen=True, slots=True)
class Gap:
    """Free time between one block and the next."""

    start: int
    end: int

    @property
    def minutes(self) -> int:
        return self.end - self.start


@dataclass(frozen=True, slots=True)
class Overlap:
    """Two entries whose times intersect, `first` the earlier (in block order), over
    `start`–`end`."""

    first: str
    second: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class DayLayout:
    blocks: tuple[Block, ...]
    """In time order: by start, the longer first, then as given."""
    apart: tuple[TimelineEntry, ...]
    """All-day entries and those without a time, as given."""
    gaps: tuple[Gap, ...]
    overlaps: tuple[Overlap, ...]
    first_hour: int
    last_hour: int
    """The hours shown, first_hour:00 to last_hour:00."""

    def order(self) -> tuple[str, ...]:
        """Item ids in the order the keyboard walks them: those apart (shown on top), then
        the blocks in time order."""
        return (*(entry.item_id for entry in self.apart), *(b.item_id for b in self.blocks))

    def overlapping(self, item_id: str) -> tuple[str, ...]:
        """The entries that overlap this one, in block order."""
        found = [o.second for o in self.overlaps if o.first == item_id]
        found += [o.first for o in self.overlaps if o.second == item_id]
        rank = {block.item_id: n for n, block in enumerate(self.blocks)}
        return tuple(sorted(found, key=lambda other: rank[other]))

    def entry(self, item_id: str) -> TimelineEntry | None:
        for entry in (*self.apart, *(b.entry for b in self.blocks)):
            if entry.item_id == item_id:
                return entry
        return None


def _minutes(value: time) -> int:
    return value.hour * 60 + value.minute


def _span(entry: TimelineEntry) -> tuple[int, int, bool] | None:
    """(start, end, open_end) in minutes, or None for an entry shown apart."""
    if entry.all_day:
        return None
    if entry.start is not None:
        start = _minutes(entry.start)
    elif entry.continues_before:
        start = 0
    else:
        return None
    if entry.end is not None and _minutes(entry.end) > start:
        return start, _minutes(entry.end), False
    if entry.end is None and entry.start is None:
        return None  # Began on an earlier day, end not known today: shown apart.
    if entry.end is None and entry.continues_after:
        return start, MINUTES_PER_DAY, False
    # No end, or one at or before the start (a zone jump, or bad data): the usual length.
    length = default_minutes(entry.kind)
    return start, min(start + length, MINUTES_PER_DAY), True


def _shown(start: int, end: int) -> tuple[int, int]:
    bottom = max(end, start + MIN_SHOWN_MINUTES)
    if bottom <= MINUTES_PER_DAY:
        return start, bottom
    return min(start, MINUTES_PER_DAY - MIN_SHOWN_MINUTES), MINUTES_PER_DAY


def _in_lanes(placed: Sequence[Block]) -> tuple[Block, ...]:
    """Give each block (in time order) the lowest lane free at its top; blocks overlapping on
    screen, directly or through others, share their cluster's `lanes`."""
    lane_ends: list[int] = []
    cluster = -1
    cluster_bottom = -1
    counts: dict[int, int] = {}
    lanes: list[tuple[int, int]] = []
    for block in placed:
        if block.top >= cluster_bottom:
            cluster += 1
            lane_ends = []
        cluster_bottom = max(cluster_bottom, block.bottom)
        lane = next((n for n, end in enumerate(lane_ends) if end <= block.top), len(lane_ends))
        if lane == len(lane_ends):
            lane_ends.append(block.bottom)
        else:
            lane_ends[lane] = block.bottom
        lanes.append((lane, cluster))
        counts[cluster] = len(lane_ends)
    return tuple(
        dataclasses.replace(block, lane=lane, lanes=counts[cluster])
        for block, (lane, cluster) in zip(placed, lanes, strict=True)
    )


def _gaps(blocks: Sequence[Block]) -> tuple[Gap, ...]:
    gaps: list[Gap] = []
    busy_until: int | None = None
    for block in sorted(blocks, key=lambda b: b.start):
        if busy_until is not None and block.start > busy_until:
            gaps.append(Gap(busy_until, block.start))
        busy_until = block.end if busy_until is None else max(busy_until, block.end)
    return tuple(gaps)


def _overlaps(blocks: Sequence[Block]) -> tuple[Overlap, ...]:
    found: list[Overlap] = []
    for n, first in enumerate(blocks):
        first_start, first_end = first.known
        for second in blocks[n + 1 :]:
            second_start, second_end = second.known
            start, end = max(first_start, second_start), min(first_end, second_end)
            if start < end:
                found.append(Overlap(first.item_id, second.item_id, start, end))
    return tuple(found)


def lay_out(
    entries: Iterable[TimelineEntry],
    first_hour: int = DEFAULT_FIRST_HOUR,
    last_hour: int = DEFAULT_LAST_HOUR,
) -> DayLayout:
    """The timeline of one day's entries; the hours shown cover first_hour–last_hour and
    every block."""
    apart: list[TimelineEntry] = []
    placed: list[Block] = []
    for entry in entries:
        span = _span(entry)
        if span is None:
            apart.append(entry)
        else:
            placed.append(Block(entry, *span, *_shown(span[0], span[1]), lane=0, lanes=1))
    # Stable: entries that start together and are as long keep the order they came in.
    placed.sort(key=lambda b: (b.top, -b.bottom))
    blocks = _in_lanes(placed)
    first = min([first_hour, *(b.top // 60 for b in blocks)])
    last = max([last_hour, *(math.ceil(b.bottom / 60) for b in blocks)])
    return DayLayout(blocks, tuple(apart), _gaps(blocks), _overlaps(blocks), first, last)


def entry_on(
    day: date,
    *,
    item_id: str,
    title: str,
    kind: str,
    start: datetime | None,
    end: datetime | None,
    all_day: bool,
    first_day: date | None = None,
    last_day: date | None = None,
) -> TimelineEntry:
    """The part of an item that falls on `day`, from its local start and end; `first_day` and
    `last_day` place an item without times that spans days."""
    if all_day:
        return TimelineEntry(item_id, title, kind, None, None, all_day=True)
    began = start.date() if start is not None else first_day
    ends = end.date() if end is not None else last_day
    starts_before = began is not None and began < day
    ends_after = ends is not None and ends > day
    start_time = start.time() if start is not None and start.date() == day else None
    end_time = end.time() if end is not None and end.date() == day else None
    if (row := ITEM_KINDS.get(kind)) is not None and row.point:
        moment = start_time if start_time is not None else end_time
        return TimelineEntry(item_id, title, kind, moment, None, all_day=moment is None)
    return TimelineEntry(
        item_id,
        title,
        kind,
        start_time,
        end_time,
        continues_before=starts_before,
        continues_after=ends_after,
    )


def timeline_entries(items: Iterable[ItineraryItemRecord], day: date) -> list[TimelineEntry]:
    """The entries of `day`, in the itinerary's order: the one place that reads items for
    the timeline. An item spanning days (a hotel, an overnight flight) shows on each."""
    entries: list[TimelineEntry] = []
    for item in items:
        days = item_days(item)
        if day in days:
            entries.append(
                entry_on(
                    day,
                    item_id=item.id,
                    title=item.title,
                    kind=item.kind.value,
                    start=item_start(item),
                    end=item_end(item),
                    all_day=item.all_day,
                    first_day=days[0],
                    last_day=days[-1],
                )
            )
    return entries
