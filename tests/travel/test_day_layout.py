"""The day timeline's layout: blocks, lanes, gaps, overlaps, the hours shown, what is listed
apart, and the adapter from itinerary items."""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from concierge.model.kinds import ITEM_KINDS
from concierge.store import ItineraryItemRecord
from concierge.travel.itinerary.day_layout import (
    FALLBACK_MINUTES,
    MIN_SHOWN_MINUTES,
    MINUTES_PER_DAY,
    Block,
    Gap,
    Overlap,
    TimelineEntry,
    entry_on,
    lay_out,
    timeline_entries,
)

DAY = date(2027, 4, 10)


def entry(
    item_id: str,
    start: str | None,
    end: str | None = None,
    kind: str = "activity",
    **flags: bool,
) -> TimelineEntry:
    return TimelineEntry(
        item_id,
        item_id.title(),
        kind,
        None if start is None else time.fromisoformat(start),
        None if end is None else time.fromisoformat(end),
        **flags,
    )


def by_id(blocks: tuple[Block, ...]) -> dict[str, Block]:
    return {block.item_id: block for block in blocks}


def test_a_busy_day() -> None:
    layout = lay_out(
        [
            entry("breakfast", "08:00", "08:45", "meal"),
            entry("train", "09:30", "12:10", "train"),
            entry("museum", "11:30", "13:00"),
            entry("lunch", "13:00", "14:00", "meal"),
            entry("walk", "16:00"),
            entry("dinner", "20:00", kind="meal"),
            entry("pass", None, all_day=True),
            entry("call mum", None, kind="note"),
        ]
    )
    assert [b.item_id for b in layout.blocks] == [
        "breakfast",
        "train",
        "museum",
        "lunch",
        "walk",
        "dinner",
    ]
    blocks = by_id(layout.blocks)
    assert (blocks["train"].lane, blocks["museum"].lane) == (0, 1)
    assert blocks["train"].lanes == blocks["museum"].lanes == 2
    assert (blocks["lunch"].lane, blocks["lunch"].lanes) == (0, 1)  # Touching is no overlap.
    assert layout.overlaps == (Overlap("train", "museum", 11 * 60 + 30, 12 * 60 + 10),)
    assert layout.overlapping("museum") == ("train",)
    assert layout.overlapping("lunch") == ()
    assert layout.gaps == (
        Gap(8 * 60 + 45, 9 * 60 + 30),
        Gap(14 * 60, 16 * 60),
        Gap(17 * 60, 20 * 60),  # After the walk's assumed hour.
    )
    assert [g.minutes for g in layout.gaps] == [45, 120, 180]
    assert blocks["walk"].open_end and blocks["walk"].end == 17 * 60
    assert not blocks["train"].open_end
    assert [e.item_id for e in layout.apart] == ["pass", "call mum"]
    assert layout.order() == (
        "pass",
        "call mum",
        "breakfast",
        "train",
        "museum",
        "lunch",
        "walk",
        "dinner",
    )
    assert (layout.first_hour, layout.last_hour) == (6, 23)
    assert layout.entry("dinner") == entry("dinner", "20:00", kind="meal")
    assert layout.entry("nothing") is None


def test_an_entry_without_an_end_lasts_its_kinds_usual_length() -> None:
    known = [(row.value, row.default_minutes) for row in ITEM_KINDS]
    for kind, minutes in [*known, ("balloon ride", FALLBACK_MINUTES)]:
        [block] = lay_out([entry("x", "10:00", kind=kind)]).blocks
        assert (block.start, block.end, block.open_end) == (600, 600 + minutes, True), kind
        assert block.bottom == 600 + max(minutes, MIN_SHOWN_MINUTES)


def test_an_end_at_or_before_the_start_counts_as_no_end() -> None:
    """A flight west over the date line lands, in local time, before it left."""
    [block] = lay_out([entry("flight", "17:00", "06:00", "flight")]).blocks
    assert (block.start, block.end, block.open_end) == (17 * 60, 19 * 60, True)


def test_short_blocks_are_drawn_long_enough_and_never_cover_each_other() -> None:
    layout = lay_out([entry("a", "10:00", "10:10"), entry("b", "10:10", "10:40")])
    a, b = layout.blocks
    assert (a.top, a.bottom) == (600, 630)
    assert (a.lane, b.lane, a.lanes) == (0, 1, 2)
    assert layout.overlaps == ()  # Side by side on screen, but their times do not clash.


def test_open_ended_entries_clash_only_where_the_times_say_so() -> None:
    layout = lay_out(
        [
            entry("tour", "10:00", "12:00"),
            entry("coffee", "11:00"),  # Starts inside the tour.
            entry("call", "12:30"),
            entry("taxi", "12:50"),  # Within the call's assumed hour: not a known clash.
            entry("photo", "12:50", kind="note"),  # Same minute as the taxi.
        ]
    )
    assert {(o.first, o.second) for o in layout.overlaps} == {
        ("tour", "coffee"),
        ("taxi", "photo"),
    }


def test_entries_that_go_on_from_or_to_another_day() -> None:
    layout = lay_out(
        [
            entry("flight in", None, "07:15", "flight", continues_before=True),
            entry("night train", "22:00", None, "train", continues_after=True),
            entry("hotel", None, None, "lodging", continues_before=True, continues_after=True),
            entry("cruise", None, None, "ferry", continues_before=True),
        ]
    )
    blocks = by_id(layout.blocks)
    assert (blocks["flight in"].start, blocks["flight in"].end) == (0, 7 * 60 + 15)
    assert not blocks["flight in"].open_end
    assert (blocks["night train"].start, blocks["night train"].end) == (22 * 60, MINUTES_PER_DAY)
    assert [e.item_id for e in layout.apart] == ["hotel", "cruise"]
    assert (layout.first_hour, layout.last_hour) == (0, 24)


def test_the_hours_shown_extend_to_fit() -> None:
    assert (lay_out([]).first_hour, lay_out([]).last_hour) == (6, 23)
    early = lay_out([entry("a", "04:40", "05:00"), entry("b", "23:10", "23:20")])
    assert (early.first_hour, early.last_hour) == (4, 24)
    late = lay_out([entry("late", "23:50")])
    assert (late.blocks[0].top, late.blocks[0].bottom) == (MINUTES_PER_DAY - 30, MINUTES_PER_DAY)
    narrow = lay_out([entry("a", "09:00", "10:00")], first_hour=8, last_hour=18)
    assert (narrow.first_hour, narrow.last_hour) == (8, 18)


# -- properties ---------------------------------------------------------------------------

_times = st.builds(time, st.integers(0, 23), st.integers(0, 59))


@st.composite
def day_entries(draw: st.DrawFn) -> list[TimelineEntry]:
    count = draw(st.integers(0, 12))
    return [
        TimelineEntry(
            f"item{n}",
            f"Item {n}",
            draw(st.sampled_from([*ITEM_KINDS.values(), "other"])),
            draw(st.none() | _times),
            draw(st.none() | _times),
            continues_before=draw(st.booleans()),
            continues_after=draw(st.booleans()),
            all_day=draw(st.booleans()),
        )
        for n in range(count)
    ]


def _intersect(one: tuple[int, int], other: tuple[int, int]) -> bool:
    return max(one[0], other[0]) < min(one[1], other[1])


@settings(max_examples=150)
@given(day_entries())
def test_every_entry_is_shown_once_and_blocks_are_sane(entries: list[TimelineEntry]) -> None:
    layout = lay_out(entries)
    assert sorted(layout.order()) == sorted(e.item_id for e in entries)
    assert [e for e in entries if e in layout.apart] == list(layout.apart)
    for block in layout.blocks:
        assert 0 <= block.start < block.end <= MINUTES_PER_DAY
        assert 0 <= block.top <= block.start or block.top == MINUTES_PER_DAY - MIN_SHOWN_MINUTES
        assert block.bottom - block.top >= MIN_SHOWN_MINUTES and block.bottom >= block.end
        assert 0 <= block.lane < block.lanes
        assert layout.first_hour * 60 <= block.top and block.bottom <= layout.last_hour * 60
    starts = [(b.top, -b.bottom) for b in layout.blocks]
    assert starts == sorted(starts)


@settings(max_examples=150)
@given(day_entries())
def test_lanes_never_overlap(entries: list[TimelineEntry]) -> None:
    layout = lay_out(entries)
    for one, other in combinations(layout.blocks, 2):
        if _intersect((one.top, one.bottom), (other.top, other.bottom)):
            assert one.lane != other.lane
            assert one.lanes == other.lanes  # One cluster: the same widths side by side.


@settings(max_examples=150)
@given(day_entries())
def test_every_overlap_is_reported_and_only_those(entries: list[TimelineEntry]) -> None:
    layout = lay_out(entries)
    expected = {
        (one.item_id, other.item_id)
        for one, other in combinations(layout.blocks, 2)
        if _intersect(one.known, other.known)
    }
    assert {(o.first, o.second) for o in layout.overlaps} == expected
    blocks = by_id(layout.blocks)
    for overlap in layout.overlaps:
        for item_id in (overlap.first, overlap.second):
            start, end = blocks[item_id].known
            assert start <= overlap.start < overlap.end <= end


@settings(max_examples=150)
@given(day_entries())
def test_gaps_and_busy_time_add_up_to_the_day_planned(entries: list[TimelineEntry]) -> None:
    layout = lay_out(entries)
    if not layout.blocks:
        assert layout.gaps == ()
        return
    busy = {minute for b in layout.blocks for minute in range(b.start, b.end)}
    first = min(b.start for b in layout.blocks)
    last = max(b.end for b in layout.blocks)
    assert sum(g.minutes for g in layout.gaps) + len(busy) == last - first
    for gap in layout.gaps:
        assert gap.minutes > 0
        assert not busy & set(range(gap.start, gap.end))
        assert gap.start in {b.end for b in layout.blocks}
        assert gap.end in {b.start for b in layout.blocks}


# -- the adapter --------------------------------------------------------------------------


def test_entry_on_clips_an_item_to_the_day() -> None:
    def on(day: date, kind: str, start: datetime | None, end: datetime | None) -> TimelineEntry:
        return entry_on(day, item_id="x", title="X", kind=kind, start=start, end=end, all_day=False)

    leave = datetime(2027, 4, 10, 21, 40, tzinfo=UTC)
    land = datetime(2027, 4, 11, 17, 5)
    assert on(DAY, "flight", leave, land) == TimelineEntry(
        "x", "X", "flight", time(21, 40), None, continues_after=True
    )
    assert on(date(2027, 4, 11), "flight", leave, land) == TimelineEntry(
        "x", "X", "flight", None, time(17, 5), continues_before=True
    )
    assert on(DAY, "train", leave, None) == TimelineEntry("x", "X", "train", time(21, 40), None)
    check_in, check_out = datetime(2027, 4, 9, 15), datetime(2027, 4, 12, 11)
    assert on(date(2027, 4, 9), "lodging", check_in, check_out).start == time(15)
    assert on(date(2027, 4, 12), "lodging", check_in, check_out).start == time(11)
    assert on(DAY, "lodging", check_in, check_out).all_day
    assert entry_on(
        DAY, item_id="x", title="X", kind="activity", start=leave, end=None, all_day=True
    ) == TimelineEntry("x", "X", "activity", None, None, all_day=True)

    def rental(day: date) -> TimelineEntry:
        """A car for three days, no times given."""
        return entry_on(
            day,
            item_id="car",
            title="Car",
            kind="car",
            start=None,
            end=None,
            all_day=False,
            first_day=date(2027, 4, 9),
            last_day=date(2027, 4, 11),
        )

    middle = rental(DAY)
    assert (middle.continues_before, middle.continues_after) == (True, True)
    assert lay_out([middle]).apart == (middle,)
    first = rental(date(2027, 4, 9))
    assert (first.continues_before, first.continues_after) == (False, True)


def _item(item_id: str, day: date, start: time | None, position: int) -> ItineraryItemRecord:
    now = datetime(2026, 1, 1, tzinfo=UTC)
    return ItineraryItemRecord(
        id=item_id,
        trip_id="trip",
        day=day,
        start_time=start,
        timezone="Europe/Lisbon",
        title=item_id.title(),
        place="",
        notes="",
        position=position,
        created_at=now,
        updated_at=now,
    )


def test_timeline_entries_reads_the_items_of_the_day_in_order() -> None:
    items = [
        _item("lello", DAY, time(10), 0),
        _item("dinner", DAY, None, 1),
        _item("cruise", date(2027, 4, 11), time(11), 0),
    ]
    assert timeline_entries(items, DAY) == [
        TimelineEntry("lello", "Lello", "activity", time(10), None),
        TimelineEntry("dinner", "Dinner", "activity", None, None),
    ]
