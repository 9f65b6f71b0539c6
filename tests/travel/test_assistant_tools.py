"""The assistant's travel tools and the trip and selection providers, on a real SQLite file,
driven by the real agent against the loopback model server."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import pytest

from concierge.agent import Agent, PermissionHandler, PermissionRequest
from concierge.agent.openai_model import OpenAIChatModel
from concierge.store import ChangeHistory, ItineraryRepository, TripRecord, TripRepository
from concierge.travel.assistant.trip_assistant import build_trip_assistant
from concierge.travel.places.index import PlaceIndex
from concierge.travel.selection import SelectionState
from concierge.travel.services import TravelServices, open_services
from tests.agent.support import client_for, snapshot_of, tool_results
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec


@dataclass
class World:
    """The app's real services on a temporary folder and one trip; `agent()` is the app's
    own trip assistant (`build_trip_assistant`) talking to the loopback server."""

    services: TravelServices
    trip: TripRecord

    @property
    def trips(self) -> TripRepository:
        return self.services.trips

    @property
    def itinerary(self) -> ItineraryRepository:
        return self.services.itinerary

    @property
    def history(self) -> ChangeHistory:
        return self.services.history

    @property
    def selection(self) -> SelectionState:
        return self.services.selection

    def agent(
        self, server: FakeOpenAIServer, *, permission_handler: PermissionHandler | None = None
    ) -> Agent:
        model = OpenAIChatModel(client_for(server), model="fake-model")
        return build_trip_assistant(
            self.services, self.trip.id, model, permission_handler=permission_handler
        )


@pytest.fixture
async def world(tmp_path: Path, places: PlaceIndex) -> AsyncIterator[World]:
    services = open_services(tmp_path, places=places)
    try:
        trip = (
            await services.trips.create(
                {
                    "title": "Spring in Portugal",
                    "origin": "Lisbon (LIS)",
                    "origin_code": "LIS",
                    "start_date": "2026-05-14",
                    "end_date": "2026-05-17",
                    "travellers": 2,
                }
            )
        ).record
        yield World(services, trip)
    finally:
        await services.lookups.aclose()
        services.close()


async def test_update_trip_changes_only_named_fields_and_resolves_places(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    agent = world.agent(fake_openai)
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec(
                "update_trip",
                {"origin": "porto", "budget_amount": "1800", "budget_currency": "eur"},
            ),
            split=3,
        ),
        Reply.text("Porto, 1,800 EUR."),
    )
    await agent.process_request("From Porto with 1800 euros")

    trip = await world.trips.get(world.trip.id)
    assert trip is not None
    assert (trip.origin, trip.origin_code, trip.origin_tz) == (
        "Porto (OPO)",
        "OPO",
        "Europe/Lisbon",
    )
    assert str(trip.budget_amount) == "1800.00"  # the currency's decimals, as the form stores it
    assert trip.travellers == 2  # untouched
    assert trip.start_date == date(2026, 5, 14)
    snapshot = snapshot_of(fake_openai.chat_requests[1]) or ""
    assert "Home: Porto (OPO), time zone Europe/Lisbon" in snapshot
    assert "Budget: 1,800.00 EUR" in snapshot
    assert "Travellers: 2" in snapshot


async def test_bad_arguments_come_back_as_readable_errors_and_change_nothing(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    agent = world.agent(fake_openai)
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec("update_trip", {"origin": "Portoo"}),
            ToolCallSpec("update_trip", {"end_date": "2026-05-01"}),
            ToolCallSpec("update_trip", {"budget_currency": "EUX"}),
            ToolCallSpec("update_trip", {}),
            ToolCallSpec("edit_itinerary", {"action": "move", "item_id": "deadbeef"}),
        ),
        Reply.text("Sorry."),
    )
    await agent.process_request("Break things")
    results = tool_results(fake_openai.chat_requests[1])
    assert "No airport or city called 'Portoo'. Did you mean Porto (OPO)" in results[0]
    assert "before the start date" in results[1]
    assert "Unknown currency 'EUX'" in results[2]
    assert results[3] == "Name at least one field to change."
    assert "This trip has no itinerary item [deadbeef]" in results[4]
    assert await world.trips.get(world.trip.id) == world.trip


async def test_out_of_range_and_absurd_arguments_are_tool_errors_and_the_next_turn_works(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    agent = world.agent(fake_openai)
    deep = '{"title": ' + "[" * 100_000 + "]" * 100_000 + "}"
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec("update_trip", {"travellers": True}),
            ToolCallSpec("update_trip", {"travellers": 10**20}),
            ToolCallSpec("update_trip", {"budget_amount": "1e26"}),
            ToolCallSpec("update_trip", {"start_date": "2026-01-01", "end_date": "2099-12-31"}),
            ToolCallSpec("update_trip", deep),
        ),
        *[Reply.text("Sorry.")] * 5,  # the long arguments may be summarized first
    )
    await agent.process_request("Break things")
    results = tool_results(fake_openai.chat_requests[-1])  # a summary request may come first
    assert "travellers: Input should be a valid integer" in results[0]
    assert "travellers: Input should be less than or equal to 999" in results[1]
    assert "too large" in results[2] or "less than 1,000,000,000,000" in results[2]
    assert "A trip can last at most 365 days" in results[3]
    assert "nested too deeply" in results[4]
    assert await world.trips.get(world.trip.id) == world.trip
    await agent.process_request("Hello?")  # every later turn still reaches the model
    snapshots = [snapshot_of(body) or "" for body in fake_openai.chat_requests]
    assert "Travellers: 2" in snapshots[-1] or "Travellers: 2" in snapshots[-2]


async def test_a_lone_surrogate_from_the_model_is_stored_as_a_replacement_character(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    """JSON may escape half a surrogate pair; stored as is, it would fail every write."""
    agent = world.agent(fake_openai)
    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("update_trip", {"title": "Porto \ud800"})),
        Reply.text("Renamed \udfff."),
        Reply.text("You are welcome."),
    )
    await agent.process_request("Rename it")
    trip = await world.trips.get(world.trip.id)
    assert trip is not None and trip.title == "Porto \ufffd"
    await agent.process_request("Thanks")
    assert "Renamed \ufffd." in json.dumps(fake_openai.chat_requests[-1], ensure_ascii=False)


async def test_itinerary_tools_add_update_move_and_remove_with_permission(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    asked: list[str] = []
    answers = iter([False, True])

    async def permission(request: PermissionRequest) -> bool:
        asked.append(request.description)
        return next(answers)

    agent = world.agent(fake_openai, permission_handler=permission)
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec(
                "edit_itinerary",
                {
                    "action": "add",
                    "day": "2026-05-15",
                    "title": "Livraria Lello",
                    "start_time": "10:30",
                },
            ),
            ToolCallSpec(
                "edit_itinerary", {"action": "add", "day": "2026-05-15", "title": "Dinner"}
            ),
        ),
        Reply.text("Added."),
    )
    await agent.process_request("Plan the 15th")
    lello, dinner = await world.itinerary.items(world.trip.id)
    assert lello.timezone is None  # the trip has no stops yet
    assert (lello.title, lello.start_time.isoformat() if lello.start_time else None) == (
        "Livraria Lello",
        "10:30:00",
    )
    short = dinner.id[:8]
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec(
                "edit_itinerary", {"action": "update", "item_id": short, "start_time": "20:00"}
            ),
            ToolCallSpec("edit_itinerary", {"action": "move", "item_id": short, "position": 0}),
            ToolCallSpec("edit_itinerary", {"action": "remove", "item_id": short}),
            ToolCallSpec("edit_itinerary", {"action": "remove", "item_id": f"[{short}]"}),
        ),
        Reply.text("Done."),
    )
    await agent.process_request("Dinner first, then drop it")
    assert asked == [
        "Remove “Dinner” (2026-05-15) from the itinerary?",
        "Remove “Dinner” (2026-05-15) from the itinerary?",
    ]
    results = tool_results(fake_openai.chat_requests[-1])[-4:]
    assert "20:00 Dinner" in results[0]
    assert "position 0" in results[1]
    assert results[2] == "The person declined this action; it was not carried out."
    assert results[3] == "Removed “Dinner” from 2026-05-15."
    assert [i.title for i in await world.itinerary.items(world.trip.id)] == ["Livraria Lello"]


async def test_an_itinerary_action_given_what_it_does_not_take_is_a_clear_error(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    item = (
        await world.itinerary.add(world.trip.id, {"day": "2026-05-15", "title": "Lunch"})
    ).record
    short = item.id[:8]
    asked: list[str] = []

    async def permission(request: PermissionRequest) -> bool:
        asked.append(request.description)
        return True

    agent = world.agent(fake_openai, permission_handler=permission)
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec("edit_itinerary", {"action": "add", "title": "Dinner"}),
            ToolCallSpec("edit_itinerary", {"action": "add", "item_id": short, "title": "X"}),
            ToolCallSpec("edit_itinerary", {"action": "update", "title": "Brunch"}),
            ToolCallSpec("edit_itinerary", {"action": "update", "item_id": short, "position": 1}),
            ToolCallSpec("edit_itinerary", {"action": "move", "item_id": short, "title": "X"}),
            ToolCallSpec("edit_itinerary", {"action": "remove", "item_id": short, "title": "X"}),
            ToolCallSpec("edit_itinerary", {"action": "rename", "item_id": short}),
        ),
        Reply.text("Sorry."),
    )
    await agent.process_request("Break the itinerary")

    assert tool_results(fake_openai.chat_requests[1]) == [
        "add needs day.",
        "add makes a new item: leave out item_id.",
        "update needs the item_id shown in brackets.",
        "update does not take position; use move.",
        "move takes only day and position, not title.",
        "remove takes only the item_id.",
        "Invalid arguments for 'edit_itinerary': action: Input should be 'add', 'update', "
        "'move' or 'remove'.",
    ]
    assert asked == []  # a malformed removal is refused without asking the person
    assert [i.title for i in await world.itinerary.items(world.trip.id)] == ["Lunch"]


async def test_one_tool_call_undoes_as_one_step(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    agent = world.agent(fake_openai)
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec("update_trip", {"origin": "OPO", "travellers": 4, "pace": "packed"})
        ),
        Reply.text("ok"),
    )
    await agent.process_request("Four of us, packed, Porto")
    changed = await world.trips.get(world.trip.id)
    assert changed is not None
    assert (changed.travellers, changed.pace.value) == (4, "packed")
    undone = await world.history.undo_last(world.trip.id)
    assert undone is not None
    assert undone.label == "the assistant’s change to Origin, Travellers and Pace"
    restored = await world.trips.get(world.trip.id)
    assert restored is not None
    assert (restored.origin, restored.travellers, restored.pace) == (
        "Lisbon (LIS)",
        2,
        world.trip.pace,
    )


async def test_providers_read_sqlite_every_time_and_show_the_selection(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    agent = world.agent(fake_openai)
    item = (
        await world.itinerary.add(
            world.trip.id, {"day": "2026-05-16", "title": "Douro boat trip", "start_time": "09:00"}
        )
    ).record
    first = await agent.get_runtime_context()
    assert first.text is not None
    assert "[" + item.id[:8] + "] 09:00 Douro boat trip" in first.text
    assert "Selected in the itinerary" not in first.text

    await world.trips.update(world.trip.id, {"title": "Northern Portugal"})
    world.selection.select_trip(world.trip.id)
    world.selection.select_items((item.id,))
    second = await agent.get_runtime_context()
    assert second.text is not None
    assert "Trip: Northern Portugal" in second.text
    assert f"- 2026-05-16 [{item.id[:8]}] 09:00 Douro boat trip" in second.text
    parts = {part.name: part.text for part in second.parts}
    assert parts["selection"] is not None
    assert "Douro boat trip" in parts["selection"]


async def test_read_trip_gives_the_notes_the_snapshot_shortens(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    await world.trips.update(world.trip.id, {"notes": "x" * 900})
    agent = world.agent(fake_openai)
    fake_openai.script(Reply.tool_calls(ToolCallSpec("read_trip", {})), Reply.text("ok"))
    await agent.process_request("read it")
    (result,) = tool_results(fake_openai.chat_requests[1])
    assert "Trip: Spring in Portugal" in result
    assert "x" * 900 in result
    snapshot = snapshot_of(fake_openai.chat_requests[1]) or ""
    assert "x" * 900 not in snapshot
    assert "(shortened; read_trip shows all)" in snapshot
    assert json.dumps(fake_openai.chat_requests[0]["tools"][1]["function"]["name"]) == (
        '"update_trip"'
    )


async def test_a_booked_flight_is_added_and_shown_with_zones_details_and_cost(
    world: World, fake_openai: FakeOpenAIServer
) -> None:
    await world.services.stops.add(
        world.trip.id, {"place": "Tokyo", "place_code": "TYO", "timezone": "Asia/Tokyo"}
    )
    agent = world.agent(fake_openai)
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec(
                "edit_itinerary",
                {
                    "action": "add",
                    "day": "2026-05-14",
                    "title": "Lisbon to Tokyo",
                    "kind": "flight",
                    "start_time": "13:45",
                    "timezone": "Europe/Lisbon",
                    "end_day": "2026-05-15",
                    "end_time": "09:05",
                    "end_timezone": "Asia/Tokyo",
                    "carrier": "TAP",
                    "service_number": "TP 88",
                    "seat": "23A",
                    "confirmation_code": "X7QZ2P",
                    "cost_amount": 812.4,
                },
            ),
            ToolCallSpec(
                "edit_itinerary",
                {
                    "action": "add",
                    "day": "2026-05-15",
                    "title": "Back",
                    "start_time": "10:00",
                    "end_time": "09:00",
                },
            ),
        ),
        Reply.text("Booked."),
    )
    await agent.process_request("Add my flight")
    [flight] = await world.itinerary.items(world.trip.id)
    assert (flight.kind.value, flight.end_timezone, flight.seat) == ("flight", "Asia/Tokyo", "23A")
    assert (str(flight.cost_amount), flight.cost_currency) == ("812.4", "EUR")  # Trip's currency.
    added, refused = tool_results(fake_openai.chat_requests[-1])[-2:]
    assert "is before the start" in refused
    line = (
        f"[{flight.id[:8]}] 13:45 Europe/Lisbon to 2026-05-15 (Fri) 09:05 Asia/Tokyo "
        "(11 h 20 min) flight: Lisbon to Tokyo; carrier TAP, number TP 88, seat on file, "
        "confirmation code on file, cost 812.40 EUR"
    )
    assert line in added
    snapshot = await agent.get_runtime_context()
    assert snapshot.text is not None
    assert line in snapshot.text
    assert "23A" not in snapshot.text and "X7QZ2P" not in snapshot.text

    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec(
                "edit_itinerary",
                {
                    "action": "update",
                    "item_id": flight.id[:8],
                    "end_time": None,
                    "end_day": None,
                    "duration_minutes": 680,
                },
            )
        ),
        Reply.text("ok"),
    )
    await agent.process_request("It takes 11 h 20")
    changed = await world.itinerary.get(flight.id)
    assert changed is not None
    assert (changed.end_time, changed.duration_minutes, changed.seat) == (None, 680, "23A")
    (result,) = tool_results(fake_openai.chat_requests[-1])[-1:]
    assert "13:45 Europe/Lisbon to 2026-05-15 (Fri) 09:05 Asia/Tokyo (11 h 20 min)" in result
