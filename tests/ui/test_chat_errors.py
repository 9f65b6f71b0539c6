"""Failures keep what the person typed, say what went wrong, and Retry resends nothing new."""

from __future__ import annotations

import logging

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from concierge.agent import (
    AgentBusyError,
    AssistantMessage,
    ContextProviderTimeout,
    InMemoryHistoryStore,
    TextPart,
    UsageError,
    UserMessage,
)
from concierge.ui.chat import ChatPanel
from concierge.ui.chat.errors import describe_error
from tests.fakes import FakeOpenAIServer, Reply
from tests.ui.support import FailingHistory, agent_for, bind, closed_port_url, type_and_send
from tests.ui.waiting import until


async def test_unreachable_server_shows_a_readable_error_and_retry_works_once_connected(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    history = InMemoryHistoryStore()
    url = closed_port_url()
    await bind(chat_panel, agent_for(url, history=history), history)
    finished: list[str] = []
    chat_panel.turn_finished.connect(finished.append)

    type_and_send(qtbot, chat_panel, "Book the tram museum")
    await until(lambda: finished == ["failed"])

    assert chat_panel.error_bar.isVisible()
    assert chat_panel.error_bar.text.startswith(f"Cannot reach the model server at {url}")
    assert "Check that it is running" in chat_panel.error_bar.text
    assert chat_panel.error_bar.retry_button.isVisible()
    assert chat_panel.error_bar.retry_button.isEnabled()
    transcript = chat_panel.transcript.toPlainText()
    assert "Book the tram museum" in transcript  # Stored, so shown, not put back in the input.
    assert "Cannot reach the model server" in transcript
    assert chat_panel.composer.edit.toPlainText() == ""

    # The person fixes the settings; the app rebinds the same conversation to a new agent.
    await bind(chat_panel, agent_for(fake_openai.base_url, history=history), history)
    assert chat_panel.error_bar.retry_button.isVisible()
    fake_openai.script(Reply.text("Booked for Saturday at 10:00."))
    qtbot.mouseClick(chat_panel.error_bar.retry_button, Qt.MouseButton.LeftButton)
    await until(lambda: finished == ["failed", "completed"])

    [request] = fake_openai.chat_requests
    assert [m["role"] for m in request["messages"]] == ["system", "user"]
    assert request["messages"][1]["content"] == "Book the tram museum"
    assert "Booked for Saturday at 10:00." in chat_panel.transcript.toPlainText()
    assert chat_panel.transcript.toPlainText().count("Book the tram museum") == 1
    assert not chat_panel.error_bar.isVisible()
    assert [type(m) for m in await history.load()] == [UserMessage, AssistantMessage]


async def test_server_error_text_is_shown_as_the_server_wrote_it(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    history = InMemoryHistoryStore()
    await bind(chat_panel, agent_for(fake_openai.base_url, history=history), history)
    fake_openai.script(Reply.error(401, "Incorrect API key provided.", "invalid_request_error"))
    type_and_send(qtbot, chat_panel, "Hello")
    await until(lambda: chat_panel.error_bar.isVisible())
    assert chat_panel.error_bar.text == (
        "The model server refused the API key (401): Incorrect API key provided."
    )
    await until(lambda: not chat_panel.busy)


async def test_a_message_that_could_not_be_stored_goes_back_into_the_input(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    history = FailingHistory()
    await bind(chat_panel, agent_for(fake_openai.base_url, history=history), history)
    finished: list[str] = []
    chat_panel.turn_finished.connect(finished.append)
    type_and_send(qtbot, chat_panel, "Keep this draft")
    await until(lambda: finished == ["failed"])

    assert chat_panel.composer.edit.toPlainText() == "Keep this draft"
    assert chat_panel.error_bar.text == "The database is locked by another program."
    assert not chat_panel.error_bar.retry_button.isVisible()  # Nothing stored, nothing to retry.
    assert "Keep this draft" not in chat_panel.transcript.toPlainText()
    assert fake_openai.requests == []

    history.fail_appends = False
    fake_openai.script(Reply.text("Saved this time."))
    qtbot.keyClick(chat_panel.composer.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    await until(lambda: finished == ["failed", "completed"])
    assert "Saved this time." in chat_panel.transcript.toPlainText()
    assert chat_panel.composer.edit.toPlainText() == ""


async def test_a_failing_context_provider_is_named_and_retry_succeeds_after_it_recovers(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    history = InMemoryHistoryStore()
    agent = agent_for(fake_openai.base_url, history=history)
    broken = [True]

    def trip(_signal: object) -> str:
        if broken[0]:
            raise RuntimeError("trip table is being migrated")
        return "Trip: Porto, 3 days"

    agent.add_context_provider(trip, name="trip")
    await bind(chat_panel, agent, history)
    finished: list[str] = []
    chat_panel.turn_finished.connect(finished.append)
    type_and_send(qtbot, chat_panel, "Plan day two")
    await until(lambda: finished == ["failed"])
    assert (
        "Context provider 'trip' failed: trip table is being migrated" in chat_panel.error_bar.text
    )
    assert fake_openai.requests == []

    broken[0] = False
    fake_openai.script(Reply.text("Day two: Serralves."))
    chat_panel.error_bar.retry_button.click()
    await until(lambda: finished == ["failed", "completed"])
    assert "Day two: Serralves." in chat_panel.transcript.toPlainText()
    assert "Trip: Porto, 3 days" in fake_openai.chat_requests[0]["messages"][-1]["content"]


async def test_an_unanswered_conversation_offers_retry_when_loaded(
    chat_panel: ChatPanel, fake_openai: FakeOpenAIServer
) -> None:
    history = InMemoryHistoryStore([UserMessage(content=(TextPart(text="Trams on Sunday?"),))])
    await bind(chat_panel, agent_for(fake_openai.base_url, history=history), history)
    assert chat_panel.error_bar.isVisible()
    assert chat_panel.error_bar.text == "Your last message has not been answered yet."
    fake_openai.script(Reply.text("Yes, on a reduced timetable."))
    chat_panel.error_bar.retry_button.click()
    await until(lambda: "reduced timetable" in chat_panel.transcript.toPlainText())


def test_run_failures_read_as_they_are_and_code_mistakes_are_logged_as_bugs(
    caplog: pytest.LogCaptureFixture,
) -> None:
    busy = AgentBusyError("The assistant is still working on the previous request.")
    assert describe_error(busy) == str(busy)
    assert describe_error(ContextProviderTimeout("trip", 2.0)) == (
        "The assistant could not read the app's current state. "
        "Context provider 'trip' did not answer within 2 s."
    )
    with caplog.at_level(logging.ERROR, logger="concierge.ui.chat.errors"):
        text = describe_error(UsageError("Tool names must be unique: ['a', 'a']"))
    assert text == "Something went wrong: Tool names must be unique: ['a', 'a']"
    assert "chat turn failed unexpectedly" in caplog.text
