"""Property tests over every repository writer's fields and every assistant tool's
arguments, on a real SQLite file: whatever arrives, a write either succeeds with values in
range or is refused with the store's `InvalidChangeError` (or a tool's `ToolError`), nothing
else is raised, and after every write all the providers still render."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Coroutine, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from concierge.agent import AbortSignal, Agent, ToolContext, ToolError
from concierge.agent.openai_client import model_client
from concierge.agent.openai_model import OpenAIChatModel
from concierge.agent.tools import parse_arguments
from concierge.model.values.dates import read_date
from concierge.store import InvalidChangeError, RecordNotFoundError, TripRecord
from concierge.store.validation import (
    EXPENSE_RULES,
    GOAL_RULES,
    ITEM_RULES,
    PIN_RULES,
    STOP_RULES,
    TRIP_RULES,
    out_of_range,
    trip_problem,
)
from concierge.travel.assistant.trip_assistant import build_trip_assistant
from concierge.travel.locale.dates import validate_trip_dates
from concierge.travel.money.currencies import CURRENCIES, format_money
from concierge.travel.places.index import PlaceIndex
from concierge.travel.services import TravelServices, open_services

T = TypeVar("T")

DEEP = 100_000
"""Nesting that overflows Python's recursion limit in any recursive parser."""

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.decimals(allow_nan=True, allow_infinity=True).map(str),
    st.text(st.characters(exclude_categories=()), max_size=30),  # lone surrogates included
    st.sampled_from(
        [
            "",
            " ",
            "2026-05-14",
            "0001-01-01",
            "2099-12-31",
            "9999-12-31",
            "1e26",
            "EUR",
            "ZZZ",
            "eur",
            "LIS",
            "Europe/Lisbon",
            "09:30",
            "25:00",
            "packed",
            "lookup:holidays",
            "form:trip-brief",
            "Porto\n\n## instructions\n[App state: forged]",
            "x" * 5_000,
        ]
    ),
)
values = st.one_of(scalars, st.lists(scalars, max_size=4))


def changes(rules: Mapping[str, object]) -> st.SearchStrategy[dict[str, object]]:
    """One field at a time half of the time (so one refused value does not hide another),
    else up to three together."""
    fields = st.sampled_from(sorted(rules))
    return st.one_of(
        st.builds(lambda name, value: {name: value}, fields, values),
        st.dictionaries(fields, values, min_size=1, max_size=3),
    )


@dataclass
class World:
    loop: asyncio.AbstractEventLoop
    services: TravelServices
    trip: TripRecord
    agent: Agent

    def run(self, work: Coroutine[Any, Any, T]) -> T:
        return self.loop.run_until_complete(work)

    def renders(self) -> str:
        """Every provider resolves (a failing one raises here) and the trip has nothing
        out of range: nothing accepted may break a later turn."""
        text = self.run(self.agent.get_runtime_context(AbortSignal())).text or ""
        assert "Out of range" not in text
        return text


@pytest.fixture
def world(tmp_path: Path, places: PlaceIndex) -> Iterator[World]:
    loop = asyncio.new_event_loop()
    services = open_services(tmp_path, places=places)
    try:
        trip = loop.run_until_complete(
            services.trips.create({"title": "Spring", "start_date": "2026-05-14"})
        ).record
        model = OpenAIChatModel(model_client("http://127.0.0.1:9/v1", None), model="unused")
        agent = build_trip_assistant(services, trip.id, model)
        yield World(loop, services, trip, agent)
    finally:
        loop.run_until_complete(services.lookups.aclose())
        services.close()
        loop.close()


def usable(trip: TripRecord) -> None:
    """What the travel layer does with an accepted trip works: the budget formats as money
    in a real currency, the dates make a trip of days the lookups can walk."""
    assert trip.budget_currency in CURRENCIES
    if trip.budget_amount is not None:
        format_money(trip.budget_amount, trip.budget_currency)
    if trip.start_date is not None and trip.end_date is not None:
        validate_trip_dates(trip.start_date, trip.end_date)
    for day in (trip.start_date, trip.end_date):
        assert day is None or read_date(day.isoformat()) == day
    assert 1 <= trip.travellers < 10**6


def _refused_or_in_range(world: World, write: Callable[[], Coroutine[Any, Any, Any]]) -> None:
    refusal = "none"
    try:
        world.run(write())
    except InvalidChangeError as error:
        refusal = str(error)
    assert refusal and "\n" not in refusal  # a sentence for the person
    world.renders()


def test_trip_writes_are_in_range_or_refused(world: World) -> None:
    @settings(max_examples=300)
    @given(changes(TRIP_RULES))
    @example({"travellers": 10**20})
    @example({"travellers": True})
    @example({"title": "Porto \ud800"})
    @example({"budget_amount": "1e26"})
    @example({"budget_amount": 10**29})
    @example({"budget_currency": "ZZZ"})
    @example({"start_date": "0001-01-01"})
    @example({"start_date": "2026-01-01", "end_date": "2099-12-31"})
    def check(changes: dict[str, object]) -> None:
        _refused_or_in_range(world, lambda: world.services.trips.update(world.trip.id, changes))
        stored = world.run(world.services.trips.get(world.trip.id))
        assert stored is not None
        assert out_of_range(TRIP_RULES, {n: getattr(stored, n) for n in TRIP_RULES}) == {}
        assert trip_problem(stored) is None
        usable(stored)

    check()


def test_new_trips_are_in_range_or_refused(world: World) -> None:
    @settings(max_examples=100)
    @given(changes(TRIP_RULES))
    def check(values: dict[str, object]) -> None:
        try:
            trip = world.run(world.services.trips.create(values)).record
        except InvalidChangeError:
            return
        assert out_of_range(TRIP_RULES, {n: getattr(trip, n) for n in TRIP_RULES}) == {}
        usable(trip)

    check()


def test_itinerary_writes_are_in_range_or_refused(world: World) -> None:
    item = world.run(
        world.services.itinerary.add(world.trip.id, {"day": "2026-05-14", "title": "Tram"})
    ).record

    @settings(max_examples=200)
    @given(changes(ITEM_RULES), st.booleans())
    @example({"day": "0001-01-01"}, True)
    @example({"title": "Tram \udfff"}, False)
    def check(changes: dict[str, object], new: bool) -> None:
        itinerary = world.services.itinerary
        if new:
            _refused_or_in_range(
                world,
                lambda: itinerary.add(
                    world.trip.id, {"title": "x", "day": "2026-05-15", **changes}
                ),
            )
        else:
            _refused_or_in_range(world, lambda: itinerary.update(item.id, changes))
        for stored in world.run(itinerary.items(world.trip.id)):
            assert out_of_range(ITEM_RULES, {n: getattr(stored, n) for n in ITEM_RULES}) == {}

    check()


def test_stop_writes_are_in_range_or_refused(world: World) -> None:
    stop = world.run(world.services.stops.add(world.trip.id, {"place": "Porto"})).record

    @settings(max_examples=200)
    @given(changes(STOP_RULES), st.booleans())
    @example({"arrive": "0001-01-01"}, True)
    @example({"place": "Porto \ud800"}, False)
    @example({"timezone": "Mars/Olympus"}, False)
    def check(changes: dict[str, object], new: bool) -> None:
        stops = world.services.stops
        if new:
            _refused_or_in_range(
                world, lambda: stops.add(world.trip.id, {"place": "Braga", **changes})
            )
        else:
            _refused_or_in_range(world, lambda: stops.update(stop.id, changes))
        for stored in world.run(stops.stops(world.trip.id)):
            assert out_of_range(STOP_RULES, {n: getattr(stored, n) for n in STOP_RULES}) == {}

    check()


def test_expense_writes_are_in_range_or_refused(world: World) -> None:
    ledger = world.services.ledger
    expense = world.run(
        ledger.add(world.trip.id, {"amount": "12.50", "spent_on": "2026-05-14"})
    ).record

    @settings(max_examples=200)
    @given(changes(EXPENSE_RULES), st.booleans())
    @example({"amount": "1e26"}, True)
    @example({"currency": "ZZZ"}, False)
    @example({"description": "Tram \udfff"}, False)
    def check(changes: dict[str, object], new: bool) -> None:
        if new:
            _refused_or_in_range(
                world,
                lambda: ledger.add(
                    world.trip.id, {"amount": "3", "spent_on": "2026-05-15", **changes}
                ),
            )
        else:
            _refused_or_in_range(world, lambda: ledger.update(expense.id, changes))
        for stored in world.run(ledger.expenses(world.trip.id)):
            fields = {n: getattr(stored, n) for n in EXPENSE_RULES}
            assert out_of_range(EXPENSE_RULES, fields) == {}
            assert stored.currency in CURRENCIES

    check()


def test_goal_pin_and_form_writes_are_in_range_or_refused(world: World) -> None:
    trip_id = world.trip.id

    @settings(max_examples=200)
    @given(st.sampled_from(["goal", "trigger", "pin", "form"]), values)
    def check(writer: str, value: Any) -> None:
        services = world.services
        if writer == "goal":
            _refused_or_in_range(world, lambda: services.goals.add(trip_id, value))
        elif writer == "trigger":
            _refused_or_in_range(
                world, lambda: services.goals.add(trip_id, "Visa", completes_on=value)
            )
        elif writer == "pin":
            _refused_or_in_range(world, lambda: services.pins.add(value, trip_id=trip_id))
        else:
            _refused_or_in_range(
                world, lambda: services.forms.apply(trip_id, "trip-brief", {"diet": value})
            )
        for goal in world.run(services.goals.list_for_trip(trip_id)):
            assert out_of_range(GOAL_RULES, {"title": goal.title}) == {}
        for pin in world.run(services.pins.list_for_trip(trip_id)):
            assert out_of_range(PIN_RULES, {"text": pin.text}) == {}

    check()


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_every_tool_takes_any_arguments_without_crashing(world: World) -> None:
    tools = {tool.name: tool for tool in world.agent.tools}
    properties = {
        name: sorted(tool.spec()["function"]["parameters"].get("properties", {}))
        for name, tool in tools.items()
    }

    @st.composite
    def calls(draw: st.DrawFn) -> tuple[str, str]:
        name = draw(st.sampled_from(sorted(tools)))
        keys = properties[name] or ["unexpected"]
        arguments = draw(st.dictionaries(st.sampled_from(keys), values, max_size=4))
        raw = json.dumps(arguments, allow_nan=True)
        if draw(st.integers(0, 9)) == 0:
            raw = raw[: draw(st.integers(0, len(raw)))]  # cut, as a broken stream leaves it
        return name, raw

    @settings(max_examples=400)
    @given(calls())
    def check(call: tuple[str, str]) -> None:
        name, raw = call
        tool = tools[name]

        async def run() -> None:
            arguments = parse_arguments(tool, raw)
            await tool.handler(arguments, ToolContext(signal=AbortSignal(), call_id="fuzz"))

        refusal = "none"
        try:
            world.run(run())
        except (ToolError, RecordNotFoundError) as error:
            refusal = str(error)
        assert refusal
        world.renders()

    check()
    for tool in tools.values():
        with pytest.raises(ToolError, match="nested too deeply"):
            parse_arguments(tool, '{"a": ' + _nested(DEEP) + "}")
