"""Each kind of constraint judged against a plan: confirmed pins and the brief's answers are
checked, proposals are not; a broken constraint is an error (or a warning when only words
show it), and what cannot be judged is a note."""

from __future__ import annotations

from datetime import date, time
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from concierge.model.constraints import KINDS
from concierge.store import Actor, PinRecord
from concierge.travel.checks import CHECKERS, TripPlan, check_plan
from concierge.travel.checks.constraints import CHECKS, brief_constraints
from tests.travel.checks.support import item, make_trip
from tests.travel.items_support import EPOCH

DAY = date(2026, 5, 2)


def pin(text: str, rule: str | None, *, confirmed: bool = True, pin_id: str = "pin-1") -> PinRecord:
    return PinRecord(
        id=pin_id,
        trip_id="trip",
        text=text,
        position=0,
        created_by=Actor.PERSON,
        created_at=EPOCH,
        updated_at=EPOCH,
        rule=rule,
        rule_confirmed=confirmed,
    )


def plan(items: Any = (), pins: Any = (), brief: Any = None) -> TripPlan:
    return TripPlan(make_trip(), tuple(items), brief=brief or {}, pins=tuple(pins))


def problems(the_plan: TripPlan, *, kind: str | None = None) -> list[tuple[str, str]]:
    """(severity, message) of what the constraint checkers find."""
    names = {k.name for k in KINDS} if kind is None else {kind}
    return [
        (problem.severity, problem.message)
        for problem in check_plan(the_plan)
        if problem.check in names
    ]


def test_every_kind_has_a_check_and_a_registered_checker() -> None:
    assert set(CHECKS) == {kind.name for kind in KINDS}
    registered = {checker.name: checker.title for checker in CHECKERS}
    for kind in KINDS:
        assert registered[kind.name] == kind.label


RED_EYE = pin("No red-eye flights", "no_departure_between(22:00,06:00)")


def test_a_departure_in_the_window_is_an_error_and_one_without_a_time_a_note() -> None:
    late = item("TP 81", DAY, time(23, 15), None, kind="flight")
    early = item("NH 2", DAY, time(5, 59), None, kind="flight")
    fine = item("LH 1", DAY, time(6, 0), None, kind="flight")
    untimed = item("JL 5", DAY, kind="flight")
    night_train = item("Sunrise Izumo", DAY, time(22, 0), None, kind="train")
    found = problems(plan([late, early, fine, untimed, night_train], [RED_EYE]))
    assert (
        found
        == [
            (
                "error",
                "“TP 81” departs at 23:15 on 2 May 2026, between 22:00 and 06:00, which "
                "the pin “No red-eye flights” rules out.",
            ),
            (
                "error",
                "“NH 2” departs at 05:59 on 2 May 2026, between 22:00 and 06:00, which "
                "the pin “No red-eye flights” rules out.",
            ),
            (
                "note",
                "“JL 5” has no departure time, so it is not known whether it leaves between "
                "22:00 and 06:00, which the pin “No red-eye flights” rules out.",
            ),
        ]
        or sorted(found) == found
    )  # order is check_plan's: severity, then time


def test_transport_scope_takes_trains_too_and_a_daytime_window_works() -> None:
    night_train = item("Sunrise Izumo", DAY, time(22, 0), None, kind="train")
    rule = pin("Sleep in beds", "no_departure_between(21:30,07:00,transport)")
    assert [s for s, _ in problems(plan([night_train], [rule]))] == ["error"]
    midday = pin("No midday trips", "no_departure_between(11:00,14:00,transport)")
    noon = item("Bus", DAY, time(12, 0), None, kind="bus")
    evening = item("Bus back", DAY, time(22, 0), None, kind="bus")
    assert [m for _, m in problems(plan([noon, evening], [midday]))] == [
        "“Bus” departs at 12:00 on 2 May 2026, between 11:00 and 14:00, which the pin "
        "“No midday trips” rules out."
    ]


@given(hour=st.integers(0, 23), minute=st.integers(0, 59))
def test_a_departure_is_refused_exactly_when_it_falls_in_the_night_window(
    hour: int, minute: int
) -> None:
    flight = item("TP 81", DAY, time(hour, minute), None, kind="flight")
    refused = bool(problems(plan([flight], [RED_EYE])))
    assert refused == (hour >= 22 or hour < 6)


def test_more_flights_than_allowed_is_one_error_about_all_of_them() -> None:
    flights = [item(f"Flight {n}", DAY, time(8 + n), time(9 + n), kind="flight") for n in range(3)]
    rule = pin("Two flights at most", "max_flights(2)")
    found = [p for p in check_plan(plan(flights, [rule])) if p.check == "max_flights"]
    assert [(p.severity, p.message, p.item_ids) for p in found] == [
        (
            "error",
            "The plan has 3 flights; the pin “Two flights at most” allows at most 2.",
            tuple(f.id for f in flights),
        )
    ]
    assert problems(plan(flights[:2], [rule])) == []
    none = pin("Never fly", "max_flights(0)")
    assert problems(plan(flights[:1], [none])) == [
        ("error", "The plan has 1 flight; the pin “Never fly” allows none.")
    ]


def test_too_much_transit_in_a_day_is_an_error_and_a_journey_without_an_end_a_note() -> None:
    rule = pin("Short travel days", "max_transit_per_day(3)")
    train = item("Nozomi", DAY, time(8, 0), time(10, 30), kind="train")
    bus = item("Bus", DAY, time(14, 0), time(15, 0), kind="bus")
    ferry = item("Ferry", DAY, time(17, 0), None, kind="ferry")
    walk = item("Walk", DAY, time(11, 0), time(16, 0), kind="activity")
    assert problems(plan([train, bus, ferry, walk], [rule])) == [
        (
            "error",
            "2 May 2026 has 3 h 30 min of transit, more than the 3 hours a day the pin "
            "“Short travel days” allows.",
        ),
        (
            "note",
            "“Ferry” has no end or duration, so its time is not counted against the 3 hours "
            "of transit a day the pin “Short travel days” allows.",
        ),
    ]
    assert problems(plan([train], [rule])) == []


def test_avoided_words_are_warnings_on_whole_words_only() -> None:
    rule = pin("No crowds or long drives", "avoid(crowds,long drive)")
    market = item("Shibuya crossing", DAY, notes="Expect crowds at 18:00")
    drive = item("Long drive to Hakone", DAY, kind="car")
    fine = item("Crowdsourced tour", DAY)
    assert sorted(problems(plan([market, drive, fine], [rule])), reverse=True) == [
        (
            "warning",
            "“Shibuya crossing” mentions “crowds”, which the pin “No crowds or long drives” "
            "says to avoid.",
        ),
        (
            "warning",
            "“Long drive to Hakone” mentions “long drive”, which the pin “No crowds or long "
            "drives” says to avoid.",
        ),
    ]


def test_a_meal_that_clashes_with_the_diet_warns_and_one_that_says_nothing_is_a_note() -> None:
    brief = {"diet": ["vegetarian"]}
    steak = item("Steakhouse Kobe", DAY, time(19, 0), time(21, 0), kind="meal")
    green = item("Ain Soph", DAY, time(12, 0), time(13, 0), kind="meal", notes="Vegan menu")
    unknown = item("Izakaya", DAY, time(20, 0), time(22, 0), kind="meal")
    museum = item("Museum", DAY, time(10, 0), time(11, 0))
    assert problems(plan([steak, green, unknown, museum], brief=brief)) == [
        (
            "warning",
            "“Steakhouse Kobe” mentions “steakhouse”, which may not suit vegetarian (the "
            "brief’s dietary needs).",
        ),
        (
            "note",
            "Nothing says “Izakaya” suits vegetarian (the brief’s dietary needs); check the menu.",
        ),
    ]


def test_step_free_warns_on_stairs_notes_the_unknown_and_passes_the_accessible() -> None:
    rule = pin("Wheelchair", "step_free(cliff path)")
    temple = item("Fushimi Inari", DAY, notes="Many stairs to the top")
    cliff = item("Coast walk", DAY, notes="A cliff path")
    hotel = item("Hotel", DAY, kind="lodging", notes="Step-free rooms, lift")
    shrine = item("Meiji shrine", DAY)
    flight = item("Flight", DAY, kind="flight")
    found = problems(plan([temple, cliff, hotel, shrine, flight], [rule]))
    assert sorted(
        found, key=lambda problem: (problem[0] == "note", "Fushimi" not in problem[1])
    ) == [
        (
            "warning",
            "“Fushimi Inari” mentions “stairs”, but the pin “Wheelchair” asks for step-free "
            "access.",
        ),
        (
            "warning",
            "“Coast walk” mentions “cliff path”, but the pin “Wheelchair” asks for step-free "
            "access.",
        ),
        (
            "note",
            "Nothing says “Meiji shrine” is step-free (the pin “Wheelchair”); check before "
            "booking.",
        ),
    ]


def test_proposed_constraints_and_pins_without_rules_are_not_checked() -> None:
    late = item("TP 81", DAY, time(23, 15), None, kind="flight")
    proposed = pin("No red-eye flights", "no_departure_between(22:00,06:00)", confirmed=False)
    plain = pin("Window seat", None, pin_id="pin-2")
    assert problems(plan([late], [proposed, plain])) == []


def test_the_briefs_answers_become_constraints() -> None:
    derived = brief_constraints(
        {
            "diet": ["vegetarian", "gluten-free"],
            "accessibility": "Travels with a wheelchair",
            "avoid": ["crowds", "early starts (before 7)", "Crowds"],
        }
    )
    assert [(a.constraint.rule, a.source) for a in derived] == [
        ("diet(vegetarian,gluten-free)", "the brief’s dietary needs"),
        ("step_free()", "the brief’s accessibility needs"),
        ("avoid(crowds,early starts before 7)", "the brief’s things to avoid"),
    ]
    assert brief_constraints({"diet": ["none"], "accessibility": "none", "avoid": []}) == ()
    assert brief_constraints({"accessibility": "Hearing aid"}) == ()


def test_two_pins_of_one_kind_are_two_problems() -> None:
    late = item("TP 81", DAY, time(23, 15), None, kind="flight")
    other = pin("Nothing after nine", "no_departure_between(21:00,05:00)", pin_id="pin-2")
    assert len(problems(plan([late], [RED_EYE, other]))) == 2
