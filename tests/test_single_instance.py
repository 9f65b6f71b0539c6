"""One Concierge per data folder, with the real program: a second launch asks the first to
show its window and exits 0; a lock left by a killed first process does not stop the next."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from tests.test_app_process import _start

ASKED = "asked this window to show itself"
DEFERRED = "asked it to show its window"


def _wait_for(lines: list[str], text: str, seconds: float) -> bool:
    """Whether `text` shows up in the lines a reader thread collects within `seconds`."""
    deadline = time.monotonic() + seconds
    pause = threading.Event()
    while not any(text in line for line in list(lines)):
        if time.monotonic() > deadline:
            return False
        pause.wait(0.05)
    return True


def test_a_second_launch_shows_the_first_window_and_exits(tmp_path: Path) -> None:
    first, first_lines, first_ready = _start(tmp_path)
    try:
        assert first_ready.wait(60), "".join(first_lines)
        second, second_lines, second_ready = _start(tmp_path)
        assert second.wait(30) == 0, "".join(second_lines)
        assert not second_ready.is_set()
        assert _wait_for(second_lines, DEFERRED, 5), "".join(second_lines)
        assert _wait_for(first_lines, ASKED, 10), "".join(first_lines)
        assert first.poll() is None  # The first runs on, untouched.
        log = "".join(second_lines)
        assert "Traceback" not in log
        assert "interrupted" not in log  # The second recovered nothing.
    finally:
        first.terminate()
        first.wait(60)


def test_a_lock_left_by_a_killed_process_does_not_stop_the_next_launch(tmp_path: Path) -> None:
    first, first_lines, first_ready = _start(tmp_path)
    try:
        assert first_ready.wait(60), "".join(first_lines)
    finally:
        first.kill()
        first.wait(60)
    assert (tmp_path / "concierge.lock").exists()  # Left behind by the kill.
    second, second_lines, second_ready = _start(tmp_path)
    try:
        assert second_ready.wait(60), "".join(second_lines)
        assert DEFERRED not in "".join(second_lines)
    finally:
        second.terminate()
        assert second.wait(60) == 0
