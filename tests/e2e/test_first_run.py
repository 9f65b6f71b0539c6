"""First launch of the real app on an empty data folder, with a fake Ollama at Ollama's own
port and no model in the environment: the chat finds it, one click connects it, the verdict
shows beside the model's name, and a suggestion, clicked, is answered. Two clicks in all."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from concierge.model_server import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL, preset_for
from tests.fakes import FakeOllama, Reply, ToolCallSpec
from tests.fakes.fixtures import serving

from .chat import TURN_TIMEOUT, transcript
from .desktop import Desktop, Session, app_environ, running_app, until

OLLAMA_PORT = urlsplit(preset_for("ollama").base_url).port


@pytest.fixture(scope="module")
def ollama() -> Iterator[FakeOllama]:
    try:
        server = FakeOllama(port=OLLAMA_PORT or 0, wait_timeout=60.0).start()
    except OSError:
        pytest.skip(f"port {OLLAMA_PORT} is taken (a real Ollama running?)")
    yield from serving(server)


@pytest.fixture
def first_launch(desktop: Desktop, ollama: FakeOllama, tmp_path: Path) -> Iterator[Session]:
    """The real app on a new data folder, with no model named anywhere."""
    unset = (ENV_BASE_URL, ENV_API_KEY, ENV_MODEL)
    env = {k: v for k, v in app_environ(desktop, "", "").items() if k not in unset}
    with running_app(tmp_path / "data", env, ollama) as session:
        yield session


def test_first_launch_to_the_first_answer_in_two_clicks(first_launch: Session) -> None:
    session, ollama = first_launch, first_launch.server
    until(
        lambda: any(
            "Found on this computer: Ollama: llama3.1:8b, qwen2.5:7b" in node.description
            for node in session.ax.find(name="Model servers", role="label")
        ),
        "the servers found",
        TURN_TIMEOUT,
    )
    connect = session.ax.one("the Connect button", name="Connect", role="push button")
    ollama.script(Reply.tool_calls(ToolCallSpec("add_stop", {"place": "Lisbon"})))
    session.input.click(connect)
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
    until(
        lambda: "take the train to Porto" in transcript(session),
        "the answer in the transcript",
        TURN_TIMEOUT,
    )
