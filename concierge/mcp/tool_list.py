"""The MCP tools: the trip assistant's own, each with its schema, plus a `trip` argument naming
the trip (the server serves the whole data folder), and `trip_context`."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import mcp.types as types

from concierge.agent import Tool
from concierge.agent.messages import ToolCall

TRIP = "trip"
TRIP_CONTEXT = "trip_context"
_TRIP_PROPERTY = {
    "type": "string",
    "description": "The trip's id or exact title; may be left out when there is only one trip.",
}


def with_trip(schema: Mapping[str, Any]) -> dict[str, Any]:
    """`schema` with the `trip` argument first."""
    widened = dict(schema)
    widened["properties"] = {TRIP: _TRIP_PROPERTY, **schema.get("properties", {})}
    return widened


def mcp_tools(tools: Sequence[Tool[Any]]) -> list[types.Tool]:
    """The MCP listing of the assistant's `tools`, then `trip_context`; a tool that asks the
    person's leave before it runs is marked destructive."""
    listed = [
        types.Tool(
            name=tool.name,
            title=tool.title or None,
            description=tool.description,
            input_schema=with_trip(tool.schema),
            annotations=types.ToolAnnotations(destructive_hint=bool(tool.requires_permission)),
        )
        for tool in tools
    ]
    listed.append(
        types.Tool(
            name=TRIP_CONTEXT,
            title="The trip now",
            description=(
                "Everything the trip holds now, as Concierge's own assistant sees it before each "
                "answer: its dates, route, itinerary, problems, money, brief, goals and pins. "
                "Call it first; later tool results end with what changed since your last call."
            ),
            input_schema=with_trip({"type": "object", "properties": {}}),
            annotations=types.ToolAnnotations(read_only_hint=True),
        )
    )
    return listed


def trip_named(arguments: Mapping[str, Any] | None) -> str | None:
    value = (arguments or {}).get(TRIP)
    return value if isinstance(value, str) and value.strip() else None


def agent_call(call_id: str, name: str, arguments: Mapping[str, Any] | None) -> ToolCall:
    """The call as our model would have made it: the arguments without `trip`, as JSON text, so
    the assistant validates them as it validates its own model's."""
    rest = {key: value for key, value in (arguments or {}).items() if key != TRIP}
    return ToolCall(id=call_id, name=name, arguments=json.dumps(rest, ensure_ascii=False))
