"""A second process for the two-process tests: adds items to one trip through the project's
repositories, each a read-then-write transaction, as fast as it can.

Run as `python -m tests.store.hammer DATABASE TRIP_ID NAME COUNT`; prints one line per
committed item and exits 0, or prints the error and exits 1.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from concierge.store import ChangeBus, Database, ItineraryRepository, TripRepository


async def hammer(path: Path, trip_id: str, name: str, count: int) -> None:
    with Database(path) as database:
        bus = ChangeBus()
        itinerary = ItineraryRepository(database, bus)
        trips = TripRepository(database, bus)
        for number in range(count):
            await itinerary.add(
                trip_id, {"day": "2027-05-01", "title": f"{name} {number}"}, position=0
            )
            await trips.update(trip_id, {"notes": f"{name} {number}"})
            print(f"committed {name} {number}", flush=True)


def main(argv: list[str]) -> int:
    path, trip_id, name, count = argv
    try:
        asyncio.run(hammer(Path(path), trip_id, name, int(count)))
    except Exception as error:
        print(f"{type(error).__module__}.{type(error).__name__}: {error}", flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
