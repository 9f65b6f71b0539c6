"""A device's sync process killed with SIGKILL while it applies a companion's updates, or while
it writes and sends its own, loses nothing and makes nothing twice once it starts again: both
devices hold the same rows, each made once in the change log."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path

from sqlmodel import select

from concierge.store import Database
from concierge.store.paths import database_path
from concierge.store.tables import ChangeLogEntry, ItineraryItem
from concierge.sync.engine import TripSync
from concierge.sync.folder import folder_key
from concierge.travel.services import TravelServices
from tests.composition import opened_services
from tests.sync.pair import ANA, BEN, PASSPHRASE, open_sync

ROOT = Path(__file__).resolve().parents[2]


def _worker(
    data: Path, shared: Path | str, trip_id: str, mode: str, secret: str = PASSPHRASE
) -> subprocess.Popen[str]:
    """Ben's device as a process, sharing the trip at `shared` (a folder or a server's URL)."""
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.sync.sync_worker",
            str(data),
            str(shared),
            trip_id,
            BEN.id,
            BEN.name,
            mode,
            secret,
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


async def _line(process: subprocess.Popen[str]) -> str:
    assert process.stdout is not None
    line = await asyncio.to_thread(process.stdout.readline)
    assert line, "the sync worker ended early"
    return line.strip()


def _created(data: Path) -> tuple[list[str], Counter[str]]:
    with Database(database_path(data)) as database:
        return database.run_sync(
            lambda session: (
                sorted(session.exec(select(ItineraryItem.title)).all()),
                Counter(
                    session.exec(
                        select(ChangeLogEntry.entity_id).where(
                            ChangeLogEntry.entity == "itinerary_item",
                            ChangeLogEntry.action == "create",
                        )
                    ).all()
                ),
            )
        )


async def kill_a_receiver_mid_sync(
    ana: TravelServices,
    sync: TripSync,
    ben_data: Path,
    start: Callable[[str], subprocess.Popen[str]],
    stop: Callable[[], Awaitable[None]],
) -> None:
    """Ana adds 40 items while Ben's process (`start(mode)`) applies them, killed half-way;
    Ana's sync stops (`stop`) and Ben's runs once more: both hold the 40, each made once."""
    trip_id = sync.trip_id
    titles = [f"Stop {n:02}" for n in range(40)]
    receiver = start("forever")
    try:
        assert (await _line(receiver)).startswith("started")
        for title in titles[:20]:
            await ana.itinerary.add(trip_id, {"day": "2027-05-01", "title": title})
            await sync.settled()
        assert (await _line(receiver)).startswith("applied")
        for title in titles[20:]:
            await ana.itinerary.add(trip_id, {"day": "2027-05-01", "title": title})
            await sync.settled()
        receiver.send_signal(signal.SIGKILL)
    finally:
        receiver.kill()
        receiver.wait()
        assert receiver.stdout is not None
        receiver.stdout.close()
    await stop()
    again = start("once")
    try:
        assert (await _line(again)).startswith("started")
    finally:
        assert again.wait() == 0
        assert again.stdout is not None
        again.stdout.close()
    assert sorted(item.title for item in await ana.itinerary.items(trip_id)) == titles
    found, creations = _created(ben_data)
    assert found == titles
    assert set(creations.values()) == {1}
    assert len(creations) == len(titles)


async def test_a_kill_mid_sync_loses_nothing_and_repeats_nothing(tmp_path: Path) -> None:
    shared = tmp_path / "Synced"
    key = folder_key(shared, PASSPHRASE)
    ben_data = tmp_path / "ben"
    async with opened_services(tmp_path / "ana") as ana:
        trip = (await ana.trips.create({"title": "Lisbon"})).record
        sync = open_sync(ana, shared, trip.id, ANA, key)
        await sync.start()

        async def stop() -> None:
            sync.close()

        await kill_a_receiver_mid_sync(
            ana, sync, ben_data, lambda mode: _worker(ben_data, shared, trip.id, mode), stop
        )


async def test_a_sender_killed_mid_sync_sends_the_rest_when_it_starts_again(
    tmp_path: Path,
) -> None:
    shared = tmp_path / "Synced"
    key = folder_key(shared, PASSPHRASE)
    ben_data = tmp_path / "ben"
    async with opened_services(tmp_path / "ana") as ana:
        trip = (await ana.trips.create({"title": "Lisbon"})).record
        sync = open_sync(ana, shared, trip.id, ANA, key)
        await sync.start()
        sender = _worker(ben_data, shared, trip.id, "send")
        try:
            assert (await _line(sender)).startswith("started")
            for _ in range(15):
                assert (await _line(sender)).startswith("sent")
            sender.send_signal(signal.SIGKILL)
        finally:
            sender.kill()
            sender.wait()
            assert sender.stdout is not None
            sender.stdout.close()
        again = _worker(ben_data, shared, trip.id, "once")
        try:
            assert (await _line(again)).startswith("started")
        finally:
            assert again.wait() == 0
            assert again.stdout is not None
            again.stdout.close()
        await sync.step()
        sync.close()
        received = sorted(item.title for item in await ana.itinerary.items(trip.id))
    written, creations = _created(ben_data)
    assert len(written) >= 15
    assert received == written
    assert set(creations.values()) == {1}
