"""A device's sync process killed with SIGKILL while it takes a companion's updates from a
Yjs WebSocket server loses nothing and makes nothing twice once it starts again: the server
kept the room while both were away, and the device's journal and SQLite agree."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

from concierge.sync.room import ServerRoom
from concierge.sync.serve import RoomServer, room_secret
from tests.composition import opened_services
from tests.sync.pair import ANA
from tests.sync.room_pair import SERVER_SECRET, WAIT, open_sync
from tests.sync.test_kill_mid_sync import _created, _line, _worker


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
        titles = [f"Stop {n:02}" for n in range(40)]
        receiver = _worker(ben_data, server.url, trip.id, "forever", secret)
        try:
            assert (await _line(receiver)).startswith("started")
            for title in titles[:20]:
                await ana.itinerary.add(trip.id, {"day": "2027-05-01", "title": title})
                await sync.settled()
            assert (await _line(receiver)).startswith("applied")
            for title in titles[20:]:
                await ana.itinerary.add(trip.id, {"day": "2027-05-01", "title": title})
                await sync.settled()
            receiver.send_signal(signal.SIGKILL)
        finally:
            receiver.kill()
            receiver.wait()
            assert receiver.stdout is not None
            receiver.stdout.close()
        sync.close()
        await room.wait_closed()
        again = _worker(ben_data, server.url, trip.id, "once", secret)
        try:
            assert (await _line(again)).startswith("started")
        finally:
            assert again.wait() == 0
            assert again.stdout is not None
            again.stdout.close()
        expected = sorted(item.title for item in await ana.itinerary.items(trip.id))
    assert expected == titles
    found, creations = _created(ben_data)
    assert found == titles
    assert set(creations.values()) == {1}
    assert len(creations) == len(titles)
