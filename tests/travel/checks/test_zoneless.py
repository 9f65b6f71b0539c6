"""Items without a time zone (the assistant's, an import's) are read in their day's zone, as
the itinerary shows them, not as at UTC; with no zone known for the day, by wall clock with
the day's other items."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from concierge.store import StopRecord
from concierge.store.wall_clock import local_datetime
from concierge.travel.checks import CheckEnv, overlaps, zones
from concierge.travel.places.index import PlaceIndex

from .support import found, item, make_stop, make_trip, plan_of

DAY = date(2026, 5, 4)


def porto(zone: str | None = "Europe/Lisbon") -> list[StopRecord]:
    return [make_stop("Porto", date(2026, 5, 1), date(2026, 5, 10), timezone=zone)]


def test_a_zoneless_item_is_read_in_its_stops_zone() -> None:
    museum = item("Museum", DAY, time(10), time(12), timezone=None)
    lunch = item("Lunch", DAY, time(12), time(13), timezone="Europe/Lisbon")
    assert found(overlaps.CHECKER, plan_of([museum, lunch], stops=porto())) == ()
    early = item("Early lunch", DAY, time(11, 30), time(13), timezone="Europe/Lisbon")
    (problem,) = found(overlaps.CHECKER, plan_of([museum, early], stops=porto()))
    assert problem.message == "“Museum” overlaps “Early lunch” by 30 min on 4 May."
    assert problem.detail == "“Museum” 10:00-12:00, “Early lunch” 11:30-13:00."


def test_a_stop_without_a_zone_falls_back_to_the_first_stop_with_one() -> None:
    stops = [
        make_stop("Lisbon", date(2026, 5, 1), date(2026, 5, 3), timezone="Europe/Lisbon"),
        make_stop("Somewhere", date(2026, 5, 3), date(2026, 5, 10)),
    ]
    plan = plan_of([], stops=stops)
    assert plan.zone_on(DAY) == "Europe/Lisbon"
    assert plan_of([]).zone_on(DAY) is None  # home's zone is not where the trip is


def test_with_no_zone_known_a_zoneless_item_compares_by_wall_clock() -> None:
    museum = item("Museum", DAY, time(10), time(12), timezone=None)
    lunch = item("Lunch", DAY, time(12), time(13), timezone="Asia/Tokyo")
    assert found(overlaps.CHECKER, plan_of([museum, lunch], trip=make_trip())) == ()
    tea = item("Tea", DAY, time(11), time(11, 30), timezone=None)
    (problem,) = found(overlaps.CHECKER, plan_of([museum, tea]))
    assert set(problem.item_ids) == {museum.id, tea.id}


def test_a_zoneless_departure_is_read_in_the_stops_zone(places: PlaceIndex) -> None:
    flight = item("Flight", DAY, time(9), None, kind="flight", from_place="LIS", timezone=None)
    env = CheckEnv(places)
    assert found(zones.CHECKER, plan_of([flight], stops=porto()), env) == ()
    (problem,) = found(zones.CHECKER, plan_of([flight], stops=porto("Asia/Tokyo")), env)
    assert "is read in Asia/Tokyo" in problem.message


def _steady(day: date, zone: str, clocks: list[time]) -> bool:
    """Whether `zone` keeps one offset all `day` and every clock names one instant."""
    tz = ZoneInfo(zone)
    offset = datetime.combine(day, time(0), tz).utcoffset()
    if datetime.combine(day + timedelta(1), time(0), tz).utcoffset() != offset:
        return False
    return all(local_datetime(day, clock, zone).time() == clock for clock in clocks) and all(
        datetime.combine(day, clock, tz).utcoffset() == offset for clock in clocks
    )


def _clock(minutes: int) -> time:
    return time(minutes // 60, minutes % 60)


spans = st.integers(0, 23 * 60 + 58).flatmap(
    lambda start: st.tuples(st.just(start), st.integers(start + 1, 23 * 60 + 59))
)


@settings(max_examples=120, deadline=None)
@given(
    st.timezone_keys(allow_prefix=False),
    st.dates(date(2026, 1, 1), date(2027, 12, 31)),
    spans,
    spans,
    st.booleans(),
)
def test_a_zoneless_and_a_zoned_item_overlap_iff_their_wall_clocks_do(
    zone: str,
    day: date,
    floating: tuple[int, int],
    zoned: tuple[int, int],
    stop_known: bool,
) -> None:
    """In the day's zone (from its stop, or with no zone known at all), a zone-less item and
    one in that zone overlap exactly when their wall-clock spans do."""
    clocks = [_clock(minutes) for minutes in (*floating, *zoned)]
    assume(_steady(day, zone, clocks))
    a = item("Zoneless", day, clocks[0], clocks[1], timezone=None)
    b = item("Zoned", day, clocks[2], clocks[3], timezone=zone)
    stops = [make_stop("Here", day, day, timezone=zone)] if stop_known else []
    trip = make_trip(start_date=day, end_date=day, origin_tz="Pacific/Kiritimati")
    problems = found(overlaps.CHECKER, plan_of([a, b], trip=trip, stops=stops))
    walls_overlap = floating[0] < zoned[1] and zoned[0] < floating[1]
    assert bool(problems) == walls_overlap
