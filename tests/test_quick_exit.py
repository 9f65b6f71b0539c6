"""SIGTERM at moments of start-up and use: the real app exits by itself (code 0, not killed),
without waiting for its airports and towns, and leaves a database that checks clean. The
loader is held by a test hook until stopped, so an exit that waited for it would never come.
The other moments: tests/test_sigterm_saves_typing.py (typing in a form, right after an undo) and
tests/e2e/test_sigterm_moments.py (an answer streaming, a tool call, a lookup); the time each exit
takes is bench/quick_exit.py's, not asserted here."""

from __future__ import annotations

import signal
import sqlite3
from pathlib import Path

import pytest

from concierge.app import PLACES_LOADED_MESSAGE, PLACES_STOPPED_MESSAGE, READY_MESSAGE
from tests.app_process import AppProcess, start_app
from tests.held_places import HELD, HELD_PLACES

STARTING = {
    "the start-up window shown": "first window shown",
    "the data folder opened": "data folder ",
}
"""Before the main window exists (where Python's default for SIGTERM killed the app)."""
WINDOWED = {
    "the window shown": "main window shown",  # the last session being restored
    "the window ready": READY_MESSAGE,
    "the loader running": HELD,
}
MOMENTS = STARTING | WINDOWED
WAIT = 300.0
"""Seconds a moment may take to come, and an exit: only a failing test waits this long, and a
loaded machine took 45 s to show its first window."""


def sigterm_at(launched: AppProcess, moment: str, seconds: float) -> str:
    """Send SIGTERM once `moment` is logged; the log once the app exited cleanly."""
    app = launched.process
    try:
        assert launched.shows(moment, seconds), launched.log
        app.send_signal(signal.SIGTERM)
        assert app.wait(WAIT) == 0, launched.log
    finally:
        if app.poll() is None:
            app.kill()
    assert "Traceback" not in launched.log, launched.log
    return launched.log


def integrity(db: Path) -> str:
    with sqlite3.connect(db) as connection:
        return str(connection.execute("PRAGMA integrity_check").fetchone()[0])


@pytest.mark.parametrize("moment", MOMENTS)
def test_sigterm_stops_the_held_place_loader_and_exits(tmp_path: Path, moment: str) -> None:
    log = sigterm_at(start_app(tmp_path, program=HELD_PLACES), MOMENTS[moment], WAIT)
    assert "signal 15: closing" in log
    assert PLACES_LOADED_MESSAGE not in log, log
    # A close before the window is ready abandons the start-up, the loader's start with it.
    assert (HELD in log) == (PLACES_STOPPED_MESSAGE in log), log
    if moment in STARTING:
        assert HELD not in log, log
    assert integrity(tmp_path / "concierge.db") == "ok"


def test_sigterm_after_the_places_loaded_exits_cleanly(tmp_path: Path) -> None:
    log = sigterm_at(start_app(tmp_path), PLACES_LOADED_MESSAGE, WAIT)
    assert PLACES_STOPPED_MESSAGE not in log, log
    assert integrity(tmp_path / "concierge.db") == "ok"
