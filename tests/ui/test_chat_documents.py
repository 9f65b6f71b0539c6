"""A trip's documents reach the model only when the person attaches one to a chat message:
Ctrl+Shift+A lists them (Up/Down, Enter), the chip can be taken off again (Delete, Backspace
or its button), and what is sent (an image part, a PDF's text) is in that one message only,
never in the runtime context nor any other message, also when the stored history replays."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPdfWriter
from PySide6.QtWidgets import QApplication, QFileDialog, QMenu
from pytestqt.qtbot import QtBot

from concierge.agent import Agent, DocumentPart, ImagePart, TextPart, UserMessage
from concierge.store import SqliteHistoryStore, TripRecord
from concierge.ui.chat import ChatPanel
from concierge.ui.chat.pdf_text import NO_TEXT_NOTE
from concierge.ui.documents import DocumentsPanel
from tests.fakes import FakeOpenAIServer, Reply
from tests.ui import trips_support
from tests.ui.support import agent_for, bind
from tests.ui.test_attachments import choose_in_dialog
from tests.ui.trips_support import TripServices, focus, on_screen, press
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services

TICKET_TEXT = "Boarding pass TP1234 gate 7"
TRIP_CONTEXT = "Trip: Japan, 3 documents on file."
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def write_pdf(path: Path, *lines: str) -> Path:
    """A one-page PDF with `lines` as real text (none: a page with only a drawing)."""
    writer = QPdfWriter(str(path))
    painter = QPainter(writer)
    painter.setFont(QFont("DejaVu Sans", 12))
    painter.drawRect(100, 100, 400, 200)
    for number, line in enumerate(lines):
        painter.drawText(200, 600 + number * 300, line)
    painter.end()
    return path


def write_png(path: Path) -> Path:
    image = QImage(8, 6, QImage.Format.Format_RGB32)
    image.fill(QColor("teal"))
    assert image.save(str(path))
    return path


@pytest.fixture
async def trip(services: TripServices, tmp_path: Path) -> TripRecord:
    """A trip with a PDF ticket, a photo and a text file among its documents."""
    trip = (await services.trips.create({"title": "Japan"})).record
    downloads = tmp_path / "Downloads"
    downloads.mkdir()
    notes = downloads / "notes.txt"
    notes.write_text("packing list")
    for source in (
        write_pdf(downloads / "ticket.pdf", TICKET_TEXT),
        write_png(downloads / "photo.png"),
        notes,
    ):
        await services.documents.attach(source, trip_id=trip.id)
    return trip


@pytest.fixture
async def chat(chat_panel: ChatPanel, services: TripServices, trip: TripRecord) -> ChatPanel:
    chat_panel.set_documents(services.documents, trip.id)
    chat_panel.activateWindow()
    return chat_panel


def history_of(services: TripServices) -> SqliteHistoryStore:
    """A fresh store object each call, as switching trips or restarting gives the panel."""
    return SqliteHistoryStore(services.database, "trip-japan", title="Japan")


def agent_with_context(base_url: str, history: SqliteHistoryStore) -> Agent:
    agent = agent_for(base_url, history=history)
    agent.add_context_provider(lambda _signal: TRIP_CONTEXT, name="trip")
    return agent


async def pick_from_menu(qtbot: QtBot, chat: ChatPanel, downs: int) -> None:
    """Ctrl+Shift+A in the message field, then Down `downs` times and Enter."""
    await focus(chat.composer.edit)
    qtbot.keyClick(chat.composer.edit, Qt.Key.Key_A, CTRL_SHIFT)
    await until(lambda: chat.attach_menu is not None and chat.attach_menu.isVisible())
    menu = chat.attach_menu
    assert isinstance(menu, QMenu)
    assert QApplication.activePopupWidget() is menu
    for _ in range(downs):
        press(qtbot, Qt.Key.Key_Down)
    press(qtbot, Qt.Key.Key_Return)
    await until(lambda: chat.attach_menu is None)
    # Closed, not only closing, and the window active again: the popup hands the focus back
    # as it goes, and until the window is reactivated nothing has the focus. A window manager
    # gives the activation back; the offscreen platform at times does not, so ask for it.
    await until(lambda: QApplication.activePopupWidget() is None)
    if QApplication.activeWindow() is not chat.window():
        chat.window().activateWindow()
    await until(lambda: QApplication.activeWindow() is chat.window())


def send(qtbot: QtBot, chat: ChatPanel, text: str) -> None:
    qtbot.keyClicks(chat.composer.edit, text)
    qtbot.keyClick(chat.composer.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)


def mentions(message: dict[str, Any], text: str) -> bool:
    return text in json.dumps(message, ensure_ascii=False)


async def test_an_attached_pdf_goes_as_its_text_with_its_message_only(
    chat: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer, services: TripServices
) -> None:
    history = history_of(services)
    await bind(chat, agent_with_context(fake_openai.base_url, history), history)
    await pick_from_menu(qtbot, chat, downs=0)
    await until(lambda: len(chat.composer.chips) == 1)
    [chip] = chat.composer.chips
    assert chip.accessibleName() == "Attached document ticket.pdf"
    assert QApplication.focusWidget() is chat.composer.edit

    fake_openai.script(Reply.text("Gate 7."), Reply.text("Two hours before."))
    send(qtbot, chat, "Which gate?")
    assert chat.composer.chips == ()
    await until(lambda: not chat.busy)
    first = fake_openai.chat_requests[0]["messages"]
    attached = f"Attached document “ticket.pdf”:\n\n{TICKET_TEXT}"
    assert first[-2] == {
        "role": "user",
        "content": [{"type": "text", "text": "Which gate?"}, {"type": "text", "text": attached}],
    }
    assert first[-1] != first[-2] and mentions(first[-1], TRIP_CONTEXT)
    assert [mentions(m, TICKET_TEXT) for m in first] == [False, True, False]
    transcript = chat.transcript.toPlainText()
    assert "📄 [document] ticket.pdf" in transcript
    assert TICKET_TEXT not in transcript  # The bubble shows the file, not its text.

    send(qtbot, chat, "When should we be there?")
    await until(lambda: not chat.busy)
    second = fake_openai.chat_requests[1]["messages"]
    carrying = [index for index, m in enumerate(second) if mentions(m, TICKET_TEXT)]
    assert carrying == [1]  # Still in its own message, in no other.
    assert second[1] == first[-2]  # Byte for byte as it was first sent.
    assert second[-2] == {"role": "user", "content": "When should we be there?"}


async def test_the_menu_lists_the_trips_documents_and_moves_with_the_keys(
    chat: ChatPanel, qtbot: QtBot
) -> None:
    await focus(chat.composer.edit)
    qtbot.keyClick(chat.composer.edit, Qt.Key.Key_A, CTRL_SHIFT)
    await until(lambda: chat.attach_menu is not None and chat.attach_menu.isVisible())
    menu = chat.attach_menu
    assert menu is not None
    assert [a.text() for a in menu.actions()] == [
        "ticket.pdf",
        "photo.png",
        "notes.txt",
        "",
        "A file on this computer…",
    ]
    active = menu.activeAction()
    assert active is not None and active.text() == "ticket.pdf"
    press(qtbot, Qt.Key.Key_Down)
    active = menu.activeAction()
    assert active is not None and active.text() == "photo.png"
    press(qtbot, Qt.Key.Key_Escape)
    await until(lambda: chat.attach_menu is None)
    assert chat.composer.chips == ()


async def test_an_image_goes_as_an_image_part_and_chips_come_off_by_key_or_button(
    chat: ChatPanel,
    qtbot: QtBot,
    fake_openai: FakeOpenAIServer,
    services: TripServices,
    trip: TripRecord,
) -> None:
    history = history_of(services)
    await bind(chat, agent_with_context(fake_openai.base_url, history), history)
    await pick_from_menu(qtbot, chat, downs=1)  # photo.png
    await until(lambda: len(chat.composer.chips) == 1)
    await pick_from_menu(qtbot, chat, downs=0)  # ticket.pdf
    await until(lambda: len(chat.composer.chips) == 2)
    await pick_from_menu(qtbot, chat, downs=0)  # ticket.pdf again: not attached twice.
    assert [c.attachment.name for c in chat.composer.chips] == ["photo.png", "ticket.pdf"]

    press(qtbot, Qt.Key.Key_Tab)  # From the message field on to the chips.
    press(qtbot, Qt.Key.Key_Tab)
    ticket_chip = chat.composer.chips[1]
    await until(lambda: QApplication.focusWidget() is ticket_chip.remove_button)
    press(qtbot, Qt.Key.Key_Delete)
    await until(lambda: len(chat.composer.chips) == 1)
    assert QApplication.focusWidget() is chat.composer.edit

    await pick_from_menu(qtbot, chat, downs=0)
    await until(lambda: len(chat.composer.chips) == 2)
    await focus(chat.composer.chips[1].remove_button)
    press(qtbot, Qt.Key.Key_Backspace)
    await until(lambda: len(chat.composer.chips) == 1)

    fake_openai.script(Reply.text("A teal tile."))
    send(qtbot, chat, "What is this?")
    await until(lambda: not chat.busy)
    messages = fake_openai.chat_requests[0]["messages"]
    [stored] = [d for d in await services.documents.for_trip(trip.id) if d.file_name == "photo.png"]
    data = services.documents.path_of(stored).read_bytes()
    url = "data:image/png;base64," + base64.b64encode(data).decode()
    assert messages[-2]["content"] == [
        {"type": "text", "text": "What is this?"},
        {"type": "image_url", "image_url": {"url": url}},
    ]
    assert [mentions(m, "image_url") for m in messages] == [False, True, False]
    assert not any(mentions(m, TICKET_TEXT) for m in messages)
    assert "🖼️ [image] photo.png" in chat.transcript.toPlainText()


async def test_a_document_of_another_kind_is_refused_by_name(chat: ChatPanel, qtbot: QtBot) -> None:
    await pick_from_menu(qtbot, chat, downs=2)  # notes.txt
    await until(lambda: chat.error_bar.isVisible())
    assert chat.error_bar.text == (
        "“notes.txt” cannot be sent to the assistant: only PDF documents and PNG, JPEG, GIF "
        "or WebP images can."
    )
    assert chat.composer.chips == ()


async def test_a_file_from_disk_is_attached_to_the_trip_as_well(
    chat: ChatPanel, qtbot: QtBot, services: TripServices, trip: TripRecord, tmp_path: Path
) -> None:
    scan = write_pdf(tmp_path / "scan.pdf")  # A drawing, no text.
    await focus(chat.composer.edit)
    qtbot.keyClick(chat.composer.edit, Qt.Key.Key_A, CTRL_SHIFT)
    await until(lambda: chat.attach_menu is not None and chat.attach_menu.isVisible())
    press(qtbot, Qt.Key.Key_Up)  # Round to the last entry.
    press(qtbot, Qt.Key.Key_Return)
    await until(lambda: chat.findChild(QFileDialog) is not None)
    dialog = chat.findChild(QFileDialog)
    assert dialog is not None
    choose_in_dialog(qtbot, dialog, scan)
    await until(lambda: len(chat.composer.chips) == 1)
    [chip] = chat.composer.chips
    assert chip.attachment.part == DocumentPart(name="scan.pdf", text="", note=NO_TEXT_NOTE)
    assert chip.toolTip() == NO_TEXT_NOTE
    names = [d.file_name for d in await services.documents.for_trip(trip.id)]
    assert names == ["ticket.pdf", "photo.png", "notes.txt", "scan.pdf"]


async def test_a_model_without_vision_is_named_and_retry_sends_a_line_instead(
    chat: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer, services: TripServices
) -> None:
    history = history_of(services)
    await bind(chat, agent_with_context(fake_openai.base_url, history), history)
    await pick_from_menu(qtbot, chat, downs=1)  # photo.png
    await until(lambda: len(chat.composer.chips) == 1)
    fake_openai.script(
        Reply.error(400, "image input is not supported", "invalid_request_error"),
        Reply.text("I cannot see it; what does it show?"),
    )
    send(qtbot, chat, "What is this?")
    await until(lambda: not chat.busy)
    assert chat.error_bar.isVisible()
    assert chat.error_bar.text.startswith("This model cannot read images; Retry sends")
    assert "image input is not supported" in chat.error_bar.text
    [stored] = await history.load()  # Nothing lost: the message and its image are kept.
    assert isinstance(stored, UserMessage)
    assert isinstance(stored.content[1], ImagePart) and stored.content[1].name == "photo.png"

    qtbot.mouseClick(chat.error_bar.retry_button, Qt.MouseButton.LeftButton)
    await until(lambda: len(fake_openai.chat_requests) == 2 and not chat.busy)
    retried = fake_openai.chat_requests[1]["messages"][-2]
    assert retried["content"] == [
        {"type": "text", "text": "What is this?"},
        {
            "type": "text",
            "text": "[The person attached an image “photo.png”; this model cannot read images.]",
        },
    ]
    assert "I cannot see it" in chat.transcript.toPlainText()


async def test_stored_history_replays_with_the_attachment(
    chat: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer, services: TripServices
) -> None:
    history = history_of(services)
    await bind(chat, agent_with_context(fake_openai.base_url, history), history)
    await pick_from_menu(qtbot, chat, downs=0)
    await until(lambda: len(chat.composer.chips) == 1)
    fake_openai.script(Reply.text("Gate 7."), Reply.text("Yes, TP1234."))
    send(qtbot, chat, "Which gate?")
    await until(lambda: not chat.busy)
    sent = fake_openai.chat_requests[0]["messages"][1]

    restarted = history_of(services)  # As after a restart: read back from SQLite.
    [user, _answer] = await restarted.load()
    assert isinstance(user, UserMessage)
    assert user.content == (
        TextPart(text="Which gate?"),
        DocumentPart(name="ticket.pdf", text=TICKET_TEXT),
    )
    await bind(chat, agent_with_context(fake_openai.base_url, restarted), restarted)
    assert "📄 [document] ticket.pdf" in chat.transcript.toPlainText()
    send(qtbot, chat, "Is the flight number there too?")
    await until(lambda: not chat.busy)
    replayed = fake_openai.chat_requests[1]["messages"]
    assert replayed[1] == sent
    assert [i for i, m in enumerate(replayed) if mentions(m, TICKET_TEXT)] == [1]


async def test_send_to_assistant_in_the_documents_tab(
    services: TripServices, trip: TripRecord, qtbot: QtBot
) -> None:
    panel = DocumentsPanel(
        services.documents, services.itinerary, services.trips, services.history, services.bus
    )
    async with on_screen(panel, 640, 360):
        panel.set_trip(trip.id)
        await until(lambda: panel.stack.currentWidget() is panel.box and panel.box.records)
        assert panel.send_action in panel.box.list.actions()  # In its context menu.
        assert panel.box.list.contextMenuPolicy() == Qt.ContextMenuPolicy.ActionsContextMenu
        sent: list[object] = []
        panel.send_requested.connect(sent.append)
        await focus(panel.box.list)
        press(qtbot, Qt.Key.Key_Down)
        press(qtbot, Qt.Key.Key_A, CTRL_SHIFT)
        assert [getattr(r, "file_name", None) for r in sent] == ["photo.png"]
        qtbot.mouseClick(panel.send_button, Qt.MouseButton.LeftButton)
        assert [getattr(r, "file_name", None) for r in sent] == ["photo.png", "photo.png"]


def test_a_long_pdf_is_cut_with_a_note_and_a_damaged_one_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from concierge.ui.chat import AttachmentError, pdf_text, read_attachment

    monkeypatch.setattr(pdf_text, "MAX_DOCUMENT_CHARS", 10)
    ticket = read_attachment(write_pdf(tmp_path / "ticket.pdf", TICKET_TEXT))
    assert ticket.part == DocumentPart(
        name="ticket.pdf",
        text=TICKET_TEXT[:10],
        note=f"Its text is cut short: only the first 10 of its {len(TICKET_TEXT)} characters "
        "(1 page) follow.",
    )
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.4 not really")
    with pytest.raises(AttachmentError, match=r"^“broken\.pdf” could not be read as a PDF: "):
        read_attachment(broken)


def test_a_large_photo_is_sent_scaled_down_and_a_small_one_as_it_is(tmp_path: Path) -> None:
    from concierge.ui.chat import read_attachment
    from concierge.ui.chat.images import FIT_PX, KEEP_IMAGE_BYTES

    photo = QImage(4000, 3000, QImage.Format.Format_RGB32)
    photo.fill(QColor("teal"))
    noisy = tmp_path / "noisy.png"
    painter = QPainter(photo)  # Lines in many colours: too varied for a small PNG.
    for x in range(0, 4000, 3):
        painter.setPen(QColor((x * 37) % 256, (x * 11) % 256, (x * 5) % 256))
        painter.drawLine(x, 0, (x * 7) % 4000, 2999)
    painter.end()
    assert photo.save(str(noisy))
    assert noisy.stat().st_size > KEEP_IMAGE_BYTES
    large = read_attachment(noisy)
    assert isinstance(large.part, ImagePart)
    assert large.part.url.startswith("data:image/jpeg;base64,")
    sent = QImage.fromData(base64.b64decode(large.part.url.split(",", 1)[1]))
    assert (sent.width(), sent.height()) == (FIT_PX, FIT_PX * 3 // 4)
    small = read_attachment(write_png(tmp_path / "small.png"))
    expected = base64.b64encode((tmp_path / "small.png").read_bytes()).decode()
    assert isinstance(small.part, ImagePart)
    assert small.part.url == f"data:image/png;base64,{expected}"
