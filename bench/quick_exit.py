"""A quick exit: seconds from SIGTERM to the real app's exit, at moments of start-up and use,
beside the 1 s budget (issue 25 item 5).

Each run starts `python -m concierge` offscreen on a fresh data folder (as
tests/test_quick_exit.py does), waits for the moment's line in its log, sends SIGTERM and
times, on this process's monotonic clock, until the process has exited. "the loader
running" holds the place index's load until it is stopped (tests/held_places.py), so an
exit that waited for it would never come; "a lookup running" starts the weather lookup once
the window is ready (tests/lookup_started.py), against a loopback server that has the request
and holds its answer, and sends SIGTERM once the request arrived. Medians of `--runs` runs
(default 3). Run as `.venv/bin/python bench/quick_exit.py`; report the load (`uptime`) beside
the figures.
"""

from __future__ import annotations

import argparse
import functools
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.harness import median, print_table, verdict
from concierge.app import PLACES_LOADED_MESSAGE
from tests.app_process import AppProcess, start_app
from tests.held_places import HELD_PLACES
from tests.lookup_started import LOOKUP_STARTED, seed_forecast
from tests.test_quick_exit import MOMENTS
from tests.travel.lookups.weather_server import WeatherServer

BUDGET = 1.0
"""Seconds from SIGTERM to the exit (issue 25: "within a second of being asked")."""
RUNS = 3
WAIT = 300.0
"""Seconds allowed for a moment to come, and for an exit: generous for a loaded machine."""
LAST = {"the places loaded": PLACES_LOADED_MESSAGE}
"""After the start-up, with the place index loaded (not held)."""
LOOKUP = "a lookup running"


def exit_seconds(moment: str, marker: str) -> float:
    """One run: SIGTERM once `marker` is logged; seconds until the process has exited."""
    with tempfile.TemporaryDirectory() as folder:
        held = moment not in LAST
        launched = start_app(Path(folder), program=HELD_PLACES if held else ("-m", "concierge"))
        return sigterm_seconds(moment, launched, lambda: launched.shows(marker, WAIT))


def lookup_exit_seconds() -> float:
    """One run: SIGTERM once the weather lookup's request reached the server holding it."""
    with tempfile.TemporaryDirectory() as folder, WeatherServer() as weather:
        weather.delay = WAIT
        seed_forecast(Path(folder), weather.url)
        launched = start_app(Path(folder), program=LOOKUP_STARTED)

        def asked() -> bool:
            deadline = time.monotonic() + WAIT
            while not weather.requests and launched.process.poll() is None:
                if time.monotonic() > deadline:
                    return False
                time.sleep(0.02)
            return bool(weather.requests)

        return sigterm_seconds(LOOKUP, launched, asked)


def sigterm_seconds(moment: str, launched: AppProcess, came: Callable[[], bool]) -> float:
    """SIGTERM once `came()` says the moment came; seconds until the process has exited."""
    app = launched.process
    try:
        if not came():
            raise SystemExit(f"{moment}: never came\n{launched.log}")
        asked = time.monotonic()
        app.send_signal(signal.SIGTERM)
        code = app.wait(WAIT)
        seconds = time.monotonic() - asked
    finally:
        if app.poll() is None:
            app.kill()
    if code != 0:
        raise SystemExit(f"{moment}: exit code {code}\n{launched.log}")
    return seconds


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=RUNS)
    arguments = parser.parse_args(argv)
    rows = []
    runs: dict[str, Callable[[], float]] = {
        moment: functools.partial(exit_seconds, moment, marker)
        for moment, marker in (MOMENTS | LAST).items()
    }
    for moment, run in (runs | {LOOKUP: lookup_exit_seconds}).items():
        times = [run() for _ in range(arguments.runs)]
        middle = median(times)
        within = verdict(middle <= BUDGET)
        rows.append([moment, f"{middle:.2f}", f"{max(times):.2f}", f"{BUDGET:.1f}", within])
    print_table(
        f"SIGTERM to exit, median of {arguments.runs}",
        ["SIGTERM at", "median s", "max s", "budget s", ""],
        rows,
    )


if __name__ == "__main__":
    main()
