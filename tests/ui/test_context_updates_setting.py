"""In the assembled window: "Runtime context: changes only" chosen in Settings with the keys
makes the trip assistant send the state in full once, then only what changed (a form edit
between two messages included), kept in place so the server caches the earlier prompt; the
inspector shows what went on the wire beside the full state, and after a restart the first
call sends a full snapshot again."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from concierge.agent import Provenance
from concierge.agent.context_updates import ContextUpdates
from concierge.model.settings import (
    MODEL_CONTEXT_UPDATES,
    MODEL_IDLE_TIMEOUT,
)
from concierge.model_server import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL
from concierge.travel.assistant.trip_assistant import trip_history
from concierge.ui.main_window import MainWindow
from concierge.ui.settings.rows import setting_name
from tests.fakes import FakeOpenAIServer, Reply, tokenize
from tests.fakes.memory_keyring import MemoryKeyring
from tests.fakes.prefix_cache import CACHE_STEP_TOKENS, canonical_prompt
from tests.ui.test_settings_apply import settings_dialog
from tests.ui.test_settings_dialog import tab_to
from tests.ui.trips_support import Running
from tests.ui.waiting import until

CHANGES_ONLY = "Changes only (fewer tokens to process: best for local servers)"


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
async def running(
    data_dir: Path,
    memory_keyring: MemoryKeyring,
    monkeypatch: pytest.MonkeyPatch,
    fake_openai: FakeOpenAIServer,
) -> AsyncIterator[list[Running]]:
    """The app as started, then as started again on the same folder (a restart)."""
    monkeypatch.setenv(ENV_BASE_URL, fake_openai.base_url)
    monkeypatch.setenv(ENV_API_KEY, "test-key")
    monkeypatch.setenv(ENV_MODEL, "fake-model")
    apps = [Running(data_dir)]
    yield apps
    await apps[-1].close()


def runtime_texts(body: dict[str, Any]) -> list[str]:
    return [
        m["content"]
        for m in body["messages"]
        if m["role"] == "user" and m["content"].startswith("[Runtime context")
    ]


async def send(
    window: MainWindow, qtbot: QtBot, fake_openai: FakeOpenAIServer, text: str, requests: int
) -> None:
    """Type `text` into the chat, send it with Ctrl+Return, and wait until the server got
    `requests` chat requests in all and the turn ended."""
    chat = window.chat
    await until(lambda: chat.runnable is not None and not chat.loading and not chat.busy)
    qtbot.keyClicks(window.chat.composer.edit, text)
    qtbot.keyClick(
        window.chat.composer.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier
    )
    await until(lambda: len(fake_openai.chat_requests) == requests and not chat.busy)


async def test_changes_only_sends_the_state_once_then_what_changed_and_restarts_in_full(
    running: list[Running], qtbot: QtBot, fake_openai: FakeOpenAIServer, data_dir: Path
) -> None:
    first_run = running[0]
    window = await first_run.start()
    dialog = await settings_dialog(window, qtbot)
    combo = dialog.control(MODEL_CONTEXT_UPDATES)
    assert combo.accessibleName() == setting_name(MODEL_CONTEXT_UPDATES) == "Runtime context"
    assert combo.currentText() == "Whole every call"  # the default
    assert combo.toolTip() == MODEL_CONTEXT_UPDATES.description
    await tab_to(qtbot, dialog.control(MODEL_IDLE_TIMEOUT), combo)
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentText() == CHANGES_ONLY
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    await until(lambda: window._settings_dialog is None)
    assert await first_run.services.settings.get(MODEL_CONTEXT_UPDATES) is True
    await until(lambda: window.session.agent is not None)
    agent = window.session.agent
    assert agent is not None and isinstance(agent._model, ContextUpdates)

    fake_openai.script(Reply.text("Hello!"), Reply.text("Porto it is."))
    await send(window, qtbot, fake_openai, "Hello", 1)

    trip_id = window.session.trip_id
    assert trip_id is not None
    saved: list[str] = []
    stops = window.trip_form.fields.stops_editor
    stops.saved.connect(saved.append)
    qtbot.mouseClick(stops.add_button, Qt.MouseButton.LeftButton)
    await until(lambda: len(stops.rows) == 1)
    qtbot.keyClicks(stops.rows[0].place, "Porto")
    qtbot.keyClick(stops.rows[0].place, Qt.Key.Key_Return)
    await until(lambda: len(saved) == 1)

    await send(window, qtbot, fake_openai, "Where are we going?", 2)
    first, second = fake_openai.chat_requests
    [full] = runtime_texts(first)
    assert full.startswith("[Runtime context #1: it replaces all earlier runtime context")
    assert "→ no stops yet" in full
    kept, update = runtime_texts(second)
    assert kept == full
    assert update.startswith("[Runtime context update #2, after #1:")
    assert "+ " in update and "Porto (OPO)" in update
    assert len(update) < len(full) / 3  # only the changed lines, under their headings
    assert second["messages"][: len(first["messages"])] == first["messages"]
    assert second["messages"][-2]["content"] == "Where are we going?"
    assert second["messages"][-1]["content"] == update
    usage = agent.usage_log[-1]
    assert usage.cached_tokens > len(tokenize(canonical_prompt(first))) - CACHE_STEP_TOKENS

    inspector = window.inspector
    assert inspector.sent_group.isVisibleTo(inspector)
    assert inspector.sent.text.toPlainText() == update
    header = inspector.sent.summary.text()
    assert header.startswith("Iteration 1 · update #2 · 2 runtime messages sent in all, about ")
    state = inspector.snapshot.text.toPlainText()
    assert "Porto (OPO)" in state and not state.startswith("[Runtime context update")
    stored = await trip_history(first_run.services, trip_id).load()
    assert all(m.provenance is not Provenance.RUNTIME for m in stored)

    await first_run.close()
    running.append(Running(data_dir))
    window = await running[-1].start()
    assert window.session.trip_id == trip_id
    fake_openai.script(Reply.text("Still Porto."))
    await send(window, qtbot, fake_openai, "And now?", 3)
    third = fake_openai.chat_requests[2]
    [restart] = runtime_texts(third)
    assert restart.startswith("[Runtime context #1: it replaces all earlier runtime context")
    assert "Porto (OPO)" in restart
    assert third["messages"][-1]["content"] == restart
    said = [m["content"] for m in third["messages"] if m["role"] == "user"]
    assert said == ["Hello", "Where are we going?", "And now?", restart]  # no old entries
