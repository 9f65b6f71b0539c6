"""Images chosen in a non-modal file dialog are sent as image parts after the text (with no
trip chosen: the trip's documents are tests/ui/test_chat_documents.py's)."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QFileDialog, QLineEdit
from pytestqt.qtbot import QtBot

from concierge.agent import ImagePart, InMemoryHistoryStore, TextPart, UserMessage
from concierge.ui.chat import AttachmentError, ChatPanel, read_attachment
from tests.fakes import FakeOpenAIServer, Reply
from tests.ui.support import agent_for, bind
from tests.ui.waiting import until


def choose_in_dialog(qtbot: QtBot, dialog: QFileDialog, path: Path) -> None:
    """Go to the file's folder, type its name into the dialog's name field, press Enter."""
    dialog.setDirectory(str(path.parent))
    name = dialog.findChild(QLineEdit, "fileNameEdit")
    assert name is not None
    qtbot.keyClicks(name, path.name)
    qtbot.keyClick(name, Qt.Key.Key_Return)


def _png(path: Path) -> Path:
    image = QImage(8, 6, QImage.Format.Format_RGB32)
    image.fill(QColor("teal"))
    assert image.save(str(path))  # Format from the suffix.
    return path


async def test_attached_image_is_sent_as_an_image_url_part(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer, tmp_path: Path
) -> None:
    photo = _png(tmp_path / "tile.png")
    history = InMemoryHistoryStore()
    await bind(chat_panel, agent_for(fake_openai.base_url, history=history), history)

    qtbot.mouseClick(chat_panel.composer.attach_button, Qt.MouseButton.LeftButton)
    # No trip's documents to list: the file dialog opens at once.
    await until(lambda: chat_panel.findChild(QFileDialog) is not None)
    dialog = chat_panel.findChild(QFileDialog)
    # Reaching this line at all shows the dialog was opened with open(): exec() would block.
    assert dialog is not None and dialog.isVisible()
    assert dialog.windowModality() == Qt.WindowModality.WindowModal
    choose_in_dialog(qtbot, dialog, photo)
    await until(lambda: len(chat_panel.composer.chips) == 1)
    [chip] = chat_panel.composer.chips
    assert chip.remove_button.accessibleName() == "Remove tile.png"

    fake_openai.script(Reply.text("A teal tile, likely from Porto."))
    qtbot.keyClicks(chat_panel.composer.edit, "Where is this from?")
    qtbot.keyClick(chat_panel.composer.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert chat_panel.composer.chips == ()
    await until(lambda: not chat_panel.busy)

    content = fake_openai.chat_requests[0]["messages"][-1]["content"]
    expected = "data:image/png;base64," + base64.b64encode(photo.read_bytes()).decode()
    assert content == [
        {"type": "text", "text": "Where is this from?"},
        {"type": "image_url", "image_url": {"url": expected}},
    ]
    [user, _answer] = await history.load()
    assert isinstance(user, UserMessage)
    assert user.content == (
        TextPart(text="Where is this from?"),
        ImagePart(url=expected, name="tile.png"),
    )
    text = chat_panel.transcript.toPlainText()
    assert "[image] tile.png" in text
    assert "A teal tile, likely from Porto." in text


async def test_a_removed_chip_is_not_sent(
    chat_panel: ChatPanel, qtbot: QtBot, fake_openai: FakeOpenAIServer, tmp_path: Path
) -> None:
    history = InMemoryHistoryStore()
    await bind(chat_panel, agent_for(fake_openai.base_url, history=history), history)
    await chat_panel.attach_file(_png(tmp_path / "a.png"))
    await chat_panel.attach_file(_png(tmp_path / "b.png"))
    first = chat_panel.composer.chips[0]
    qtbot.mouseClick(first.remove_button, Qt.MouseButton.LeftButton)
    assert [c.attachment.name for c in chat_panel.composer.chips] == ["b.png"]

    fake_openai.script(Reply.text("Noted."))
    chat_panel.composer.send_button.click()  # An image alone is a message too.
    await until(lambda: not chat_panel.busy)
    content = fake_openai.chat_requests[0]["messages"][-1]["content"]
    assert [part["type"] for part in content] == ["image_url"]


async def test_a_file_that_is_neither_an_image_nor_a_pdf_is_refused_readably(
    chat_panel: ChatPanel, tmp_path: Path
) -> None:
    notes = tmp_path / "notes.png"
    notes.write_text("not really a picture")
    await chat_panel.attach_file(notes)
    assert chat_panel.composer.chips == ()
    assert chat_panel.error_bar.isVisible()
    assert chat_panel.error_bar.text == (
        "“notes.png” cannot be sent to the assistant: only PDF documents and PNG, JPEG, GIF "
        "or WebP images can."
    )
    assert not chat_panel.error_bar.retry_button.isVisible()


def test_missing_files_are_reported_by_name(tmp_path: Path) -> None:
    with pytest.raises(AttachmentError, match=r"“gone\.jpg” could not be read"):
        read_attachment(tmp_path / "gone.jpg")
