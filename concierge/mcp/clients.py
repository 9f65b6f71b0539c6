"""Who is calling: an MCP client by the name it gives, the name its changes are marked with in
the window and the change log, and whether the person revoked it (`mcp.revoked`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mcp.server import ServerRequestContext
from mcp.types.version import MODERN_PROTOCOL_VERSIONS, is_version_at_least

from concierge.model.settings import MCP_REVOKED
from concierge.store import Database, Settings

UNNAMED_CLIENT = "an MCP client"


def client_name(name: str | None) -> str:
    """The client's name as it gave it ("claude-ai"), on one line."""
    cleaned = " ".join((name or "").split())
    return cleaned or UNNAMED_CLIENT


def speaks_newest(ctx: ServerRequestContext[Any]) -> bool:
    """Whether the request came in the newest protocol (2026-07-28 on): no handshake, a result
    asks for input instead of a request mid-call, and news comes on `subscriptions/listen`."""
    return is_version_at_least(ctx.protocol_version, MODERN_PROTOCOL_VERSIONS[0])


def write_as(database: Database, client: str) -> None:
    """Record this process's writes from now on as `client`'s: one stdio server serves one
    client. The token stays, so the watch for other programs' writes still knows them as ours."""
    if database.writer.program != client:
        database.writer = replace(database.writer, program=client)


def revoked_names(value: str) -> frozenset[str]:
    return frozenset(name.strip().casefold() for name in value.split(",") if name.strip())


async def revocation(settings: Settings, client: str) -> str | None:
    """The sentence refusing `client`'s tool calls, if the person revoked it."""
    if client.casefold() not in revoked_names(await settings.get(MCP_REVOKED)):
        return None
    return (
        f"The person revoked {client}'s access to Concierge: its tool calls are refused. "
        "They can allow it again under Settings, Editing, Revoked assistants."
    )
