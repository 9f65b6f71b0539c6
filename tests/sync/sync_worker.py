"""A device's sync as a real process, for the kill -9 tests: opens the data folder with the one
composition and steps the trip's sync, printing each change a step applied, until killed
(`forever`), or once (`once`: with a server, until the room is joined and what it brought is
written); or (`send`) adds items to the trip one by one, each sent, printing each, until
killed. The trip is shared at a folder or a server's URL (`transports.open_transport`), with
the folder's passphrase or the room's secret."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from concierge.store import Change
from concierge.sync.engine import Device, TripSync
from concierge.sync.room import ServerRoom
from concierge.sync.transports import open_transport
from concierge.travel.services import open_services
from tests.sync.pair import PASSPHRASE


async def main(
    data_dir: Path, shared: str, trip_id: str, device: Device, mode: str, secret: str
) -> None:
    services = open_services(data_dir)
    state = data_dir / "sync"
    transport = open_transport(
        shared, secret, trip_id=trip_id, device_id=device.id, state_dir=state
    )
    sync = TripSync(services.database, services.bus, trip_id, device, transport, state)

    def applied(change: Change) -> None:
        if change.initiator is sync.initiator:
            print("applied", flush=True)

    report = await sync.start()
    if isinstance(transport, ServerRoom):
        await transport.joined()
        await sync.settled()
    print(f"started {report.applied}", flush=True)
    services.bus.subscribe(applied)
    number = 0
    while mode == "send":
        await services.itinerary.add(trip_id, {"day": "2027-05-01", "title": f"Sent {number:04}"})
        await sync.settled()
        print(f"sent {number}", flush=True)
        number += 1
    while mode == "forever":
        if isinstance(transport, ServerRoom):
            await asyncio.Event().wait()  # the room starts a step for each update it hears
        await sync.step()
        await asyncio.sleep(0)
    sync.close()
    if isinstance(transport, ServerRoom):
        await transport.wait_closed()
    await services.aclose()
    services.close()


if __name__ == "__main__":
    data, shared, trip, device_id, name, mode = sys.argv[1:7]
    secret = sys.argv[7] if len(sys.argv) > 7 else PASSPHRASE
    asyncio.run(main(Path(data), shared, trip, Device(device_id, name), mode, secret))
