"""R13: the brief, goals and pins are ordinary providers; each can be told not to inject its
default status, and the app's own renderer, registered with `add_context_provider`, is
what the model receives instead."""

from __future__ import annotations

import pytest

from concierge.agent import AbortSignal, AgentBuilder, InMemoryHistoryStore
from concierge.agent.openai_model import OpenAIChatModel
from concierge.travel.assistant.goal_feature import GoalFeature
from concierge.travel.forms import TRIP_BRIEF
from tests.agent.support import client_for
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec

from .conftest import World, blocks

NO_LODGING = "Found by the app's checks:\n- warning: No lodging for 5 nights, 22 Dec to 26 Dec."
"""The one problem of the Christmas trip, which has dates and nowhere to sleep yet."""


async def test_by_default_every_block_appears(world: World, fake_openai: FakeOpenAIServer) -> None:
    services, trip_id = world.services, world.trip.id
    goal = (await services.goals.add(trip_id, "Flights booked")).record
    pin = (await services.pins.add("Vegetarian", trip_id=trip_id)).record
    fake_openai.script(Reply.text("Hello."))
    await world.agent(fake_openai).process_request("Hi")

    shown = blocks(fake_openai.chat_requests[0])
    assert list(shown) == ["trip", "problems", "brief", "goals", "pinned"]
    assert shown["problems"] == NO_LODGING
    assert shown["brief"].startswith("Form 'Trip brief' (trip-brief) — step 1 of 4")
    assert shown["goals"] == f"Open goals:\n- [{goal.id[:8]}] Flights booked"
    assert shown["pinned"] == f"Pinned by the person, for this trip:\n- [{pin.id[:8]}] Vegetarian"


async def test_opting_out_lets_the_apps_own_renderers_take_their_place(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    services, trip_id = world.services, world.trip.id
    await services.goals.add(trip_id, "Flights booked")
    await services.pins.add("Vegetarian", trip_id=trip_id)
    agent = world.agent(fake_openai, own_status={"brief", "goals", "pinned"})

    async def brief(signal: AbortSignal) -> str:
        state = await services.form_filler.state(trip_id, TRIP_BRIEF)
        return f"Brief: {len(state.values)} of {len(state.applicable)} answered"

    async def checklist(signal: AbortSignal) -> str:
        goals = await services.goals.list_for_trip(trip_id)
        return f"Checklist: {sum(g.done for g in goals)} of {len(goals)} done"

    agent.add_context_provider(brief, name="brief")
    agent.add_context_provider(checklist, name="goals")
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec("brief", {"answers": {"party": "solo", "ages": [34]}}),
            ToolCallSpec("goals", {"action": "add", "title": "Hotel chosen"}),
        ),
        Reply.text("Noted."),
    )
    await agent.process_request("Just me, 34. I still need a hotel.")

    first, second = fake_openai.chat_requests
    assert {k: v for k, v in blocks(first).items() if k != "trip"} == {
        "problems": NO_LODGING,
        "brief": "Brief: 0 of 8 answered",
        "goals": "Checklist: 0 of 1 done",
    }
    assert {k: v for k, v in blocks(second).items() if k != "trip"} == {
        "problems": NO_LODGING,
        "brief": "Brief: 2 of 8 answered",
        "goals": "Checklist: 0 of 2 done",
    }
    tools = [tool["function"]["name"] for tool in first["tools"]]
    assert {"brief", "goals", "pins"} <= set(tools)


async def test_a_feature_installed_without_its_status_still_brings_its_tools(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    await world.services.goals.add(world.trip.id, "Flights booked")
    feature = GoalFeature(world.services.goals, world.trip.id)
    quiet, loud = (
        AgentBuilder(
            model=OpenAIChatModel(client_for(fake_openai), model="fake-model"),
            system_prompt="Plan trips.",
            history=InMemoryHistoryStore(),
        )
        for _ in range(2)
    )
    feature.install(quiet, inject_status=False)
    feature.install(loud)
    silent, default = quiet.build(), loud.build()
    assert [t.name for t in silent.tools] == [t.name for t in default.tools] == ["goals"]
    assert (await silent.get_runtime_context()).text is None
    (goal,) = await world.services.goals.list_for_trip(world.trip.id)
    shown = await default.get_runtime_context()
    assert [(p.name, p.text) for p in shown.parts] == [
        ("goals", f"Open goals:\n- [{goal.id[:8]}] Flights booked")
    ]


def test_an_unknown_status_name_is_refused(world: World, fake_openai: FakeOpenAIServer) -> None:
    with pytest.raises(
        ValueError,
        match=r"^No status feature called briefs; they are trip, problems, money, proposals, "
        r"brief, goals, pinned, lookups, selection\.$",
    ):
        world.agent(fake_openai, own_status={"briefs"})
