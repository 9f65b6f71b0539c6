"""Two windows share a trip through a folder, as two people on two computers do: two app
processes, each on its own data folder, and one directory standing in for the folder their
sync app keeps. Ana shares her trip from the Trip menu and reads the invite code off the
dialog; Ben joins with it from his; a note Ana types shows in Ben's window and in his next
model request."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import ExitStack
from functools import partial
from pathlib import Path

import pytest

from tests.fakes.openai_server import FakeOpenAIServer
from tests.fakes.replies import Reply

from .chat import runtime_context, send, wait_idle, wait_requests
from .conftest import MODEL
from .desktop import Desktop, Session, app_environ, running_app, until
from .trip_form import FIELDS, Leave, leave, type_into

SECRET = "correct horse battery staple"
NOTES = next(field for field in FIELDS if field.label == "Notes")


def xdotool(session: Session, *arguments: str) -> str:
    done = subprocess.run(
        ["xdotool", *arguments],
        env=dict(session.env),
        capture_output=True,
        text=True,
        check=False,
        timeout=30,
    )
    return done.stdout


def bring_forward(session: Session) -> None:
    """Raise and focus the app's main window, as a click on its task-bar entry does."""
    pid = str(session.app.process.pid)
    for window in xdotool(session, "search", "--onlyvisible", "--pid", pid).split():
        if xdotool(session, "getwindowname", window).strip().startswith("Concierge"):
            xdotool(session, "windowactivate", "--sync", window)
    until(
        lambda: main_window_active(session),
        lambda: f"the main window to be active ({described_windows(session)})",
    )


def main_window_active(session: Session) -> bool:
    return "active" in session.ax.one("the main window", role="frame", name="Concierge").states


def described_windows(session: Session) -> str:
    pid = str(session.app.process.pid)
    found = xdotool(session, "search", "--onlyvisible", "--pid", pid).split()
    names = [xdotool(session, "getwindowname", window).strip() for window in found]
    frames = [(node.name, node.states) for node in session.ax.find(role="frame")]
    return f"windows {list(zip(found, names, strict=True))}, frames {frames}"


def notes_of(session: Session, trip_id: str) -> str | None:
    rows = session.app.query("SELECT notes FROM trip WHERE id = ?", trip_id)
    return str(rows[0]["notes"]) if rows else None


def focused_name(session: Session) -> str:
    found = session.ax.focused()
    return "" if found is None else found.name


@pytest.fixture(scope="module")
def two(
    desktop: Desktop, model_server: FakeOpenAIServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Session, Session, Path]]:
    env = app_environ(desktop, model_server.base_url, MODEL)
    shared = tmp_path_factory.mktemp("Nextcloud") / "Azores"
    with ExitStack() as stack:
        sessions = []
        for name in ("ana", "ben"):  # each up before the next, or it takes the focus later
            session = stack.enter_context(
                running_app(tmp_path_factory.mktemp(name), env, model_server)
            )
            until(partial(main_window_active, session), f"{name}'s window to be active")
            sessions.append(session)
        yield sessions[0], sessions[1], shared


def test_a_note_typed_in_one_window_shows_in_the_other_and_its_next_request(
    two: tuple[Session, Session, Path],
) -> None:
    ana, ben, shared = two
    trip = ana.app.trip()

    bring_forward(ana)
    ana.input.key("alt+t", "s")
    until(lambda: focused_name(ana) == "Shared folder", "the share dialog's folder")
    ana.input.type(str(shared))
    ana.input.key("Tab", "Tab")
    until(lambda: focused_name(ana) == "Passphrase", "the passphrase")
    ana.input.key("ctrl+a")
    ana.input.type(SECRET)
    ana.input.key("Tab", "ctrl+a")
    ana.input.type("Ana's laptop")
    ana.input.key("Return")
    code = until(
        lambda: ana.ax.one("the invite code", name="Invite code").text,
        "the invite code",
    )
    ana.input.key("Escape")

    bring_forward(ben)
    ben.input.key("alt+t", "j")
    until(lambda: focused_name(ben) == "Invite code", "the join dialog's code")
    ben.input.type(code)
    until(
        lambda: ben.ax.find(name="Shared folder") and ben.ax.one(name="Shared folder").text,
        "the folder filled in from the invite",
    )
    ben.input.key("Tab", "Tab", "Tab")
    until(lambda: focused_name(ben) == "This device's name", "the device's name")
    ben.input.key("ctrl+a")
    ben.input.type("Ben's phone")
    ben.input.key("Return")
    until(
        lambda: ben.app.query("SELECT id FROM trip WHERE id = ?", trip["id"]),
        "the shared trip in Ben's data folder",
    )

    bring_forward(ana)
    type_into(ana, NOTES, "Ferry to Pico at dawn")
    leave(ana, Leave.TAB)
    until(lambda: notes_of(ana, trip["id"]) == "Ferry to Pico at dawn", "Ana's note saved")
    until(
        lambda: notes_of(ben, trip["id"]) == "Ferry to Pico at dawn",
        "Ana's note in Ben's data folder",
    )

    bring_forward(ben)
    until(
        lambda: ben.ax.one("Ben's notes field", label="Notes").text == "Ferry to Pico at dawn",
        "Ana's note in Ben's window",
    )
    before = len(ben.server.chat_requests)
    ben.server.script(Reply.text("A dawn ferry, lovely."))
    send(ben, "What did Ana plan?")
    request = wait_requests(ben, before + 1)[before]
    wait_idle(ben)
    assert "Notes: Ferry to Pico at dawn" in runtime_context(request)
