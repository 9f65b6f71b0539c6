"""SIGTERM at moments of start-up and use: the real app exits at once, without waiting for its
airports and towns, and leaves a database that checks clean. The loader is held by a test
hook until stopped, so an exit that waited for it would never come."""

from __future__ import annotations

import signal
import sqlite3
from pathlib import Path

import pytest

from concierge.app import PLACES_LOADED_MESSAGE, PLACES_STOPPED_MESSAGE, READY_MESSAGE
from tests.app_process import start_app
from tests.held_places import HELD, HELD_PLACES

MOMENTS = {
    "the window shown": "main window shown",
    "the window ready": READY_MESSAGE,
    "the loader running": HELD,
}


def integrity(db: Path) -> str:
    with sqlite3.connect(db) as connection:
        return str(connection.execute("PRAGMA integrity_check").fetchone()[0])


@pytest.mark.parametrize("moment", MOMENTS)
def test_sigterm_stops_the_held_place_loader_and_exits(tmp_path: Path, moment: str) -> None:
    launched = start_app(tmp_path, program=HELD_PLACES)
    app = launched.process
    try:
        assert launched.shows(MOMENTS[moment], 60), launched.log
        app.send_signal(signal.SIGTERM)
        assert app.wait(60) == 0, launched.log
    finally:
        if app.poll() is None:
            app.kill()
    log = launched.log
    assert "signal 15: closing" in log and "Traceback" not in log, log
    assert PLACES_STOPPED_MESSAGE in log and PLACES_LOADED_MESSAGE not in log, log
    assert integrity(tmp_path / "concierge.db") == "ok"


def test_sigterm_after_the_places_loaded_exits_cleanly(tmp_path: Path) -> None:
    launched = start_app(tmp_path)
    app = launched.process
    try:
        assert launched.shows(PLACES_LOADED_MESSAGE, 120), launched.log
        app.send_signal(signal.SIGTERM)
        assert app.wait(60) == 0, launched.log
    finally:
        if app.poll() is None:
            app.kill()
    log = launched.log
    assert "Traceback" not in log and PLACES_STOPPED_MESSAGE not in log, log
    assert integrity(tmp_path / "concierge.db") == "ok"
