"""kill -9 of the real GUI process mid-stream and at an open "Remove …?" prompt: restarted on
the same folder (taking over the single-instance lock), the database is intact, nothing
committed is lost, and both Retry and a new message send a valid request (every tool call
paired with one result; the fake server refuses anything else with 400) that the app shows."""

from __future__ import annotations

import asyncio
import json
import os
import signal
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from concierge.agent.loop import ABORTED_RESULT
from concierge.store import ChangeBus, Database, ItineraryRepository, TripRepository
from concierge.store.paths import database_path
from tests.fakes.openai_server import FakeOpenAIServer
from tests.fakes.pairing import pairing_error
from tests.fakes.replies import Reply, ToolCallSpec

from .chat import TURN_TIMEOUT, send, transcript, wait_idle, wait_requests
from .conftest import MODEL
from .desktop import Accessibility, AppProcess, Desktop, Input, Session, app_environ, until
from .test_turns import LONG_ANSWER

ITEM = "Azulejo museum"


def seed(data_dir: Path) -> str:
    """A trip with one itinerary item, written with the project's code; the item's id."""

    async def write() -> str:
        with Database.open(database_path(data_dir)) as database:
            bus = ChangeBus()
            trip = (
                await TripRepository(database, bus).create(
                    {
                        "title": "Lisbon",
                        "start_date": date(2027, 4, 10),
                        "end_date": date(2027, 4, 14),
                    }
                )
            ).record
            item = (
                await ItineraryRepository(database, bus).add(
                    trip.id, {"day": date(2027, 4, 11), "title": ITEM}
                )
            ).record
            return item.id

    return asyncio.run(write())


class Launcher:
    """Starts the app on one folder, again after each kill, with one AT-SPI probe."""

    def __init__(self, desktop: Desktop, server: FakeOpenAIServer, data_dir: Path) -> None:
        self.env = app_environ(desktop, server.base_url, MODEL)
        self.server = server
        self.data_dir = data_dir
        self.ax = Accessibility(self.env)
        self.apps: list[AppProcess] = []

    def start(self) -> Session:
        app = AppProcess(self.data_dir, self.env)
        self.apps.append(app)
        app.wait_ready()
        self.ax.pid = app.process.pid
        until(
            lambda: (
                "active" in self.ax.one("the main window", role="frame", name="Concierge").states
            ),
            "the main window to be active",
        )
        return Session(app, self.ax, Input(self.env), self.server, self.env)

    def close(self) -> None:
        for app in self.apps:
            if app.process.poll() is None:
                app.process.kill()
                app.process.wait(10)
        self.ax.close()


@pytest.fixture
def launcher(
    desktop: Desktop, model_server: FakeOpenAIServer, tmp_path: Path
) -> Iterator[Launcher]:
    model_server.discard_replies()
    launcher = Launcher(desktop, model_server, tmp_path / "data")
    try:
        yield launcher
    finally:
        launcher.close()
        model_server.discard_replies()


def kill(session: Session) -> None:
    os.kill(session.app.process.pid, signal.SIGKILL)
    assert session.app.process.wait(10) == -signal.SIGKILL


def integrity(session: Session) -> str:
    return str(session.app.query("PRAGMA integrity_check")[0][0])


def item_titles(session: Session) -> list[str]:
    return [row["title"] for row in session.app.query("SELECT title FROM itinerary_item")]


def stored_payloads(session: Session) -> list[str]:
    rows = session.app.query("SELECT payload FROM conversation_message ORDER BY seq")
    return [row["payload"] for row in rows]


def answered(session: Session, reply: str, act: str) -> dict[str, Any]:
    """Script `reply`, do `act` ("retry" or a message to send) and check the request the
    server got was valid and its answer reached the chat."""
    before = len(session.server.chat_requests)
    session.server.script(Reply.text(reply))
    if act == "retry":
        session.input.click(session.ax.one("the Retry button", name="Retry", role="push button"))
    else:
        send(session, act)
    request = wait_requests(session, before + 1)[before]
    assert pairing_error(request) is None, request["messages"]
    until(lambda: reply in transcript(session), f"{reply!r} in the chat", TURN_TIMEOUT)
    wait_idle(session)
    return request


def recover(launcher: Launcher, killed: Session) -> tuple[Session, dict[str, Any]]:
    """Restart after the kill; Retry (offered, since the last request was never answered)
    and a new message both get valid requests answered. The restarted session and the
    request Retry sent."""
    assert integrity(killed) == "ok"
    session = launcher.start()
    retried = answered(session, "Retried after the kill.", "retry")
    answered(session, "Recovered after the kill.", "Are you still there?")
    assert integrity(session) == "ok"
    assert session.app.terminate() == 0, session.app.log
    assert "Traceback" not in session.app.log, session.app.log
    return session, retried


def test_kill_mid_stream(launcher: Launcher) -> None:
    seed(launcher.data_dir)
    session = launcher.start()
    session.server.script(Reply.text(LONG_ANSWER, chunks=120, chunk_delay=0.1))
    send(session, "Tell me everything about Lisbon.")
    until(lambda: "word010" in transcript(session), "ten streamed words in the chat")
    kill(session)
    assert not any("word119" in payload for payload in stored_payloads(session))

    after, retried = recover(launcher, session)
    assert item_titles(after) == [ITEM]
    assert "Tell me everything about Lisbon." in json.dumps(retried["messages"])


def test_kill_at_an_open_permission_prompt(launcher: Launcher) -> None:
    item_id = seed(launcher.data_dir)
    session = launcher.start()
    session.server.script(
        Reply.tool_calls(ToolCallSpec("edit_itinerary", {"action": "remove", "item_id": item_id}))
    )
    send(session, f"Please remove the {ITEM}.")
    session.ax.one("the Deny button of the removal prompt", name="Deny", role="push button")
    until(
        lambda: any("edit_itinerary" in p for p in stored_payloads(session)),
        "the tool call stored",
    )
    kill(session)
    assert item_titles(session) == [ITEM]

    after, retried = recover(launcher, session)
    assert item_titles(after) == [ITEM], "a removal nobody permitted took effect"
    calls = [
        call["id"]
        for m in retried["messages"]
        if m.get("role") == "assistant"
        for call in m.get("tool_calls") or ()
        if call["function"]["name"] == "edit_itinerary"
    ]
    results = [m for m in retried["messages"] if m.get("tool_call_id") in calls]
    assert len(calls) == 1 and len(results) == 1, retried["messages"]
    assert results[0]["content"] == ABORTED_RESULT, "the model was not told nothing was done"
