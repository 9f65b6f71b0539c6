"""Another program writing to a data folder, for the tests of the window noticing it.

Run as `python -m tests.outside_writer DATA_DIR PROGRAM TRIP_ID DAY TITLE`, it opens the
folder's services as the program PROGRAM (as an MCP server or a sync would), adds the
itinerary item TITLE on DAY, prints the item's id and exits.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from concierge.travel.services import open_services


async def main(folder: Path, program: str, trip_id: str, day: str, title: str) -> None:
    services = open_services(folder, program=program)
    try:
        item = (await services.itinerary.add(trip_id, {"day": day, "title": title})).record
        print(item.id, flush=True)
        await services.aclose()
    finally:
        services.close()


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), *sys.argv[2:6]))
