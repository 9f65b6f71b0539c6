"""Without a model the chat panel explains how to connect one and keeps the draft usable."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from concierge.agent import AssistantMessage, InMemoryHistoryStore, TextPart, UserMessage
from concierge.ui.chat import ChatPanel
from tests.fakes import FakeOpenAIServer, Reply
from tests.ui.support import agent_for, bind
from tests.ui.waiting import until


async def test_no_model_shows_a_notice_and_settings_button(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    history = InMemoryHistoryStore(
        [
            UserMessage(content=(TextPart(text="Hi"),)),
            AssistantMessage(text="Hello! Where to?"),
        ]
    )
    await bind(chat_panel, None, history)
    assert chat_panel.notice.isVisible()
    assert "Open Settings to connect" in chat_panel.notice.label.text()
    assert "Hello! Where to?" in chat_panel.transcript.toPlainText()  # History still readable.

    with qtbot.waitSignal(chat_panel.settings_requested, timeout=0):
        qtbot.mouseClick(chat_panel.notice.settings_button, Qt.MouseButton.LeftButton)

    qtbot.keyClicks(chat_panel.composer.edit, "Draft while offline")
    assert chat_panel.composer.edit.toPlainText() == "Draft while offline"
    assert not chat_panel.composer.send_button.isEnabled()
    qtbot.keyClick(chat_panel.composer.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert not chat_panel.busy
    assert chat_panel.composer.edit.toPlainText() == "Draft while offline"

    await bind(chat_panel, agent_for(fake_openai.base_url, history=history), history)
    assert not chat_panel.notice.isVisible()
    assert chat_panel.composer.send_button.isEnabled()
    assert not chat_panel.error_bar.isVisible()  # The conversation ends in an answer.
    fake_openai.script(Reply.text("Connected and listening."))
    chat_panel.composer.send_button.click()
    await until(lambda: "Connected and listening." in chat_panel.transcript.toPlainText())
    assert chat_panel.transcript.toPlainText().count("Hello! Where to?") == 1
