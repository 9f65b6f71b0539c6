"""Propose mode through the app's own trip assistant, the real openai SDK and the loopback
server: a turn's tool calls are proposed, not made; the tool results and the snapshot say
so; the person's decision is in the next snapshot once."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from concierge.agent import Agent, PermissionRequest
from concierge.agent.openai_model import OpenAIChatModel
from concierge.model.settings import ASSISTANT_EDITS, EditMode
from concierge.store import Actor, ChangeContext, TripRecord
from concierge.travel.assistant.trip_assistant import build_trip_assistant
from concierge.travel.assistant.write_report import PROPOSED
from concierge.travel.places.index import PlaceIndex
from concierge.travel.proposals.problems import proposal_problem_lines
from concierge.travel.services import TravelServices, open_services
from tests.agent.support import client_for, snapshot_of, tool_results
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec


@dataclass
class World:
    services: TravelServices
    trip: TripRecord

    def agent(self, server: FakeOpenAIServer) -> Agent:
        model = OpenAIChatModel(client_for(server), model="fake-model")
        return build_trip_assistant(self.services, self.trip.id, model)


@pytest.fixture
async def world(tmp_path: Path, places: PlaceIndex) -> AsyncIterator[World]:
    services = open_services(tmp_path, places=places)
    try:
        trip = (
            await services.trips.create(
                {"title": "Porto", "start_date": "2026-05-14", "end_date": "2026-05-17"}
            )
        ).record
        await services.settings.set(ASSISTANT_EDITS, EditMode.PROPOSE)
        yield World(services, trip)
    finally:
        await services.lookups.aclose()
        services.close()


async def test_a_turn_proposes_and_the_next_snapshot_tells_the_decision_once(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    services, trip_id = world.services, world.trip.id
    agent = world.agent(fake_openai)
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec("update_trip", {"travellers": 3}),
            ToolCallSpec(
                "edit_itinerary", {"action": "add", "day": "2026-05-15", "title": "Port cellar"}
            ),
            ToolCallSpec("edit_itinerary", {"action": "add", "day": "2026-05-15", "title": "Fado"}),
        ),
        Reply.text("I proposed three changes."),
    )
    await agent.process_request("Three of us; a port cellar and fado on the 15th")

    results = tool_results(fake_openai.chat_requests[1])
    assert all(result.startswith(PROPOSED) for result in results)
    assert "Updated travellers = 3" in results[0]
    assert "Port cellar" in results[1]
    trip = await services.trips.get(trip_id)
    assert trip is not None and trip.travellers == 1  # nothing applied
    assert await services.itinerary.items(trip_id) == []
    waiting = snapshot_of(fake_openai.chat_requests[1]) or ""
    assert "Your proposed changes the person has not decided on (not in the trip):" in waiting
    assert "- addition of “Fado”" in waiting

    pending = await services.proposals.pending(trip_id)
    assert len(pending) == 3
    decision = await services.proposals.decide(trip_id, {pending[1].call_id, pending[2].call_id})
    assert len(decision.accepted) == 2
    assert [item.title for item in await services.itinerary.items(trip_id)] == [
        "Port cellar",
        "Fado",
    ]

    fake_openai.script(Reply.text("Noted."), Reply.text("Fine."))
    await agent.process_request("Done")
    told = snapshot_of(fake_openai.chat_requests[2]) or ""
    assert "The person accepted 2 and rejected 1 of your proposed changes:" in told
    assert "- accepted: addition of “Port cellar”; addition of “Fado”" in told
    assert "- rejected: change to Travellers" in told
    assert "Port cellar" in told.split("## proposals")[0]  # in the trip block, applied
    await agent.process_request("And now?")
    assert "proposed changes" not in (snapshot_of(fake_openai.chat_requests[3]) or "")


async def test_apply_mode_makes_the_change_at_once(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    await world.services.settings.set(ASSISTANT_EDITS, EditMode.APPLY)
    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("update_trip", {"travellers": 3})), Reply.text("Done.")
    )
    await world.agent(fake_openai).process_request("Three of us")
    (result,) = tool_results(fake_openai.chat_requests[1])
    assert not result.startswith(PROPOSED)
    trip = await world.services.trips.get(world.trip.id)
    assert trip is not None and trip.travellers == 3


async def test_each_proposed_change_says_the_problems_it_would_introduce_or_fix(
    world: World,
) -> None:
    services, trip_id = world.services, world.trip.id
    await services.settings.set(ASSISTANT_EDITS, EditMode.APPLY)
    timed = {"day": "2026-05-15", "timezone": "Europe/Lisbon", "kind": "activity"}
    museum = (
        await services.itinerary.add(
            trip_id, {**timed, "title": "Museum", "start_time": "10:00", "end_time": "12:00"}
        )
    ).record
    await services.itinerary.add(
        trip_id, {**timed, "title": "Lunch", "start_time": "11:30", "end_time": "13:00"}
    )
    await services.settings.set(ASSISTANT_EDITS, EditMode.PROPOSE)
    clashing = {**timed, "title": "Tiles", "start_time": "12:30", "end_time": "14:00"}
    await services.itinerary.add(trip_id, clashing, context=assistant("c1"))
    await services.itinerary.update(museum.id, {"end_time": "11:00"}, context=assistant("c2"))
    before = await services.itinerary.items(trip_id)

    lines = await proposal_problem_lines(services.proposals, trip_id, None)
    (new,) = lines["c1"]
    assert new.startswith("New problem: ") and "overlaps “Tiles” by 30 min" in new
    (fixed,) = lines["c2"]
    assert fixed.startswith("Fixes: ") and "“Museum”" in fixed
    assert await services.itinerary.items(trip_id) == before  # previews change nothing
    assert len(await services.proposals.pending(trip_id)) == 2


def assistant(call: str) -> ChangeContext:
    return ChangeContext(actor=Actor.ASSISTANT, label=f"the assistant’s {call}", group_id=call)


async def test_a_removal_that_is_only_proposed_is_not_asked_about(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    services, trip_id = world.services, world.trip.id
    await services.settings.set(ASSISTANT_EDITS, EditMode.APPLY)
    item = (await services.itinerary.add(trip_id, {"day": "2026-05-15", "title": "Fado"})).record
    await services.settings.set(ASSISTANT_EDITS, EditMode.PROPOSE)
    asked: list[PermissionRequest] = []

    async def ask(request: PermissionRequest) -> bool:
        asked.append(request)
        return False

    model = OpenAIChatModel(client_for(fake_openai), model="fake-model")
    agent = build_trip_assistant(services, trip_id, model, permission_handler=ask)
    remove = {"action": "remove", "item_id": item.id[:8]}
    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("edit_itinerary", remove)), Reply.text("Proposed.")
    )
    await agent.process_request("Drop the fado")
    (result,) = tool_results(fake_openai.chat_requests[1])
    assert result.startswith(PROPOSED) and "Removed “Fado”" in result
    assert asked == []
    assert [i.title for i in await services.itinerary.items(trip_id)] == ["Fado"]

    await services.settings.set(ASSISTANT_EDITS, EditMode.APPLY)  # asked again, and refused
    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("edit_itinerary", remove)), Reply.text("Kept.")
    )
    await agent.process_request("Drop it now")
    assert len(asked) == 1
    assert [i.title for i in await services.itinerary.items(trip_id)] == ["Fado"]
