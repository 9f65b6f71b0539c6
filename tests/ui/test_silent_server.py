"""A model server that accepts the request and then says nothing: the chat counts the wait up
with a hint that a local server may be loading its model, Esc ends it at once, and the idle
timeout ends it with Retry, after exactly one request (the SDK's own retry would repeat it
unseen)."""

from __future__ import annotations

import threading

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from concierge.agent import Agent, AssistantMessage, InMemoryHistoryStore, UserMessage
from concierge.agent.openai_client import model_client
from concierge.agent.openai_model import OpenAIChatModel
from concierge.model_server import is_local
from concierge.ui.chat import ChatPanel
from tests.agent.support import SYSTEM_PROMPT
from tests.fakes import FakeOpenAIServer, Reply
from tests.ui.support import FAKE_MODEL, bind, type_and_send
from tests.ui.waiting import until

WAITING = "Waiting for the server, "
LOADING_HINT = "It runs on this computer: it may still be loading the model."


def _agent(server: FakeOpenAIServer, history: InMemoryHistoryStore, idle_timeout: float) -> Agent:
    """As the app builds it: a client that lets the SDK retry once, and the idle timeout that
    the "model.idle_timeout_seconds" setting gives."""
    client = model_client(server.base_url, "test-key", max_retries=1)
    model = OpenAIChatModel(client, model=FAKE_MODEL, idle_timeout=idle_timeout)
    return Agent(model=model, system_prompt=SYSTEM_PROMPT, history=history)


async def test_the_chat_counts_the_silence_up_and_esc_ends_it_at_once(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer, never: threading.Event
) -> None:
    history = InMemoryHistoryStore()
    await bind(chat_panel, _agent(fake_openai, history, idle_timeout=600), history)
    assert is_local(fake_openai.base_url)
    chat_panel.server_is_local = True  # As the assistant session sets it for this base URL.
    finished: list[str] = []
    chat_panel.turn_finished.connect(finished.append)
    fake_openai.script(Reply.text("never sent", wait_for=never))

    type_and_send(qtbot, chat_panel, "Is the tram museum open?")
    await until(lambda: WAITING in chat_panel.transcript.toPlainText(), timeout=15)
    shown = chat_panel.transcript.toPlainText()
    assert LOADING_HINT in shown
    count = int(shown.split(WAITING)[1].split(" s…")[0])
    assert count >= 3
    await until(lambda: f"{WAITING}{count + 1} s…" in chat_panel.transcript.toPlainText())
    assert chat_panel.composer.stop_button.isVisible()
    assert finished == []

    qtbot.keyClick(chat_panel.composer.edit, Qt.Key.Key_Escape)
    await until(lambda: finished == ["stopped"])

    assert WAITING not in chat_panel.transcript.toPlainText()
    assert chat_panel.error_bar.retry_button.isVisible()
    await fake_openai.until(lambda: fake_openai.requests[-1].client_disconnected)
    assert len(fake_openai.chat_requests) == 1
    assert [type(m) for m in await history.load()] == [UserMessage]


async def test_the_idle_timeout_ends_the_wait_with_retry_and_retry_then_works(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer, never: threading.Event
) -> None:
    history = InMemoryHistoryStore()
    await bind(chat_panel, _agent(fake_openai, history, idle_timeout=0.5), history)
    finished: list[str] = []
    chat_panel.turn_finished.connect(finished.append)
    fake_openai.script(Reply.text("never sent", wait_for=never))

    type_and_send(qtbot, chat_panel, "Is the tram museum open?")
    await until(lambda: finished == ["failed"])

    assert chat_panel.error_bar.text == (
        f"The model server at {fake_openai.base_url} did not answer within 0.5 seconds. "
        "It may be busy or stuck; Retry asks again."
    )
    assert chat_panel.error_bar.retry_button.isVisible()
    assert len(fake_openai.chat_requests) == 1  # No retry behind the person's back.
    assert [type(m) for m in await history.load()] == [UserMessage]

    fake_openai.script(Reply.text("Yes, until 18:00."))
    qtbot.mouseClick(chat_panel.error_bar.retry_button, Qt.MouseButton.LeftButton)
    await until(lambda: finished == ["failed", "completed"])

    retried = fake_openai.chat_requests[-1]
    assert [m["role"] for m in retried["messages"]] == ["system", "user"]
    assert "Yes, until 18:00." in chat_panel.transcript.toPlainText()
    assert not chat_panel.error_bar.isVisible()
    assert [type(m) for m in await history.load()] == [UserMessage, AssistantMessage]


async def test_a_stream_that_stalls_between_chunks_shows_the_wait_too(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    history = InMemoryHistoryStore()
    await bind(chat_panel, _agent(fake_openai, history, idle_timeout=600), history)
    finished: list[str] = []
    chat_panel.turn_finished.connect(finished.append)
    fake_openai.script(Reply.text("First part. Second part.", chunks=2, chunk_delay=30))

    type_and_send(qtbot, chat_panel, "Tell me")
    await until(lambda: WAITING in chat_panel.transcript.toPlainText(), timeout=15)
    assert LOADING_HINT not in chat_panel.transcript.toPlainText()

    qtbot.keyClick(chat_panel.composer.edit, Qt.Key.Key_Escape)
    await until(lambda: finished == ["stopped"])
    assert WAITING not in chat_panel.transcript.toPlainText()
    await fake_openai.until(lambda: fake_openai.requests[-1].client_disconnected)
    assert len(fake_openai.chat_requests) == 1
