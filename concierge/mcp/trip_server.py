"""The MCP server of one data folder: the trip assistant's tools run as our model's run (same
validation, locks and proposal mode), each result ending with what changed since the client's
last call; the present as a tool and as a resource with update notifications; a few prompts."""

from __future__ import annotations

from typing import Any

import mcp.types as types
from mcp.server import NotificationOptions, Server, ServerRequestContext
from mcp.server.models import InitializationOptions
from mcp.server.request_state import RequestStateBoundary, RequestStateSecurity
from mcp.server.subscriptions import ListenHandler

from concierge import __version__
from concierge.agent import Agent, PermissionHandler
from concierge.agent.messages import AssistantMessage, ToolStatus
from concierge.agent.tools import unknown_tool_message
from concierge.store import TripRecord
from concierge.travel.assistant.hosted_elsewhere import NoModel, assistant_without_model
from concierge.travel.assistant.trip_assistant import build_trip_assistant
from concierge.travel.services import TravelServices
from concierge.travel.trip_names import TripNameError, find_trip, one_line

from .asking import Asking
from .clients import client_name, revocation, speaks_newest, write_as
from .instructions import SERVER_INSTRUCTIONS
from .present import LastSeen
from .prompts import STARTING_POINTS, starting_point
from .resource_updates import ResourceUpdates, context_uri, trip_of
from .tool_list import TRIP_CONTEXT, agent_call, mcp_tools, trip_named

PROGRAM = "concierge mcp"
NAME = "concierge"


def _text(text: str, *, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(text=text)], is_error=error)


def _client(ctx: ServerRequestContext[Any]) -> str:
    params = ctx.session.client_params
    return client_name(params.client_info.name if params is not None else None)


class TripServer:
    """Serves `services`'s data folder to MCP clients; `close` when done."""

    def __init__(self, services: TravelServices) -> None:
        self.services = services
        self.last_seen = LastSeen()
        self.updates = ResourceUpdates(services.bus, self._trip_ids)
        self._tools = mcp_tools(build_trip_assistant(services, "", NoModel(PROGRAM)).tools)
        self.server: Server[Any] = Server(
            NAME,
            version=__version__,
            title="Concierge",
            description="The person's trips in Concierge, with its assistant's tools.",
            instructions=SERVER_INSTRUCTIONS,
            on_list_tools=self._list_tools,
            on_call_tool=self._call_tool,
            on_list_resources=self._list_resources,
            on_read_resource=self._read_resource,
            on_subscribe_resource=self._subscribe,
            on_unsubscribe_resource=self._unsubscribe,
            on_subscriptions_listen=ListenHandler(self.updates.listen_bus),
            on_list_prompts=self._list_prompts,
            on_get_prompt=self._get_prompt,
        )
        self.server.middleware.append(
            RequestStateBoundary(RequestStateSecurity.ephemeral(), default_audience=NAME)
        )

    def initialization_options(self) -> InitializationOptions:
        """What the server says of itself on a handshake: that its resource list may change."""
        return self.server.create_initialization_options(
            NotificationOptions(resources_changed=True)
        )

    def close(self) -> None:
        self.updates.close()

    # -- trips and their present -------------------------------------------------------------

    async def _trip_ids(self) -> list[str]:
        return [trip.id for trip in await self.services.trips.all()]

    async def _trip(self, wanted: str | None) -> TripRecord:
        trips = await self.services.trips.all()
        if wanted is not None:
            return find_trip(trips, wanted, listed_by="the resources/list of this server")
        if len(trips) == 1:
            return trips[0]
        names = "; ".join(f"{trip.id} “{one_line(trip.title)}”" for trip in trips)
        raise TripNameError(
            f"Give `trip`: there are {len(trips)} trips" + (f": {names}." if names else ".")
        )

    async def _assistant(self, trip_id: str, permission: PermissionHandler | None = None) -> Agent:
        return await assistant_without_model(
            self.services, trip_id, PROGRAM, permission_handler=permission
        )

    async def present(self, trip_id: str) -> str:
        """Exactly the runtime context our own next model call on the trip would carry."""
        context = await (await self._assistant(trip_id)).get_runtime_context()
        return context.text or ""

    # -- tools --------------------------------------------------------------------------------

    async def _list_tools(
        self, ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=self._tools)

    async def _call_tool(
        self, ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult | types.InputRequiredResult:
        client = _client(ctx)
        write_as(self.services.database, client)
        refused = await revocation(self.services.settings, client)
        if refused is not None:
            return _text(refused, error=True)
        try:
            trip = await self._trip(trip_named(params.arguments))
        except TripNameError as error:
            return _text(str(error), error=True)
        if params.name == TRIP_CONTEXT:
            now = await self.present(trip.id)
            self.last_seen.seen(client, trip.id, now)
            return _text(now)
        asking = Asking(ctx, params, client)
        agent = await self._assistant(trip.id, asking)
        if params.name not in {tool.name for tool in agent.tools}:
            return _text(unknown_tool_message(params.name, agent.tools), error=True)
        call = agent_call(str(ctx.request_id), params.name, params.arguments)
        result = await agent.run_tool_call(AssistantMessage(tool_calls=(call,)), call)
        ask_first = asking.input_required()
        if ask_first is not None:  # Nothing ran: the leave is asked before the tool runs.
            return ask_first
        now = (await agent.get_runtime_context()).text or ""
        since = self.last_seen.since(client, trip.id, now)
        return _text(f"{result.content}\n\n{since}", error=result.status is not ToolStatus.OK)

    # -- resources ----------------------------------------------------------------------------

    async def _list_resources(
        self, ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourcesResult:
        if not speaks_newest(ctx):  # The newest protocol's clients listen for the news.
            self.updates.listed(ctx.session)
        return types.ListResourcesResult(
            resources=[
                types.Resource(
                    uri=context_uri(trip.id),
                    name=f"{trip.id}-context",
                    title=f"{one_line(trip.title)}: the trip now",
                    description="What the trip holds now, as Concierge's assistant sees it; "
                    "updated whenever the trip changes.",
                    mime_type="text/markdown",
                )
                for trip in await self.services.trips.all()
            ]
        )

    async def _read_resource(
        self, ctx: ServerRequestContext[Any], params: types.ReadResourceRequestParams
    ) -> types.ReadResourceResult:
        trip_id = trip_of(str(params.uri))
        trip = await self.services.trips.get(trip_id) if trip_id is not None else None
        if trip is None:
            raise ValueError(f"There is no trip at {params.uri}; resources/list names them.")
        return types.ReadResourceResult(
            contents=[
                types.TextResourceContents(
                    uri=str(params.uri), mime_type="text/markdown", text=await self.present(trip.id)
                )
            ]
        )

    async def _subscribe(
        self, ctx: ServerRequestContext[Any], params: types.SubscribeRequestParams
    ) -> types.EmptyResult:
        self.updates.subscribe(str(params.uri), ctx.session)
        return types.EmptyResult()

    async def _unsubscribe(
        self, ctx: ServerRequestContext[Any], params: types.UnsubscribeRequestParams
    ) -> types.EmptyResult:
        self.updates.unsubscribe(str(params.uri), ctx.session)
        return types.EmptyResult()

    # -- prompts ------------------------------------------------------------------------------

    async def _list_prompts(
        self, ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=[point.listing() for point in STARTING_POINTS])

    async def _get_prompt(
        self, ctx: ServerRequestContext[Any], params: types.GetPromptRequestParams
    ) -> types.GetPromptResult:
        return starting_point(params.name).message(params.arguments or {})
