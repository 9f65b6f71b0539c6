"""Sharing a trip through a synced folder (`concierge.sync`): how long a field edited on one
device takes to show on the other (p50 and p99, the receiving side looking at the folder every
`--poll` seconds, as the window will), the first sync of a `--items`-item trip beside the time
the app took to write the same items here (the baseline, measured in the same run), and the
folder's size beside the SQLite file's. Two data folders with the one composition, in one
process. Run: `python -m bench.sync [--items N] [--edits N] [--poll SECONDS]`."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import tempfile
import time
from pathlib import Path

from bench.harness import percentile, print_table

PASSPHRASE = "bench passphrase"


def _size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


async def measure(items: int, edits: int, poll: float) -> list[list[str]]:
    from concierge.store import Change
    from concierge.store.paths import database_path
    from concierge.sync.engine import Device, TripSync
    from concierge.sync.folder import SyncFolder, folder_key
    from concierge.travel.places.index import PlaceIndex
    from concierge.travel.services import open_services

    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        shared = root / "Synced"
        key = folder_key(shared, PASSPHRASE)
        ana = open_services(root / "ana", places=PlaceIndex())
        ben = open_services(root / "ben", places=PlaceIndex())
        try:
            trip = (await ana.trips.create({"title": "Bench"})).record
            started = time.perf_counter()
            for number in range(items):
                day = f"2027-05-{number % 28 + 1:02}"
                await ana.itinerary.add(trip.id, {"day": day, "title": f"Item {number}"})
            written = time.perf_counter() - started

            def sync_of(services: object, device: Device) -> TripSync:
                from concierge.travel.services import TravelServices

                assert isinstance(services, TravelServices)
                return TripSync(
                    services.database,
                    services.bus,
                    trip.id,
                    device,
                    SyncFolder(shared, device.id, key),
                    services.data_dir / "sync",
                )

            sender = sync_of(ana, Device("ana", "Ana's laptop"))
            receiver = sync_of(ben, Device("ben", "Ben's phone"))
            started = time.perf_counter()
            await sender.start()
            sent = time.perf_counter() - started
            started = time.perf_counter()
            await receiver.start()
            first = time.perf_counter() - started

            arrived: asyncio.Queue[float] = asyncio.Queue()

            def heard(change: Change) -> None:
                if change.entity_id == trip.id and "notes" in change.fields:
                    arrived.put_nowait(time.perf_counter())

            ben.bus.subscribe(heard)
            stop = asyncio.Event()

            async def look() -> None:
                while not stop.is_set():
                    await receiver.step()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(stop.wait(), poll)

            looking = asyncio.create_task(look())
            delays: list[float] = []
            for number in range(edits):
                await asyncio.sleep(poll * (number % 10) / 10)  # edits at every phase of a look
                edited = time.perf_counter()
                await ana.trips.update(trip.id, {"notes": f"Edit {number}"})
                await sender.settled()
                delays.append(await asyncio.wait_for(arrived.get(), 60) - edited)
            stop.set()
            await looking
            sender.close()
            receiver.close()
            folder_bytes = _size(shared)
            sqlite_bytes = database_path(root / "ana").stat().st_size
        finally:
            for services in (ana, ben):
                await services.aclose()
                services.close()
    p50, p99 = percentile(delays, 50), percentile(delays, 99)
    return [
        ["field edit to the other side, p50", f"{p50 * 1000:.0f} ms", f"polling every {poll} s"],
        ["field edit to the other side, p99", f"{p99 * 1000:.0f} ms", f"{edits} edits"],
        [f"sending a {items}-item trip the first time", f"{sent:.2f} s", ""],
        [
            f"first sync of a {items}-item trip",
            f"{first:.2f} s",
            f"baseline: the app wrote the items in {written:.2f} s",
        ],
        [
            "the shared folder on disk",
            f"{folder_bytes / 1024:.0f} KiB",
            f"SQLite file: {sqlite_bytes / 1024:.0f} KiB",
        ],
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--items", type=int, default=1000)
    parser.add_argument("--edits", type=int, default=30)
    parser.add_argument("--poll", type=float, default=0.5)
    arguments = parser.parse_args()
    rows = asyncio.run(measure(arguments.items, arguments.edits, arguments.poll))
    print_table(
        "Sync through a shared folder",
        ["what", "took", "beside"],
        rows,
        align="lrl",
        notes=[f"load {os.getloadavg()[0]:.2f}"],
    )


if __name__ == "__main__":
    main()
