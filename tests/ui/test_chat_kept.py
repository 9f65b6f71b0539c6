"""What the chat keeps: a stopped answer where the reader was, an answer cut at its cap, and
error notes with Retry across trip switches and restarts (the notes never reach the model)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from concierge.agent import AssistantMessage, UserMessage
from concierge.agent.messages import user_message
from concierge.store import Database, NoteKind, SqliteHistoryStore
from concierge.ui.chat import ChatPanel
from tests.fakes import FakeOpenAIServer, Reply
from tests.ui.support import agent_for, bind, closed_port_url, type_and_send
from tests.ui.waiting import until


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Database]:
    with Database.open(tmp_path / "concierge.db") as database:
        yield database


def _store(database: Database) -> SqliteHistoryStore:
    """A fresh store object each call: what switching trips or restarting gives the panel."""
    return SqliteHistoryStore(database, "trip-porto", title="Porto")


async def test_esc_keeps_the_read_text_where_the_reader_is_and_after_a_restart(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer, database: Database
) -> None:
    history = _store(database)
    earlier = []
    for day in range(1, 31):
        earlier += [user_message(f"What about day {day}?"), AssistantMessage(text="Walk. " * 40)]
    await history.append(earlier)
    await bind(chat_panel, agent_for(fake_openai.base_url, history=history), history)
    finished: list[str] = []
    chat_panel.turn_finished.connect(finished.append)
    fake_openai.script(Reply.text("Porto at dusk is lovely. " * 300, chunks=600, chunk_delay=0.01))
    type_and_send(qtbot, chat_panel, "Tell me everything about Porto")
    await until(lambda: chat_panel.transcript.toPlainText().count("Porto at dusk") >= 12)

    bar = chat_panel.transcript.verticalScrollBar()
    qtbot.keyClick(chat_panel.transcript, Qt.Key.Key_PageUp)
    qtbot.keyClick(chat_panel.transcript, Qt.Key.Key_PageUp)
    reading = bar.value()
    assert 0 < reading < bar.maximum()
    qtbot.keyClick(chat_panel.composer.edit, Qt.Key.Key_Escape)
    await until(lambda: finished == ["stopped"])

    assert bar.value() == reading
    shown = chat_panel.transcript.toPlainText()
    read = shown[shown.index("Porto at dusk") :]
    assert read.count("Porto at dusk") >= 12 and read.rstrip().endswith("Stopped.")
    stored = await _store(database).load()
    kept = stored[-1]
    assert isinstance(kept, AssistantMessage) and kept.stopped
    assert kept.text.count("Porto at dusk") >= 12
    assert not chat_panel.error_bar.isVisible()

    await bind(chat_panel, agent_for(fake_openai.base_url), _store(database))  # a restart
    again = chat_panel.transcript.toPlainText()
    assert again.count("Porto at dusk") == kept.text.count("Porto at dusk")
    assert again.rstrip().endswith("Stopped.")


async def test_esc_before_any_text_keeps_a_stopped_note_and_retry_sends_the_request_once(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer, database: Database
) -> None:
    history = _store(database)
    await bind(chat_panel, agent_for(fake_openai.base_url, history=history), history)
    finished: list[str] = []
    chat_panel.turn_finished.connect(finished.append)
    hold = threading.Event()
    fake_openai.script(Reply.text("never shown", wait_for=hold))
    type_and_send(qtbot, chat_panel, "Plan day one")
    await fake_openai.until_requests(1)
    qtbot.keyClick(chat_panel.composer.edit, Qt.Key.Key_Escape)
    await until(lambda: finished == ["stopped"])
    hold.set()
    assert [m.role for m in await _store(database).load()] == ["user"]

    await bind(chat_panel, agent_for(fake_openai.base_url), _store(database))
    assert chat_panel.transcript.toPlainText().rstrip().endswith("Stopped.")
    assert chat_panel.error_bar.retry_button.isVisible()


@pytest.mark.parametrize("failure", ["server error", "server down"])
async def test_an_error_note_stays_after_switching_trips_and_retry_resends_nothing_twice(
    chat_panel: ChatPanel,
    qtbot: QtBot,
    fake_openai: FakeOpenAIServer,
    database: Database,
    failure: str,
) -> None:
    history = _store(database)
    if failure == "server error":
        fake_openai.script(Reply.error(500, "The GPU caught fire"))
        base_url = fake_openai.base_url
    else:
        base_url = closed_port_url()
    await bind(chat_panel, agent_for(base_url, history=history), history)
    finished: list[str] = []
    chat_panel.turn_finished.connect(finished.append)
    type_and_send(qtbot, chat_panel, "Three quiet days near Porto")
    await until(lambda: finished == ["failed"])
    error_text = chat_panel.error_bar.text
    assert ("500" in error_text) if failure == "server error" else ("Cannot reach" in error_text)

    other = SqliteHistoryStore(database, "trip-lisbon", title="Lisbon")
    await bind(chat_panel, agent_for(fake_openai.base_url, history=other), other)
    assert "Three quiet days" not in chat_panel.transcript.toPlainText()
    assert not chat_panel.error_bar.isVisible()

    history = _store(database)
    await bind(chat_panel, agent_for(fake_openai.base_url, history=history), history)
    shown = chat_panel.transcript.toPlainText()
    assert "Three quiet days near Porto" in shown
    assert error_text.split(":")[0] in shown  # the note, in the transcript
    assert chat_panel.error_bar.isVisible() and chat_panel.error_bar.text == error_text
    assert chat_panel.error_bar.retry_button.isVisible()
    [note] = await history.notes()
    assert note.kind is NoteKind.ERROR and note.text == error_text

    sent_before = len(fake_openai.chat_requests)
    fake_openai.script(Reply.text("Amarante, Guimarães and Ponte de Lima."))
    chat_panel.error_bar.retry_button.setFocus()
    qtbot.keyClick(chat_panel.error_bar.retry_button, Qt.Key.Key_Space)
    await until(lambda: finished == ["failed", "completed"])

    request = fake_openai.chat_requests[sent_before]
    assert [m["role"] for m in request["messages"]] == ["system", "user"]
    assert request["messages"][1]["content"] == "Three quiet days near Porto"
    assert "GPU" not in json.dumps(request) and "Cannot reach" not in json.dumps(request)
    stored = await _store(database).load()
    assert [type(m) for m in stored] == [UserMessage, AssistantMessage]
    assert not chat_panel.error_bar.isVisible()
    shown = chat_panel.transcript.toPlainText()
    assert shown.index(error_text.split(":")[0]) < shown.index("Amarante")


async def test_a_cut_off_answer_stays_marked_with_an_error_and_retry_asks_again(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer, database: Database
) -> None:
    history = _store(database)
    await bind(chat_panel, agent_for(fake_openai.base_url, history=history), history)
    finished: list[str] = []
    chat_panel.turn_finished.connect(finished.append)
    whole = Reply.text("Porto has six bridges over the Douro.", chunks=4)
    fake_openai.script(Reply.cut_stream(whole, 3))  # no finish reason, no [DONE]
    type_and_send(qtbot, chat_panel, "Bridges?")
    await until(lambda: finished == ["failed"])

    assert chat_panel.error_bar.text.startswith("The model server's answer was cut off")
    assert "Cannot reach" not in chat_panel.error_bar.text
    assert chat_panel.error_bar.retry_button.isVisible()
    history = _store(database)
    await bind(chat_panel, agent_for(fake_openai.base_url, history=history), history)  # restart
    assert "Cut off: the answer did not arrive whole." in chat_panel.transcript.toPlainText()

    assert chat_panel.error_bar.retry_button.isVisible()
    fake_openai.script(Reply.text("Six."))
    chat_panel.error_bar.retry_button.setFocus()
    qtbot.keyClick(chat_panel.error_bar.retry_button, Qt.Key.Key_Space)
    await until(lambda: len(finished) == 2)
    assert finished == ["failed", "completed"], chat_panel.error_bar.text
    request = fake_openai.chat_requests[-1]
    assert [m["role"] for m in request["messages"]] == ["system", "user"]


async def test_an_answer_cut_at_its_cap_says_so_and_where_to_raise_it_after_a_restart(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer, database: Database
) -> None:
    history = _store(database)
    await bind(chat_panel, agent_for(fake_openai.base_url, history=history), history)
    finished: list[str] = []
    chat_panel.turn_finished.connect(finished.append)
    fake_openai.script(Reply.text("Porto has six bridges, and the first", finish_reason="length"))
    type_and_send(qtbot, chat_panel, "Bridges?")
    await until(lambda: finished == ["completed"])

    note = (
        "Cut short: the answer reached the longest answer allowed (14 tokens). Raise "
        "“Longest answer” in Settings for longer answers."
    )
    shown = chat_panel.transcript.toPlainText()
    assert shown.rstrip().endswith(note)
    assert "and the first" in shown
    assert not chat_panel.error_bar.isVisible()  # answered: nothing to retry
    history = _store(database)
    await bind(chat_panel, agent_for(fake_openai.base_url, history=history), history)  # restart
    assert chat_panel.transcript.toPlainText().rstrip().endswith(note)

    fake_openai.script(Reply.text("Six."))
    type_and_send(qtbot, chat_panel, "Go on")
    await until(lambda: len(finished) == 2)
    sent = fake_openai.chat_requests[-1]["messages"]
    assert sent[2] == {"role": "assistant", "content": "Porto has six bridges, and the first"}
