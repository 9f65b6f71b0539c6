"""A conversation of 5,000 messages opens at its latest page; older pages come on scroll-up."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from concierge.agent import AssistantMessage, Message
from concierge.agent.messages import user_message
from concierge.store import Database, SqliteHistoryStore
from concierge.ui.chat import ChatPanel
from concierge.ui.chat.transcript_view import TranscriptView
from tests.fakes import FakeOpenAIServer, Reply
from tests.ui.support import agent_for, bind
from tests.ui.waiting import until

PAIRS = 2_500


@pytest.fixture
def history(tmp_path: Path) -> Iterator[SqliteHistoryStore]:
    with Database.open(tmp_path / "concierge.db") as database:
        yield SqliteHistoryStore(database, "trip-long")


def _numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"Question (\d+):", text)]


def _top_line(view: TranscriptView) -> str:
    """The first message text at the top of the view (speaker headings skipped)."""
    block = view.cursorForPosition(QPoint(4, 4)).block()
    while block.isValid() and not block.text().startswith(("Question", "Answer")):
        block = block.next()
    return block.text()


def _unpainted(view: TranscriptView) -> list[str]:
    """Text blocks that have no laid-out line, so nothing of them would be drawn."""
    missing = []
    block = view.document().begin()
    while block.isValid():
        if block.text() and block.layout().lineCount() == 0:
            missing.append(block.text())
        block = block.next()
    return missing


def _height_in_view(view: TranscriptView, text: str) -> float:
    """Where the line `text` is, in pixels from the top of the view."""
    block = view.document().find(text).block()
    top = view.document().documentLayout().blockBoundingRect(block).top()
    return top - view.verticalScrollBar().value()


async def test_the_latest_messages_show_first_and_every_older_one_is_reached_by_scrolling(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer, history: SqliteHistoryStore
) -> None:
    messages: list[Message] = []
    for number in range(PAIRS):
        messages.append(user_message(f"Question {number}: what about stop {number}?"))
        messages.append(AssistantMessage(text=f"Answer {number}: take the **tram**."))
    await history.append(messages)

    await bind(chat_panel, agent_for(fake_openai.base_url, history=history), history)
    view = chat_panel.transcript
    shown = _numbers(view.toPlainText())
    assert shown and shown[-1] == PAIRS - 1 and 0 not in shown
    assert shown == list(range(shown[0], PAIRS))
    assert f"Answer {PAIRS - 1}: take the tram." in view.toPlainText()
    bar = view.verticalScrollBar()
    assert bar.value() == bar.maximum()  # The newest message is in view.
    assert chat_panel.composer.edit.isEnabled()

    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Home)
    reading = _top_line(view)
    where = _height_in_view(view, reading)
    first = shown[0]
    await until(lambda: _numbers(view.toPlainText())[0] < first)
    # The older page went in above: what was read stays where it was.
    assert abs(_height_in_view(view, reading) - where) <= 1
    assert bar.value() > 0
    assert _unpainted(view) == []

    while view.has_older:
        before = _numbers(view.toPlainText())[0]
        qtbot.keyClick(view, Qt.Key.Key_Home)
        await until(lambda b=before: not view.has_older or _numbers(view.toPlainText())[0] < b)
    assert _numbers(view.toPlainText()) == list(range(PAIRS))
    assert view.toPlainText().count("take the tram.") == PAIRS
    assert _unpainted(view) == []


async def test_older_messages_inserted_while_an_answer_streams_leave_the_answer_whole(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer, history: SqliteHistoryStore
) -> None:
    messages: list[Message] = []
    for number in range(200):
        messages.append(user_message(f"Question {number}: what about stop {number}?"))
        messages.append(AssistantMessage(text=f"Answer {number}: take the **tram**."))
    await history.append(messages)
    await bind(chat_panel, agent_for(fake_openai.base_url, history=history), history)
    finished: list[str] = []
    chat_panel.turn_finished.connect(finished.append)
    fake_openai.script(Reply.text("Ride line 28 at dawn. " * 80, chunks=160, chunk_delay=0.01))
    chat_panel.composer.edit.setFocus()
    qtbot.keyClicks(chat_panel.composer.edit, "And the old trams?")
    qtbot.keyClick(chat_panel.composer.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    view = chat_panel.transcript
    await until(lambda: "Ride line 28" in view.toPlainText())
    first = _numbers(view.toPlainText())[0]
    qtbot.keyClick(view, Qt.Key.Key_Home)
    await until(lambda: _numbers(view.toPlainText())[0] < first)
    await until(lambda: finished == ["completed"])

    text = view.toPlainText()
    assert text.count("Ride line 28 at dawn.") == 80
    assert text.count("And the old trams?") == 1
    assert text.rstrip().endswith("Ride line 28 at dawn.")
    numbers = _numbers(text)
    assert numbers == list(range(numbers[0], 200))


async def test_a_first_page_shorter_than_the_view_brings_the_older_ones_at_once_all_drawn(
    chat_panel: ChatPanel, fake_openai: FakeOpenAIServer, history: SqliteHistoryStore
) -> None:
    messages: list[Message] = []
    for number in range(15):
        messages.append(user_message(f"Question {number}: what about stop {number}?"))
        messages.append(AssistantMessage(text=f"Answer {number}: take the **tram**."))
    await history.append(messages)
    chat_panel.resize(640, 1600)
    await bind(chat_panel, agent_for(fake_openai.base_url, history=history), history)
    view = chat_panel.transcript
    await until(lambda: not view.has_older)
    assert _numbers(view.toPlainText()) == list(range(15))
    assert _unpainted(view) == []


async def test_pages_inserted_above_keep_every_block_drawn_and_in_order(qtbot: QtBot) -> None:
    view = TranscriptView()
    qtbot.addWidget(view)
    view.resize(520, 500)
    view.show()
    blocks = [
        block
        for n in range(30)
        for block in (f"#### You\n\nQuestion {n}: which tram?", f"#### Assistant\n\nTram {n}.")
    ]
    older = iter([blocks[20:40], blocks[:20], None])
    view.show_blocks(blocks[40:], lambda: next(older))
    while view.has_older:
        before = _numbers(view.toPlainText())[0]
        qtbot.keyClick(view, Qt.Key.Key_Home)
        await until(lambda b=before: not view.has_older or _numbers(view.toPlainText())[0] < b)
    assert _numbers(view.toPlainText()) == list(range(30))
    assert _unpainted(view) == []
    headings = []
    block = view.document().begin()
    while block.isValid():
        if block.text() in ("You", "Assistant"):
            headings.append(block.blockFormat().headingLevel())
        block = block.next()
    assert headings == [4] * 60


@pytest.mark.parametrize("frames_made_first", [0, 1, 2])
async def test_messages_on_either_side_of_a_page_boundary_are_as_far_apart_as_any_others(
    qtbot: QtBot, frames_made_first: int
) -> None:
    """Pages go into frames made when the conversation is shown, or made as they come."""
    view = TranscriptView()
    qtbot.addWidget(view)
    view.resize(520, 500)
    view.show()
    blocks = [
        block
        for n in range(30)
        for block in (f"#### You\n\nQuestion {n}: which tram?", f"#### Assistant\n\nTram {n}.")
    ]
    older = iter([blocks[20:40], blocks[:20], None])
    view.show_blocks(blocks[40:], lambda: next(older), frames_made_first)
    while view.has_older:
        before = _numbers(view.toPlainText())[0]
        qtbot.keyClick(view, Qt.Key.Key_Home)
        await until(lambda b=before: not view.has_older or _numbers(view.toPlainText())[0] < b)
    layout = view.document().documentLayout()
    tops = [
        layout.blockBoundingRect(view.document().find(f"Question {n}:").block()).top()
        for n in range(30)
    ]
    gaps = {round(below - above) for above, below in pairwise(tops)}
    assert len(gaps) == 1, gaps  # No blank line where one page meets the next.
    assert _numbers(view.toPlainText()) == list(range(30))
    assert _unpainted(view) == []
