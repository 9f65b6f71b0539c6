"""SIGTERM at moments of start-up and use: the real app exits at once, without waiting for its
airports and towns, and leaves a database that checks clean. The loader is held by a test
hook until stopped, so an exit that waited for it would never come."""

from __future__ import annotations

import signal
import sqlite3
from pathlib import Path

import pytest

from concierge.app import PLACES_LOADED_MESSAGE, PLACES_STOPPED_MESSAGE, READY_MESSAGE
from tests.app_process import AppProcess, start_app
from tests.held_places import HELD, HELD_PLACES

MOMENTS = {
    "the window shown": "main window shown",
    "the window ready": READY_MESSAGE,
    "the loader running": HELD,
}


def sigterm_at(launched: AppProcess, moment: str, seconds: float) -> str:
    """Send SIGTERM once `moment` is logged; the log once the app exited cleanly."""
    app = launched.process
    try:
        assert launched.shows(moment, seconds), launched.log
        app.send_signal(signal.SIGTERM)
        assert app.wait(60) == 0, launched.log
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
    log = sigterm_at(start_app(tmp_path, program=HELD_PLACES), MOMENTS[moment], 60)
    assert "signal 15: closing" in log
    assert PLACES_STOPPED_MESSAGE in log and PLACES_LOADED_MESSAGE not in log, log
    assert integrity(tmp_path / "concierge.db") == "ok"


def test_sigterm_after_the_places_loaded_exits_cleanly(tmp_path: Path) -> None:
    log = sigterm_at(start_app(tmp_path), PLACES_LOADED_MESSAGE, 120)
    assert PLACES_STOPPED_MESSAGE not in log, log
    assert integrity(tmp_path / "concierge.db") == "ok"
