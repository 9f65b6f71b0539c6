"""`concierge mcp` as a client's configuration starts it: a real subprocess on a real SQLite
data folder, spoken to over stdio by the SDK's own client, while the window writes beside it;
in the newest protocol a removal asks the person through the client between two calls."""

from __future__ import annotations

import warnings

from mcp import Client, MCPDeprecationWarning
from mcp.types import ElicitRequestParams, ElicitResult, Implementation

from concierge.mcp.resource_updates import context_uri
from concierge.travel.services import TravelServices

from .support import (
    CLIENT,
    Folder,
    Heard,
    programs_of,
    server_command,
    text_of,
    text_of_resource,
    window_adds,
)


async def test_over_stdio_a_write_shows_in_the_resource_and_a_window_edit_is_announced(
    folder: Folder, window: TravelServices
) -> None:
    heard = Heard()
    uri = context_uri(folder.trip)
    async with Client(
        server_command(folder.path),
        mode="legacy",
        client_info=Implementation(name=CLIENT, version="1.0"),
        message_handler=heard,
    ) as session:
        capabilities = session.server_capabilities.resources
        tools = {tool.name for tool in (await session.list_tools()).tools}
        resources = [str(resource.uri) for resource in (await session.list_resources()).resources]
        before = text_of_resource(await session.read_resource(uri))
        wrote = await session.call_tool(
            "edit_itinerary", {"action": "add", "day": "2027-05-02", "title": "Belém tower"}
        )
        after = text_of_resource(await session.read_resource(uri))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", MCPDeprecationWarning)
            await session.subscribe_resource(uri)
        await window_adds(window, folder.trip, "Miradouro at sunset")
        await heard.update_of(uri)
        next_call = text_of(await session.call_tool("read_trip", {"day": "2027-05-02"}))
    assert capabilities is not None and capabilities.subscribe and capabilities.list_changed
    assert {"edit_itinerary", "read_trip", "trip_context"} <= tools
    assert resources == [uri]
    assert not wrote.is_error, text_of(wrote)
    assert "Belém tower" not in before and "Belém tower" in after
    assert "+ " in next_call and "Miradouro at sunset" in next_call.split("since your last call")[1]
    added = [i for i in await window.itinerary.items(folder.trip) if i.title == "Belém tower"]
    assert len(added) == 1
    assert await programs_of(window, added[0].id) == {CLIENT}


async def test_over_stdio_in_the_newest_protocol_the_client_is_named_served_and_asked(
    folder: Folder, window: TravelServices
) -> None:
    asked: list[str] = []

    async def accept(context: object, params: ElicitRequestParams) -> ElicitResult:
        asked.append(params.message)
        return ElicitResult(action="accept", content={})

    async with Client(
        server_command(folder.path),
        client_info=Implementation(name=CLIENT, version="1.0"),
        elicitation_callback=accept,
    ) as session:
        present = text_of(await session.call_tool("trip_context", {"trip": folder.trip}))
        wrote = await session.call_tool(
            "edit_itinerary", {"action": "add", "day": "2027-05-02", "title": "Belém tower"}
        )
        removed = await session.call_tool(
            "edit_itinerary", {"action": "remove", "item_id": folder.tram}
        )
    assert "Tram 28" in present
    assert not wrote.is_error, text_of(wrote)
    assert "Belém tower" in text_of(wrote).split("since your last call")[1]
    added = [i for i in await window.itinerary.items(folder.trip) if i.title == "Belém tower"]
    assert await programs_of(window, added[0].id) == {CLIENT}
    assert not removed.is_error, text_of(removed)
    assert len(asked) == 1 and "Tram 28" in asked[0]
    assert folder.tram not in {item.id for item in await window.itinerary.items(folder.trip)}
