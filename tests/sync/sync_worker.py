"""A device's sync as a real process, for the kill -9 tests: opens the data folder with the one
composition and steps the trip's sync, printing each step that applied something, until killed
(`forever`), or once (`once`); or (`send`) adds items to the trip one by one, each sent, printing
each, until killed."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from concierge.sync.engine import Device, TripSync
from concierge.sync.folder import SyncFolder, folder_key
from concierge.travel.services import open_services
from tests.sync.pair import PASSPHRASE


async def main(data_dir: Path, shared: Path, trip_id: str, device: Device, mode: str) -> None:
    services = open_services(data_dir)
    folder = SyncFolder(shared, device.id, folder_key(shared, PASSPHRASE))
    sync = TripSync(services.database, services.bus, trip_id, device, folder, data_dir / "sync")
    report = await sync.start()
    print(f"started {report.applied}", flush=True)
    number = 0
    while mode == "send":
        await services.itinerary.add(trip_id, {"day": "2027-05-01", "title": f"Sent {number:04}"})
        await sync.settled()
        print(f"sent {number}", flush=True)
        number += 1
    while mode == "forever":
        report = await sync.step()
        if report.applied:
            print(f"applied {report.applied}", flush=True)
        await asyncio.sleep(0)
    sync.close()
    await services.aclose()
    services.close()


if __name__ == "__main__":
    data, shared, trip, device_id, name, mode = sys.argv[1:7]
    asyncio.run(main(Path(data), Path(shared), trip, Device(device_id, name), mode))
