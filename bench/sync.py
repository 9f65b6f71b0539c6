"""Sharing a trip (`concierge.sync`) between two devices: two data folders with the one
composition, two SQLite files and two `TripSync`s in one process, for each transport in
`TRANSPORTS`. Each row is beside its budget and a baseline measured in the same run:

- **a field edit reaching the other device**: the trip's notes edited on device A until device
  B's database has them (B's bus announces the write), p50 and p99 over `--edits` edits made
  at every phase of B's wait. Budget: what the transport's own waiting adds at that
  percentile (the shared folder, looked at every `--poll` seconds as the window will: half an
  interval at p50, a whole one at p99) plus 250 ms for the engine's work on both sides.
  Baseline: the same edit's local write on A (committed and announced), which the sync adds to.
- **the first sync of an `--items`-item trip** (the Japan trip of tests/travel/sized_trips.py,
  seeded on A): A sending it, then B taking it in. Budget: no slower than the baseline, the
  way a trip was shared before sync: exporting it on A (`trip_bundle`) and importing the file
  as a new trip in a third data folder (`import_bundle`, one transaction).
- **the document on disk** (the shared folder's files: every update sent, sealed) beside B's
  SQLite file once it holds the trip; the export file's size in the notes.

Run: `python -m bench.sync [--items N] [--edits N] [--poll SECONDS]`."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import tempfile
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bench.harness import percentile, print_table, verdict

if TYPE_CHECKING:
    from concierge.sync.engine import Device, TripSync
    from concierge.travel.services import TravelServices

PASSPHRASE = "bench passphrase"
ENGINE_ALLOWANCE = 0.25
"""Seconds the latency budget allows for the engine's work on both sides, past the wait."""
FIRST_SYNC_FACTOR = 1.0
"""The first sync's budget, as a multiple of exporting and importing the same trip: sharing
by sync is to be no slower than sharing a copy was."""


@dataclass(frozen=True, slots=True)
class Transport:
    """One transport as the bench drives it: `sync` opens a device's sync of the trip over it,
    `listen` keeps device B taking updates in until the event is set, and `wait` is what the
    transport's own waiting adds to an edit at a percentile (seconds)."""

    name: str
    sync: Callable[[TravelServices, str, Device], TripSync]
    listen: Callable[[TripSync, asyncio.Event], Coroutine[Any, Any, None]]
    wait: Callable[[float], float]
    folder: Path
    """Where the transport keeps the document's updates on disk."""


def folder_transport(root: Path, poll: float) -> Transport:
    """The synced folder (`concierge.sync.folder`), B looking at it every `poll` seconds."""
    from concierge.sync.engine import TripSync
    from concierge.sync.folder import SyncFolder, folder_key

    shared = root / "Synced"
    key = folder_key(shared, PASSPHRASE)

    def sync(services: TravelServices, trip_id: str, device: Device) -> TripSync:
        folder = SyncFolder(shared, device.id, key)
        state = services.data_dir / "sync"
        return TripSync(services.database, services.bus, trip_id, device, folder, state)

    async def listen(receiver: TripSync, stop: asyncio.Event) -> None:
        while not stop.is_set():
            await receiver.step()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), poll)

    def wait(percent: float) -> float:
        return poll * percent / 100

    return Transport(f"shared folder, looked at every {poll:g} s", sync, listen, wait, shared)


TRANSPORTS: tuple[Callable[[Path, float], Transport], ...] = (folder_transport,)
"""The transports measured, each made from a scratch folder and the poll interval. The
WebSocket server's (issue 29 item 5) joins here once it exists, with a `Transport` of its own."""


@dataclass(frozen=True, slots=True)
class Measured:
    transport: str
    delays: list[float]
    local: list[float]
    sent: float
    first: float
    exported: float
    imported: float
    folder_bytes: int
    sqlite_bytes: int
    export_bytes: int
    wait: Callable[[float], float]


def _size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


async def measure(
    make: Callable[[Path, float], Transport], items: int, edits: int, poll: float
) -> Measured:
    from concierge.store import Change
    from concierge.store.paths import database_path
    from concierge.store.trip_bundle import import_bundle, trip_bundle
    from concierge.sync.engine import Device
    from concierge.travel.places.index import PlaceIndex
    from concierge.travel.services import open_services
    from tests.travel.sized_trips import seed_trip

    with tempfile.TemporaryDirectory(prefix="concierge-sync-") as scratch:
        root = Path(scratch)
        transport = make(root, poll)
        places = PlaceIndex()
        ana = open_services(root / "ana", places=places)
        ben = open_services(root / "ben", places=places)
        carl = open_services(root / "carl", places=places)
        try:
            trip = await seed_trip(ana.database, ana.bus, items)
            started = time.perf_counter()
            bundle = await ana.database.run(lambda session: trip_bundle(session, trip.id))
            text = json.dumps(bundle, ensure_ascii=False, indent=2)
            exported = time.perf_counter() - started
            started = time.perf_counter()
            await import_bundle(carl.database, carl.bus, json.loads(text))
            imported = time.perf_counter() - started

            sender = transport.sync(ana, trip.id, Device("ana", "Ana's laptop"))
            receiver = transport.sync(ben, trip.id, Device("ben", "Ben's phone"))
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
            listening = asyncio.create_task(transport.listen(receiver, stop))
            delays: list[float] = []
            local: list[float] = []
            for number in range(edits):
                await asyncio.sleep(poll * (number % 10) / 10)  # at every phase of B's wait
                edited = time.perf_counter()
                await ana.trips.update(trip.id, {"notes": f"Edit {number}"})
                local.append(time.perf_counter() - edited)
                await sender.settled()
                delays.append(await asyncio.wait_for(arrived.get(), 60) - edited)
            stop.set()
            await listening
            sender.close()
            receiver.close()
        finally:
            for services in (ana, ben, carl):
                await services.aclose()
                services.close()
        return Measured(
            transport.name,
            delays,
            local,
            sent,
            first,
            exported,
            imported,
            _size(transport.folder),
            database_path(root / "ben").stat().st_size,
            len(text.encode()),
            transport.wait,
        )


def rows_of(found: Measured, items: int) -> list[list[str]]:
    def ms(seconds: float) -> str:
        return f"{seconds * 1000:.0f} ms"

    rows: list[list[str]] = []
    for percent in (50, 99):
        took = percentile(found.delays, percent)
        budget = found.wait(percent) + ENGINE_ALLOWANCE
        rows.append(
            [
                f"field edit on A until B's database has it, p{percent}",
                ms(took),
                f"≤ {ms(budget)}",
                f"local write on A: {ms(percentile(found.local, percent))}",
                verdict(took <= budget),
            ]
        )
    baseline = found.exported + found.imported
    both = found.sent + found.first
    budget = FIRST_SYNC_FACTOR * baseline
    first = f"first sync of a {items:,}-item trip"
    rows += [
        [
            f"{first}: A sends it",
            f"{found.sent:.2f} s",
            "-",
            f"export on A: {found.exported:.2f} s",
            "info",
        ],
        [
            f"{first}: B takes it in",
            f"{found.first:.2f} s",
            "-",
            f"import as a new trip: {found.imported:.2f} s",
            "info",
        ],
        [
            f"{first}, in all",
            f"{both:.2f} s",
            f"≤ {budget:.2f} s",
            f"export + import: {baseline:.2f} s",
            verdict(both <= budget),
        ],
    ]
    rows.append(
        [
            "the document on disk (the folder's files)",
            f"{found.folder_bytes / 1024:,.0f} KiB",
            "-",
            f"B's SQLite file: {found.sqlite_bytes / 1024:,.0f} KiB "
            f"({found.folder_bytes / found.sqlite_bytes:.2f} ×)",
            "info",
        ]
    )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--items", type=int, default=1000)
    parser.add_argument("--edits", type=int, default=40)
    parser.add_argument("--poll", type=float, default=0.5)
    arguments = parser.parse_args()
    for make in TRANSPORTS:
        found = asyncio.run(measure(make, arguments.items, arguments.edits, arguments.poll))
        print_table(
            f"Sync of a shared trip between two devices: {found.transport}",
            ["what", "took", "budget", "baseline (same run)", "PASS/FAIL"],
            rows_of(found, arguments.items),
            align="lrlll",
            notes=[
                f"{arguments.edits} edits; budgets: the transport's own wait + "
                f"{ENGINE_ALLOWANCE * 1000:.0f} ms, {FIRST_SYNC_FACTOR:g} × export and import",
                f"the trip's export file: {found.export_bytes / 1024:,.0f} KiB",
                f"load {os.getloadavg()[0]:.2f}",
            ],
        )


if __name__ == "__main__":
    main()
