"""Two devices sharing one trip through a folder: each its own data folder, SQLite file and
services from the one composition, a temporary directory standing in for the synced folder."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from concierge.sync.engine import Device, TripSync
from concierge.sync.folder import SyncFolder, folder_key
from concierge.travel.services import TravelServices
from tests.composition import opened_services

PASSPHRASE = "correct horse battery staple"
ANA = Device("ana-laptop", "Ana's laptop")
BEN = Device("ben-phone", "Ben's phone")


@dataclass
class Side:
    services: TravelServices
    sync: TripSync
    shared: Path
    device: Device
    key: bytes

    async def reopen(self) -> None:
        """Start this side's sync afresh, as the app does when it starts again."""
        self.sync.close()
        self.sync = open_sync(self.services, self.shared, self.sync.trip_id, self.device, self.key)
        await self.sync.start()


def open_sync(
    services: TravelServices, shared: Path, trip_id: str, device: Device, key: bytes
) -> TripSync:
    folder = SyncFolder(shared, device.id, key)
    return TripSync(
        services.database,
        services.bus,
        trip_id,
        device,
        folder,
        services.data_dir / "sync",
    )


@asynccontextmanager
async def shared_trip(tmp_path: Path) -> AsyncIterator[tuple[Side, Side]]:
    """Ana's device with a new trip shared, and Ben's joined (nothing applied yet)."""
    shared = tmp_path / "Synced"
    key = folder_key(shared, PASSPHRASE)
    async with AsyncExitStack() as stack:
        ana = await stack.enter_async_context(opened_services(tmp_path / "ana"))
        ben = await stack.enter_async_context(opened_services(tmp_path / "ben"))
        trip = (await ana.trips.create({"title": "Lisbon"})).record
        sides = (
            Side(ana, open_sync(ana, shared, trip.id, ANA, key), shared, ANA, key),
            Side(ben, open_sync(ben, shared, trip.id, BEN, key), shared, BEN, key),
        )
        for side in sides:
            stack.push_async_callback(_close, side)
            await side.sync.start()
        yield sides


async def _close(side: Side) -> None:
    side.sync.close()


async def edit_trip(side: Side, changes: dict[str, object]) -> None:
    """Edit the shared trip on one side, and let that side send it."""
    await side.services.trips.update(side.sync.trip_id, changes)
    await side.sync.settled()


async def exchange(*sides: Side) -> None:
    """Each side sends and reads once, then the first reads what the others sent."""
    for side in (*sides, sides[0]):
        await side.sync.step()
