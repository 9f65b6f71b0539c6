"""Issue 13 items 1 and 5 end to end: through the real openai SDK against the loopback fake,
a write tool that creates an overlap says so in its result, and the next request's runtime
context lists it under "problems"; the edit that fixes it says so too."""

from __future__ import annotations

from concierge.store import ChangeContext
from tests.agent.support import snapshot_of, tool_results
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec
from tests.travel.context.conftest import World, blocks, world

__all__ = ["world"]


async def test_an_overlap_made_by_a_tool_is_in_its_result_and_the_next_snapshot(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    services, trip_id = world.services, world.trip.id
    moma = (
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
    ).record
    agent = world.agent(fake_openai)
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec(
                "edit_itinerary",
                {
                    "action": "add",
                    "day": "2026-12-23",
                    "title": "Lunch at Katz's",
                    "start_time": "12:00",
                    "end_time": "13:30",
                    "kind": "meal",
                },
            )
        ),
        Reply.text("Lunch overlaps the museum; shall I move it?"),
    )
    await agent.process_request("Add lunch at Katz's on the 23rd at noon.")

    first, second = fake_openai.chat_requests
    assert "overlap" not in (snapshot_of(first) or "")
    (result,) = tool_results(second)
    lunch = next(i for i in await services.itinerary.items(trip_id) if i.id != moma.id)
    overlap = (
        f'- error [{moma.id[:8]}] [{lunch.id[:8]}]: "MoMA" overlaps "Lunch at Katz\'s" by 60 '
        "min on 23 Dec."
    )
    times = ' "MoMA" 10:00-13:00, "Lunch at Katz\'s" 12:00-13:30.'
    assert result.endswith(f"\nNew problems (1):\n{overlap}{times}"), result
    assert overlap in blocks(second)["problems"].split("\n")

    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec(
                "edit_itinerary",
                {
                    "action": "update",
                    "item_id": lunch.id[:8],
                    "start_time": "13:15",
                    "end_time": "14:30",
                },
            )
        ),
        Reply.text("Moved lunch to 13:15."),
    )
    await agent.process_request("Yes, after the museum.")
    last = fake_openai.chat_requests[-1]
    assert tool_results(last)[-1].endswith(f"\nFixed (1):\n{overlap}{times}")
    assert "overlap" not in blocks(last)["problems"]
