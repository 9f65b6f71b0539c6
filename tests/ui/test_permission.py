"""Destructive tools wait for an inline Allow / Deny; stopping the turn denies."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from concierge.agent import InMemoryHistoryStore, ToolResult, ToolStatus
from concierge.ui.chat import ChatPanel
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec
from tests.ui.support import Itinerary, agent_for, bind
from tests.ui.waiting import until

REMOVE = ToolCallSpec("remove_item", {"item": "Dinner at Ramiro", "day": 2})


async def _ask_to_remove(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer, itinerary: Itinerary
) -> InMemoryHistoryStore:
    history = InMemoryHistoryStore()
    agent = agent_for(
        fake_openai.base_url,
        history=history,
        tools=[itinerary.remove_tool()],
        permission_handler=chat_panel.ask,
    )
    await bind(chat_panel, agent, history)
    qtbot.keyClicks(chat_panel.composer.edit, "Drop the dinner on day 2")
    qtbot.keyClick(chat_panel.composer.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    await until(lambda: chat_panel.permissions.prompts)
    return history


async def test_allow_runs_the_tool(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    itinerary = Itinerary()
    fake_openai.script(Reply.tool_calls(REMOVE), Reply.text("Done: dinner removed."))
    await _ask_to_remove(chat_panel, qtbot, fake_openai, itinerary)

    [prompt] = chat_panel.permissions.prompts
    assert prompt.isVisible()
    assert prompt.question.text() == "Remove 'Dinner at Ramiro' from day 2?"
    await until(
        lambda: "Remove item — waiting for your answer" in chat_panel.transcript.toPlainText()
    )
    assert "Dinner at Ramiro" in itinerary.items  # Nothing happens before the answer.
    assert chat_panel.composer.edit.isEnabled()  # The rest of the panel stays usable.

    qtbot.mouseClick(prompt.allow_button, Qt.MouseButton.LeftButton)
    await until(lambda: not chat_panel.busy)

    assert "Dinner at Ramiro" not in itinerary.items
    assert not chat_panel.permissions.prompts
    assert not chat_panel.prompt_area.isVisible()
    text = chat_panel.transcript.toPlainText()
    assert "Remove item — done" in text
    assert "Done: dinner removed." in text
    tool_message = fake_openai.chat_requests[1]["messages"][-1]
    assert tool_message["role"] == "tool"
    assert tool_message["content"] == "Removed Dinner at Ramiro."


async def test_deny_refuses_the_tool_and_tells_the_model(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    itinerary = Itinerary()
    fake_openai.script(Reply.tool_calls(REMOVE), Reply.text("All right, I kept it."))
    await _ask_to_remove(chat_panel, qtbot, fake_openai, itinerary)

    [prompt] = chat_panel.permissions.prompts
    qtbot.mouseClick(prompt.deny_button, Qt.MouseButton.LeftButton)
    await until(lambda: not chat_panel.busy)

    assert "Dinner at Ramiro" in itinerary.items
    tool_message = fake_openai.chat_requests[1]["messages"][-1]
    assert "declined" in tool_message["content"]
    text = chat_panel.transcript.toPlainText()
    assert "Remove item — error: The person declined this action" in text
    assert "All right, I kept it." in text


async def test_stopping_while_asking_denies_and_ends_the_turn(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    itinerary = Itinerary()
    fake_openai.script(Reply.tool_calls(REMOVE, REMOVE))
    history = await _ask_to_remove(chat_panel, qtbot, fake_openai, itinerary)
    finished: list[str] = []
    chat_panel.turn_finished.connect(finished.append)

    qtbot.keyClick(chat_panel.composer.edit, Qt.Key.Key_Escape)
    await until(lambda: finished == ["stopped"])

    assert "Dinner at Ramiro" in itinerary.items
    assert not chat_panel.permissions.prompts  # The second call was refused without asking.
    assert len(fake_openai.chat_requests) == 1
    results = [m for m in await history.load() if isinstance(m, ToolResult)]
    assert [r.status for r in results] == [ToolStatus.ERROR, ToolStatus.ERROR]
    assert all("declined" in r.content for r in results)
    assert "Stopped." in chat_panel.transcript.toPlainText()
