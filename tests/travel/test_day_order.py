"""The order of a day: untimed items keep their manual places, timed ones fill the rest in
the order they really happen, and items spanning days show on each day."""

from __future__ import annotations

from datetime import date, time

from hypothesis import given, settings
from hypothesis import strategies as st

from concierge.store import ItemKind
from concierge.travel.itinerary.day_order import DayEntry, arrange_day, by_day, time_on
from concierge.travel.itinerary.item_times import DayRole, instant
from tests.travel.items_support import make_item

MAY_1, MAY_2, MAY_3 = date(2026, 5, 1), date(2026, 5, 2), date(2026, 5, 3)


def titles(entries: list[DayEntry]) -> list[str]:
    return [entry.item.title for entry in entries]


def test_timed_items_sort_by_time_and_untimed_ones_keep_their_places() -> None:
    items = [
        make_item(id="a", title="Pack", position=0),
        make_item(id="b", title="Dinner", position=1, start_time=time(20)),
        make_item(id="c", title="Postcards", position=2),
        make_item(id="d", title="Breakfast", position=3, start_time=time(8)),
        make_item(id="e", title="Museum", position=4, start_time=time(10), timezone="UTC"),
    ]
    assert titles(by_day(items)[MAY_1]) == ["Pack", "Breakfast", "Postcards", "Museum", "Dinner"]


def test_items_in_different_zones_order_by_real_time() -> None:
    """09:00 in Lisbon (08:00 UTC) is after 16:00 in Tokyo (07:00 UTC)."""
    items = [
        make_item(
            id="a", title="Lisbon call", position=0, start_time=time(9), timezone="Europe/Lisbon"
        ),
        make_item(
            id="b", title="Tokyo call", position=1, start_time=time(16), timezone="Asia/Tokyo"
        ),
    ]
    assert titles(by_day(items)[MAY_1]) == ["Tokyo call", "Lisbon call"]


def test_a_hotel_shows_on_each_day_and_its_check_out_sorts_by_its_time() -> None:
    items = [
        make_item(
            id="h",
            title="Hotel",
            kind=ItemKind.LODGING,
            start_time=time(15),
            end_day=MAY_3,
            end_time=time(11),
        ),
        make_item(id="t", title="Temple", day=MAY_2, position=0, start_time=time(9)),
        make_item(id="n", title="Note", day=MAY_3, position=0),
        make_item(id="l", title="Lunch", day=MAY_3, position=1, start_time=time(12)),
        make_item(id="b", title="Breakfast", day=MAY_3, position=2, start_time=time(8)),
    ]
    days = by_day(items)
    assert list(days) == [MAY_1, MAY_2, MAY_3]
    assert [(e.item.title, e.role) for e in days[MAY_1]] == [("Hotel", DayRole.STARTS)]
    assert [(e.item.title, e.role) for e in days[MAY_2]] == [
        ("Hotel", DayRole.CONTINUES),
        ("Temple", DayRole.ONLY),
    ]
    # The check-out (11:00) is timed on its last day, so it sorts among the timed items;
    # the untimed note keeps its place.
    assert titles(days[MAY_3]) == ["Breakfast", "Note", "Hotel", "Lunch"]


entries_strategy = st.lists(
    st.tuples(
        st.one_of(st.none(), st.builds(time, st.integers(0, 23), st.integers(0, 59))),
        st.sampled_from(["Europe/Lisbon", "Asia/Tokyo", "America/New_York", None]),
    ),
    max_size=8,
)


@settings(max_examples=100, deadline=None)
@given(entries_strategy)
def test_untimed_places_are_kept_and_timed_ones_are_in_real_time_order(
    specs: list[tuple[time | None, str | None]],
) -> None:
    manual = [
        DayEntry(make_item(id=f"i{n}", position=n, start_time=clock, timezone=zone), DayRole.ONLY)
        for n, (clock, zone) in enumerate(specs)
    ]
    arranged = arrange_day(manual)
    assert sorted(e.item.id for e in arranged) == sorted(e.item.id for e in manual)
    for n, entry in enumerate(manual):
        if time_on(entry) is None:
            assert arranged[n] is entry
    moments = [instant(m) for e in arranged if (m := time_on(e)) is not None]
    assert moments == sorted(moments)
