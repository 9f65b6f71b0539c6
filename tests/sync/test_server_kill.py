"""A device's sync process killed with SIGKILL while it takes a companion's updates from a
Yjs WebSocket server loses nothing and makes nothing twice once it starts again: the server
kept the room while both were away, and the device's journal and SQLite agree."""

from __future__ import annotations

import asyncio
from pathlib import Path

from concierge.sync.room import ServerRoom
from concierge.sync.serve import RoomServer, room_secret
from tests.composition import opened_services
from tests.sync.pair import ANA
from tests.sync.room_pair import SERVER_SECRET, WAIT, open_sync
from tests.sync.test_kill_mid_sync import _worker, kill_a_receiver_mid_sync


async def test_a_kill_mid_sync_over_a_server_loses_nothing_and_repeats_nothing(
    tmp_path: Path,
) -> None:
    ben_data = tmp_path / "ben"
    async with (
        RoomServer(SERVER_SECRET, "127.0.0.1", 0) as server,
        opened_services(tmp_path / "ana") as ana,
    ):
        trip = (await ana.trips.create({"title": "Lisbon"})).record
        secret = room_secret(SERVER_SECRET, trip.id)
        sync = open_sync(ana, server.url, trip.id, ANA, secret=secret)
        room = sync.transport
        assert isinstance(room, ServerRoom)
        await sync.start()
        await asyncio.wait_for(room.joined(), WAIT)

        async def stop() -> None:
            sync.close()
            await room.wait_closed()

        await kill_a_receiver_mid_sync(
            ana,
            sync,
            ben_data,
            lambda mode: _worker(ben_data, server.url, trip.id, mode, secret),
            stop,
        )
