"""One Concierge per data folder, with the real program: a second launch asks the first to
show its window and exits 0; a lock left by a killed first process does not stop the next."""

from __future__ import annotations

from pathlib import Path

from tests.app_process import start_app

ASKED = "asked this window to show itself"
DEFERRED = "asked it to show its window"


def test_a_second_launch_shows_the_first_window_and_exits(tmp_path: Path) -> None:
    first = start_app(tmp_path)
    try:
        assert first.ready.wait(60), first.log
        second = start_app(tmp_path)
        assert second.process.wait(30) == 0, second.log
        assert not second.ready.is_set()
        assert second.shows(DEFERRED, 5), second.log
        assert first.shows(ASKED, 10), first.log
        assert first.process.poll() is None  # The first runs on, untouched.
        assert "Traceback" not in second.log
        assert "interrupted" not in second.log  # The second recovered nothing.
    finally:
        first.process.terminate()
        first.process.wait(60)


def test_a_lock_left_by_a_killed_process_does_not_stop_the_next_launch(tmp_path: Path) -> None:
    first = start_app(tmp_path)
    try:
        assert first.ready.wait(60), first.log
    finally:
        first.process.kill()
        first.process.wait(60)
    assert (tmp_path / "concierge.lock").exists()  # Left behind by the kill.
    second = start_app(tmp_path)
    try:
        assert second.ready.wait(60), second.log
        assert DEFERRED not in second.log
    finally:
        second.process.terminate()
        assert second.process.wait(60) == 0
