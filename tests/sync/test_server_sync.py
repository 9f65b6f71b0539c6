"""Two devices share a trip through a real Yjs WebSocket server (pycrdt-websocket) on the
loopback, over TLS: edits to different fields merge and the same field converges, live; edits
made apart on both sides merge when they meet again; a server stopped mid-session is joined
again when it is back; a device without the room's secret is refused with the reason."""

from __future__ import annotations

import asyncio
import ssl
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import pytest
from pycrdt import Doc, Map
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from concierge.store.seen import made_by
from concierge.sync.authors import sign
from concierge.sync.engine import TripSync
from concierge.sync.room import RoomRefused, ServerRoom
from concierge.sync.serve import room_secret
from concierge.sync.transport import Transport
from concierge.sync.transports import LocationError, open_transport
from concierge.travel.services import TravelServices
from tests.composition import opened_services
from tests.sync.pair import ANA, BEN
from tests.sync.room_pair import (
    QUICK,
    SERVER_SECRET,
    WAIT,
    Side,
    make_certificate,
    open_sync,
    serving,
    shared_trip,
    until,
)


async def _trip(services: TravelServices, trip_id: str) -> dict[str, object]:
    record = await services.trips.get(trip_id)
    assert record is not None
    return {"title": record.title, "notes": record.notes, "travellers": record.travellers}


async def _titles(side: Side) -> list[str]:
    return [item.title for item in await side.services.itinerary.items(side.sync.trip_id)]


async def _alike(ana: Side, ben: Side) -> bool:
    trip_id = ana.sync.trip_id
    return await _trip(ana.services, trip_id) == await _trip(
        ben.services, trip_id
    ) and await _titles(ana) == await _titles(ben)


async def test_edits_show_live_merge_by_field_and_converge(tmp_path: Path) -> None:
    certificate = make_certificate(tmp_path / "tls")
    async with serving(certificate) as server, shared_trip(tmp_path, server, certificate) as sides:
        ana, ben = sides
        trip_id = ana.sync.trip_id
        assert server.url.startswith("wss://127.0.0.1:")
        await ana.services.itinerary.add(trip_id, {"day": "2027-05-01", "title": "Tram 28"})
        await until(lambda: _has(ben, "Tram 28"), ana, ben)
        unseen = await ben.services.history.unseen_assistant_changes(trip_id)
        assert {made_by(fields) for fields in unseen.values()} == {"Ana's laptop"}

        await ana.services.trips.update(trip_id, {"title": "Lisbon and Porto", "travellers": 3})
        await ben.services.trips.update(
            trip_id, {"notes": "Bring the rail passes", "travellers": 4}
        )

        async def merged() -> bool:
            trip = await _trip(ana.services, trip_id)
            return (
                trip["title"] == "Lisbon and Porto"
                and trip["notes"] == "Bring the rail passes"
                and await _alike(ana, ben)
            )

        await until(merged, ana, ben)
        assert (await _trip(ben.services, trip_id))["travellers"] in (3, 4)


async def _has(side: Side, title: str) -> bool:
    return title in await _titles(side)


async def test_edits_made_apart_merge_when_both_come_back(tmp_path: Path) -> None:
    certificate = make_certificate(tmp_path / "tls")
    async with serving(certificate) as server, shared_trip(tmp_path, server, certificate) as sides:
        ana, ben = sides
        trip_id = ana.sync.trip_id
        day = {"day": "2027-05-02"}
        await ana.services.itinerary.add(trip_id, {**day, "title": "Belém"})
        await until(lambda: _has(ben, "Belém"), ana, ben)
        await ana.stop()  # both quit the app: nothing sent or heard until each starts again
        await ben.stop()
        await ana.services.itinerary.add(trip_id, {**day, "title": "Lunch at Ana's"}, position=0)
        await ana.services.trips.update(trip_id, {"title": "Lisbon in May"})
        await ben.services.itinerary.add(trip_id, {**day, "title": "Fado with Ben"})
        await ben.services.trips.update(trip_id, {"notes": "Tickets online"})
        await ana.start()
        await ben.start()

        async def merged() -> bool:
            return len(await _titles(ana)) == 3 and await _alike(ana, ben)

        await until(merged, ana, ben)
        assert (await _titles(ana))[0] == "Lunch at Ana's"
        assert sorted(await _titles(ben)) == ["Belém", "Fado with Ben", "Lunch at Ana's"]
        trip = await _trip(ben.services, trip_id)
        assert (trip["title"], trip["notes"]) == ("Lisbon in May", "Tickets online")


async def test_a_server_stopped_mid_session_is_joined_again_when_it_is_back(
    tmp_path: Path,
) -> None:
    certificate = make_certificate(tmp_path / "tls")
    async with AsyncExitStack() as running:
        server = await running.enter_async_context(serving(certificate))
        port = int(server.url.rsplit(":", 1)[1])
        async with shared_trip(tmp_path, server, certificate) as (ana, ben):
            trip_id = ana.sync.trip_id
            await running.aclose()  # the home server goes down
            await asyncio.wait_for(asyncio.gather(ana.room.left(), ben.room.left()), WAIT)
            await ana.services.itinerary.add(trip_id, {"day": "2027-05-03", "title": "Sintra"})
            await ben.services.trips.update(trip_id, {"notes": "Train from Rossio"})
            async with serving(certificate, port):  # and comes back, empty: rooms live in devices
                await asyncio.wait_for(ana.room.joined(), WAIT)
                await asyncio.wait_for(ben.room.joined(), WAIT)

                async def merged() -> bool:
                    trip = await _trip(ana.services, trip_id)
                    return (
                        await _has(ben, "Sintra")
                        and trip["notes"] == "Train from Rossio"
                        and await _alike(ana, ben)
                    )

                await until(merged, ana, ben)


async def _refused(sync: TripSync, reason: str) -> None:
    """Start `sync` and see its room refused for `reason`, not waited for."""
    await sync.start()
    try:
        room = sync.transport
        assert isinstance(room, ServerRoom)
        with pytest.raises(RoomRefused, match=reason):
            await asyncio.wait_for(room.joined(), WAIT)
        assert not room.connected
    finally:
        sync.close()


async def test_a_device_without_the_rooms_secret_is_refused_with_the_reason(
    tmp_path: Path,
) -> None:
    certificate = make_certificate(tmp_path / "tls")
    async with serving(certificate) as server, opened_services(tmp_path / "ben") as ben:
        trip = (await ben.trips.create({"title": "Lisbon"})).record
        sync = open_sync(
            ben, server.url, trip.id, BEN, certificate=certificate.certificate, secret="guessed"
        )
        await _refused(sync, "wrong secret for this room")
        client = ssl.create_default_context(cafile=certificate.certificate)
        with pytest.raises(InvalidStatus) as refused:
            async with connect(f"{server.url}/{trip.id}", ssl=client, proxy=None):
                pass
        assert refused.value.response.status_code == 401
        assert b"the room's secret is missing" in refused.value.response.body


async def test_a_server_whose_certificate_is_not_trusted_is_refused(tmp_path: Path) -> None:
    certificate = make_certificate(tmp_path / "tls")
    stranger = make_certificate(tmp_path / "other")
    async with serving(certificate) as server, opened_services(tmp_path / "ben") as ben:
        trip = (await ben.trips.create({"title": "Lisbon"})).record
        sync = open_sync(ben, server.url, trip.id, BEN, certificate=stranger.certificate)
        await _refused(sync, "not to be trusted")


def test_plain_ws_to_another_machine_is_refused_unless_allowed(tmp_path: Path) -> None:
    def opened(location: str, *, allow_plain: bool = False) -> Transport:
        return open_transport(
            location,
            "secret",
            trip_id="trip",
            device_id=BEN.id,
            state_dir=tmp_path,
            allow_plain=allow_plain,
        )

    with pytest.raises(LocationError, match="not encrypted"):
        opened("ws://192.0.2.7:8765")
    allowed = opened("ws://192.0.2.7:8765", allow_plain=True)
    assert isinstance(allowed, ServerRoom) and allowed.url == "ws://192.0.2.7:8765/trip"
    assert isinstance(opened("ws://127.0.0.1:8765/"), ServerRoom)
    assert isinstance(opened("ws://localhost:8765"), ServerRoom)
    with pytest.raises(LocationError, match="neither a folder"):
        opened("https://example.org/share")


async def test_a_trip_larger_than_a_websocket_message_goes_across(tmp_path: Path) -> None:
    """The first exchange carries the whole trip: past websockets' 1 MiB default."""
    certificate = make_certificate(tmp_path / "tls")
    made: Doc[Any] = Doc()
    with made.transaction():
        sign(made, ANA.id)
        made.get("notes", type=Map)["long"] = "x" * (3 * 2**20)
    client = ssl.create_default_context(cafile=certificate.certificate)
    async with serving(certificate) as server:
        url = f"{server.url}/trip"
        secret = room_secret(SERVER_SECRET, "trip")
        ana = ServerRoom(url, secret, ANA.id, tmp_path / "ana.room", tls=client, backoff=QUICK)
        ben = ServerRoom(url, secret, BEN.id, tmp_path / "ben.room", tls=client, backoff=QUICK)
        ana.append(made.get_update())
        heard = asyncio.Event()
        ana.connect(lambda: None)
        ben.connect(heard.set)
        try:
            await asyncio.wait_for(heard.wait(), WAIT)
            found = ben.peer_updates({})
        finally:
            for room in (ana, ben):
                room.close()
                await room.wait_closed()
    assert list(found.updates) == [ANA.id]
    copy: Doc[Any] = Doc()
    for update in found.updates[ANA.id]:
        copy.apply_update(update)
    assert copy.get("notes", type=Map)["long"] == "x" * (3 * 2**20)
