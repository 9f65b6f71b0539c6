"""How long another process's write takes to reach this process's bus, where the window's
views, checks and assistant take it in: a writer process (as `concierge import` or an MCP
server) commits an itinerary item every `--every` seconds and prints when, on the
system-wide monotonic clock; `OutsideWrites` here, as the window runs it, publishes the
`Change`; the delay is the time between. Median and worst of `--runs` writes, beside the 1 s
budget. Run: `python -m bench.outside_writes [--runs N] [--every SECONDS]`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

BUDGET_SECONDS = 1.0
DAY = "2027-05-01"


async def write(folder: Path, trip_id: str, runs: int, every: float) -> None:
    """The other program: one item a time, each line "ITEM_ID COMMITTED_AT"."""
    from concierge.travel.services import open_services

    services = open_services(folder, program="bench writer")
    try:
        for number in range(runs):
            await asyncio.sleep(every)
            item = (
                await services.itinerary.add(trip_id, {"day": DAY, "title": f"Item {number}"})
            ).record
            print(item.id, time.monotonic(), flush=True)
        await services.aclose()
    finally:
        services.close()


async def measure(runs: int, every: float) -> list[float]:
    from concierge.store import Change
    from concierge.travel.services import open_services

    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        services = open_services(folder)
        arrived: dict[str, float] = {}
        committed: dict[str, float] = {}
        done = asyncio.Event()

        def heard(change: Change) -> None:
            arrived.setdefault(change.entity_id, time.monotonic())
            if len(committed) == runs and committed.keys() <= arrived.keys():
                done.set()

        services.bus.subscribe(heard)
        try:
            trip = (await services.trips.create({"title": "Bench"})).record
            await services.outside.start()
            writer = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bench.outside_writes",
                "--write",
                str(folder),
                trip.id,
                "--runs",
                str(runs),
                "--every",
                str(every),
                stdout=asyncio.subprocess.PIPE,
            )
            assert writer.stdout is not None
            async for line in writer.stdout:
                item_id, at = line.decode().split()
                committed[item_id] = float(at)
            await writer.wait()
            if committed.keys() <= arrived.keys():
                done.set()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(done.wait(), 10 * BUDGET_SECONDS)
            missing = committed.keys() - arrived.keys()
            if missing:
                raise SystemExit(f"{len(missing)} of {runs} writes never arrived")
            return [arrived[item_id] - at for item_id, at in committed.items()]
        finally:
            await services.aclose()
            services.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--every", type=float, default=0.3)
    parser.add_argument("--write", nargs=2, metavar=("FOLDER", "TRIP"))
    arguments = parser.parse_args()
    if arguments.write:
        folder, trip_id = arguments.write
        asyncio.run(write(Path(folder), trip_id, arguments.runs, arguments.every))
        return
    delays = asyncio.run(measure(arguments.runs, arguments.every))
    median = statistics.median(delays)
    print(
        f"another process's commit to this one's Change: median {median * 1000:.0f} ms, "
        f"worst {max(delays) * 1000:.0f} ms over {len(delays)} writes "
        f"(budget {BUDGET_SECONDS * 1000:.0f} ms; load {os.getloadavg()[0]:.2f})"
    )


if __name__ == "__main__":
    main()
