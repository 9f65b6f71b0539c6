"""What the person keeps on file (a passport number, a booking code) reaches another assistant
no more than ours: held back as "on file", in the present and in the tools' results."""

from __future__ import annotations

from pathlib import Path

from mcp import Client
from mcp.types import Implementation

from concierge.mcp.trip_server import TripServer
from concierge.travel.services import open_services
from tests.cli.support import BOOKING_CODE, PASSPORT, seed

from .support import CLIENT, text_of


async def test_values_on_file_stay_held_back_from_the_client(tmp_path: Path) -> None:
    seeded = await seed(tmp_path / "data")
    services = open_services(seeded.folder, program="concierge mcp")
    server = TripServer(services)
    try:
        async with Client(
            server.server, mode="legacy", client_info=Implementation(name=CLIENT, version="1")
        ) as session:
            present = text_of(await session.call_tool("trip_context", {"trip": seeded.kyoto}))
            read = text_of(
                await session.call_tool("read_trip", {"trip": "Kyoto in autumn", "page": 1})
            )
    finally:
        server.close()
        await services.aclose()
        services.close()
    assert "on file" in present and "on file" in read
    for private in (PASSPORT, BOOKING_CODE):
        assert private not in present and private not in read
