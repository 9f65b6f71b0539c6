"""The real program on its own X display: text typed with real keys into a field that still
has the focus is saved when SIGTERM closes the app.

Needs Debian's xvfb, openbox, xdotool and x11-utils (xprop); skipped without them. Whether
the app has handled a key is read from `_NET_WM_USER_TIME`, which Qt sets on its window
for every key press it processes (with a window manager that supports it), so the test
waits on that instead of sleeping.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from concierge.app import PLACES_LOADED_MESSAGE, PLACES_STOPPED_MESSAGE
from tests.app_process import AppProcess, start_app
from tests.held_places import HELD, HELD_PLACES

ATTEMPTS = 3
TOOLS = ("Xvfb", "openbox", "xdotool", "xprop")
pytestmark = pytest.mark.skipif(
    any(shutil.which(tool) is None for tool in TOOLS), reason=f"needs {', '.join(TOOLS)}"
)


def wait_for(check: Callable[[], object], what: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


@pytest.fixture
def display() -> Iterator[dict[str, str]]:
    """An X server of our own (a free display number, chosen by Xvfb) with a window
    manager; the environment to run X programs on it."""
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as numbers:
        number = numbers.readline().strip()
    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
    env["DISPLAY"] = f":{number}"
    manager = subprocess.Popen(
        ["openbox"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        wait_for(
            lambda: "window id" in x(env, "xprop", "-root", "_NET_SUPPORTING_WM_CHECK"),
            "the window manager",
        )
        yield env
    finally:
        for process in (manager, server):
            process.terminate()
            process.wait(10)


def x(env: dict[str, str], *command: str) -> str:
    return subprocess.run(command, env=env, capture_output=True, text=True, check=False).stdout


def user_time(env: dict[str, str], window: str) -> str:
    return x(env, "xprop", "-id", window, "_NET_WM_USER_TIME")


def press(env: dict[str, str], window: str, *keys: str) -> None:
    """Press each key and wait until the app has processed it."""
    for key in keys:
        before = user_time(env, window)
        x(env, "xdotool", "key", key)
        wait_for(lambda b=before: user_time(env, window) != b, f"the app to take {key}", 10)


def answers(db: Path) -> dict[str, object]:
    with sqlite3.connect(db) as connection:
        rows = connection.execute("SELECT field, value FROM form_answer ORDER BY id").fetchall()
    return {field: json.loads(value) for field, value in rows if value is not None}


def main_window(launched: AppProcess, env: dict[str, str]) -> str:
    """The main window, once the app is ready and the start-up window has gone, activated."""
    assert launched.ready.wait(60), launched.log
    windows: list[str] = []

    def one_window() -> bool:
        search = ("xdotool", "search", "--onlyvisible", "--pid", str(launched.process.pid))
        windows[:] = x(env, *search, "--name", "^Concierge$").split()
        return len(windows) == 1

    wait_for(one_window, "the main window")
    x(env, "xdotool", "windowactivate", "--sync", windows[0])
    return windows[0]


def choose_party(env: dict[str, str], window: str, db: Path, *then: str) -> None:
    """The Brief's "Travelling as" moved one down, and saved; then the keys `then`."""
    for attempt in range(ATTEMPTS):  # keys that beat the brief's first load are undone
        press(env, window, "ctrl+2", "Down", *then)
        try:
            wait_for(lambda: "party" in answers(db), "party", 10)
            return
        except AssertionError:
            if attempt == ATTEMPTS - 1:
                raise


def type_ages(env: dict[str, str], window: str, db: Path) -> object:
    """A party chosen, then the ages typed and saved (the focus back on the party); the
    party."""
    choose_party(env, window, db)
    press(env, window, "Tab", "4", "1", "comma", "space", "3", "9", "shift+Tab")
    wait_for(lambda: answers(db).get("ages") == [41, 39], "the ages saved")
    return answers(db)["party"]


def wait_window(env: dict[str, str], title: str) -> None:
    """Until a window whose whole title matches `title` (a regular expression) is shown."""
    search = ("xdotool", "search", "--onlyvisible", "--name", f"^{title}$")
    wait_for(lambda: x(env, *search).split(), f"the window {title!r}")


@pytest.mark.parametrize("held", [False, True], ids=["as it is", "place loader held"])
def test_sigterm_saves_text_typed_into_a_focused_field(
    tmp_path: Path, display: dict[str, str], held: bool
) -> None:
    """With the place index still loading (held by a test hook until stopped), closing stops
    it rather than waiting."""
    launched = start_app(
        tmp_path,
        display,
        ["--no-welcome"],
        program=HELD_PLACES if held else ("-m", "concierge"),
    )
    app, env = launched.process, display
    try:
        window = main_window(launched, env)
        db = tmp_path / "concierge.db"
        choose_party(env, window, db, "Tab")  # then Ages
        party = answers(db)["party"]
        press(env, window, "4", "1", "comma", "space", "3", "9")  # the focus stays in Ages
        if held:  # the loader starts once start-up is done (a close before skips it)
            assert launched.shows(HELD, 60), launched.log

        app.send_signal(signal.SIGTERM)
        assert app.wait(60) == 0, launched.log
    finally:
        if app.poll() is None:
            app.kill()
    log = launched.log
    assert "signal 15: closing" in log and "Traceback" not in log
    assert answers(db) == {"party": party, "ages": [41, 39]}
    if held:
        assert PLACES_STOPPED_MESSAGE in log and PLACES_LOADED_MESSAGE not in log, log
    with sqlite3.connect(db) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)


@contextlib.contextmanager
def killed_at_the_end(launched: AppProcess) -> Iterator[None]:
    """Kill the app if it still runs when the block ends (a failure before the SIGTERM)."""
    try:
        yield
    finally:
        if launched.process.poll() is None:
            launched.process.kill()


def terminated(launched: AppProcess, db: Path, saved: dict[str, object]) -> None:
    """SIGTERM now: the app exits by itself, with no traceback, leaving `saved` as the form's
    answers and a database that checks clean."""
    launched.process.send_signal(signal.SIGTERM)
    assert launched.process.wait(60) == 0, launched.log
    log = launched.log
    assert "signal 15: closing" in log and "Traceback" not in log, log
    assert answers(db) == saved
    with sqlite3.connect(db) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def typed_then_terminated(
    data: Path, env: dict[str, str], then: Callable[[str, Path], None]
) -> None:
    """The app on `data`: a party chosen and ages typed, `then(window, db)`, then SIGTERM;
    the app exits by itself with both saved (`terminated`)."""
    launched = start_app(data, env, ["--no-welcome"])
    with killed_at_the_end(launched):
        window = main_window(launched, env)
        db = data / "concierge.db"
        party = type_ages(env, window, db)
        then(window, db)
        terminated(launched, db, {"party": party, "ages": [41, 39]})


def test_sigterm_right_after_an_undo_keeps_what_was_typed_before(
    tmp_path: Path, display: dict[str, str]
) -> None:
    """SIGTERM as soon as the undo of the last choice (Ctrl+Z) is saved: the undo is kept,
    the ages typed before it too, and the database checks clean."""

    def choose_again_and_undo(window: str, db: Path) -> None:
        party = answers(db)["party"]
        press(display, window, "Down")  # "Travelling as" once more, then undone
        wait_for(lambda: answers(db)["party"] != party, "the second choice saved")
        press(display, window, "ctrl+z")
        wait_for(lambda: answers(db)["party"] == party, "the choice undone")

    typed_then_terminated(tmp_path, display, choose_again_and_undo)


GERMAN_CSV = (
    "Datum;Titel;Beginn;Ende;Betrag\r\n"
    "24.12.2026;Weihnachtsmarkt am Gendarmenmarkt;18:00;20:00;12,50\r\n"
    "25.12.2026;Gänsebraten im Gasthaus;13:00;15:30;48,90\r\n"
)
"""A booking list as LibreOffice Calc saves it in a German locale: semicolons, decimal
commas, day.month.year."""


def test_sigterm_during_an_import_keeps_what_was_typed_before(
    tmp_path: Path, display: dict[str, str]
) -> None:
    """SIGTERM while an import waits for its CSV file's columns (File ▸ Import…, the file
    chosen, the mapping dialog open): the app exits by itself and the ages typed before
    are saved."""
    bookings = tmp_path / "Weihnachten.csv"
    bookings.write_bytes(GERMAN_CSV.encode("cp1252"))

    def import_bookings(window: str, db: Path) -> None:
        press(display, window, "ctrl+i")
        wait_window(display, "Import bookings")
        x(display, "xdotool", "type", "--delay", "30", str(bookings))
        x(display, "xdotool", "key", "Return")
        wait_window(display, "Import Weihnachten.csv")

    typed_then_terminated(tmp_path / "data", display, import_bookings)


def test_sigterm_during_an_export_keeps_what_was_typed_before(
    tmp_path: Path, display: dict[str, str]
) -> None:
    """SIGTERM while an export asks where to save (File ▸ Export ▸ its first format, the
    file dialog open): the app exits by itself and the ages typed before are saved."""

    def export(window: str, db: Path) -> None:
        x(display, "xdotool", "key", "alt+f", "e", "Return")
        wait_window(display, "Export (calendar|itinerary)")

    typed_then_terminated(tmp_path, display, export)
