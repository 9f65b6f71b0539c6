"""Every assistant tool that writes to a trip, its stops or its itinerary refuses a locked
target with a tool error naming the lock, through the real openai SDK against the loopback
server; nothing locked changes, and the snapshot tells the model what is locked."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from concierge.agent import AbortSignal, Agent, PermissionRequest
from concierge.agent.openai_model import OpenAIChatModel
from concierge.store import EntityKind, LockKind, TripRecord
from concierge.travel.assistant.providers import trip_provider
from concierge.travel.assistant.trip_assistant import build_trip_assistant
from concierge.travel.places.index import PlaceIndex
from concierge.travel.services import TravelServices, open_services
from tests.agent.support import client_for, snapshot_of, tool_results
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec

ASK = "is locked by the person; ask them to unlock it."


@dataclass
class Trip:
    services: TravelServices
    trip: TripRecord
    ryokan: str
    tea: str
    kyoto: str

    def agent(self, server: FakeOpenAIServer) -> Agent:
        async def allow(request: PermissionRequest) -> bool:
            return True

        model = OpenAIChatModel(client_for(server), model="fake-model")
        return build_trip_assistant(self.services, self.trip.id, model, permission_handler=allow)


@pytest.fixture
async def japan(tmp_path: Path, places: PlaceIndex) -> AsyncIterator[Trip]:
    services = open_services(tmp_path, places=places)
    try:
        trip = (
            await services.trips.create(
                {"title": "Japan", "start_date": "2027-04-08", "end_date": "2027-04-14"}
            )
        ).record
        kyoto = (
            await services.stops.add(
                trip.id, {"place": "Kyoto", "arrive": "2027-04-09", "depart": "2027-04-12"}
            )
        ).record
        await services.stops.add(trip.id, {"place": "Osaka"})
        ryokan = (
            await services.itinerary.add(
                trip.id, {"day": "2027-04-09", "title": "Ryokan Kyoto", "start_time": "15:00"}
            )
        ).record
        tea = (await services.itinerary.add(trip.id, {"day": "2027-04-10", "title": "Tea"})).record
        yield Trip(services, trip, ryokan.id, tea.id, kyoto.id)
    finally:
        await services.aclose()
        services.close()


async def test_every_trip_tool_refuses_a_locked_target_naming_the_lock(
    japan: Trip, fake_openai: FakeOpenAIServer
) -> None:
    locks, trip_id = japan.services.locks, japan.trip.id
    await japan.services.itinerary.add(trip_id, {"day": "2027-04-10", "title": "Temple"})
    await locks.toggle(LockKind.ITEM, japan.ryokan)
    await locks.toggle(LockKind.DAY, "2027-04-10", trip_id=trip_id)
    await locks.toggle(LockKind.STOP, japan.kyoto)
    await locks.toggle(LockKind.FIELD, trip_id, entity=EntityKind.TRIP, field="start_date")
    tea = japan.tea[:8]
    ryokan = japan.ryokan[:8]
    before = (
        await japan.services.trips.get(trip_id),
        await japan.services.itinerary.items(trip_id),
        await japan.services.stops.stops(trip_id),
    )
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec("update_trip", {"start_date": "2027-04-07"}),
            ToolCallSpec("edit_stops", {"action": "update", "stop": 1, "depart": "2027-04-13"}),
            ToolCallSpec("edit_stops", {"action": "move", "stop": 1, "position": 2}),
            ToolCallSpec("edit_stops", {"action": "remove", "stop": 1}),
            ToolCallSpec(
                "edit_itinerary", {"action": "update", "item_id": ryokan, "title": "Hotel"}
            ),
            ToolCallSpec(
                "edit_itinerary", {"action": "move", "item_id": ryokan, "day": "2027-04-11"}
            ),
            ToolCallSpec("edit_itinerary", {"action": "remove", "item_id": ryokan}),
            ToolCallSpec(
                "edit_itinerary", {"action": "add", "day": "2027-04-10", "title": "Dinner"}
            ),
            ToolCallSpec("edit_itinerary", {"action": "move", "item_id": tea, "position": 1}),
            ToolCallSpec("edit_itinerary", {"action": "remove", "item_id": tea}),
        ),
        Reply.text("Those are locked."),
    )
    await japan.agent(fake_openai).process_request("Rearrange everything")

    assert tool_results(fake_openai.chat_requests[1]) == [
        f"The trip’s start date {ASK}",
        *[f"Stop “Kyoto” {ASK}"] * 3,
        *[f"Item “Ryokan Kyoto” {ASK}"] * 3,
        *[f"Day Sat 10 Apr 2027 {ASK}"] * 3,
    ]
    after = (
        await japan.services.trips.get(trip_id),
        await japan.services.itinerary.items(trip_id),
        await japan.services.stops.stops(trip_id),
    )
    assert after == before
    snapshot = snapshot_of(fake_openai.chat_requests[0]) or ""
    assert (
        f"Locked by the person: item [{ryokan}] Ryokan Kyoto; day 2027-04-10 (Sat); "
        "stop Kyoto; trip start date\n"
    ) in snapshot


async def test_a_locked_field_refuses_only_that_field_and_unlocked_the_tool_works(
    japan: Trip, fake_openai: FakeOpenAIServer
) -> None:
    locks = japan.services.locks
    await locks.toggle(
        LockKind.FIELD, japan.ryokan, entity=EntityKind.ITINERARY_ITEM, field="start_time"
    )
    ryokan = japan.ryokan[:8]
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec(
                "edit_itinerary", {"action": "update", "item_id": ryokan, "start_time": "16:00"}
            ),
            ToolCallSpec(
                "edit_itinerary", {"action": "update", "item_id": ryokan, "place": "Gion"}
            ),
        ),
        Reply.text("Done what I could."),
    )
    await japan.agent(fake_openai).process_request("Later check-in, in Gion")
    results = tool_results(fake_openai.chat_requests[1])
    assert results[0] == f"The start time of “Ryokan Kyoto” {ASK}"
    assert results[1].startswith("Updated 2027-04-09")
    item = await japan.services.itinerary.get(japan.ryokan)
    assert item is not None and (item.place, item.start_time.isoformat()) == (  # type: ignore[union-attr]
        "Gion",
        "15:00:00",
    )


async def test_the_locked_line_is_bounded_and_absent_without_locks(japan: Trip) -> None:
    services, trip_id = japan.services, japan.trip.id
    view = trip_provider(services.trips, services.itinerary, trip_id, services.stops)
    assert "Locked" not in (await view(AbortSignal()) or "")
    for day in range(1, 11):
        await services.locks.toggle(LockKind.DAY, f"2027-05-{day:02}", trip_id=trip_id)
    text = await view(AbortSignal()) or ""
    (line,) = [line for line in text.splitlines() if line.startswith("Locked")]
    assert line.endswith("day 2027-05-06 (Thu); 4 more")


async def test_an_invalid_edit_of_a_locked_target_is_refused_for_its_lock_first(
    japan: Trip, fake_openai: FakeOpenAIServer
) -> None:
    """Issue 24 item 9: whether the store's rules or the editor's (a place, a currency's
    decimals) refuse the values, the model is told of the person's lock."""
    locks, trip_id = japan.services.locks, japan.trip.id
    await locks.toggle(LockKind.ITEM, japan.ryokan)
    await locks.toggle(LockKind.STOP, japan.kyoto)
    await locks.toggle(LockKind.FIELD, trip_id, entity=EntityKind.TRIP, field="budget_amount")
    ryokan = japan.ryokan[:8]
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec(
                "edit_itinerary", {"action": "update", "item_id": ryokan, "end_day": "2027-04-01"}
            ),
            ToolCallSpec("edit_stops", {"action": "update", "stop": 1, "place": "Xyzzyville"}),
            ToolCallSpec("edit_stops", {"action": "update", "stop": 1, "depart": "2027-04-01"}),
            ToolCallSpec("update_trip", {"budget_amount": 12.345}),
            ToolCallSpec("edit_stops", {"action": "update", "stop": 2, "place": "Xyzzyville"}),
        ),
        Reply.text("Those are locked."),
    )
    await japan.agent(fake_openai).process_request("Change what you can")

    results = tool_results(fake_openai.chat_requests[1])
    assert results[:4] == [
        f"Item “Ryokan Kyoto” {ASK}",
        *[f"Stop “Kyoto” {ASK}"] * 2,
        f"The trip’s budget {ASK}",
    ]
    assert ASK not in results[4] and "Xyzzyville" in results[4]  # Osaka is not locked
