"""The real program: it starts on an empty folder and SIGTERM/SIGINT close it cleanly."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

READY = "Concierge is ready"


def _start(data_dir: Path) -> tuple[subprocess.Popen[str], list[str], threading.Event]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "CONCIERGE_MODEL")
    }
    env |= {
        "QT_QPA_PLATFORM": "offscreen",
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "concierge", "--data-dir", str(data_dir)],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    lines: list[str] = []
    ready = threading.Event()

    def read() -> None:
        assert process.stderr is not None
        for line in process.stderr:
            lines.append(line)
            if READY in line:
                ready.set()

    threading.Thread(target=read, daemon=True).start()
    return process, lines, ready


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_closes_the_app_like_the_close_button(tmp_path: Path, signum: int) -> None:
    process, lines, ready = _start(tmp_path)
    try:
        assert ready.wait(60), "".join(lines)
        process.send_signal(signum)
        assert process.wait(60) == 0, "".join(lines)
    finally:
        if process.poll() is None:
            process.kill()
    log = "".join(lines)
    assert f"signal {int(signum)}: closing" in log
    assert "Traceback" not in log
    with sqlite3.connect(tmp_path / "concierge.db") as db:
        saved = dict(db.execute("SELECT key, value FROM app_setting").fetchall())
        titles = [row[0] for row in db.execute("SELECT title FROM trip")]
    assert "ui.window_geometry" in saved  # written by the async shutdown
    assert titles == ["My first trip"]
