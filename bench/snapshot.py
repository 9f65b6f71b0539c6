"""The bounded snapshot's size and cost at 10, 100, 500 and 1,000 itinerary items.

For each size a trip is seeded through the store's trip import into a real SQLite file (the
Japan trip of tests/travel/sized_trips.py: four stops, trains, hotels, meals and sights, a
cost on every third item) with one item selected mid-trip. Measured on the app's own trip
assistant (`build_trip_assistant`), nothing sent:

- the whole runtime context (every block) by the app's estimator, against the budget, and
  by a real tokenizer when `--server` names a llama.cpp server (its POST /tokenize);
- provider time: one `get_runtime_context()` (hooks and all providers, as before every model
  call), and the trip provider's own part of it, median of `--runs` after a warm-up (the
  first resolution waits for the ECB rates to load);
- the baseline, in the same run: the unbounded full render the trip block sent before
  (`render_trip`: every item), read from the same database, its tokens and time.

Run: `python bench/snapshot.py [--server http://127.0.0.1:PORT] [--runs N]`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from itertools import groupby
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.harness import median, offline_client, print_table, verdict
from concierge.agent import Agent
from concierge.agent.openai_model import OpenAIChatModel
from concierge.model.settings import ASSISTANT_SNAPSHOT_BUDGET
from concierge.store import ItineraryItemRecord, StopRecord, TripRecord
from concierge.travel.assistant.snapshot_budget import estimate_tokens
from concierge.travel.assistant.trip_assistant import build_trip_assistant
from concierge.travel.assistant.trip_view import (
    NOTES_LIMIT,
    day_heading,
    day_zone,
    header_lines,
    render_item,
)
from concierge.travel.safe_text.sensitive import sharing
from concierge.travel.services import TravelServices, open_services
from tests.travel.sized_trips import seed_trip

SIZES = (10, 100, 500, 1_000)
BUDGET = ASSISTANT_SNAPSHOT_BUDGET.default


def render_trip(
    trip: TripRecord, items: Sequence[ItineraryItemRecord], stops: Sequence[StopRecord]
) -> str:
    """The baseline: the trip with every item, as the trip block was rendered before it was
    bounded (header, then each day's items)."""
    with sharing(trip.shared_values):
        lines = header_lines(trip, stops, notes_limit=NOTES_LIMIT, documents=())
        lines.append("Itinerary:" if items else "Itinerary: empty")
        for day, group in groupby(items, key=lambda item: item.day):
            lines.append(day_heading(trip, day))
            zone = day_zone(trip, stops, day)
            lines.extend(f"  - {render_item(item, zone)}" for item in group)
        return "\n".join(lines)


def real_tokens(server: str | None, text: str) -> int | None:
    """Tokens of `text` by the server's own tokenizer, or None without a server."""
    if server is None:
        return None
    request = urllib.request.Request(
        f"{server.rstrip('/')}/tokenize",
        data=json.dumps({"content": text}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return len(json.load(response)["tokens"])


async def seeded_assistant(services: TravelServices, items: int) -> tuple[TripRecord, Agent]:
    """The app's trip assistant on a seeded trip of `items` items, one selected mid-trip,
    its model never called."""
    trip = await seed_trip(services.database, services.bus, items)
    listed = await services.itinerary.items(trip.id)
    services.selection.select_trip(trip.id)
    services.selection.select_items((listed[len(listed) // 2].id,))
    model = OpenAIChatModel(offline_client(), model="bench")
    return trip, build_trip_assistant(services, trip.id, model)


async def measure(folder: Path, items: int, runs: int) -> dict[str, object]:
    services = open_services(folder)
    try:
        trip, agent = await seeded_assistant(services, items)
        await agent.get_runtime_context()
        resolutions, trip_parts, text = [], [], ""
        for _ in range(runs):
            context = await agent.get_runtime_context()
            resolutions.append(context.seconds)
            trip_parts.append(next(p.seconds for p in context.parts if p.name == "trip"))
            text = context.text or ""
        full_times, full = [], ""
        for _ in range(runs):
            started = time.perf_counter()
            record = await services.trips.get(trip.id)
            assert record is not None
            full = render_trip(
                record,
                await services.itinerary.items(trip.id),
                await services.stops.stops(trip.id),
            )
            full_times.append(time.perf_counter() - started)
        return {
            "text": text,
            "full": full,
            "resolution": median(resolutions),
            "trip": median(trip_parts),
            "full_time": median(full_times),
        }
    finally:
        await services.lookups.aclose()
        services.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", help="a llama.cpp server's base URL, for real token counts")
    parser.add_argument("--runs", type=int, default=7)
    options = parser.parse_args()
    rows, within = [], True
    with tempfile.TemporaryDirectory() as scratch:
        for items in SIZES:
            folder = Path(scratch) / f"trip-{items}"
            folder.mkdir()
            result = asyncio.run(measure(folder, items, options.runs))
            text, full = str(result["text"]), str(result["full"])
            estimated, real = estimate_tokens(text), real_tokens(options.server, text)
            within = within and estimated <= BUDGET and (real is None or real <= BUDGET)
            full_real = real_tokens(options.server, full)
            rows.append(
                [
                    f"{items:,}",
                    f"{estimated:,}",
                    "n/a" if real is None else f"{real:,}",
                    f"{BUDGET:,}",
                    f"{float(str(result['resolution'])) * 1000:.1f} ms",
                    f"{float(str(result['trip'])) * 1000:.1f} ms",
                    f"{estimate_tokens(full):,}",
                    "n/a" if full_real is None else f"{full_real:,}",
                    f"{float(str(result['full_time'])) * 1000:.1f} ms",
                ]
            )
    print_table(
        "Runtime context per model call (bounded) beside the full trip render (before)",
        [
            "items",
            "est. tokens",
            "real tokens",
            "budget",
            "resolution",
            "trip part",
            "full: est.",
            "full: real",
            "full: time",
        ],
        rows,
        notes=[
            f"within budget at every size: {verdict(within)}",
            "real tokens: "
            + (f"the tokenizer of {options.server}" if options.server else "no --server given"),
        ],
    )


if __name__ == "__main__":
    main()
