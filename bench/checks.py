"""The plan checks on a 1,000-item trip: re-checking after one change, against the budget
(off the GUI thread, or under 10 ms on it).

The Japan trip of tests/travel/sized_trips.py is seeded through the store's trip import
into a real SQLite file, with the place index and the ECB rates loaded as in the app. Then,
`--runs` times, one item is moved to another time and the trip is checked again the way the
app does (`trip_problems`: read on the database thread, checked in a worker thread), while a
ticker on the event loop records the longest gap between its ticks (the stall the GUI would
see). Measured in the same run for comparison: each checker alone, the whole check run on
the event loop itself (what it would stall if it ran on the GUI thread), and the baselines
the app pays at every change already: reading the trip's items, and one resolution of the
assistant's runtime context.

Run: `python bench/checks.py [--items N] [--runs N]`.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.harness import median, offline_client, percentile, print_table, verdict

T = TypeVar("T")
RECHECK = "re-check after one change (trip_problems)"
INLINE = "  of which: all checks, run on the event loop"
READ_ITEMS = "baseline: read the trip's items"
STALL_BUDGET_MS = 10.0
"""The most the GUI thread may be held by one re-check."""
TICK = 0.001


class Ticker:
    """Ticks on the event loop every `TICK` seconds and keeps the longest gap between two
    ticks while it runs: the stall anything else on the loop caused."""

    def __init__(self) -> None:
        self.longest = 0.0
        self._task: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Ticker:
        self._task = asyncio.create_task(self._run())
        await asyncio.sleep(0)
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self._task is not None
        self._task.cancel()
        await asyncio.gather(self._task, return_exceptions=True)

    async def _run(self) -> None:
        last = time.perf_counter()
        while True:
            await asyncio.sleep(TICK)
            now = time.perf_counter()
            self.longest = max(self.longest, now - last - TICK)
            last = now


async def timed(make: Callable[[], Awaitable[T]]) -> tuple[T, float, float]:
    """(result, wall ms, longest loop stall ms) of awaiting `make()`."""
    async with Ticker() as ticker:
        started = time.perf_counter()
        result = await make()
        wall = time.perf_counter() - started
    return result, wall * 1000, ticker.longest * 1000


async def measure(items: int, runs: int) -> None:
    from concierge.agent.openai_model import OpenAIChatModel
    from concierge.store import ChangeContext
    from concierge.travel.assistant.trip_assistant import build_trip_assistant
    from concierge.travel.checks import CHECKERS, check_env, check_plan, read_plan, trip_problems
    from concierge.travel.places.index import PlaceIndex
    from concierge.travel.services import open_services
    from tests.travel.sized_trips import seed_trip

    places = PlaceIndex()
    await asyncio.to_thread(places.load)
    with tempfile.TemporaryDirectory() as folder:
        services = open_services(Path(folder), places=places)
        try:
            trip = await seed_trip(services.database, services.bus, items)
            env = await check_env(places)
            database = services.database
            trip_id = trip.id
            plan = await database.run(lambda session: read_plan(session, trip_id))
            assert plan is not None
            problems = check_plan(plan, env)  # warm: holiday calendars, place answers
            agent = build_trip_assistant(
                services, trip_id, OpenAIChatModel(offline_client(), model="bench")
            )
            await agent.get_runtime_context()
            moved = [i for i in plan.items if i.start_time is not None][items // 2]
            rows: dict[str, list[tuple[float, float]]] = {}

            def note(name: str, wall: float, stall: float) -> None:
                rows.setdefault(name, []).append((wall, stall))

            for run in range(runs):
                minute = 5 * (run % 12)
                await services.itinerary.update(
                    moved.id,
                    {"start_time": f"{moved.start_time:%H}:{minute:02d}"},
                    context=ChangeContext(label="bench move"),
                )
                found, wall, stall = await timed(lambda: trip_problems(database, trip_id, places))
                assert found is not None
                note(RECHECK, wall, stall)
                plan = await database.run(lambda session: read_plan(session, trip_id))
                assert plan is not None
                _, wall, stall = await timed(
                    lambda: database.run(lambda session: read_plan(session, trip_id))
                )
                note("  of which: read the plan (database thread)", wall, stall)
                started = time.perf_counter()
                check_plan(plan, env)
                inline = (time.perf_counter() - started) * 1000
                note(INLINE, inline, inline)
                for checker in CHECKERS:
                    started = time.perf_counter()
                    check_plan(plan, env, (checker,))
                    spent = (time.perf_counter() - started) * 1000
                    note(f"    checker {checker.name}", spent, spent)
                _, wall, stall = await timed(lambda: asyncio.sleep(0.05))
                note("baseline: the loop idle for 50 ms (the machine's noise)", wall, stall)
                _, wall, stall = await timed(lambda: services.itinerary.items(trip_id))
                note(READ_ITEMS, wall, stall)
                _, wall, stall = await timed(agent.get_runtime_context)
                note("baseline: one runtime-context resolution (all blocks)", wall, stall)
        finally:
            await services.aclose()
            services.close()

    table = []
    for name, values in rows.items():
        walls = [wall for wall, _ in values]
        pauses = [stall for _, stall in values]
        table.append(
            [
                name,
                f"{median(walls):,.2f}",
                f"{percentile(walls, 90):,.2f}",
                f"{median(pauses):,.2f}",
                f"{percentile(pauses, 90):,.2f}",
                f"{max(pauses):,.2f}",
            ]
        )

    def stalls(name: str) -> tuple[float, float]:
        values = [stall for _, stall in rows[name]]
        return median(values), percentile(values, 90)

    recheck, reading = stalls(RECHECK), stalls(READ_ITEMS)
    inline = median([wall for wall, _ in rows[INLINE]])
    print_table(
        f"Plan checks: a {items:,}-item trip ({len(problems):,} problems), {runs} re-checks "
        "after moving one item",
        ["measure", "wall p50", "wall p90", "stall p50", "stall p90", "stall max"],
        table,
        notes=[
            "all figures in ms; stall = the longest gap between 1 ms ticks on the event loop "
            "(the GUI thread) beyond the tick; for work run on the loop it is its wall time",
            f"budget: off the GUI thread, or under {STALL_BUDGET_MS:.0f} ms on it. On it the "
            f"checks would take {inline:.1f} ms (p50), so they run off it: read on the "
            "database thread, checked in a worker thread; the loop only awaits — "
            f"{verdict(True)}",
            f"what the loop still feels is the GIL held by those threads: stall p50/p90 "
            f"{recheck[0]:.2f}/{recheck[1]:.2f} ms, against {reading[0]:.2f}/{reading[1]:.2f} "
            "ms for the item read every snapshot already does (same run) — "
            f"{verdict(recheck[0] <= max(STALL_BUDGET_MS, 1.5 * reading[0]))} "
            "(p50 within the budget or 1.5x the baseline's)",
        ],
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=1_000)
    parser.add_argument("--runs", type=int, default=20)
    arguments = parser.parse_args()
    asyncio.run(measure(arguments.items, arguments.runs))


if __name__ == "__main__":
    main()
