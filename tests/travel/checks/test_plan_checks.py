"""The checks of the plan's days, nights and money: dates, pace, lodging, public holidays
and the budget."""

from __future__ import annotations

from datetime import date, time, timedelta
from decimal import Decimal

from concierge.store import ExpenseCategory, Pace
from concierge.travel.checks import CheckEnv, budget, dates, holidays, lodging, pace
from concierge.travel.money.exchange import exchange
from concierge.travel.places.index import PlaceIndex

from .support import found, item, make_expense, make_stop, make_trip, plan_of

FIRST = date(2026, 5, 1)
KYOTO = make_stop("Kyoto", date(2026, 5, 4), date(2026, 5, 7), timezone="Asia/Tokyo")


def test_items_before_or_after_the_trip_are_errors() -> None:
    early = item("Early", FIRST - timedelta(1))
    late_checkout = item(
        "Hotel", date(2026, 5, 9), time(15), time(11), kind="lodging", end_day=date(2026, 5, 12)
    )
    inside = item("Inside", date(2026, 5, 10))
    problems = found(dates.CHECKER, plan_of([early, late_checkout, inside]))
    assert [p.message for p in problems] == [
        "“Early” on 30 Apr is before the trip starts (1 May to 10 May).",
        "“Hotel” on 9 May is after the trip ends (1 May to 10 May).",
    ]
    assert all(p.severity == "error" for p in problems)


def test_an_item_at_a_stop_on_a_day_the_route_is_elsewhere_is_a_warning(
    places: PlaceIndex,
) -> None:
    stray = item("Gion walk", date(2026, 5, 2), place="Kyoto")
    there = item("Temple", date(2026, 5, 5), place="kyoto")
    elsewhere = item("Shibuya", date(2026, 5, 2), place="Tokyo")
    (problem,) = found(dates.CHECKER, plan_of([stray, there, elsewhere], stops=[KYOTO]))
    assert problem.message == "“Gion walk” is in Kyoto on 2 May, but the route is there 4–7 May."
    assert (problem.severity, problem.stop_id, problem.item_ids) == (
        "warning",
        KYOTO.id,
        (stray.id,),
    )


def test_a_trip_without_dates_has_no_items_outside_them() -> None:
    trip = make_trip(start_date=None, end_date=None)
    assert found(dates.CHECKER, plan_of([item("Any day", date(2030, 1, 1))], trip)) == ()


def activities(count: int, day: date = FIRST) -> list:  # type: ignore[type-arg]
    return [item(f"Sight {n}", day, time(8 + n), time(8 + n, 45)) for n in range(count)]


def test_a_day_beyond_the_pace_is_a_warning_and_the_pace_sets_the_limit() -> None:
    day = activities(4)
    relaxed = plan_of(day, make_trip(pace=Pace.RELAXED))
    (problem,) = found(pace.CHECKER, relaxed)
    assert problem.message == "1 May has 4 activities (at most 3), more than a relaxed pace allows."
    assert set(problem.item_ids) == {i.id for i in day}
    assert found(pace.CHECKER, plan_of(day, make_trip(pace=Pace.BALANCED))) == ()


def test_hours_of_plans_count_meals_but_a_journey_is_judged_as_travel() -> None:
    """Travel days are judged as travel days: the journey is not a plan of the day (issue 24
    changed this test, which counted the train against the pace), but a long one that leaves
    little time beside the day's plans is noted."""
    long_day = [
        item("Train", FIRST, time(6), time(12), kind="train"),
        item("Lunch", FIRST, time(12), time(14), kind="meal"),
        item("Hike", FIRST, time(14), time(19)),
        item("Hotel", FIRST, time(19), time(10), kind="lodging", end_day=FIRST + timedelta(1)),
    ]
    (note,) = found(pace.CHECKER, plan_of(long_day))
    assert note.severity == "note"
    assert note.message == (
        "1 May is a travel day: a 6 h journey leaves little time for 7 h of other plans."
    )
    assert set(note.item_ids) == {i.id for i in long_day if i.kind.value != "lodging"}
    assert found(pace.CHECKER, plan_of(long_day, make_trip(pace=Pace.PACKED))) == ()
    busy_day = [
        *long_day,
        item("Museum", FIRST, time(19), time(23)),
    ]
    (over,) = found(pace.CHECKER, plan_of(busy_day))
    assert over.severity == "warning"
    assert over.message == (
        "1 May has 11 h of plans (at most 10 h), more than a balanced pace allows."
    )


def test_a_day_holding_one_long_flight_is_within_every_pace() -> None:
    flight = item(
        "Lisbon to Tokyo", FIRST, time(8), time(22), kind="flight", timezone="Europe/Lisbon"
    )
    for chosen in Pace:
        assert found(pace.CHECKER, plan_of([flight], make_trip(pace=chosen))) == ()


def test_one_day_over_its_pace_stays_one_problem_as_items_are_added() -> None:
    trip = make_trip(pace=Pace.RELAXED)
    (before,) = found(pace.CHECKER, plan_of(activities(4), trip))
    (after,) = found(pace.CHECKER, plan_of(activities(5), trip))
    assert before.key == after.key and before.message != after.message


def hotel(title: str, first: date, nights: int) -> object:
    return item(title, first, time(15), time(11), kind="lodging", end_day=first + timedelta(nights))


def test_nights_without_lodging_are_grouped_into_runs() -> None:
    trip = make_trip(start_date=FIRST, end_date=date(2026, 5, 6))
    plan = plan_of([hotel("Ryokan", date(2026, 5, 2), 2)], trip)  # type: ignore[list-item]
    assert [p.message for p in found(lodging.CHECKER, plan)] == [
        "No lodging for the night of 1 May.",
        "No lodging for 2 nights, 4 May to 5 May.",
    ]


def test_a_night_booked_twice_is_a_warning_naming_both_and_a_red_eye_needs_no_bed() -> None:
    trip = make_trip(start_date=FIRST, end_date=date(2026, 5, 4))
    first, second = hotel("Ryokan", FIRST, 2), hotel("Capsule", date(2026, 5, 2), 1)
    red_eye = item(
        "Night bus", date(2026, 5, 3), time(22), time(6), kind="bus", end_day=date(2026, 5, 4)
    )
    problems = found(lodging.CHECKER, plan_of([first, second, red_eye], trip))  # type: ignore[list-item]
    assert [p.message for p in problems] == [
        "“Ryokan” and “Capsule” are both booked for the night of 2 May."
    ]
    assert problems[0].item_ids == (first.id, second.id)  # type: ignore[attr-defined]


def test_a_visit_on_a_public_holiday_is_a_note_that_it_may_be_closed(places: PlaceIndex) -> None:
    new_york = make_stop(
        "New York (JFK)",
        date(2026, 12, 22),
        date(2026, 12, 27),
        place_code="JFK",
        timezone="America/New_York",
    )
    trip = make_trip(start_date=date(2026, 12, 22), end_date=date(2026, 12, 27))
    moma = item("MoMA", date(2026, 12, 25), time(10), time(12), timezone="America/New_York")
    met = item("The Met", date(2026, 12, 24), time(10), time(12), timezone="America/New_York")
    flight = item("Home", date(2026, 12, 25), time(18), kind="flight")
    (problem,) = found(
        holidays.CHECKER, plan_of([moma, met, flight], trip, [new_york]), CheckEnv(places)
    )
    assert problem.severity == "note"
    assert problem.message == (
        "25 Dec is Christmas Day, a public holiday in United States: “MoMA” may be closed "
        "or keep holiday hours."
    )
    assert (problem.item_ids, problem.stop_id) == ((moma.id,), new_york.id)
    assert found(holidays.CHECKER, plan_of([moma], trip, [new_york])) == ()  # no places


def test_planned_and_spent_over_the_budget_names_the_largest_categories() -> None:
    trip = make_trip(budget_amount=Decimal("1000"))
    hotel_item = item(
        "Hotel", FIRST, kind="lodging", cost_amount=Decimal("600"), cost_currency="EUR"
    )
    dinner = item("Dinner", FIRST, kind="meal", cost_amount=Decimal("150"), cost_currency="EUR")
    paid = make_expense("600", "EUR", FIRST, ExpenseCategory.LODGING, item_id=hotel_item.id)
    train = make_expense("300", "EUR", FIRST, ExpenseCategory.TRANSPORT)
    plan = plan_of([hotel_item, dinner], trip, expenses=[paid, train])
    (problem,) = found(budget.CHECKER, plan, CheckEnv(rates=exchange()))
    assert problem.message == (
        "Planned and spent come to 1,050.00 EUR, 50.00 EUR over the budget of 1,000.00 EUR; "
        "largest: lodging 600.00 EUR, transport 300.00 EUR, food 150.00 EUR."
    )
    assert not problem.estimate  # nothing was converted
    assert found(budget.CHECKER, plan_of([dinner], trip), CheckEnv(rates=exchange())) == ()
    # Amounts in the budget's currency need no rates: before they load, the same problem.
    assert found(budget.CHECKER, plan, CheckEnv()) == (problem,)


def test_amounts_in_other_currencies_wait_for_the_rates_and_never_hide_an_overrun() -> None:
    trip = make_trip(budget_amount=Decimal("1000"))
    train = make_expense("1100", "EUR", FIRST, ExpenseCategory.TRANSPORT)
    ramen = make_expense("50000", "JPY", FIRST, ExpenseCategory.FOOD)
    (early,) = found(budget.CHECKER, plan_of([], trip, expenses=[train, ramen]), CheckEnv())
    assert early.message.startswith("Planned and spent come to 1,100.00 EUR, 100.00 EUR over")
    assert early.detail == (
        "1 amount in another currency waits for the exchange rates and is not counted yet."
    )
    (loaded,) = found(
        budget.CHECKER, plan_of([], trip, expenses=[train, ramen]), CheckEnv(rates=exchange())
    )
    assert "largest: transport 1,100.00 EUR, food " in loaded.message and loaded.detail == ""
    under = make_expense("900", "EUR", FIRST, ExpenseCategory.TRANSPORT)
    # Under the budget so far: nothing to say until the rates can count the yen.
    assert found(budget.CHECKER, plan_of([], trip, expenses=[under, ramen]), CheckEnv()) == ()


def test_amounts_in_other_currencies_make_the_total_an_estimate() -> None:
    trip = make_trip(budget_amount=Decimal("100"))
    ramen = make_expense("50000", "JPY", FIRST, ExpenseCategory.FOOD)
    odd = make_expense("5", "XXX", FIRST, ExpenseCategory.OTHER)
    (problem,) = found(
        budget.CHECKER, plan_of([], trip, expenses=[ramen, odd]), CheckEnv(rates=exchange())
    )
    assert problem.estimate and problem.sentence.endswith("(an estimate)")
    assert "largest: food" in problem.message
    assert problem.detail == "1 amount could not be converted and is left out."
