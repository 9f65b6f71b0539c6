"""The assistant plans a trip to a town of the gazetteer: the stop "kyoto" is stored as
Kyoto, Japan with its zone (no airport code), and the next model call's snapshot says so."""

from __future__ import annotations

from tests.agent.support import snapshot_of
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec
from tests.travel.test_assistant_tools import World, world

__all__ = ["world"]  # the fixture, found by pytest through this module


async def test_the_assistant_adds_a_town_as_a_stop(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    agent = world.agent(fake_openai)
    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("edit_stops", {"action": "add", "place": "kyoto"})),
        Reply.text("Kyoto it is."),
    )
    await agent.process_request("Let's go to Kyoto")
    [kyoto] = await world.services.stops.stops(world.trip.id)
    assert (kyoto.place, kyoto.place_code, kyoto.timezone) == ("Kyoto, Japan", None, "Asia/Tokyo")
    snapshot = snapshot_of(fake_openai.chat_requests[1]) or ""
    assert "Route: Lisbon (LIS) → Kyoto, Japan (Asia/Tokyo) → Lisbon (LIS)" in snapshot
    assert "not matched" not in snapshot
