"""A compaction summary in the transcript: a muted note with the summary as its tooltip,
below the full earlier messages, which stay visible."""

from __future__ import annotations

import threading

from PySide6.QtCore import QEvent
from PySide6.QtGui import QHelpEvent, QTextDocument
from PySide6.QtWidgets import QApplication, QToolTip

from concierge.agent import (
    AssistantMessage,
    InMemoryHistoryStore,
    TextPart,
    UserMessage,
)
from concierge.agent.compaction import SUMMARIZER_PROMPT, compaction_summary
from concierge.ui.chat import ChatPanel
from concierge.ui.chat.live_turn import SUMMARIZING_NOTE
from concierge.ui.chat.markdown import SUMMARIZED
from tests.fakes import FakeOpenAIServer
from tests.ui.support import (
    FIRST_SUMMARY,
    LONG_FIRST_QUESTION,
    TIGHT_BUDGET,
    agent_for,
    bind,
    script_compaction_before_the_second_turn,
)
from tests.ui.waiting import until

SUMMARY = 'The person wants <b>quiet</b> days, "no red-eye" flights \\ trains.\n\n- Porto\n# Braga'


def _tooltip_at(panel: ChatPanel, text: str) -> str:
    """The tooltip the transcript shows when the pointer rests on `text`."""
    view = panel.transcript
    point = view.cursorRect(view.document().find(text)).center()
    event = QHelpEvent(QEvent.Type.ToolTip, point, view.viewport().mapToGlobal(point))
    QApplication.sendEvent(view.viewport(), event)
    return QToolTip.text()


def _plain(rich: str) -> str:
    document = QTextDocument()
    document.setHtml(rich)
    return document.toPlainText()


async def test_a_stored_summary_is_a_note_below_the_full_earlier_messages(
    chat_panel: ChatPanel,
) -> None:
    older = [
        UserMessage(content=(TextPart(text="Plan three quiet days"),)),
        AssistantMessage(text="Amarante, Guimarães and Ponte de Lima."),
    ]
    summary = compaction_summary(SUMMARY, covers_through=older[1].id)
    newer = [
        UserMessage(content=(TextPart(text="And the trains?"),)),
        AssistantMessage(text="Yes."),
    ]
    await bind(chat_panel, None, InMemoryHistoryStore([*older, summary, *newer]))

    text = chat_panel.transcript.toPlainText()
    order = ["Plan three quiet days", "Ponte de Lima.", SUMMARIZED, "And the trains?", "Yes."]
    assert [text.index(piece) for piece in order] == sorted(text.index(p) for p in order)
    assert "red-eye" not in text  # the summary itself is not transcript text
    assert _plain(_tooltip_at(chat_panel, SUMMARIZED)) == SUMMARY


async def test_a_turn_that_compacts_shows_the_note_when_it_ends(
    chat_panel: ChatPanel, fake_openai: FakeOpenAIServer
) -> None:
    history = InMemoryHistoryStore()
    agent = agent_for(fake_openai.base_url, history=history, compaction=TIGHT_BUDGET)
    await bind(chat_panel, agent, history)
    finished: list[str] = []
    chat_panel.turn_finished.connect(finished.append)
    script_compaction_before_the_second_turn(fake_openai)
    for number, question in enumerate([LONG_FIRST_QUESTION, "Second question"]):
        chat_panel.composer.edit.setPlainText(question)
        chat_panel.send()
        await until(lambda n=number: len(finished) == n + 1)

    assert fake_openai.chat_requests[1]["messages"][0]["content"] == SUMMARIZER_PROMPT
    text = chat_panel.transcript.toPlainText()
    order = ["First question", "First answer.", "Second question", SUMMARIZED, "Second answer."]
    assert [text.index(piece) for piece in order] == sorted(text.index(p) for p in order)
    assert _plain(_tooltip_at(chat_panel, SUMMARIZED)) == FIRST_SUMMARY


async def test_the_live_turn_says_while_earlier_messages_are_summarized(
    chat_panel: ChatPanel, fake_openai: FakeOpenAIServer
) -> None:
    history = InMemoryHistoryStore()
    agent = agent_for(fake_openai.base_url, history=history, compaction=TIGHT_BUDGET)
    await bind(chat_panel, agent, history)
    finished: list[str] = []
    chat_panel.turn_finished.connect(finished.append)
    gate = threading.Event()
    script_compaction_before_the_second_turn(fake_openai, summary_gate=gate)
    chat_panel.composer.edit.setPlainText(LONG_FIRST_QUESTION)
    chat_panel.send()
    await until(lambda: len(finished) == 1)

    chat_panel.composer.edit.setPlainText("Second question")
    chat_panel.send()
    summarizing = SUMMARIZING_NOTE.split("{", 1)[0]
    await until(lambda: summarizing in chat_panel.transcript.toPlainText())
    assert SUMMARIZED not in chat_panel.transcript.toPlainText()
    gate.set()
    await until(lambda: len(finished) == 2)
    text = chat_panel.transcript.toPlainText()
    assert summarizing not in text and SUMMARIZED in text
