"""The Documents tab and the item dialog's Documents row, driven as a person would: files
dropped on the list or chosen with Ctrl+O, Enter opens one with the system's viewer, Delete
removes it with Undo offered, refusals named in the bar."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QObject, QPoint, QPointF, Qt, QUrl, Slot
from PySide6.QtGui import QDesktopServices, QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QFileDialog, QWidget
from pytestqt.qtbot import QtBot

from concierge.store import TripRecord
from concierge.store import document_files as document_files_module
from concierge.sync.folder import folder_key
from concierge.ui.documents import DocumentsBox, DocumentsPanel
from concierge.ui.documents import documents_box as box_module
from concierge.ui.trips import ItineraryView
from tests.composition import opened_services
from tests.sync.pair import ANA, BEN, PASSPHRASE, open_sync
from tests.ui import trips_support
from tests.ui.trips_support import TripServices, focus, on_screen, press, tab_order, type_text
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services


class Viewer(QObject):
    """Stands in for the system's viewer: the URLs it was asked to open."""

    def __init__(self) -> None:
        super().__init__()
        self.opened: list[QUrl] = []

    @Slot(QUrl)
    def open_url(self, url: QUrl) -> None:
        self.opened.append(url)


@pytest.fixture
def viewer() -> Iterator[Viewer]:
    handler = Viewer()
    QDesktopServices.setUrlHandler("file", handler, "open_url")
    yield handler
    QDesktopServices.unsetUrlHandler("file")


@pytest.fixture
async def panel(services: TripServices) -> AsyncIterator[DocumentsPanel]:
    widget = DocumentsPanel(
        services.documents, services.itinerary, services.trips, services.history, services.bus
    )
    async with on_screen(widget, 640, 360):
        yield widget


@pytest.fixture
def files(tmp_path: Path) -> Path:
    folder = tmp_path / "Downloads"
    folder.mkdir()
    (folder / "ticket.pdf").write_bytes(b"%PDF-1.4 ticket")
    (folder / "voucher.png").write_bytes(b"\x89PNG voucher")
    return folder


def drop(target: QWidget, paths: list[Path]) -> bool:
    """Drag `paths` from a file manager onto `target` and let go; whether it took them."""
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path)) for path in paths])
    centre = target.rect().center()
    enter = QDragEnterEvent(
        centre,
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(target, enter)
    if not enter.isAccepted():
        return False
    release = QDropEvent(
        QPointF(centre),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(target, release)
    return release.isAccepted()


def content(path: Path) -> bytes:
    return path.read_bytes()


def rows(box: DocumentsBox) -> list[str]:
    return [box.list.item(row).text() for row in range(box.list.count())]


async def open_trip(panel: DocumentsPanel, services: TripServices) -> TripRecord:
    trip = (await services.trips.create({"title": "Japan"})).record
    panel.set_trip(trip.id)
    await until(lambda: panel.stack.currentWidget() is panel.box)
    return trip


async def test_dropped_files_are_attached_and_a_folder_is_refused_by_name(
    panel: DocumentsPanel, services: TripServices, files: Path
) -> None:
    assert panel.placeholder.text() == "Select a trip to see its documents."
    trip = await open_trip(panel, services)
    assert panel.box.empty_label.isVisible()
    assert drop(panel.box.list.viewport(), [files / "ticket.pdf", files, files / "voucher.png"])
    await until(lambda: len(rows(panel.box)) == 2 and panel.box.undo_bar.isVisible())
    assert rows(panel.box) == ["ticket.pdf  ·  15 bytes", "voucher.png  ·  12 bytes"]
    assert f"“{files}” is a folder" in panel.box.undo_bar.text
    stored = await services.documents.for_trip(trip.id)
    assert [(d.file_name, d.media_type) for d in stored] == [
        ("ticket.pdf", "application/pdf"),
        ("voucher.png", "image/png"),
    ]
    assert not panel.box.empty_label.isVisible()
    link = QMimeData()
    link.setUrls([QUrl("https://example.com/ticket.pdf")])
    enter = QDragEnterEvent(
        QPoint(5, 5),
        Qt.DropAction.CopyAction,
        link,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(panel.box.list.viewport(), enter)
    assert not enter.isAccepted()  # Only files on this computer can be attached.


async def test_enter_opens_delete_removes_and_undo_brings_it_back(
    panel: DocumentsPanel, services: TripServices, files: Path, viewer: Viewer, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services)
    document = (await services.documents.attach(files / "ticket.pdf", trip_id=trip.id)).record
    await until(lambda: len(rows(panel.box)) == 1)
    await focus(panel.box.list)
    press(qtbot, Qt.Key.Key_Down)
    await until(lambda: panel.box.selected() is not None)
    press(qtbot, Qt.Key.Key_Return)
    await until(lambda: len(viewer.opened) == 1)
    opened = Path(viewer.opened[0].toLocalFile())
    assert opened == services.data_dir / "documents" / document.stored_name
    assert content(opened) == b"%PDF-1.4 ticket"

    press(qtbot, Qt.Key.Key_Delete)
    await until(lambda: rows(panel.box) == [] and panel.box.undo_bar.isVisible())
    assert panel.box.undo_bar.text == "Removed “ticket.pdf”."
    assert await services.documents.for_trip(trip.id) == []
    assert content(opened)  # Kept while undo can bring it back.
    qtbot.mouseClick(panel.box.undo_bar.undo_button, Qt.MouseButton.LeftButton)
    await until(lambda: len(rows(panel.box)) == 1)
    assert panel.box.selected() is not None and panel.box.selected().id == document.id  # type: ignore[union-attr]


async def test_ctrl_o_opens_a_file_chooser_that_attaches_what_is_typed(
    panel: DocumentsPanel, services: TripServices, files: Path, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services)
    await focus(panel.box.list)
    press(qtbot, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    await until(lambda: panel.box.file_dialog is not None and panel.box.file_dialog.isVisible())
    dialog = panel.box.file_dialog
    assert isinstance(dialog, QFileDialog)
    dialog.activateWindow()  # As a window manager does with a new dialog.
    await until(lambda: dialog.isAncestorOf(QApplication.focusWidget()))
    type_text(qtbot, str(files / "voucher.png"))
    press(qtbot, Qt.Key.Key_Return)
    await until(lambda: rows(panel.box) == ["voucher.png  ·  12 bytes"])
    assert [d.file_name for d in await services.documents.for_trip(trip.id)] == ["voucher.png"]


async def test_a_large_file_shows_its_progress_and_a_too_large_one_is_refused(
    panel: DocumentsPanel,
    services: TripServices,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(box_module, "PROGRESS_FROM_BYTES", 1)
    monkeypatch.setattr(document_files_module, "CHUNK_BYTES", 1000)
    await open_trip(panel, services)
    big = tmp_path / "scan.jpg"
    big.write_bytes(b"j" * 10_000)
    values: list[int] = []
    panel.box.progress.valueChanged.connect(values.append)
    assert drop(panel.box.list.viewport(), [big])
    await until(lambda: len(rows(panel.box)) == 1)
    assert values == list(range(1000, 10_001, 1000))
    assert panel.box.progress.maximum() == 10_000
    assert not panel.box.progress.isVisible()

    monkeypatch.setattr(services.documents.folder, "max_bytes", 5_000)
    huge = tmp_path / "video.mov"
    huge.write_bytes(b"v" * 6_000)
    assert drop(panel.box.list.viewport(), [huge])
    await until(lambda: panel.box.undo_bar.isVisible())
    assert panel.box.undo_bar.text == "“video.mov” is 5.9 KB; a document can be at most 4.9 KB."
    assert len(rows(panel.box)) == 1


async def test_the_item_dialog_attaches_to_the_item_and_the_tab_names_it(
    services: TripServices, files: Path, qtbot: QtBot
) -> None:
    view = ItineraryView(services)
    view.documents = services.documents
    panel = DocumentsPanel(
        services.documents, services.itinerary, services.trips, services.history, services.bus
    )
    trip = (await services.trips.create({"title": "Japan", "start_date": "2027-04-01"})).record
    flight = (
        await services.itinerary.add(trip.id, {"day": "2027-04-01", "title": "Flight"})
    ).record
    async with on_screen(panel, 480, 300), on_screen(view, 640, 480):
        panel.set_trip(trip.id)
        view.set_trip(trip.id)
        await until(lambda: view.model.rowCount() > 0)
        view.select_items([flight.id])
        await focus(view.tree)
        press(qtbot, Qt.Key.Key_Return)
        await until(lambda: view.editor is not None and view.editor.isVisible())
        editor = view.editor
        assert editor is not None
        editor.activateWindow()  # As a window manager does with a new dialog.
        box = editor.findChild(DocumentsBox, "itemDocuments")
        assert isinstance(box, DocumentsBox)
        await until(lambda: box.empty_label.isVisible())
        order = tab_order(editor.notes_edit, 6)
        assert order[1:5] == [box.list, box.attach_button, box.open_button, box.remove_button]

        assert drop(box.list.viewport(), [files / "ticket.pdf"])
        await until(lambda: rows(box) == ["ticket.pdf  ·  15 bytes"])
        (attached,) = await services.documents.for_item(flight.id)
        assert attached.trip_id == trip.id
        await until(lambda: rows(panel.box) == ["ticket.pdf  ·  15 bytes  ·  for “Flight”"])

        await focus(box.list)
        press(qtbot, Qt.Key.Key_Delete)
        await until(lambda: rows(box) == [] and rows(panel.box) == [])

        await focus(editor.title_edit)  # Ctrl+O works anywhere in the dialog.
        press(qtbot, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
        await until(lambda: box.file_dialog is not None and box.file_dialog.isVisible())
        box.file_dialog.reject()  # type: ignore[union-attr]
        editor.reject()
        await until(lambda: view.editor is None)


async def test_a_new_item_has_no_documents_row(services: TripServices, qtbot: QtBot) -> None:
    view = ItineraryView(services)
    view.documents = services.documents
    trip = (await services.trips.create({"title": "Japan", "start_date": "2027-04-01"})).record
    async with on_screen(view, 640, 480):
        view.set_trip(trip.id)
        await until(lambda: view.stack.currentWidget() is view.body)
        view.add_item()
        editor = view.editor
        assert editor is not None
        assert editor.findChild(DocumentsBox) is None
        editor.reject()


async def test_a_file_gone_from_the_data_folder_is_said_when_opened(
    panel: DocumentsPanel, services: TripServices, files: Path, viewer: Viewer, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services)
    document = (await services.documents.attach(files / "ticket.pdf", trip_id=trip.id)).record
    await until(lambda: len(rows(panel.box)) == 1)
    remove(services.documents.path_of(document))
    await focus(panel.box.list)
    press(qtbot, Qt.Key.Key_Return)
    await until(lambda: panel.box.undo_bar.isVisible())
    assert panel.box.undo_bar.text.startswith(
        "The file of “ticket.pdf” is missing from the documents folder"
    )
    assert viewer.opened == []


async def test_a_companions_document_names_the_device_its_file_is_on(
    panel: DocumentsPanel, services: TripServices, files: Path, viewer: Viewer, qtbot: QtBot
) -> None:
    """Ana attaches a ticket to the shared trip on her laptop: its row reaches this device, its
    file does not; the list says where it is, and Enter and Send say why it does not open."""
    trip = await open_trip(panel, services)
    shared, key = files.parent / "Synced", folder_key(files.parent / "Synced", PASSPHRASE)
    async with opened_services(files.parent / "ana") as ana:
        here = open_sync(services, shared, trip.id, BEN, key)
        there = open_sync(ana, shared, trip.id, ANA, key)
        try:
            await here.start()
            await there.start()
            await ana.documents.attach(files / "ticket.pdf", trip_id=trip.id)
            await there.settled()
            await here.step()
        finally:
            here.close()
            there.close()
    await until(lambda: rows(panel.box) == ["ticket.pdf  ·  15 bytes  ·  on Ana's laptop"])
    away = "“ticket.pdf” was attached on Ana's laptop. Files are not shared between devices"
    assert away in panel.box.list.item(0).toolTip()
    sent: list[object] = []
    panel.send_requested.connect(sent.append)
    await focus(panel.box.list)
    press(qtbot, Qt.Key.Key_Return)
    await until(lambda: panel.box.undo_bar.isVisible())
    assert panel.box.undo_bar.text.startswith(away)
    panel.box.undo_bar.dismiss()
    press(
        qtbot, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    await until(lambda: panel.box.undo_bar.isVisible())
    assert panel.box.undo_bar.text.startswith(away)
    assert sent == [] and viewer.opened == []


def remove(path: Path) -> None:
    path.unlink()
