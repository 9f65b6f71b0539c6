"""The place index (airports and the GeoNames gazetteer): load, memory and search latency.

  load in a worker thread  `PlaceIndex.load` on a thread while the main thread ticks every
                           millisecond; the ticks' overshoot is the stall a GUI thread would
                           feel (parsing holds the GIL). Automatic garbage collection is off,
                           as in the app (``ui/garbage.py``): a full pass over the growing
                           index would otherwise hold the GIL for hundreds of milliseconds.
                           The app starts the load only once it has logged "ready", so none
                           of this is on the start-up path.
  memory                   what the loaded index keeps (tracemalloc, a separate load), and
                           the peak while loading.
  search                   `PlaceIndex.search` on the GUI thread for what a person types,
                           one keystroke at a time (p50 / p99 / max). Budget: p99 < 16 ms,
                           one frame, since the completer searches on every keystroke.

Run: `python -m bench.places [--rounds N]`.
"""

from __future__ import annotations

import argparse
import gc
import threading
import time
import tracemalloc

from bench.harness import median, percentile, print_table, verdict
from concierge.travel.places.index import PlaceIndex

TYPED = ("Kyoto", "Lisbon", "Porto", "New York", "San Francisco", "Springfield", "Nara", "Zürich")
SEARCH_BUDGET_MS = 16.0
TICK_SECONDS = 0.001


def load_while_ticking() -> tuple[float, list[float]]:
    """Seconds the worker took, and the main thread's tick overshoots (ms) meanwhile."""
    index = PlaceIndex()
    worker = threading.Thread(target=index.load)
    stalls: list[float] = []
    gc.disable()
    worker.start()
    while worker.is_alive():
        before = time.perf_counter()
        time.sleep(TICK_SECONDS)
        stalls.append((time.perf_counter() - before - TICK_SECONDS) * 1000)
    worker.join()
    gc.enable()
    assert index.load_seconds is not None
    return index.load_seconds, stalls


def memory() -> tuple[float, float]:
    """MB kept by a loaded index and MB at the peak of loading."""
    gc.collect()
    tracemalloc.start()
    index = PlaceIndex()
    index.load()
    gc.collect()
    kept, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del index
    return kept / 1e6, peak / 1e6


def search_latencies(index: PlaceIndex, rounds: int) -> list[float]:
    """Milliseconds per search, for every prefix of every typed name."""
    timings: list[float] = []
    for _ in range(rounds):
        for name in TYPED:
            for end in range(1, len(name) + 1):
                started = time.perf_counter()
                index.search(name[:end], 8)
                timings.append((time.perf_counter() - started) * 1000)
    return timings


def main(rounds: int) -> None:
    loads = [load_while_ticking() for _ in range(3)]
    seconds = median([s for s, _ in loads])
    stalls = [stall for _, run in loads for stall in run]
    kept, peak = memory()
    index = PlaceIndex()
    index.load()
    timings = search_latencies(index, rounds)
    p99 = percentile(timings, 99)
    print_table(
        f"Place index (airports and gazetteer towns): search over {len(timings)} keystrokes",
        ("what", "measured", "budget", "verdict"),
        [
            ("load in a worker thread (median of 3)", f"{seconds:.2f} s", "off start-up", "-"),
            (
                "GUI-thread tick stall while loading, p99",
                f"{percentile(stalls, 99):.1f} ms",
                "-",
                "-",
            ),
            ("GUI-thread tick stall while loading, max", f"{max(stalls):.1f} ms", "-", "-"),
            ("memory kept by the loaded index", f"{kept:.0f} MB", "-", "-"),
            ("memory at the peak of loading", f"{peak:.0f} MB", "-", "-"),
            ("search p50", f"{median(timings):.2f} ms", "-", "-"),
            (
                "search p99",
                f"{p99:.2f} ms",
                f"< {SEARCH_BUDGET_MS:g} ms",
                verdict(p99 < SEARCH_BUDGET_MS),
            ),
            ("search max", f"{max(timings):.2f} ms", "-", "-"),
        ],
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="passes over the typed names")
    main(parser.parse_args().rounds)
