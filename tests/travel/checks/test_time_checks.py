"""The checks of when things happen: overlaps (a sweep, checked against every pair),
transfers between places, and zone errors on journeys (arithmetic in real zones)."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from itertools import combinations
from zoneinfo import ZoneInfo

from hypothesis import given, settings
from hypothesis import strategies as st

from concierge.store import ItemKind
from concierge.store.wall_clock import instant
from concierge.travel.checks import CheckEnv, overlaps, transfers, zones
from concierge.travel.checks.overlaps import overlapping
from concierge.travel.places.index import PlaceIndex

from .support import found, item, plan_of

DAY = date(2026, 5, 4)
ZONES = ("Asia/Tokyo", "Europe/Lisbon", "America/New_York", "Asia/Kolkata", "UTC")
AIRPORTS = ("LIS", "JFK", "NRT", "LHR", "SYD", "LAX", "DEL", "GRU", "HNL", "AKL")


def test_two_timed_items_that_overlap_are_one_error_naming_both() -> None:
    museum = item("MoMA", DAY, time(10), time(13))
    lunch = item("Lunch", DAY, time(12), time(13, 30), kind="meal")
    (problem,) = found(overlaps.CHECKER, plan_of([museum, lunch]))
    assert problem.severity == "error"
    assert problem.message == "“MoMA” overlaps “Lunch” by 60 min on 4 May."
    assert problem.detail == "“MoMA” 10:00-13:00, “Lunch” 12:00-13:30."
    assert problem.item_ids == (museum.id, lunch.id)
    assert problem.day == DAY


def test_back_to_back_items_lodging_and_untimed_items_do_not_overlap() -> None:
    plan = plan_of(
        [
            item("Tour", DAY, time(9), time(11)),
            item("Walk", DAY, time(11), time(12)),
            item("Hotel", DAY, time(8), time(11), kind="lodging", end_day=DAY + timedelta(1)),
            item("Someday", DAY),
            item("Open end", DAY, time(9, 30)),
        ]
    )
    assert found(overlaps.CHECKER, plan) == ()


def test_items_in_different_zones_overlap_by_their_real_instants() -> None:
    """09:00 in Lisbon is 17:00 in Tokyo: a Tokyo call at 16:30-17:30 overlaps it."""
    lisbon = item("Lisbon call", DAY, time(9), time(10), timezone="Europe/Lisbon")
    tokyo = item("Tokyo call", DAY, time(16, 30), time(17, 30), timezone="Asia/Tokyo")
    later = item("Late Tokyo call", DAY, time(18), time(19), timezone="Asia/Tokyo")
    (problem,) = found(overlaps.CHECKER, plan_of([lisbon, tokyo, later]))
    assert set(problem.item_ids) == {lisbon.id, tokyo.id}
    assert "by 30 min" in problem.message


slots = st.tuples(
    st.integers(0, 23),
    st.sampled_from((0, 15, 30, 45)),
    st.integers(0, 300),
    st.sampled_from(ZONES),
)


@settings(max_examples=60)
@given(st.lists(slots, min_size=0, max_size=8), st.randoms(use_true_random=False))
def test_the_sweep_finds_exactly_the_pairs_that_overlap_in_any_order(
    times: list[tuple[int, int, int, str]], shuffle: object
) -> None:
    """Overlap is symmetric and the sweep misses none: the pairs found are those whose
    real intervals intersect, whatever the order the items are listed in."""
    items = [
        item(f"Item {n}", DAY, time(h, m), None, duration_minutes=length, timezone=zone)
        for n, (h, m, length, zone) in enumerate(times)
    ]
    expected = set()
    for a, b in combinations(items, 2):
        start_a = instant(datetime.combine(DAY, a.start_time, ZoneInfo(a.timezone)))  # type: ignore[arg-type]
        start_b = instant(datetime.combine(DAY, b.start_time, ZoneInfo(b.timezone)))  # type: ignore[arg-type]
        end_a = start_a + timedelta(minutes=a.duration_minutes or 0)
        end_b = start_b + timedelta(minutes=b.duration_minutes or 0)
        if start_a < end_b and start_b < end_a and end_a > start_a and end_b > start_b:
            expected.add(frozenset((a.id, b.id)))
    shuffled = list(items)
    shuffle.shuffle(shuffled)  # type: ignore[attr-defined]
    for listing in (items, shuffled, list(reversed(items))):
        pairs = {frozenset((a.item.id, b.item.id)) for a, b in overlapping(plan_of(listing))}
        assert pairs == expected
        problems = found(overlaps.CHECKER, plan_of(listing))
        assert {frozenset(p.item_ids) for p in problems} == expected


def test_too_little_time_between_two_cities_is_a_warning_marked_as_an_estimate(
    places: PlaceIndex,
) -> None:
    kyoto = item("Temple", DAY, time(9), time(10), place="Kyoto")
    tokyo = item("Tower", DAY, time(10, 30), time(11), place="Tokyo")
    (problem,) = found(transfers.CHECKER, plan_of([kyoto, tokyo]), CheckEnv(places))
    assert problem.severity == "warning" and problem.estimate
    assert problem.item_ids == (kyoto.id, tokyo.id)
    assert problem.message.startswith("Only 30 min from “Temple” (Kyoto, Japan, ends 10:00) to")
    assert "km in a straight line, at least 1 h" in problem.message
    assert problem.message.endswith("by road or fast train (an estimate).")
    assert problem.sentence == problem.message


def test_enough_time_the_same_city_or_places_the_app_does_not_know_pass(
    places: PlaceIndex,
) -> None:
    env = CheckEnv(places)
    for first, second in (
        (
            item("A", DAY, time(9), time(10), place="Kyoto"),
            item("B", DAY, time(13), None, place="Tokyo"),
        ),
        (
            item("A", DAY, time(9), time(10), place="Kyoto"),
            item("B", DAY, time(10), None, place="Kyoto"),
        ),
        (
            item("A", DAY, time(9), time(10), place="Kinkaku-ji"),
            item("B", DAY, time(10), None, place="Tokyo"),
        ),
    ):
        assert found(transfers.CHECKER, plan_of([first, second]), env) == ()
    assert found(transfers.CHECKER, plan_of([first, second]), CheckEnv()) == ()


def test_a_long_hop_is_timed_by_air(places: PlaceIndex) -> None:
    lisbon = item("Fado", DAY, time(20), time(22), place="Lisbon", timezone="Europe/Lisbon")
    tokyo = item("Sushi", DAY + timedelta(1), time(8), None, place="Tokyo")
    (problem,) = found(transfers.CHECKER, plan_of([lisbon, tokyo]), CheckEnv(places))
    assert "by air" in problem.message


def test_an_arrival_read_in_the_departure_zone_is_a_zone_error(places: PlaceIndex) -> None:
    flight = item("NH 7", DAY, time(10), time(20), kind="flight", from_place="NRT", to_place="LAX")
    (problem,) = found(zones.CHECKER, plan_of([flight]), CheckEnv(places))
    assert problem.severity == "error"
    assert problem.message == (
        "The arrival of “NH 7” at 20:00 is read in Asia/Tokyo, but Los Angeles (LAX) is in "
        "America/Los_Angeles: set its end zone."
    )
    right = item(
        "NH 7",
        DAY,
        time(10),
        time(4),
        kind="flight",
        from_place="NRT",
        to_place="LAX",
        end_timezone="America/Los_Angeles",
    )
    assert found(zones.CHECKER, plan_of([right]), CheckEnv(places)) == ()


def test_a_local_arrival_before_the_departure_is_said_so(places: PlaceIndex) -> None:
    """Los Angeles 10:00 to Tokyo 14:00 with the arrival left in Los Angeles' zone: in
    Tokyo's it would land before it leaves (it lands the next day)."""
    flight = item(
        "JL 61",
        DAY,
        time(10),
        time(14),
        kind="flight",
        from_place="LAX",
        to_place="NRT",
        timezone="America/Los_Angeles",
    )
    (problem,) = found(zones.CHECKER, plan_of([flight]), CheckEnv(places))
    assert "before it leaves at 10:00" in problem.message
    assert "set the end zone, and the end day" in problem.message


def test_a_departure_time_in_another_zone_than_the_airport_is_an_error(
    places: PlaceIndex,
) -> None:
    flight = item(
        "TP 1",
        DAY,
        time(10),
        None,
        kind="flight",
        from_place="LIS",
        to_place="JFK",
        timezone="Asia/Tokyo",
        duration_minutes=480,
    )
    (problem,) = found(zones.CHECKER, plan_of([flight]), CheckEnv(places))
    assert problem.message.startswith("The departure of “TP 1” at 10:00 is read in Asia/Tokyo")


def test_a_journey_faster_than_an_airliner_is_an_error(places: PlaceIndex) -> None:
    flight = item(
        "TP 203",
        DAY,
        time(10),
        None,
        kind="flight",
        from_place="LIS",
        to_place="JFK",
        timezone="Europe/Lisbon",
        duration_minutes=60,
    )
    (problem,) = found(zones.CHECKER, plan_of([flight]), CheckEnv(places))
    assert problem.estimate
    assert "km/h: check its times and zones" in problem.message


@settings(max_examples=60)
@given(
    st.sampled_from(AIRPORTS),
    st.sampled_from(AIRPORTS),
    st.dates(date(2026, 1, 1), date(2027, 12, 31)),
    st.integers(0, 23),
    st.integers(60, 20 * 60),
)
def test_a_flight_is_flagged_only_when_a_zone_left_out_shows_another_clock(
    places: PlaceIndex, origin: str, destination: str, day: date, hour: int, minutes: int
) -> None:
    """Zone arithmetic: a flight whose times are in its airports' zones is never flagged;
    with the arrival left in the departure's zone it is flagged exactly when the two zones'
    clocks differ at the arrival instant."""
    start_zone = places.exactly(origin).tz  # type: ignore[union-attr]
    end_zone = places.exactly(destination).tz  # type: ignore[union-attr]
    leaves = datetime.combine(day, time(hour), ZoneInfo(start_zone))
    lands = (instant(leaves) + timedelta(minutes=minutes)).astimezone(ZoneInfo(end_zone))
    right = item(
        "Flight",
        day,
        time(hour),
        lands.time(),
        kind="flight",
        from_place=origin,
        to_place=destination,
        timezone=start_zone,
        end_timezone=end_zone,
        end_day=lands.date(),
    )
    env = CheckEnv(places)
    assert [p for p in found(zones.CHECKER, plan_of([right]), env) if "read in" in p.message] == []
    lands_there = instant(leaves) + timedelta(minutes=minutes)
    wrong_clock = lands_there.astimezone(ZoneInfo(start_zone))
    left_out = item(
        "Flight",
        day,
        time(hour),
        wrong_clock.time(),
        kind="flight",
        from_place=origin,
        to_place=destination,
        timezone=start_zone,
        end_day=wrong_clock.date(),
    )
    arrival_flagged = any(
        "arrival" in p.message or "arrives" in p.message
        for p in found(zones.CHECKER, plan_of([left_out]), env)
    )
    offsets_differ = (
        lands_there.astimezone(ZoneInfo(end_zone)).utcoffset()
        != lands_there.astimezone(ZoneInfo(start_zone)).utcoffset()
    )
    assert arrival_flagged == offsets_differ


def test_a_car_or_train_is_checked_like_a_flight_and_other_kinds_not(places: PlaceIndex) -> None:
    train = item(
        "Shinkansen",
        DAY,
        time(10),
        time(12),
        kind="train",
        from_place="Tokyo",
        to_place="Kyoto",
        timezone="Europe/Lisbon",
    )
    visit = item("Visit", DAY, time(10), time(12), place="Tokyo", timezone="Europe/Lisbon")
    problems = found(zones.CHECKER, plan_of([train, visit]), CheckEnv(places))
    assert {p.item_ids for p in problems} == {(train.id,)}
    assert ItemKind.TRAIN is train.kind
