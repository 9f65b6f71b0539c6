"""The assistant plans a trip to a town of the gazetteer: "kyoto" is stored as Kyoto, Japan
with its zone (no airport code), and the next model call's snapshot says so."""

from __future__ import annotations

from tests.agent.support import snapshot_of
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec
from tests.travel.test_assistant_tools import World, world

__all__ = ["world"]  # the fixture, found by pytest through this module


async def test_the_assistant_sets_a_town_as_destination(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    agent = world.agent(fake_openai)
    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("update_trip", {"destination": "kyoto"})),
        Reply.text("Kyoto it is."),
    )
    await agent.process_request("Let's go to Kyoto")
    trip = await world.trips.get(world.trip.id)
    assert trip is not None
    assert (trip.destination, trip.destination_code, trip.destination_tz) == (
        "Kyoto, Japan",
        None,
        "Asia/Tokyo",
    )
    snapshot = snapshot_of(fake_openai.chat_requests[1]) or ""
    assert "To: Kyoto, Japan, time zone Asia/Tokyo" in snapshot
    assert "not matched" not in snapshot
