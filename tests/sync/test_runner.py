"""The app's sync of its shared trips: a trip shared on one device reaches the device that
joins with the same secret, kept in the keyring; what stops a sync is said in words (the
folder missing or not arrived yet, the wrong passphrase, a folder already holding a trip); and
the list of what another device removed leaves out what this device removed itself."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path

import pytest
from sqlmodel import select

from concierge.model.settings import SharedTrip
from concierge.store.tables import AppSetting
from concierge.sync.runner import (
    FOLDER_MISSING,
    NOT_ARRIVED,
    REFUSED,
    TAKEN,
    WRONG_PASSPHRASE,
    SyncRunner,
    SyncState,
    removed_title,
)
from concierge.sync.serve import RoomServer, room_secret
from concierge.sync.shares import SharedTrips
from concierge.travel.services import TravelServices
from tests.composition import opened_services
from tests.fakes.memory_keyring import MemoryKeyring

SECRET = "correct horse battery staple"


def runner_of(services: TravelServices) -> SyncRunner:
    shares = SharedTrips(services.settings, services.secrets)
    return SyncRunner(
        services.database, services.bus, shares, services.data_dir / "sync", poll_seconds=0.02
    )


Devices = tuple[TravelServices, SyncRunner, TravelServices, SyncRunner]


@asynccontextmanager
async def two_devices(tmp_path: Path) -> AsyncIterator[Devices]:
    """Ana's and Ben's data folders and syncs, none of them sharing anything yet."""
    async with AsyncExitStack() as stack:
        ana, ben = [
            await stack.enter_async_context(opened_services(tmp_path / name))
            for name in ("ana", "ben")
        ]
        runners = runner_of(ana), runner_of(ben)
        for runner in runners:
            stack.push_async_callback(runner.aclose)
        yield ana, runners[0], ben, runners[1]


async def until(
    runner: SyncRunner, trip_id: str, wanted: Callable[[SyncState], object]
) -> SyncState:
    """The trip's state once `wanted` holds of it (after a step, or at once)."""

    async def wait() -> SyncState:
        state = runner.states.get(trip_id)
        while state is None or not wanted(state):
            state = await runner.stepped(trip_id)
        return state

    return await asyncio.wait_for(wait(), 60)


async def test_a_shared_trip_reaches_the_device_that_joins(
    tmp_path: Path, memory_keyring: MemoryKeyring, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-not-a-passphrase")
    async with two_devices(tmp_path) as (ana, ana_sync, ben, ben_sync):
        trip = (await ana.trips.create({"title": "Lisbon"})).record
        folder = str(tmp_path / "Synced")
        await ana_sync.share(SharedTrip(trip.id, folder, "Ana's laptop"), SECRET, first=True)
        await until(ana_sync, trip.id, lambda state: state.synced_at is not None)
        await ben_sync.share(SharedTrip(trip.id, folder, "Ben's phone"), SECRET, first=False)
        await until(ben_sync, trip.id, lambda state: state.synced_at is not None)
        joined = await ben.trips.get(trip.id)
        assert joined is not None and joined.title == "Lisbon"
        assert ("Concierge", f"sync {trip.id}") in memory_keyring.passwords
        stored = ben.database.run_sync(lambda s: s.exec(select(AppSetting.value)).all())
        assert not any(SECRET in value for value in stored)
        assert await ben_sync.shares.secret("another trip") is None  # not the API key

        await ben.trips.update(trip.id, {"notes": "Pastéis first"})
        await eventually(ana_sync, trip.id, lambda: _notes(ana, trip.id), "Pastéis first")


async def test_a_trip_shared_through_a_sync_server_reaches_the_device_that_joins(
    tmp_path: Path, memory_keyring: MemoryKeyring
) -> None:
    """The same through a real y-websocket server on the loopback: the invite's location is the
    server, the secret the trip's room's; a device with a wrong one is refused in words."""
    async with (
        RoomServer("the home server's secret", "127.0.0.1", 0) as server,
        two_devices(tmp_path) as (ana, ana_sync, ben, ben_sync),
    ):
        trip = (await ana.trips.create({"title": "Lisbon"})).record
        secret = room_secret("the home server's secret", trip.id)
        await ana_sync.share(SharedTrip(trip.id, server.url, "Ana's laptop"), secret, first=True)
        await until(ana_sync, trip.id, lambda state: state.synced_at is not None)
        await ben_sync.share(SharedTrip(trip.id, server.url, "Ben's phone"), secret, first=False)
        await eventually(ben_sync, trip.id, lambda: _title(ben, trip.id), "Lisbon")
        await ben.trips.update(trip.id, {"notes": "Pastéis first"})
        await eventually(ana_sync, trip.id, lambda: _notes(ana, trip.id), "Pastéis first")

        await ben_sync.share(SharedTrip(trip.id, server.url, "Ben's phone"), "guessed", first=False)
        refused = REFUSED.format(reason="")
        state = await until(ben_sync, trip.id, lambda state: refused in (state.problem or ""))
        assert "wrong secret for this room" in str(state.problem)


async def _title(services: TravelServices, trip_id: str) -> str:
    trip = await services.trips.get(trip_id)
    return "" if trip is None else trip.title


async def _notes(services: TravelServices, trip_id: str) -> str:
    trip = await services.trips.get(trip_id)
    return "" if trip is None else trip.notes


async def eventually(
    runner: SyncRunner, trip_id: str, read: Callable[[], Awaitable[object]], wanted: object
) -> None:
    """Wait, step by step of `runner`, until `read` gives `wanted`."""

    async def wait() -> None:
        while await read() != wanted:
            await runner.stepped(trip_id)

    await asyncio.wait_for(wait(), 60)


async def test_what_stops_a_sync_is_said_in_words(
    tmp_path: Path, memory_keyring: MemoryKeyring
) -> None:
    async with two_devices(tmp_path) as (ana, ana_sync, _ben, ben_sync):
        trip = (await ana.trips.create({"title": "Lisbon"})).record
        folder = tmp_path / "Synced"
        await ana_sync.share(SharedTrip(trip.id, str(folder), "Ana's laptop"), SECRET, first=True)
        with pytest.raises(Exception, match="already holds a shared trip") as taken:
            await ben_sync.share(SharedTrip(trip.id, str(folder), "Ben"), SECRET, first=True)
        assert str(taken.value) == TAKEN.format(folder=str(folder))

        wrong = SharedTrip(trip.id, str(folder), "Ben's phone")
        await ben_sync.share(wrong, "incorrect horse", first=False)
        state = await until(ben_sync, trip.id, lambda state: state.problem)
        assert state.problem == WRONG_PASSPHRASE

        elsewhere = tmp_path / "Not synced yet"
        await ben_sync.share(SharedTrip(trip.id, str(elsewhere), "Ben"), SECRET, first=False)
        state = await until(ben_sync, trip.id, lambda state: state.problem)
        assert state.problem == FOLDER_MISSING.format(folder=str(elsewhere))
        elsewhere.mkdir()
        state = await until(
            ben_sync, trip.id, lambda state: "missing" not in (state.problem or "missing")
        )
        assert state.problem == NOT_ARRIVED.format(folder=str(elsewhere))


async def test_the_removed_list_holds_what_another_device_removed(
    tmp_path: Path, memory_keyring: MemoryKeyring
) -> None:
    async with two_devices(tmp_path) as (ana, ana_sync, ben, ben_sync):
        trip = (await ana.trips.create({"title": "Lisbon"})).record
        day = {"day": "2027-05-04"}
        cascais = (await ana.itinerary.add(trip.id, {**day, "title": "Cascais"})).record
        sintra = (await ana.itinerary.add(trip.id, {**day, "title": "Sintra"})).record
        folder = str(tmp_path / "Synced")
        await ana_sync.share(SharedTrip(trip.id, folder, "Ana's laptop"), SECRET, first=True)
        await until(ana_sync, trip.id, lambda state: state.synced_at is not None)
        await ben_sync.share(SharedTrip(trip.id, folder, "Ben's phone"), SECRET, first=False)

        async def titles() -> list[str]:
            return [item.title for item in await ben.itinerary.items(trip.id)]

        await eventually(ben_sync, trip.id, titles, ["Cascais", "Sintra"])
        await ana.itinerary.remove(cascais.id)
        await ben.itinerary.remove(sintra.id)
        await eventually(ben_sync, trip.id, titles, [])
        removed = await ben_sync.removed(trip.id)
        assert [removed_title(entry) for entry in removed] == ["Cascais"]
        await ben_sync.restore(trip.id, removed[0])
        assert await titles() == ["Cascais"]
        await eventually(ana_sync, trip.id, lambda: _titles(ana, trip.id), ["Cascais"])
        assert await ben_sync.removed(trip.id) == []


async def _titles(services: TravelServices, trip_id: str) -> list[str]:
    return [item.title for item in await services.itinerary.items(trip_id)]
