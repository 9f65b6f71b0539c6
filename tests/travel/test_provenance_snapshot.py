"""The assistant's own guesses come back to it marked: a time it set is "unverified" in the
next request's snapshot and in read_trip until the person confirms it or edits it."""

from __future__ import annotations

from concierge.agent import Agent
from concierge.agent.openai_model import OpenAIChatModel
from concierge.store import TripRecord
from concierge.travel.assistant.trip_assistant import build_trip_assistant
from concierge.travel.assistant.trip_view import UNVERIFIED_LEGEND
from concierge.travel.services import TravelServices
from tests.agent.support import client_for, snapshot_of, tool_results
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec

DAY = "2026-05-15"


async def _trip(services: TravelServices) -> TripRecord:
    return (
        await services.trips.create(
            {"title": "Porto", "start_date": "2026-05-14", "end_date": "2026-05-17"}
        )
    ).record


def _agent(services: TravelServices, trip: TripRecord, server: FakeOpenAIServer) -> Agent:
    model = OpenAIChatModel(client_for(server), model="fake-model")
    return build_trip_assistant(services, trip.id, model)


async def test_a_time_the_assistant_sets_is_unverified_in_its_next_snapshot(
    services: TravelServices, fake_openai: FakeOpenAIServer
) -> None:
    trip = await _trip(services)
    item = (await services.itinerary.add(trip.id, {"day": DAY, "title": "Livraria Lello"})).record
    agent = _agent(services, trip, fake_openai)
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec(
                "edit_itinerary",
                {
                    "action": "update",
                    "item_id": item.id[:8],
                    "start_time": "10:30",
                    "cost_amount": "8",
                    "cost_currency": "EUR",
                },
            )
        ),
        Reply.tool_calls(ToolCallSpec("read_trip", {"day": DAY})),
        Reply.text("Set for 10:30."),
    )
    await agent.process_request("When does Lello open?")

    before = snapshot_of(fake_openai.chat_requests[0]) or ""
    assert "unverified" not in before.casefold()
    snapshot = snapshot_of(fake_openai.chat_requests[1]) or ""
    (line,) = [line for line in snapshot.splitlines() if "Livraria Lello" in line]
    assert line.endswith("(unverified: start time, cost)")
    assert snapshot.count(UNVERIFIED_LEGEND) == 1
    assert tool_results(fake_openai.chat_requests[1])[-1].endswith(
        "(unverified: start time, cost)."
    )
    read = tool_results(fake_openai.chat_requests[2])[-1]
    assert "(unverified: start time, cost)" in read and UNVERIFIED_LEGEND in read

    assert (await services.itinerary.confirm([item.id])).record == 1
    fake_openai.script(Reply.text("Noted."))
    await agent.process_request("Thanks")
    after = snapshot_of(fake_openai.chat_requests[-1]) or ""
    assert "Livraria Lello" in after and "unverified" not in after.casefold()


async def test_the_persons_edit_makes_the_fact_theirs(
    services: TravelServices, fake_openai: FakeOpenAIServer
) -> None:
    trip = await _trip(services)
    item = (await services.itinerary.add(trip.id, {"day": DAY, "title": "Lello"})).record
    agent = _agent(services, trip, fake_openai)
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec(
                "edit_itinerary",
                {"action": "update", "item_id": item.id[:8], "start_time": "10:30"},
            )
        ),
        Reply.text("Set."),
    )
    await agent.process_request("Time it")
    await services.itinerary.update(item.id, {"start_time": "11:00"})
    fake_openai.script(Reply.text("Fine."))
    await agent.process_request("I changed it")
    assert "unverified" not in (snapshot_of(fake_openai.chat_requests[-1]) or "").casefold()
