"""A quick exit: seconds from SIGTERM to the real app's exit, at moments of start-up and use,
beside the 1 s budget (issue 25 item 5).

Each run starts `python -m concierge` offscreen on a fresh data folder (as
tests/test_quick_exit.py does), waits for the moment's line in its log, sends SIGTERM and
times, on this process's monotonic clock, until the process has exited. "the loader
running" holds the place index's load until it is stopped (tests/held_places.py), so an
exit that waited for it would never come. Medians of `--runs` runs (default 3). Run as
`.venv/bin/python bench/quick_exit.py`; report the load (`uptime`) beside the figures.
"""

from __future__ import annotations

import argparse
import signal
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.harness import median, print_table, verdict
from concierge.app import PLACES_LOADED_MESSAGE
from tests.app_process import start_app
from tests.held_places import HELD_PLACES
from tests.test_quick_exit import MOMENTS

BUDGET = 1.0
"""Seconds from SIGTERM to the exit (issue 25: "within a second of being asked")."""
RUNS = 3
WAIT = 300.0
"""Seconds allowed for a moment to come, and for an exit: generous for a loaded machine."""
LAST = {"the places loaded": PLACES_LOADED_MESSAGE}
"""After the start-up, with the place index loaded (not held)."""


def exit_seconds(moment: str, marker: str) -> float:
    """One run: SIGTERM once `marker` is logged; seconds until the process has exited."""
    with tempfile.TemporaryDirectory() as folder:
        held = moment not in LAST
        launched = start_app(Path(folder), program=HELD_PLACES if held else ("-m", "concierge"))
        app = launched.process
        try:
            if not launched.shows(marker, WAIT):
                raise SystemExit(f"{moment}: {marker!r} never came\n{launched.log}")
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
    for moment, marker in (MOMENTS | LAST).items():
        times = [exit_seconds(moment, marker) for _ in range(arguments.runs)]
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
