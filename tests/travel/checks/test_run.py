"""Running the checks: one stable order, diffs by identity, one read of the plan from the
database, and re-checks after every change for whoever watches a trip."""

from __future__ import annotations

import asyncio
from datetime import date, time
from decimal import Decimal
from pathlib import Path

import pytest

from concierge.store import ChangeContext, ExpenseCategory
from concierge.travel.checks import (
    CHECKERS,
    CheckEnv,
    Problem,
    TripPlan,
    TripProblems,
    check_plan,
    diff_problems,
    read_plan,
    run,
    trip_problems,
)
from concierge.travel.places.index import PlaceIndex
from concierge.travel.services import open_services
from tests.travel.conftest import christmas_in_new_york

from .support import item, make_trip, plan_of


def test_every_checker_is_listed_once_by_a_unique_name() -> None:
    names = [checker.name for checker in CHECKERS]
    assert len(names) == len(set(names))
    assert set(names) >= {
        "overlaps",
        "transfers",
        "dates",
        "pace",
        "lodging",
        "zones",
        "holidays",
        "budget",
    }


def test_problems_come_most_serious_first_then_by_day_and_time() -> None:
    day = date(2026, 5, 3)
    plan = plan_of(
        [
            item("Late", date(2026, 5, 20)),
            item("A", day, time(15), time(17)),
            item("B", day, time(16), time(18)),
            item("C", date(2026, 5, 2), time(9), time(11)),
            item("D", date(2026, 5, 2), time(10), time(12)),
        ],
        make_trip(end_date=date(2026, 5, 4)),
    )
    problems = check_plan(plan, CheckEnv())
    assert [(p.severity, p.check, p.day) for p in problems] == [
        ("error", "overlaps", date(2026, 5, 2)),
        ("error", "overlaps", day),
        ("error", "dates", date(2026, 5, 20)),
        ("warning", "lodging", date(2026, 5, 1)),
    ]
    assert check_plan(plan, CheckEnv()) == problems  # the same plan, the same problems


def test_a_diff_compares_identities_not_wording() -> None:
    old = Problem("budget", "warning", "10 EUR over.", subject="budget")
    grown = Problem("budget", "warning", "20 EUR over.", subject="budget")
    overlap = Problem("overlaps", "error", "A overlaps B.", item_ids=("a", "b"))
    swapped = Problem("overlaps", "error", "B overlaps A.", item_ids=("b", "a"))
    diff = diff_problems([old, overlap], [grown, swapped])
    assert diff.empty
    fixed = diff_problems([old, overlap], [grown])
    assert (fixed.new, fixed.fixed) == ((), (overlap,))
    assert diff_problems([], [overlap]).new == (overlap,)


async def test_the_plan_is_read_in_one_go_with_its_stops_expenses_brief_and_pins(
    tmp_path: Path, places: PlaceIndex
) -> None:
    services = open_services(tmp_path, places=places)
    try:
        trip = await christmas_in_new_york(services.trips, services.stops)
        context = ChangeContext(label="seed")
        await services.itinerary.add(
            trip.id, {"day": "2026-12-23", "title": "MoMA"}, context=context
        )
        await services.ledger.add(
            trip.id,
            {
                "amount": "12.50",
                "currency": "USD",
                "spent_on": "2026-12-23",
                "category": ExpenseCategory.FOOD.value,
            },
            context=context,
        )
        await services.forms.set_answer(trip.id, "trip-brief", "diet", "vegetarian")
        await services.pins.add("No red-eye flights", trip_id=trip.id)
        plan = await services.database.run(lambda session: read_plan(session, trip.id))
        assert plan is not None
        assert [i.title for i in plan.items] == ["MoMA"]
        assert [s.place for s in plan.stops] == ["New York (JFK)"]
        assert [e.amount for e in plan.expenses] == [Decimal("12.50")]
        assert plan.brief == {"diet": "vegetarian"}
        assert [p.text for p in plan.pins] == ["No red-eye flights"]
        assert plan.zone_on(date(2026, 12, 23)) == "America/New_York"
        assert await services.database.run(lambda session: read_plan(session, "nope")) is None
        assert await trip_problems(services.database, "nope") is None
    finally:
        await services.aclose()
        services.close()


async def test_a_watched_trip_is_checked_again_after_each_change_with_what_changed(
    tmp_path: Path, places: PlaceIndex
) -> None:
    services = open_services(tmp_path, places=places)
    try:
        trip = await christmas_in_new_york(services.trips, services.stops)
        heard: list[TripProblems] = []
        got = asyncio.Event()

        def listener(result: TripProblems) -> None:
            heard.append(result)
            got.set()

        unsubscribe = services.bus.news(TripProblems).subscribe(listener)
        unfollow = services.checks.follow(trip.id)
        await services.checks.problems(trip.id)
        await asyncio.wait_for(got.wait(), 10)
        assert [p.check for p in heard[0].problems] == ["lodging"]
        got.clear()
        context = ChangeContext(label="seed")
        for title, start, end in (("MoMA", "10:00", "13:00"), ("Lunch", "12:00", "13:00")):
            await services.itinerary.add(
                trip.id,
                {
                    "day": "2026-12-23",
                    "title": title,
                    "start_time": start,
                    "end_time": end,
                    "timezone": "America/New_York",
                },
                context=context,
            )
        await asyncio.wait_for(got.wait(), 10)
        while not any(p.check == "overlaps" for p in heard[-1].problems):
            got.clear()
            await asyncio.wait_for(got.wait(), 10)
        assert [p.check for p in heard[-1].diff.new] == ["overlaps"]
        assert services.checks.last(trip.id) == heard[-1].problems
        unsubscribe()
        unfollow()
        count = len(heard)
        await services.trips.update(trip.id, {"title": "Renamed"})
        await services.checks.problems(trip.id)  # checks and tells only who still listens
        assert len(heard) == count
    finally:
        await services.aclose()
        services.close()


def test_exact_place_lookups_answer_what_resolve_answers_from_its_tables_and_never_guess(
    places: PlaceIndex,
) -> None:
    for text in (
        "LAX",
        "lis",
        "Kyoto",
        "Tokyo",
        "Porto, Portugal",
        str(places.search("Lisbon")[0]),
    ):
        assert places.exactly(text) == places.resolve(text), text
    assert places.exactly("Birmingham") is None  # England or Alabama: no guess
    assert places.exactly("Senso-ji temple") is None  # not a place the index knows by name
    assert places.exactly("Heathrow") is None  # resolve's airport-name search is not run
    assert places.exactly("  ") is None


async def test_an_older_slower_run_finishing_last_never_replaces_the_newer_problems(
    tmp_path: Path, places: PlaceIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first run reads the overlap and is held; the fix re-checks and reports no
    overlap; released, the first run's stale overlap reaches neither `last()` nor the
    listener."""
    services = open_services(tmp_path, places=places)
    try:
        trip = await christmas_in_new_york(services.trips, services.stops)
        lunch = None
        for title, start in (("MoMA", "10:00"), ("Lunch", "12:00")):
            lunch = (
                await services.itinerary.add(
                    trip.id,
                    {
                        "day": "2026-12-23",
                        "title": title,
                        "start_time": start,
                        "end_time": "13:00" if title == "MoMA" else "14:00",
                        "timezone": "America/New_York",
                    },
                )
            ).record
        assert lunch is not None
        real = run.plan_problems
        held, release, finished = asyncio.Event(), asyncio.Event(), asyncio.Event()
        calls = 0

        async def holding_the_first(plan: TripPlan, env: CheckEnv) -> tuple[Problem, ...]:
            nonlocal calls
            calls += 1
            if calls > 1:
                return await real(plan, env)
            held.set()
            await release.wait()
            found = await real(plan, env)
            finished.set()
            return found

        monkeypatch.setattr(run, "plan_problems", holding_the_first)
        heard: list[TripProblems] = []
        got = asyncio.Event()

        def listener(result: TripProblems) -> None:
            heard.append(result)
            got.set()

        unsubscribe = services.bus.news(TripProblems).subscribe(listener)
        unfollow = services.checks.follow(trip.id)
        first = asyncio.ensure_future(services.checks.problems(trip.id))
        await asyncio.wait_for(held.wait(), 10)  # the first run has read the overlap
        await services.itinerary.update(lunch.id, {"start_time": "13:00"})
        await asyncio.wait_for(got.wait(), 10)  # the second run, after the fix
        assert [p.check for p in heard[-1].problems] == ["lodging"]
        release.set()
        await asyncio.wait_for(finished.wait(), 10)
        assert len(heard) == 1
        assert [p.check for p in services.checks.last(trip.id) or ()] == ["lodging"]
        assert [p.check for p in await first] == ["lodging"]  # the newer problems, not its own
        unsubscribe()
        unfollow()
    finally:
        await services.aclose()
        services.close()


async def test_a_re_check_still_scheduled_when_the_services_close_is_cancelled_not_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Closed without `aclose` first (as bench/ui_latency.py's scenarios close): the re-check
    a change just scheduled is cancelled, not run against the closed database."""
    services = open_services(tmp_path)
    closed = False
    try:
        trip = await christmas_in_new_york(services.trips, services.stops)
        services.checks.follow(trip.id)
        checked: list[str] = []

        async def counting(*args: object) -> None:
            checked.append("run")

        monkeypatch.setattr(run, "trip_problems", counting)
        await services.trips.update(trip.id, {"title": "Renamed"})
        scheduled = list(services.checks._pending.values())
        assert scheduled  # the change's re-check waits for the rest of its burst
        services.close()
        closed = True
        await asyncio.wait(scheduled)
        assert all(task.cancelled() for task in scheduled)
        assert checked == []
        assert "Checking the trip's plan failed" not in caplog.text
    finally:
        if not closed:
            await services.aclose()
            services.close()
