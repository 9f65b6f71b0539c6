"""Zone arithmetic of itinerary items: starts and ends as real instants across zones and
clock changes, and the days an item shows on."""

from __future__ import annotations

import itertools
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, available_timezones

from hypothesis import given, settings
from hypothesis import strategies as st

from concierge.store import ItemKind
from concierge.store.validation import MAX_DURATION_MINUTES, item_problem
from concierge.travel.itinerary.item_times import (
    DayRole,
    day_role,
    duration_text,
    instant,
    item_days,
    item_end,
    item_length,
    item_start,
    role_text,
)
from tests.travel.items_support import make_item

CHANGING = (
    "Europe/Lisbon",
    "Europe/London",
    "Europe/Dublin",  # Its "summer time" is the standard one: a negative DST in the data.
    "America/New_York",
    "America/Santiago",
    "America/St_Johns",
    "Australia/Sydney",
    "Australia/Lord_Howe",  # Moves by 30 minutes.
    "Pacific/Chatham",
    "Africa/Casablanca",
    "Asia/Tokyo",
    "Asia/Kathmandu",
    "Pacific/Kiritimati",
    "Pacific/Pago_Pago",
    "UTC",
)
ALL_ZONES = sorted(
    zone for zone in available_timezones() if not zone.startswith(("posix", "right"))
)
zones = st.one_of(st.sampled_from(CHANGING), st.sampled_from(ALL_ZONES))
days = st.dates(min_value=date(1990, 1, 1), max_value=date(2060, 12, 31))
# Minutes only: the store keeps times to the minute from every editor.
clocks = st.builds(time, st.integers(0, 23), st.integers(0, 59))
# Clock changes happen near these hours; weight them so gaps and folds come up often.
near_changes = st.builds(time, st.sampled_from([0, 1, 2, 3, 23]), st.integers(0, 59))
any_clock = st.one_of(clocks, near_changes)
# Days around the usual change dates (March/April, September–November).
change_days = st.builds(
    date, st.integers(1990, 2060), st.sampled_from([3, 4, 9, 10, 11]), st.integers(1, 28)
)
any_day = st.one_of(days, change_days)


def wall(moment: datetime) -> datetime:
    return moment.replace(tzinfo=None, fold=0)


def exists(day: date, clock: time, zone: str) -> bool:
    naive = datetime.combine(day, clock)
    return (
        wall(naive.replace(tzinfo=ZoneInfo(zone)).astimezone(UTC).astimezone(ZoneInfo(zone)))
        == naive
    )


def ambiguous(moment: datetime) -> bool:
    return moment.replace(fold=0).utcoffset() != moment.replace(fold=1).utcoffset()


@settings(max_examples=150, deadline=None)
@given(any_day, any_clock, zones, st.integers(1, 3 * 24 * 60), zones)
def test_an_end_from_a_duration_is_that_much_real_time_later_in_the_end_zone(
    day: date, clock: time, zone: str, minutes: int, end_zone: str
) -> None:
    item = make_item(
        day=day, start_time=clock, timezone=zone, duration_minutes=minutes, end_timezone=end_zone
    )
    start, end = item_start(item), item_end(item)
    assert start is not None and end is not None
    assert instant(end) - instant(start) == timedelta(minutes=minutes)
    assert item_length(item) == timedelta(minutes=minutes)
    assert end.tzinfo == ZoneInfo(end_zone)
    assert item_problem(item) is None
    # Written down as a wall-clock end in the end zone, it means the same instant again
    # (unless that wall-clock time happens twice there: then it is read as the first pass
    # that is not before the start, which test_a_repeated_hour... pins down).
    if not ambiguous(end):
        written = make_item(
            day=day,
            start_time=clock,
            timezone=zone,
            end_day=end.date(),
            end_time=end.time(),
            end_timezone=end_zone,
        )
        again = item_end(written)
        assert again is not None and instant(again) == instant(end)
        assert item_problem(written) is None
        assert item_days(written) == item_days(item)


@settings(max_examples=150, deadline=None)
@given(any_day, any_clock, zones)
def test_a_start_is_its_wall_clock_time_or_later_by_the_skipped_hour(
    day: date, clock: time, zone: str
) -> None:
    start = item_start(make_item(day=day, start_time=clock, timezone=zone))
    assert start is not None and start.tzinfo == ZoneInfo(zone)
    typed = datetime.combine(day, clock)
    if exists(day, clock, zone):
        assert wall(start) == typed
    else:
        # In a gap: read with the offset before the jump, so it is later by the jump.
        before = typed.replace(tzinfo=ZoneInfo(zone)).utcoffset()
        after = start.utcoffset()
        assert before is not None and after is not None
        assert wall(start) - typed == after - before > timedelta(0)
    # What is returned is itself a real reading of the clock there.
    assert instant(start).astimezone(ZoneInfo(zone)) == start
    assert wall(instant(start).astimezone(ZoneInfo(zone))) == wall(start)


@settings(max_examples=150, deadline=None)
@given(any_day, any_clock, zones, any_day, any_clock, zones)
def test_end_before_start_is_refused_exactly_when_it_is_earlier_in_real_time(
    day: date, clock: time, zone: str, end_day: date, end_clock: time, end_zone: str
) -> None:
    item = make_item(
        day=day,
        start_time=clock,
        timezone=zone,
        end_day=end_day,
        end_time=end_clock,
        end_timezone=end_zone,
    )
    if (end_day - day).days > 365:
        assert item_problem(item) is not None
        return
    start, end = item_start(item), item_end(item)
    assert start is not None and end is not None
    problem = item_problem(item)
    assert (problem is not None) == (instant(end) < instant(start))
    if problem is None:
        assert item_length(item) == instant(end) - instant(start) >= timedelta(0)


def test_a_repeated_hour_reads_the_end_as_the_second_pass_when_the_first_is_too_early() -> None:
    """Lisbon, 25 October 2026: 02:00 summer time becomes 01:00 again."""
    zone = "Europe/Lisbon"
    day = date(2026, 10, 25)
    item = make_item(day=day, start_time=time(1, 40), timezone=zone, end_time=time(1, 10))
    start, end = item_start(item), item_end(item)
    assert start is not None and end is not None
    assert (start.utcoffset(), end.utcoffset()) == (timedelta(hours=1), timedelta(0))
    assert item_length(item) == timedelta(minutes=30)
    assert item_problem(item) is None
    later = make_item(day=day, start_time=time(1, 10), timezone=zone, end_time=time(1, 40))
    assert item_length(later) == timedelta(minutes=30)  # Both in the first pass.


def test_a_skipped_time_is_the_clock_after_the_jump() -> None:
    """Lisbon, 29 March 2026: 01:00 winter time becomes 02:00."""
    item = make_item(
        day=date(2026, 3, 29), start_time=time(1, 30), timezone="Europe/Lisbon", duration_minutes=60
    )
    start, end = item_start(item), item_end(item)
    assert start is not None and end is not None
    assert (start.hour, start.minute, end.hour, end.minute) == (2, 30, 3, 30)
    assert instant(start) == datetime(2026, 3, 29, 1, 30, tzinfo=UTC)


def test_a_flight_east_overnight_shows_on_both_days() -> None:
    flight = make_item(
        kind=ItemKind.FLIGHT,
        day=date(2026, 5, 1),
        start_time=time(13, 45),
        timezone="Europe/Lisbon",
        end_day=date(2026, 5, 2),
        end_time=time(9, 5),
        end_timezone="Asia/Tokyo",
    )
    assert item_days(flight) == [date(2026, 5, 1), date(2026, 5, 2)]
    assert item_length(flight) == timedelta(hours=11, minutes=20)
    assert [role_text(flight, day_role(flight, d)) for d in item_days(flight)] == [
        "departs",
        "arrives",
    ]


def test_a_hotel_shows_every_night_and_its_check_out_day() -> None:
    hotel = make_item(
        kind=ItemKind.LODGING,
        day=date(2026, 5, 2),
        start_time=time(15),
        end_day=date(2026, 5, 5),
        end_time=time(11),
        timezone="Asia/Tokyo",
    )
    shown = item_days(hotel)
    assert shown == [date(2026, 5, d) for d in (2, 3, 4, 5)]
    assert [day_role(hotel, d) for d in shown] == [
        DayRole.STARTS,
        DayRole.CONTINUES,
        DayRole.CONTINUES,
        DayRole.ENDS,
    ]
    assert [role_text(hotel, day_role(hotel, d)) for d in shown] == [
        "check-in",
        "continues",
        "continues",
        "check-out",
    ]
    all_day = make_item(kind=ItemKind.LODGING, all_day=True, end_day=date(2026, 5, 3))
    assert item_days(all_day) == [date(2026, 5, 1), date(2026, 5, 2), date(2026, 5, 3)]
    assert item_start(all_day) is None and item_end(all_day) is None


def test_an_end_at_midnight_belongs_to_the_day_before() -> None:
    party = make_item(start_time=time(22), end_day=date(2026, 5, 2), end_time=time(0))
    assert item_days(party) == [date(2026, 5, 1)]
    assert day_role(party, date(2026, 5, 1)) is DayRole.ONLY


def test_landing_on_an_earlier_date_across_the_date_line_stays_on_its_own_day() -> None:
    flight = make_item(
        day=date(2026, 5, 2),
        start_time=time(1),
        timezone="Asia/Tokyo",
        duration_minutes=8 * 60,
        end_timezone="Pacific/Honolulu",
    )
    end = item_end(flight)
    assert end is not None and end.date() == date(2026, 5, 1)
    assert item_days(flight) == [date(2026, 5, 2)]


@settings(max_examples=60, deadline=None)
@given(any_day, any_clock, zones, st.integers(1, MAX_DURATION_MINUTES), zones)
def test_an_item_shows_on_each_local_day_from_its_start_to_its_end(
    day: date, clock: time, zone: str, minutes: int, end_zone: str
) -> None:
    item = make_item(
        day=day, start_time=clock, timezone=zone, duration_minutes=minutes, end_timezone=end_zone
    )
    end = item_end(item)
    assert end is not None
    shown = item_days(item)
    assert shown[0] == day
    assert all(b - a == timedelta(days=1) for a, b in itertools.pairwise(shown))
    if end.date() > day and end.time() != time(0):
        assert shown[-1] == end.date()


def test_durations_read_as_people_say_them() -> None:
    assert [duration_text(m) for m in (0, 45, 60, 90, 24 * 60, 24 * 60 + 185)] == [
        "0 min",
        "45 min",
        "1 h",
        "1 h 30 min",
        "1 day",
        "1 day 3 h 5 min",
    ]
    assert duration_text(timedelta(days=2, hours=3)) == "2 days 3 h"
