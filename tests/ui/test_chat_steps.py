"""The assistant's steps read as the assistant's: inside its turn, in the order they happened,
each opening (keyboard or mouse) to what it changed in the undo menu's words, also after a
restart."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from concierge.agent import AssistantMessage, TextPart, ToolCall, ToolResult
from concierge.agent.messages import effect_id
from concierge.model.fields import ENTITIES
from concierge.model_server import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL
from concierge.ui.chat import ChatPanel, LiveTurn
from concierge.ui.chat.markdown import STEP_LINK, step_effect
from concierge.ui.chat.step_details import StepDetails, shown_field_value
from concierge.ui.i18n import translate
from concierge.ui.main_window import MainWindow
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec
from tests.fakes.memory_keyring import MemoryKeyring
from tests.ui.trips_support import Running, focus
from tests.ui.waiting import until

TURN = (
    "You\nSet the dates and the budget\n"
    "Assistant\nFirst the dates.\n"
    "Change the trip — done\n"
    "Now the budget.\n"
    "Change the trip — done\n"
    "All set."
)
"""The transcript of the turn: one heading, then text, step, text, step, text."""


def open_dialog(chat: ChatPanel) -> StepDetails | None:
    dialog = chat.findChild(StepDetails)
    return dialog if dialog is not None and dialog.isVisible() else None


def step_links(chat: ChatPanel) -> list[tuple[int, str]]:
    """(position, link) of each step's link in the transcript, in order."""
    links: list[tuple[int, str]] = []
    block = chat.transcript.document().begin()
    while block.isValid():
        iterator = block.begin()
        while not iterator.atEnd():
            piece = iterator.fragment()
            href = piece.charFormat().anchorHref()
            if href.startswith(STEP_LINK) and (not links or links[-1][1] != href):
                links.append((piece.position(), href))
            iterator += 1
        block = block.next()
    return links


async def ask_two_steps(window: MainWindow, fake_openai: FakeOpenAIServer, qtbot: QtBot) -> None:
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec("update_trip", {"start_date": "2026-05-14"}), text="First the dates."
        ),
        Reply.tool_calls(
            ToolCallSpec("update_trip", {"budget_amount": "1500"}), text="Now the budget."
        ),
        Reply.text("All set."),
    )
    chat = window.chat
    await until(lambda: chat.runnable is not None and not chat.loading)
    qtbot.keyClicks(chat.composer.edit, "Set the dates and the budget")
    qtbot.keyClick(chat.composer.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    await until(lambda: len(fake_openai.chat_requests) == 3 and not chat.busy)
    await until(lambda: "All set." in chat.transcript.toPlainText())


async def test_steps_show_in_the_assistants_turn_and_open_to_their_changes(
    memory_keyring: MemoryKeyring,
    monkeypatch: pytest.MonkeyPatch,
    fake_openai: FakeOpenAIServer,
    qtbot: QtBot,
    tmp_path: Path,
) -> None:
    monkeypatch.setenv(ENV_BASE_URL, fake_openai.base_url)
    monkeypatch.setenv(ENV_API_KEY, "test-key")
    monkeypatch.setenv(ENV_MODEL, "fake-model")
    first = Running(tmp_path / "data")
    try:
        window = await first.start()
        await ask_two_steps(window, fake_openai, qtbot)
        await opened_with_the_keyboard(window, qtbot)
    finally:
        await first.close()

    # After a restart the turn reads the same, and a click opens the first step.
    again = Running(tmp_path / "data")
    try:
        window = await again.start()
        chat = window.chat
        await until(lambda: not chat.loading and "All set." in chat.transcript.toPlainText())
        assert chat.transcript.toPlainText().endswith(TURN)
        position, _ = step_links(chat)[0]
        cursor = QTextCursor(chat.transcript.document())
        cursor.setPosition(position + 2)
        spot = chat.transcript.cursorRect(cursor).center()
        qtbot.mouseClick(chat.transcript.viewport(), Qt.MouseButton.LeftButton, pos=spot)
        await until(lambda: open_dialog(chat) is not None)
        dialog = open_dialog(chat)
        assert dialog is not None
        assert dialog.text.text().split("\n") == [
            "the assistant’s change to Start date",
            "Change the trip",
            "    Start date: — → 14 May 2026",
        ]
        dialog.reject()
    finally:
        await again.close()


async def opened_with_the_keyboard(window: MainWindow, qtbot: QtBot) -> None:
    """The turn reads as the assistant's; Tab and Enter open its newest step."""
    chat = window.chat
    assert chat.transcript.toPlainText().endswith(TURN)
    assert len(step_links(chat)) == 2

    # Tab reaches the steps' links inside the transcript; Enter opens the one in focus. The
    # Undo label follows a burst of changes UNDO_REFRESH_MS later: wait for the last step's.
    await until(lambda: window.undo_action.isEnabled() and "Budget" in window.undo_action.text())
    await focus(chat.transcript)
    qtbot.keyClick(chat.transcript, Qt.Key.Key_Tab)
    qtbot.keyClick(chat.transcript, Qt.Key.Key_Tab)
    qtbot.keyClick(chat.transcript, Qt.Key.Key_Return)
    await until(lambda: open_dialog(chat) is not None)
    dialog = open_dialog(chat)
    assert dialog is not None
    lines = dialog.text.text().split("\n")
    # The newest step is the undo menu's next step: the dialog names it the same way.
    assert window.undo_action.text() == translate("MainWindow", "&Undo {step}").format(
        step=lines[0]
    )
    assert lines == [
        "the assistant’s change to Budget",
        "Change the trip",
        "    Budget: — → 1,500",
    ]
    assert dialog.windowTitle() == "Change the trip — done"
    assert dialog.accessibleName() == "Change the trip — done"
    assert dialog.accessibleDescription() == "\n".join(lines)
    await until(dialog.isActiveWindow)  # Shown first, then activated: keys go there then.
    qtbot.keyClick(QApplication.focusWidget() or dialog, Qt.Key.Key_Escape)
    await until(lambda: open_dialog(chat) is None)


def test_step_values_are_written_in_the_windows_locale(portuguese: None) -> None:
    trip = next(entity for entity in ENTITIES if entity.name == "trip").fields
    assert shown_field_value(trip["budget_amount"], "1500.5") == "1.500,5"
    assert shown_field_value(trip["start_date"], "2026-05-14") == "14 de mai. de 2026"
    assert shown_field_value(trip["start_date"], None) == "—"


def test_a_live_step_opens_once_it_has_finished() -> None:
    call = ToolCall(id="c1", name="update_trip", arguments="{}")
    answer = AssistantMessage(text="First the dates.", tool_calls=(call,))
    turn = LiveTurn([TextPart(text="Set the dates")], {"update_trip": "Change the trip"})
    turn.finish_response(1, answer)
    turn.tool_started(call)
    assert turn.markdown().endswith("\n\nChange the trip — running…")  # Nothing to open yet.
    turn.tool_finished(ToolResult(tool_call_id="c1", tool_name="update_trip", content="ok"))
    *_, line = turn.markdown().split("\n\n")
    link = f"{STEP_LINK}{quote(effect_id(answer, call), safe='')}"
    assert line.startswith(f"[Change the trip — done]({link} ")
    assert step_effect(link) == effect_id(answer, call)
