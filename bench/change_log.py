"""The change log's cost, before and after bounding it: rows and bytes written by an insert at
the top of a 500-item day and by a move across it, their time, their undo, and the log's size
after 1,000 edits.

The same measurement runs twice, each in its own process: on `--before` (a git revision,
default the commit before this work; exported with `git archive`) and on this checkout.
Medians of `--runs` operations. Run: `python -m bench.change_log [--before REV] [--runs N]`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from contextlib import closing
from io import BytesIO
from pathlib import Path

DAY = "2027-05-01"
ITEMS = 500
EDITS = 1_000
BEFORE = "8134bd13485d00c13b3adda3ef6343d6edaadfe6"


_ROW_BYTES = (
    "coalesce(sum(coalesce(length(before), 0) + coalesce(length(after), 0) + length(label)"
    " + length(group_id) + length(entity_id) + coalesce(length(trip_id), 0) + length(actor)"
    " + length(entity) + length(action) + length(at) + 8), 0)"
)
"""The bytes of a row's values (each integer counted as 8)."""


def _log(path: Path) -> tuple[int, int, int]:
    """(rows, the bytes of their values, the highest row id) in the change log."""
    with closing(sqlite3.connect(path)) as connection:
        rows, size, last = connection.execute(
            f"SELECT count(*), {_ROW_BYTES}, coalesce(max(id), 0) FROM change_log"
        ).fetchone()
    return int(rows), int(size), int(last)


async def _measure(folder: Path, runs: int) -> dict[str, float]:
    from concierge.store import (
        ChangeBus,
        ChangeHistory,
        Database,
        ItineraryRepository,
        TripRepository,
    )

    path = folder / "concierge.db"
    results: dict[str, list[float]] = {}

    def note(name: str, value: float) -> None:
        results.setdefault(name, []).append(value)

    with Database.open(path) as database:
        bus = ChangeBus()
        trips = TripRepository(database, bus)
        itinerary = ItineraryRepository(database, bus)
        history = ChangeHistory(database, bus)
        trip = (await trips.create({"title": "Porto"})).record
        for number in range(ITEMS):
            await itinerary.add(trip.id, {"day": DAY, "title": f"Stop {number}"})
        for run in range(runs):
            _, size, last = _log(path)
            started = time.perf_counter()
            item = (
                await itinerary.add(trip.id, {"day": DAY, "title": f"Top {run}"}, position=0)
            ).record
            note("insert at top: ms", (time.perf_counter() - started) * 1000)
            _, after_size, after_last = _log(path)
            note("insert at top: rows written", after_last - last)
            note("insert at top: KB logged", (after_size - size) / 1024)
            started = time.perf_counter()
            await history.undo_last()
            note("undo of the insert: ms", (time.perf_counter() - started) * 1000)
            await history.redo_last()
            bottom = (await itinerary.items(trip.id))[-1]
            newest = _log(path)[2]
            started = time.perf_counter()
            await itinerary.move(bottom.id, position=0)
            note("move last to top: ms", (time.perf_counter() - started) * 1000)
            note("move last to top: rows written", _log(path)[2] - newest)
            await itinerary.remove(item.id)
        for number in range(EDITS):
            await trips.update(trip.id, {"notes": f"edit {number}"})
        rows, size, _ = _log(path)
        note(f"log after {EDITS:,} more edits: rows", rows)
        note(f"log after {EDITS:,} more edits: KB", size / 1024)
    return {name: statistics.median(values) for name, values in results.items()}


def _child(runs: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        print(json.dumps(asyncio.run(_measure(Path(folder), runs))))


def _run(tree: Path, runs: int) -> dict[str, float]:
    environment = {**os.environ, "PYTHONPATH": str(tree)}
    output = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--child", "--runs", str(runs)],
        cwd=tree,
        env=environment,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    result: dict[str, float] = json.loads(output.splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default=BEFORE)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.child:
        _child(arguments.runs)
        return
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from bench.harness import print_table

    here = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as exported:
        archive = subprocess.run(
            ["git", "archive", arguments.before, "concierge"],
            cwd=here,
            check=True,
            capture_output=True,
        ).stdout
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(exported, filter="data")
        before = _run(Path(exported), arguments.runs)
    after = _run(here, arguments.runs)
    print_table(
        f"Change log: a {ITEMS}-item day, medians of {arguments.runs} "
        f"(before = {arguments.before[:10]}, after = this checkout)",
        ["measure", "before", "after"],
        [[name, f"{before[name]:,.1f}", f"{after[name]:,.1f}"] for name in after],
        notes=["after: a renumbering is one row; the log keeps history.undo_depth (200) steps"],
    )


if __name__ == "__main__":
    main()
