"""`concierge mcp`: the data folder's trips for another assistant (Claude Desktop, an IDE's
agent), as an MCP server on stdin and stdout. The client's configuration starts it; its writes
reach an open window as any other program's do, marked with the client's name."""

from __future__ import annotations

import argparse
from typing import TextIO

from concierge.mcp.trip_server import TripServer
from concierge.travel.services import TravelServices

from .command import Command


class McpCommand(Command):
    needs_places = True
    name = "mcp"
    summary = (
        "serve the trips to another assistant over the Model Context Protocol on stdin and "
        "stdout (its configuration starts this; see the README)"
    )

    async def run(
        self, arguments: argparse.Namespace, services: TravelServices, out: TextIO
    ) -> None:
        from mcp.server.stdio import stdio_server

        await services.outside.start()
        trips = TripServer(services)
        try:
            async with stdio_server() as (read, write):
                await trips.server.run(read, write, trips.initialization_options())
        finally:
            trips.close()
