"""The real program: it starts on an empty folder and SIGTERM/SIGINT close it cleanly."""

from __future__ import annotations

import signal
import sqlite3
from pathlib import Path

import pytest

from tests.app_process import start_app


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_closes_the_app_like_the_close_button(tmp_path: Path, signum: int) -> None:
    app = start_app(tmp_path)
    process = app.process
    try:
        assert app.ready.wait(60), app.log
        process.send_signal(signum)
        assert process.wait(60) == 0, app.log
    finally:
        if process.poll() is None:
            process.kill()
    log = app.log
    assert f"signal {int(signum)}: closing" in log
    assert "Traceback" not in log
    with sqlite3.connect(tmp_path / "concierge.db") as db:
        saved = dict(db.execute("SELECT key, value FROM app_setting").fetchall())
        titles = [row[0] for row in db.execute("SELECT title FROM trip")]
    assert "ui.window_geometry" in saved  # written by the async shutdown
    assert titles == ["My first trip"]
