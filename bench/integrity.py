"""The cost of checking the database at start-up: `quick_check` (what start-up runs) beside
`integrity_check` (which also compares every index with its table) on a realistic file.

The file is built with the app's own services (`open_services`): 20 trips × 50 itinerary
items (each add one transaction with its change-log rows) and one 5,000-message
conversation, then closed so its WAL is folded in. Each check opens its own read-only
connection, as start-up does, cold (first run, after the build) and warm (median of
`--runs`). Run: `python -m bench.integrity [--runs N]`.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from bench.harness import median, print_table
from concierge.agent.messages import AssistantMessage, user_message
from concierge.store import SqliteHistoryStore, database_path
from concierge.store.integrity import check_integrity
from concierge.travel.services import open_services

TRIPS = 20
ITEMS_PER_TRIP = 50
MESSAGES = 5_000


async def build(folder: Path) -> Path:
    """The app's services on `folder` (`open_services`), filled and closed; the database's
    path."""
    services = open_services(folder)
    try:
        for number in range(TRIPS):
            trip = (
                await services.trips.create({"title": f"Trip {number}", "notes": "Plans. " * 40})
            ).record
            for item in range(ITEMS_PER_TRIP):
                await services.itinerary.add(
                    trip.id,
                    {
                        "day": f"2027-05-{1 + item % 20:02d}",
                        "title": f"Stop {item}",
                        "place": "Rua das Flores, Porto",
                        "notes": "Book ahead. " * 10,
                    },
                )
        history = SqliteHistoryStore(services.database, "long")
        for start in range(0, MESSAGES, 100):
            await history.append(
                [
                    user_message(f"Question {n}: " + "where to eat? " * 20)
                    if n % 2 == 0
                    else AssistantMessage(text=f"Answer {n}: " + "try the market. " * 30)
                    for n in range(start, start + 100)
                ]
            )
    finally:
        await services.aclose()
        services.close()
    return database_path(folder)


def timed(check: str, path: Path) -> float:
    import sqlite3
    from contextlib import closing

    started = time.perf_counter()
    if check == "quick_check":
        assert check_integrity(path).ok
    else:
        with closing(sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)) as connection:
            assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        path = asyncio.run(build(Path(folder)))
        built = time.perf_counter() - started
        size = path.stat().st_size
        rows = []
        for check in ("quick_check", "integrity_check"):
            cold = timed(check, path)
            warm = median([timed(check, path) for _ in range(runs)])
            rows.append([check, f"{cold * 1000:.1f} ms", f"{warm * 1000:.1f} ms"])
        print_table(
            f"Start-up check of a {size / 1_048_576:.1f} MB database "
            f"({TRIPS} trips × {ITEMS_PER_TRIP} items, {MESSAGES:,} messages; "
            f"built in {built:.1f} s)",
            ["check", "first run", f"median of {runs}"],
            rows,
            notes=["start-up runs quick_check on a read-only connection before migrating"],
        )


if __name__ == "__main__":
    main()
