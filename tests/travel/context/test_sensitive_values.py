"""Passport numbers, booking codes and the like reach the model as "on file" (end to end, in
the requests the model server receives), from every place people write them; a value the
person shares goes through on the next call, and undoing the share holds it back again."""

from __future__ import annotations

from datetime import date

from concierge.store import Actor, ChangeContext
from concierge.travel.assistant.held_back import set_shared, values_on_file
from tests.agent.support import snapshot_of, tool_results
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec
from tests.travel.context.conftest import World, blocks

PASSPORT = "P1234567"
PNR = "XK7Q2P"
CARD = "4111 1111 1111 1111"
IBAN = "DE89370400440532013000"
FLYER = "00123456"
SECRETS = (PASSPORT, PNR, CARD, IBAN, FLYER)


async def write_everywhere(world: World) -> None:
    services, trip = world.services, world.trip
    await services.trips.update(
        trip.id, {"notes": f"Passport {PASSPORT}. Flight TP1234 at 9, 120 EUR."}
    )
    await services.itinerary.add(
        trip.id,
        {"day": date(2026, 12, 22), "title": "Flight to JFK", "notes": f"PNR {PNR}, seat 14C"},
    )
    await services.pins.add(f"Pay with card {CARD}", trip_id=trip.id)
    await services.pins.add(f"Refunds to IBAN {IBAN}", trip_id=None)
    await services.forms.set_answer(
        trip.id, "trip-brief", "accessibility", f"none; loyalty number {FLYER}"
    )


async def test_no_sensitive_value_reaches_the_model_and_a_shared_one_does(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    await write_everywhere(world)
    agent = world.agent(fake_openai)
    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("get_trip", {})),
        Reply.text("Noted."),
        Reply.text("Noted again."),
    )

    await agent.process_request("What is on file?")

    for body in fake_openai.chat_requests:
        sent = str(body["messages"])
        for secret in SECRETS:
            assert secret not in sent, secret
    shown = blocks(fake_openai.chat_requests[0])
    assert "Notes: passport number on file. Flight TP1234 at 9, 120 EUR." in shown["trip"]
    assert "(booking code on file, seat on file)" in shown["trip"]
    assert "card number on file" in shown["pinned"] and "IBAN on file" in shown["pinned"]
    assert "frequent-flyer number on file" in shown["brief"]
    assert "passport number on file" in tool_results(fake_openai.chat_requests[1])[0]

    listed = await values_on_file(world.services, world.trip.id)
    assert [(value.value, value.shared) for value in listed] == [
        (PASSPORT, False),
        (PNR, False),
        ("14C", False),
        (IBAN, False),  # the all-trip pins come first, as in the snapshot
        (CARD, False),
        (FLYER, False),
    ]

    context = ChangeContext(Actor.PERSON, "Share the passport number with the assistant")
    await set_shared(world.services, world.trip.id, PASSPORT, True, context)
    await set_shared(world.services, world.trip.id, IBAN, True, ChangeContext(Actor.PERSON))
    await agent.process_request("And now?")

    sent = snapshot_of(fake_openai.chat_requests[-1])
    assert sent is not None
    assert f"Passport {PASSPORT}." in sent and IBAN in sent
    for secret in (PNR, CARD, FLYER):
        assert secret not in sent
    assert [value.shared for value in await values_on_file(world.services, world.trip.id)] == [
        True,
        False,
        False,
        True,
        False,
        False,
    ]

    history = world.services.history
    await history.undo_last(world.trip.id)  # the IBAN share
    assert await history.undo_label(world.trip.id) == context.label
    await history.undo_last(world.trip.id)  # the passport share
    again = (await agent.get_runtime_context()).text or ""
    assert PASSPORT not in again and IBAN not in again
    assert "passport number on file" in again


async def test_the_assistant_cannot_share_values_itself(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    await write_everywhere(world)
    agent = world.agent(fake_openai)
    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("update_trip", {"shared_values": [PASSPORT]})),
        Reply.text("I cannot."),
    )
    await agent.process_request("Share it yourself")
    assert "shared_values" in tool_results(fake_openai.chat_requests[1])[0]
    trip = await world.services.trips.get(world.trip.id)
    assert trip is not None and trip.shared_values == ()
