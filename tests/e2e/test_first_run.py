"""First launch of the real app on an empty data folder, with no model in the environment.

With a fake Ollama at Ollama's own port: the welcome finds it, Start connects it (one click),
the verdict shows beside the model's name, and a suggestion, clicked, is answered. Two clicks
in all, the README's figure (the issue's bound is three). With no server: the welcome and, once
it is skipped with Escape, the chat say which servers were looked for and how to start each."""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from concierge.model_server import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL, LOCAL_SERVERS, preset_for
from tests.fakes import FakeOllama, FakeOpenAIServer, Reply, ToolCallSpec
from tests.fakes.fixtures import serving

from .chat import TURN_TIMEOUT, transcript
from .desktop import Desktop, Session, app_environ, running_app, until

OLLAMA_PORT = urlsplit(preset_for("ollama").base_url).port
MOST_CLICKS = 3
"""Issue 28's bound on the keys and clicks from first launch to the first answered message."""


def answering_ports() -> list[int]:
    """The default ports of the servers the app looks for where something accepts a
    connection on this machine (a real server would be found)."""
    ports = {urlsplit(preset.base_url).port for preset in LOCAL_SERVERS}
    taken = []
    for port in sorted(p for p in ports if p is not None):
        with socket.socket() as probe:
            probe.settimeout(1.0)
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                taken.append(port)
    return taken


@pytest.fixture
def ollama() -> Iterator[FakeOllama]:
    try:
        server = FakeOllama(port=OLLAMA_PORT or 0, wait_timeout=60.0).start()
    except OSError:
        pytest.skip(f"port {OLLAMA_PORT} is taken (a real Ollama running?)")
    yield from serving(server)


@contextlib.contextmanager
def first_launch(desktop: Desktop, data: Path, server: FakeOpenAIServer) -> Iterator[Session]:
    """The real app on a new data folder, with no model named anywhere."""
    unset = (ENV_BASE_URL, ENV_API_KEY, ENV_MODEL)
    env = {k: v for k, v in app_environ(desktop, "", "").items() if k not in unset}
    with running_app(data, env, server) as session:
        yield session


def servers_text(session: Session, text: str) -> bool:
    """Whether a "Model servers" text (the welcome's, the chat's) says `text`."""
    labels = session.ax.find(name="Model servers", role="label")
    return any(text in (node.description or node.text or "") for node in labels)


def test_first_launch_to_the_first_answer_in_two_clicks(
    desktop: Desktop, ollama: FakeOllama, tmp_path: Path
) -> None:
    with first_launch(desktop, tmp_path / "data", ollama) as session:
        clicks = 0
        session.ax.one("the welcome", name="Welcome to Concierge", role="dialog")
        until(
            lambda: servers_text(
                session, "Found on this computer: Ollama: llama3.1:8b, qwen2.5:7b"
            ),
            "the servers found",
            TURN_TIMEOUT,
        )
        start = session.ax.one("the welcome's Start", name="Start", role="push button")
        ollama.script(Reply.tool_calls(ToolCallSpec("add_stop", {"place": "Lisbon"})))
        session.input.click(start)
        clicks += 1
        until(
            lambda: any(
                "llama3.1:8b: Can edit your trip" in (node.text or node.description)
                for node in session.ax.find(name="Model", role="label")
            ),
            "the verdict beside the model's name",
            TURN_TIMEOUT,
        )
        suggestion = session.ax.one(
            "the first suggestion", name="Suggest a route for this trip", role="push button"
        )
        ollama.script(Reply.text("Start in Lisbon, then take the train to Porto."))
        session.input.click(suggestion)
        clicks += 1
        until(
            lambda: "take the train to Porto" in transcript(session),
            "the answer in the transcript",
            TURN_TIMEOUT,
        )
        assert clicks == 2 <= MOST_CLICKS
        assert not session.ax.find(name="Welcome to Concierge", role="dialog")


def test_first_launch_without_a_server_shows_the_guidance(desktop: Desktop, tmp_path: Path) -> None:
    if taken := answering_ports():
        pytest.skip(f"something answers on port {taken[0]}: a model server would be found")
    unused = FakeOpenAIServer()  # the harness's server, never asked
    with unused, first_launch(desktop, tmp_path / "data", unused) as session:
        looked_for = "No model server answered on this computer. Looked for:"
        until(lambda: servers_text(session, looked_for), "the welcome's guidance", TURN_TIMEOUT)
        assert servers_text(session, "Ollama (port 11434): Install it from ollama.com")
        session.input.key("Escape")
        until(
            lambda: not session.ax.find(name="Welcome to Concierge", role="dialog"),
            "the welcome to close",
        )
        until(lambda: servers_text(session, looked_for), "the chat's guidance", TURN_TIMEOUT)
        assert not session.ax.find(name="Connect", role="push button")
        assert unused.chat_requests == []
