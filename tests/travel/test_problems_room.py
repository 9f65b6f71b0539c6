"""The problems block uses the room the snapshot has: a trip with several planted problems
shows every one of them while the budget has room (before, five problems in a snapshot using
485 of its 1,800 tokens showed one and "and 3 more"), and where room is short they are cut
most serious first, counting the rest."""

from __future__ import annotations

from concierge.agent import Agent
from concierge.agent.openai_model import OpenAIChatModel
from concierge.travel.assistant.snapshot_budget import estimate_tokens
from concierge.travel.assistant.trip_assistant import build_trip_assistant
from concierge.travel.services import TravelServices
from tests.agent.support import client_for
from tests.fakes import FakeOpenAIServer

DAYS = 5


async def planted(services: TravelServices) -> str:
    """A relaxed week with four walks on each of five days (five pace warnings), no lodging
    (a warning) and a boat trip after its end (an error)."""
    trip = (
        await services.trips.create(
            {
                "title": "Madeira",
                "start_date": "2027-05-01",
                "end_date": "2027-05-06",
                "pace": "relaxed",
            }
        )
    ).record
    for day in range(1, DAYS + 1):
        for n in range(4):
            await services.itinerary.add(
                trip.id,
                {
                    "day": f"2027-05-0{day}",
                    "start_time": f"{9 + n}:00",
                    "end_time": f"{9 + n}:45",
                    "timezone": "Atlantic/Madeira",
                    "title": f"Levada walk {day}.{n}",
                },
            )
    await services.itinerary.add(trip.id, {"day": "2027-06-01", "title": "Boat trip"})
    return trip.id


def assistant(
    services: TravelServices, trip_id: str, server: FakeOpenAIServer, budget: int
) -> Agent:
    model = OpenAIChatModel(client_for(server), model="fake-model")
    return build_trip_assistant(services, trip_id, model, snapshot_budget=budget)


async def blocks(agent: Agent) -> dict[str, str]:
    return {part.name: part.text or "" for part in (await agent.get_runtime_context()).parts}


async def test_every_problem_shows_while_the_snapshot_has_room(
    services: TravelServices, fake_openai: FakeOpenAIServer
) -> None:
    trip_id = await planted(services)
    shown = await blocks(assistant(services, trip_id, fake_openai, 1_800))
    lines = shown["problems"].splitlines()[1:]
    assert len(lines) == DAYS + 2 and not lines[-1].startswith("- and ")
    assert lines[0].startswith("- error ") and "Boat trip" in lines[0]
    assert sum(line.startswith("- warning") for line in lines) == DAYS + 1
    assert sum(estimate_tokens(text) for text in shown.values()) < 1_800


async def test_short_of_room_the_most_serious_come_first_and_the_rest_are_counted(
    services: TravelServices, fake_openai: FakeOpenAIServer
) -> None:
    trip_id = await planted(services)
    shown = await blocks(assistant(services, trip_id, fake_openai, 900))
    lines = shown["problems"].splitlines()[1:]
    assert lines[0].startswith("- error ") and "Boat trip" in lines[0]
    assert len(lines) < DAYS + 2
    assert lines[-1] == f"- and {DAYS + 2 - (len(lines) - 1)} more"
