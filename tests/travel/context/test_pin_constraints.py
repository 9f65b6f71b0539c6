"""The assistant proposes constraints through the pins tool (the real openai SDK against the
loopback server): a proposal is stored unconfirmed and shown as "(proposed)" in the next
snapshot; a rule that does not read, confirming, and changing a confirmed constraint come
back as tool errors that say why, and change nothing."""

from __future__ import annotations

from tests.agent.support import tool_results
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec

from .conftest import World, blocks


async def test_the_assistant_proposes_a_constraint_and_the_next_snapshot_marks_it(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    services, trip_id = world.services, world.trip.id
    red_eye = (await services.pins.add("No red-eye flights", trip_id=trip_id)).record
    agent = world.agent(fake_openai)
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec(
                "pins",
                {
                    "action": "propose",
                    "pin_id": red_eye.id[:8],
                    "rule": "no_departure_between(22:00, 6:00)",
                },
            ),
            ToolCallSpec(
                "pins", {"action": "add", "text": "Two flights at most", "rule": "max_flights(2)"}
            ),
            split=2,
        ),
        Reply.text("Proposed both; confirm them in the Pinned panel."),
    )
    await agent.process_request("No red-eyes, and two flights at most please.")

    red_eye_now, flights = await services.pins.list_for_trip(trip_id)
    assert (red_eye_now.rule, red_eye_now.rule_confirmed) == (
        "no_departure_between(22:00,06:00)",
        False,
    )
    assert (flights.text, flights.rule, flights.rule_confirmed) == (
        "Two flights at most",
        "max_flights(2)",
        False,
    )
    assert tool_results(fake_openai.chat_requests[1]) == [
        f"For [{red_eye.id[:8]}] “No red-eye flights” for this trip, with the proposed "
        "constraint no_departure_between(22:00,06:00) (“No flights departing between 22:00 "
        "and 06:00 (local time)”): it is checked once the person confirms it in the Pinned "
        "panel.",
        f"Pinned [{flights.id[:8]}] “Two flights at most” for this trip, with the proposed "
        "constraint max_flights(2) (“At most 2 flights”): it is checked once the person "
        "confirms it in the Pinned panel.",
    ]
    assert blocks(fake_openai.chat_requests[1])["pinned"] == (
        "Pinned by the person, for this trip:\n"
        f"- [{red_eye.id[:8]}] No red-eye flights; rule no_departure_between(22:00,06:00) "
        "(proposed)\n"
        f"- [{flights.id[:8]}] Two flights at most; rule max_flights(2) (proposed)"
    )

    await services.pins.confirm_rule(flights.id)
    context = await agent.get_runtime_context()
    assert (
        f"- [{flights.id[:8]}] Two flights at most; rule max_flights(2)\n"
        not in ({p.name: p.text for p in context.parts}["pinned"])
    )
    assert {p.name: p.text for p in context.parts}["pinned"].endswith(
        f"- [{flights.id[:8]}] Two flights at most; rule max_flights(2)"
    )


async def test_bad_rules_and_touching_a_confirmed_constraint_are_tool_errors(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    services, trip_id = world.services, world.trip.id
    confirmed = (
        await services.pins.add(
            "No red-eye flights", trip_id=trip_id, rule="no_departure_between(22:00,06:00)"
        )
    ).record
    agent = world.agent(fake_openai)
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec("pins", {"action": "add", "text": "Few flights", "rule": "few flights"}),
            ToolCallSpec(
                "pins",
                {"action": "propose", "pin_id": confirmed.id[:8], "rule": "max_flights(1)"},
            ),
            ToolCallSpec("pins", {"action": "propose", "pin_id": confirmed.id[:8]}),
            ToolCallSpec("pins", {"action": "propose", "text": "x", "rule": "max_flights(1)"}),
        ),
        Reply.text("I could not."),
    )
    await agent.process_request("Change my constraints")

    results = tool_results(fake_openai.chat_requests[1])
    assert results[0].startswith(
        "A constraint must be written as one of: no_departure_between(HH:MM,HH:MM"
        "[,flights|transport]); max_flights(n); max_transit_per_day(hours); avoid(words,…); "
        "diet(words,…); step_free([words,…]) (got 'few flights')."
    )
    assert results[1] == (
        "The pin “No red-eye flights” is a constraint the person confirmed "
        "(no_departure_between(22:00,06:00)); only they can change it. Propose a new pin "
        "instead, or ask them."
    )
    assert (
        results[2] == results[3] == ("propose takes only the pin_id shown in brackets and a rule.")
    )
    assert await services.pins.list_for_trip(trip_id) == [confirmed]
