"""The MCP server in this process, through the SDK's own client: what a client lists, what its
calls do to the trip, and what it is told of the trip's present."""

from __future__ import annotations

import asyncio
import warnings
from collections.abc import AsyncIterator, Iterator
from typing import Any, Literal

import pytest
from mcp import Client, MCPDeprecationWarning
from mcp.client.session import ElicitationFnT
from mcp.server.subscriptions import ResourcesListChanged, ResourceUpdated
from mcp.types import CallToolResult, ElicitRequestParams, ElicitResult, Implementation

from concierge.mcp.asking import LEAVE
from concierge.mcp.resource_updates import context_uri
from concierge.mcp.trip_server import TripServer
from concierge.model.settings import ASSISTANT_EDITS, MCP_REVOKED, EditMode
from concierge.travel.assistant.hosted_elsewhere import NoModel
from concierge.travel.assistant.trip_assistant import build_trip_assistant
from concierge.travel.services import TravelServices, open_services

from .support import (
    BROKEN_RUN_SECONDS,
    CLIENT,
    Folder,
    Heard,
    programs_of,
    text_of,
    text_of_resource,
    window_adds,
)


@pytest.fixture
async def served(folder: Folder) -> AsyncIterator[TravelServices]:
    """The server's services, as `concierge mcp` opens them."""
    services = open_services(folder.path, program="concierge mcp")
    await services.outside.start()
    try:
        yield services
    finally:
        await services.aclose()
        services.close()


@pytest.fixture
def server(served: TravelServices) -> Iterator[TripServer]:
    trips = TripServer(served)
    yield trips
    trips.close()


Era = Literal["legacy", "auto"]
ERAS: tuple[Era, ...] = ("legacy", "auto")
"""The handshake era, and the newest protocol the SDK's client negotiates by itself."""


def client(
    server: TripServer,
    heard: Heard | None = None,
    answer: ElicitationFnT | None = None,
    mode: Era = "legacy",
) -> Client:
    return Client(
        server.server,
        mode=mode,
        client_info=Implementation(name=CLIENT, version="1.0"),
        message_handler=heard,
        elicitation_callback=answer,
    )


async def one_call(
    server: TripServer, arguments: dict[str, Any], mode: Era = "legacy"
) -> CallToolResult:
    """One `edit_itinerary` call by a client without elicitation."""
    async with client(server, mode=mode) as session:
        return await session.call_tool("edit_itinerary", arguments)


def answering(action: Literal["accept", "decline"], asked: list[str]) -> ElicitationFnT:
    """The person's answer in the client's dialog, noting what they were asked."""

    async def answer(context: object, params: ElicitRequestParams) -> ElicitResult:
        asked.append(params.message)
        return ElicitResult(action=action, content={} if action == "accept" else None)

    return answer


async def test_lists_the_assistants_own_tools_and_a_context_resource_per_trip(
    server: TripServer, served: TravelServices, folder: Folder
) -> None:
    own = build_trip_assistant(served, folder.trip, NoModel("test")).tools
    async with client(server) as session:
        tools = {tool.name: tool for tool in (await session.list_tools()).tools}
        resources = (await session.list_resources()).resources
        prompts = {prompt.name for prompt in (await session.list_prompts()).prompts}
        day = await session.get_prompt("plan_a_day", {"day": "2027-05-02"})
        assert "trip_context" in (session.instructions or "")
    assert set(tools) == {tool.name for tool in own} | {"trip_context"}
    for tool in own:
        listed = tools[tool.name].input_schema
        assert listed["properties"]["trip"]["type"] == "string"
        assert {k: v for k, v in listed["properties"].items() if k != "trip"} == dict(
            tool.schema["properties"]
        )
    assert [str(resource.uri) for resource in resources] == [context_uri(folder.trip)]
    assert prompts == {"plan_a_day", "check_connections"}
    [message] = day.messages
    assert message.content.type == "text"
    assert message.content.text.startswith("Call trip_context first.")
    assert "2027-05-02" in message.content.text


async def test_a_write_changes_the_trip_as_the_client_and_the_context_resource_shows_it(
    server: TripServer, served: TravelServices, folder: Folder
) -> None:
    uri = context_uri(folder.trip)
    async with client(server) as session:
        before = text_of_resource(await session.read_resource(uri))
        result = await session.call_tool(
            "edit_itinerary", {"action": "add", "day": "2027-05-02", "title": "Belém tower"}
        )
        after = text_of_resource(await session.read_resource(uri))
    assert not result.is_error, text_of(result)
    assert "Belém tower" not in before
    assert "Belém tower" in after
    items = await served.itinerary.items(folder.trip)
    added = next(item for item in items if item.title == "Belém tower")
    assert await programs_of(served, added.id) == {CLIENT}


async def test_a_window_edit_between_two_calls_shows_in_the_second_result(
    server: TripServer, window: TravelServices, folder: Folder
) -> None:
    async with client(server) as session:
        first = text_of(await session.call_tool("trip_context", {}))
        await window_adds(window, folder.trip, "Fado at Mesa de Frades")
        second = text_of(
            await session.call_tool("read_trip", {"trip": "Lisbon weekend", "day": "2027-05-01"})
        )
    assert "Fado at Mesa de Frades" not in first
    changes = second.split("[What changed in the trip since your last call", 1)[1]
    assert "+ " in changes and "Fado at Mesa de Frades" in changes


async def test_trip_context_is_what_concierge_context_prints(
    server: TripServer, served: TravelServices, folder: Folder
) -> None:
    async with client(server) as session:
        given = text_of(await session.call_tool("trip_context", {}))
    assert given == await server.present(folder.trip)
    assert "Tram 28" in given


async def test_a_proposal_mode_write_waits_for_review(
    server: TripServer, served: TravelServices, folder: Folder
) -> None:
    await served.settings.set(ASSISTANT_EDITS, EditMode.PROPOSE)
    result = await one_call(
        server, {"action": "add", "day": "2027-05-02", "title": "Pastéis de Belém"}
    )
    assert not result.is_error, text_of(result)
    pending = await served.proposals.pending(folder.trip)
    assert len(pending) == 1 and "Pastéis de Belém" in pending[0].label
    assert pending[0].program == CLIENT
    assert f"“Pastéis de Belém” (proposed by {CLIENT})" in await server.present(folder.trip)
    titles = {item.title for item in await served.itinerary.items(folder.trip)}
    assert "Pastéis de Belém" not in titles


async def test_a_locked_item_is_refused_with_the_lock_named(
    server: TripServer, served: TravelServices, folder: Folder
) -> None:
    result = await one_call(
        server, {"action": "update", "item_id": folder.dinner, "title": "Dinner somewhere else"}
    )
    assert result.is_error
    assert "locked" in text_of(result) and "Dinner at Zé" in text_of(result)
    titles = {item.title for item in await served.itinerary.items(folder.trip)}
    assert "Dinner at Zé" in titles


@pytest.mark.parametrize("mode", ERAS)
async def test_a_removal_is_refused_with_a_reason_without_elicitation(
    server: TripServer, served: TravelServices, folder: Folder, mode: Era
) -> None:
    result = await one_call(server, {"action": "remove", "item_id": folder.tram}, mode)
    assert result.is_error
    said = text_of(result)
    assert "Tram 28" in said and f"{CLIENT} offers no way to ask them" in said
    assert folder.tram in {item.id for item in await served.itinerary.items(folder.trip)}


@pytest.mark.parametrize("mode", ERAS)
@pytest.mark.parametrize("action", ["accept", "decline"])
async def test_a_removal_asks_the_person_through_the_clients_elicitation(
    server: TripServer,
    served: TravelServices,
    folder: Folder,
    action: Literal["accept", "decline"],
    mode: Era,
) -> None:
    asked: list[str] = []
    async with client(server, answer=answering(action, asked), mode=mode) as session:
        result = await session.call_tool(
            "edit_itinerary", {"action": "remove", "item_id": folder.tram}
        )
    assert len(asked) == 1 and "Tram 28" in asked[0]
    kept = folder.tram in {item.id for item in await served.itinerary.items(folder.trip)}
    assert kept is (action == "decline")
    assert result.is_error is (action == "decline"), text_of(result)


async def test_in_the_newest_protocol_an_answer_counts_only_for_the_question_asked(
    server: TripServer, served: TravelServices, folder: Folder
) -> None:
    """A client sending "accept" with the call, to no question of ours, is asked all the same."""
    asked: list[str] = []
    async with client(server, answer=answering("decline", asked), mode="auto") as session:
        result = await session.call_tool(
            "edit_itinerary",
            {"action": "remove", "item_id": folder.tram},
            input_responses={LEAVE: ElicitResult(action="accept", content={})},
        )
    assert len(asked) == 1 and "Tram 28" in asked[0]
    assert result.is_error, text_of(result)
    assert folder.tram in {item.id for item in await served.itinerary.items(folder.trip)}


async def test_a_revoked_client_is_refused(
    server: TripServer, served: TravelServices, folder: Folder
) -> None:
    await served.settings.set(MCP_REVOKED, f"someone, {CLIENT.upper()}")
    result = await one_call(server, {"action": "add", "day": "2027-05-02", "title": "Belém tower"})
    assert result.is_error and "revoked" in text_of(result)
    async with client(server) as session:
        present = await session.call_tool("trip_context", {})
    assert present.is_error and text_of(present) == text_of(result)
    titles = {item.title for item in await served.itinerary.items(folder.trip)}
    assert "Belém tower" not in titles


async def test_an_update_notification_arrives_after_a_window_edit(
    server: TripServer, window: TravelServices, folder: Folder
) -> None:
    heard = Heard()
    uri = context_uri(folder.trip)
    async with client(server, heard) as session:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MCPDeprecationWarning)
            await session.subscribe_resource(uri)
        await window_adds(window, folder.trip, "Miradouro at sunset")
        await heard.update_of(uri)
        after = text_of_resource(await session.read_resource(uri))
    assert "Miradouro at sunset" in after


async def test_a_client_that_listed_the_resources_hears_when_a_trip_is_added(
    server: TripServer, window: TravelServices, folder: Folder
) -> None:
    heard = Heard()
    async with client(server, heard) as session:
        before = (await session.list_resources()).resources
        trip = (await window.trips.create({"title": "Porto in spring"})).record
        await heard.list_change()
        after = (await session.list_resources()).resources
    assert [str(resource.uri) for resource in before] == [context_uri(folder.trip)]
    assert {str(resource.uri) for resource in after} == {
        context_uri(folder.trip),
        context_uri(trip.id),
    }
    assert heard.lists_changed == 1


async def test_in_the_newest_protocol_a_listening_client_hears_a_trip_removed(
    server: TripServer, window: TravelServices, folder: Folder
) -> None:
    async with (
        Client(server.server, client_info=Implementation(name=CLIENT, version="1.0")) as session,
        session.listen(resources_list_changed=True) as events,
    ):
        assert len((await session.list_resources()).resources) == 1
        await window.trips.delete(folder.trip)
        async with asyncio.timeout(BROKEN_RUN_SECONDS):
            event = await anext(events)
        after = (await session.list_resources()).resources
    assert event == ResourcesListChanged()
    assert after == []


async def test_in_the_newest_protocol_a_listening_client_hears_of_an_all_trip_pin(
    server: TripServer, window: TravelServices, folder: Folder
) -> None:
    uri = context_uri(folder.trip)
    async with (
        Client(server.server, client_info=Implementation(name=CLIENT, version="1.0")) as session,
        session.listen(resource_subscriptions=[uri]) as events,
    ):
        await window.pins.add("Vegetarian wherever we go")
        async with asyncio.timeout(BROKEN_RUN_SECONDS):
            event = await anext(events)
        after = text_of_resource(await session.read_resource(uri))
    assert event == ResourceUpdated(uri)
    assert "Vegetarian wherever we go" in after
