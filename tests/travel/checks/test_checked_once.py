"""Issue 23 item 7: the plan checker checks once per write, and the assistant's tool result
reads the same run the Problems list is sent on the bus (it used to check before and after
each write tool, and the Problems list a third time)."""

from __future__ import annotations

import pytest

from concierge.store import ChangeContext, Database
from concierge.travel.assistant.problem_feature import render_problem
from concierge.travel.checks import Problem, TripProblems, run
from concierge.travel.places.index import PlaceIndex
from tests.agent.support import tool_results
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec
from tests.travel.context.conftest import World, world

__all__ = ["world"]


def _add(title: str, start: str, end: str) -> ToolCallSpec:
    return ToolCallSpec(
        "edit_itinerary",
        {
            "action": "add",
            "day": "2026-12-23",
            "title": title,
            "start_time": start,
            "end_time": end,
            "kind": "meal",
        },
    )


async def test_each_write_is_checked_once_and_its_tool_reads_the_published_run(
    world: World, fake_openai: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    services, trip_id = world.services, world.trip.id
    await services.itinerary.add(
        trip_id,
        {
            "day": "2026-12-23",
            "title": "MoMA",
            "start_time": "10:00",
            "end_time": "13:00",
            "timezone": "America/New_York",
        },
        context=ChangeContext(label="Add MoMA"),
    )
    checked: list[str] = []
    real = run.trip_problems

    async def counting(
        database: Database, checked_trip: str, places: PlaceIndex | None = None
    ) -> tuple[Problem, ...] | None:
        checked.append(checked_trip)
        return await real(database, checked_trip, places)

    monkeypatch.setattr(run, "trip_problems", counting)
    heard: list[TripProblems] = []
    services.bus.news(TripProblems).subscribe(heard.append)
    agent = world.agent(fake_openai)
    fake_openai.script(
        Reply.tool_calls(_add("Lunch at Katz's", "12:00", "13:30")),
        Reply.tool_calls(_add("Dinner", "19:00", "20:30")),
        Reply.text("Lunch overlaps the museum."),
    )
    await agent.process_request("Add lunch at noon and dinner at seven on the 23rd.")

    assert checked == [trip_id] * 3  # once before the first write, then once per write
    assert len(heard) == 3
    lunch_run, dinner_run = heard[1], heard[2]
    (overlap,) = lunch_run.diff.new
    assert overlap.check == "overlaps" and dinner_run.diff.empty
    first, second = tool_results(fake_openai.chat_requests[-1])
    assert first.endswith("\nNew problems (1):\n" + render_problem(overlap, detail=True))
    assert "problems" not in second.lower()
    assert services.checks.last(trip_id) == dinner_run.problems
