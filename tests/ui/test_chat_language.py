"""The chat and "What the assistant sees" speak the window's language: every text they show
goes through the translation system (the pseudo-language marks each one), and in Portuguese
a message typed and sent shows Portuguese chrome while the model gets the words as typed."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from concierge.agent import InMemoryHistoryStore
from concierge.ui.chat import ChatPanel
from concierge.ui.inspector import InspectorPanel
from tests.fakes import FakeOpenAIServer, Reply
from tests.ui.support import SYSTEM_PROMPT, agent_for, bind
from tests.ui.visible_text import is_marked, untranslated
from tests.ui.waiting import until

QUESTION = "Three quiet days near Porto?"
ANSWER = "Amarante, Guimarães and Ponte de Lima."


@pytest.fixture
async def panel(qtbot: QtBot) -> AsyncIterator[ChatPanel]:
    """A chat panel made after the language was chosen (widgets take it when made)."""
    widget = ChatPanel()
    qtbot.addWidget(widget)
    failures: list[tuple[str, BaseException]] = []
    widget.task_failed.connect(lambda name, error: failures.append((name, error)))
    widget.resize(640, 720)
    widget.show()
    yield widget
    await widget.shutdown()
    assert not failures, f"background tasks failed: {failures}"


def send(qtbot: QtBot, panel: ChatPanel, text: str) -> None:
    panel.composer.edit.setFocus()
    qtbot.keyClicks(panel.composer.edit, text)
    qtbot.keyClick(panel.composer.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)


async def test_the_idle_chat_panel_shows_only_translated_text(
    pseudo: None, panel: ChatPanel
) -> None:
    await bind(panel, None, None)
    assert panel.notice.isVisible()  # No model yet: the notice and its Settings… button.
    assert untranslated(panel) == []


async def test_a_finished_turn_shows_only_translated_chrome(
    pseudo: None, panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    history = InMemoryHistoryStore()
    await bind(panel, agent_for(fake_openai.base_url, history=history), history)
    fake_openai.script(Reply.text(ANSWER))
    finished: list[str] = []
    panel.turn_finished.connect(finished.append)
    send(qtbot, panel, QUESTION)
    await until(lambda: finished == ["completed"])

    assert untranslated(panel) == []
    lines = panel.transcript.toPlainText().splitlines()
    assert "⟦You⟧" in lines and "⟦Assistant⟧" in lines
    [request] = fake_openai.chat_requests
    assert request["messages"][-1] == {"role": "user", "content": QUESTION}


async def test_an_error_notice_shows_only_translated_text(
    pseudo: None, panel: ChatPanel, fake_openai: FakeOpenAIServer, tmp_path: Path
) -> None:
    history = InMemoryHistoryStore()
    await bind(panel, agent_for(fake_openai.base_url, history=history), history)
    notes = tmp_path / "notes.txt"
    notes.write_text("Bring the tram passes.", encoding="utf-8")
    await panel.attach_file(notes)

    assert panel.error_bar.isVisible()
    assert "notes.txt" in panel.error_bar.text
    assert untranslated(panel) == []


async def test_the_inspector_shows_only_translated_text(
    pseudo: None, qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    inspector = InspectorPanel()
    qtbot.addWidget(inspector)
    inspector.resize(480, 900)
    inspector.show()
    assert untranslated(inspector) == []  # Unbound: nothing sent yet.

    agent = agent_for(fake_openai.base_url, history=InMemoryHistoryStore())
    agent.add_context_provider(lambda _s: "Destination: Porto", name="trip")
    inspector.bind(agent, SYSTEM_PROMPT, 1500)
    fake_openai.script(Reply.text("First."))
    await agent.process_request("Plan day one")
    await until(lambda: inspector.usage.rowCount() == 1)

    def allowed(text: str) -> bool:
        # The context providers' names ("trip") are the runtime's own, shown as they are.
        return is_marked(text.replace("trip", ""))

    assert untranslated(inspector, allowed) == []


async def test_in_portuguese_a_sent_message_shows_portuguese_chrome(
    portuguese: None, panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    history = InMemoryHistoryStore()
    agent = agent_for(fake_openai.base_url, history=history)
    await bind(panel, agent, history)
    composer = panel.composer
    assert composer.send_button.text() == "Enviar"
    assert composer.stop_button.text() == "Parar"
    assert composer.edit.placeholderText() == "Mensagem para o assistente (Ctrl+Enter para enviar)"

    fake_openai.script(Reply.text(ANSWER))
    finished: list[str] = []
    panel.turn_finished.connect(finished.append)
    send(qtbot, panel, QUESTION)
    await until(lambda: finished == ["completed"])

    lines = panel.transcript.toPlainText().splitlines()
    assert "Você" in lines and "Assistente" in lines
    assert QUESTION in lines and ANSWER in lines
    # The model gets what was typed and the English system prompt, not the window's language.
    [request] = fake_openai.chat_requests
    assert request["messages"][0] == {"role": "system", "content": SYSTEM_PROMPT}
    assert request["messages"][-1] == {"role": "user", "content": QUESTION}
