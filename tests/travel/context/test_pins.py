"""Pinned context: stable order, all-trip pins in every trip's snapshot, tools that pin and
unpin (with the person's consent), and removal showing in the next iteration."""

from __future__ import annotations

from concierge.agent import PermissionRequest
from tests.agent.support import tool_results
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec

from .conftest import CHRISTMAS_IN_NEW_YORK, World, blocks


async def test_pins_render_in_stable_order_with_all_trip_pins_in_every_trip(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    services, trip_id = world.services, world.trip.id
    other = (
        await services.trips.create({**CHRISTMAS_IN_NEW_YORK, "title": "Easter in Rome"})
    ).record
    red_eye = (await services.pins.add("No red-eye flights", trip_id=trip_id)).record
    vegetarian = (await services.pins.add("Vegetarian")).record
    window = (await services.pins.add("Window seats", trip_id=other.id)).record
    agent = world.agent(fake_openai)
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec("pins", {"action": "add", "text": "Quiet hotel rooms"}),
            ToolCallSpec(
                "pins", {"action": "add", "text": "Travels with a wheelchair", "all_trips": True}
            ),
        ),
        Reply.text("Pinned both."),
    )
    await agent.process_request("Remember: quiet rooms here, and I always travel with a chair.")

    pins = await services.pins.list_for_trip(trip_id)
    assert [p.text for p in pins] == [
        "Vegetarian",
        "Travels with a wheelchair",
        "No red-eye flights",
        "Quiet hotel rooms",
    ]
    quiet, wheelchair = pins[3], pins[1]
    results = tool_results(fake_openai.chat_requests[1])
    assert results == [
        f"Pinned [{quiet.id[:8]}] “Quiet hotel rooms” for this trip.",
        f"Pinned [{wheelchair.id[:8]}] “Travels with a wheelchair” for all trips.",
    ]
    before, after = (blocks(body)["pinned"] for body in fake_openai.chat_requests)
    assert before == (
        "Pinned by the person, for all trips:\n"
        f"- [{vegetarian.id[:8]}] Vegetarian\n"
        "Pinned by the person, for this trip:\n"
        f"- [{red_eye.id[:8]}] No red-eye flights"
    )
    assert after == (
        "Pinned by the person, for all trips:\n"
        f"- [{vegetarian.id[:8]}] Vegetarian\n"
        f"- [{wheelchair.id[:8]}] Travels with a wheelchair\n"
        "Pinned by the person, for this trip:\n"
        f"- [{red_eye.id[:8]}] No red-eye flights\n"
        f"- [{quiet.id[:8]}] Quiet hotel rooms"
    )
    # Same state, same text: the order is the stored one, not the order of reading.
    again = await agent.get_runtime_context()
    assert {p.name: p.text for p in again.parts}["pinned"] == after

    await services.pins.move(wheelchair.id, 0)
    elsewhere = await world.agent(fake_openai, trip_id=other.id).get_runtime_context()
    assert {p.name: p.text for p in elsewhere.parts}["pinned"] == (
        "Pinned by the person, for all trips:\n"
        f"- [{wheelchair.id[:8]}] Travels with a wheelchair\n"
        f"- [{vegetarian.id[:8]}] Vegetarian\n"
        "Pinned by the person, for this trip:\n"
        f"- [{window.id[:8]}] Window seats"
    )


async def test_unpin_asks_first_and_the_pin_is_gone_in_the_next_iteration(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    services, trip_id = world.services, world.trip.id
    vegetarian = (await services.pins.add("Vegetarian")).record
    asked: list[str] = []
    answers = iter([False, True, True])

    async def permission(request: PermissionRequest) -> bool:
        asked.append(request.description)
        return next(answers)

    agent = world.agent(fake_openai, permission_handler=permission)
    short = vegetarian.id[:8]
    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("pins", {"action": "remove", "pin_id": short})),
        Reply.tool_calls(
            ToolCallSpec("pins", {"action": "remove", "pin_id": f"[{short}]"}),
            ToolCallSpec("pins", {"action": "remove", "pin_id": "ffffffff"}),
            ToolCallSpec("pins", {"action": "add", "text": "   "}),
        ),
        Reply.text("Done."),
    )
    await agent.process_request("I eat meat again.")

    assert asked == [
        "Unpin “Vegetarian” (all trips)?",
        "Unpin “Vegetarian” (all trips)?",
        "Unpin [ffffffff]?",
    ]
    _, second, third = fake_openai.chat_requests
    assert tool_results(second) == ["The person declined this action; it was not carried out."]
    assert f"- [{short}] Vegetarian" in blocks(second)["pinned"]
    results = tool_results(third)[1:]
    assert results[0] == f"Unpinned [{short}] “Vegetarian” for all trips."
    assert results[1] == (
        "This trip has no pin [ffffffff]. Use an id shown in brackets under 'pinned' in the "
        "runtime context."
    )
    assert results[2] == "Pin text must not be empty."
    assert "pinned" not in blocks(third)
    assert await services.pins.list_for_trip(trip_id) == []
    undone = await services.history.undo_last()
    assert undone is not None
    assert undone.labels == ("the assistant’s unpinning of “Vegetarian”",)
    assert [p.text for p in await services.pins.list_for_trip(trip_id)] == ["Vegetarian"]
