"""Sending, streaming and stopping through the chat panel, against the real agent."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from concierge.agent import AssistantMessage, InMemoryHistoryStore, UserMessage
from concierge.ui.chat import ChatPanel
from tests.fakes import FakeOpenAIServer, Reply
from tests.ui.support import agent_for, bind
from tests.ui.waiting import until


def _type(qtbot: QtBot, chat_panel: ChatPanel, text: str) -> None:
    chat_panel.composer.edit.setFocus()
    qtbot.keyClicks(chat_panel.composer.edit, text)


def _ctrl_enter(qtbot: QtBot, chat_panel: ChatPanel) -> None:
    qtbot.keyClick(chat_panel.composer.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)


async def test_ctrl_enter_sends_and_the_streamed_answer_appears(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    history = InMemoryHistoryStore()
    await bind(chat_panel, agent_for(fake_openai.base_url, history=history), history)
    answer = "Three quiet days near **Porto**: Amarante, Guimarães and Ponte de Lima."
    fake_openai.script(Reply.text(answer, chunks=120))
    finished: list[str] = []
    chat_panel.turn_finished.connect(finished.append)

    _type(qtbot, chat_panel, "Find us three quiet days near Porto")
    assert chat_panel.composer.send_button.isEnabled()
    _ctrl_enter(qtbot, chat_panel)

    assert chat_panel.busy
    assert not chat_panel.composer.send_button.isEnabled()
    assert chat_panel.composer.stop_button.isEnabled()
    assert chat_panel.composer.busy.isVisible()
    assert chat_panel.composer.edit.toPlainText() == ""
    await until(lambda: finished == ["completed"])

    [request] = fake_openai.chat_requests
    assert request["messages"][-1] == {
        "role": "user",
        "content": "Find us three quiet days near Porto",
    }
    text = chat_panel.transcript.toPlainText()
    assert "Find us three quiet days near Porto" in text
    assert "Three quiet days near Porto: Amarante, Guimarães and Ponte de Lima." in text
    assert text.count("Three quiet days") == 1
    assert not chat_panel.busy
    assert not chat_panel.composer.stop_button.isEnabled()
    assert not chat_panel.composer.busy.isVisible()
    assert [type(m) for m in await history.load()] == [UserMessage, AssistantMessage]


async def test_streamed_text_shows_before_the_answer_completes(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    history = InMemoryHistoryStore()
    await bind(chat_panel, agent_for(fake_openai.base_url, history=history), history)
    fake_openai.script(Reply.text("Lisbon " * 100, chunks=100, chunk_delay=0.01))
    _type(qtbot, chat_panel, "Where?")
    chat_panel.composer.send_button.click()
    await until(lambda: "Lisbon" in chat_panel.transcript.toPlainText())
    assert chat_panel.busy  # Still streaming: partial text was rendered by the frame timer.
    await until(lambda: not chat_panel.busy)


async def test_enter_inserts_a_newline_and_sends_nothing(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    history = InMemoryHistoryStore()
    await bind(chat_panel, agent_for(fake_openai.base_url, history=history), history)
    _type(qtbot, chat_panel, "Day one")
    qtbot.keyClick(chat_panel.composer.edit, Qt.Key.Key_Return)
    qtbot.keyClicks(chat_panel.composer.edit, "Day two")
    assert chat_panel.composer.edit.toPlainText() == "Day one\nDay two"
    assert not chat_panel.busy
    assert fake_openai.requests == []

    fake_openai.script(Reply.text("Noted."))
    qtbot.keyClick(chat_panel.composer.edit, Qt.Key.Key_Enter, Qt.KeyboardModifier.ControlModifier)
    await until(lambda: "Noted." in chat_panel.transcript.toPlainText())
    assert fake_openai.chat_requests[0]["messages"][-1]["content"] == "Day one\nDay two"
    assert "Day one\nDay two" in chat_panel.transcript.toPlainText()


async def test_stop_mid_stream_leaves_a_valid_conversation_and_the_next_message_works(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    history = InMemoryHistoryStore()
    await bind(chat_panel, agent_for(fake_openai.base_url, history=history), history)
    finished: list[str] = []
    chat_panel.turn_finished.connect(finished.append)
    fake_openai.script(Reply.text("word " * 400, chunks=400, chunk_delay=0.01))
    _type(qtbot, chat_panel, "Tell me everything about Porto")
    _ctrl_enter(qtbot, chat_panel)
    await until(lambda: "word word" in chat_panel.transcript.toPlainText())

    qtbot.keyClick(chat_panel.composer.edit, Qt.Key.Key_Escape)
    await until(lambda: finished == ["stopped"])

    shown = chat_panel.transcript.toPlainText()
    assert "Stopped." in shown
    assert "word word" in shown  # What the person read stays.
    assert not chat_panel.busy
    assert not chat_panel.composer.stop_button.isEnabled()
    assert not chat_panel.composer.busy.isVisible()
    await fake_openai.until(lambda: fake_openai.requests[0].client_disconnected)
    stored = await history.load()
    assert [type(m) for m in stored] == [UserMessage, AssistantMessage]
    kept = stored[-1]
    assert isinstance(kept, AssistantMessage) and kept.stopped
    assert kept.text.split() == ["word"] * len(kept.text.split())
    assert not chat_panel.error_bar.isVisible()  # The stopped answer is an answer.

    fake_openai.script(Reply.text("Porto in one line: bridges, port wine, tiles."))
    _type(qtbot, chat_panel, "Just one line, please")
    chat_panel.composer.send_button.click()
    await until(lambda: finished == ["stopped", "completed"])
    assert "bridges, port wine, tiles." in chat_panel.transcript.toPlainText()
    assert not chat_panel.error_bar.isVisible()
    second = fake_openai.chat_requests[1]["messages"]
    assert [m["role"] for m in second] == ["system", "user", "assistant", "user"]
    assert second[2] == {"role": "assistant", "content": kept.text}
    assert [type(m) for m in await history.load()] == [
        UserMessage,
        AssistantMessage,
        UserMessage,
        AssistantMessage,
    ]


async def test_stop_button_stops_and_send_is_blocked_while_busy(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    history = InMemoryHistoryStore()
    await bind(chat_panel, agent_for(fake_openai.base_url, history=history), history)
    finished: list[str] = []
    chat_panel.turn_finished.connect(finished.append)
    fake_openai.script(Reply.text("slow " * 200, chunks=200, chunk_delay=0.01))
    _type(qtbot, chat_panel, "First")
    _ctrl_enter(qtbot, chat_panel)
    await fake_openai.until_requests(1)
    _type(qtbot, chat_panel, "Drafting the next one")
    assert not chat_panel.composer.send_button.isEnabled()
    _ctrl_enter(qtbot, chat_panel)  # Ignored: a turn is running.
    qtbot.mouseClick(chat_panel.composer.stop_button, Qt.MouseButton.LeftButton)
    await until(lambda: finished == ["stopped"])
    assert len(fake_openai.chat_requests) == 1
    assert chat_panel.composer.edit.toPlainText() == "Drafting the next one"
    assert chat_panel.composer.send_button.isEnabled()


async def test_a_turn_leaves_the_composer_size_alone(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    """Showing "Working…" must not change the composer's size hints: that re-lays out the
    whole window (the splitter resizes every pane) at the start and end of each turn."""
    history = InMemoryHistoryStore()
    await bind(chat_panel, agent_for(fake_openai.base_url, history=history), history)
    composer = chat_panel.composer
    idle = (composer.minimumSizeHint(), composer.sizeHint())
    finished: list[str] = []
    chat_panel.turn_finished.connect(finished.append)
    fake_openai.script(Reply.text("slow " * 40, chunks=40, chunk_delay=0.01))
    _type(qtbot, chat_panel, "Hello")
    _ctrl_enter(qtbot, chat_panel)
    await until(lambda: composer.busy.isVisible())
    assert (composer.minimumSizeHint(), composer.sizeHint()) == idle
    await until(lambda: finished == ["completed"])
    assert not composer.busy.isVisible()
    assert (composer.minimumSizeHint(), composer.sizeHint()) == idle
