"""The documents of one trip or one itinerary item. A refused file is named in the bar, and
the other files of the same drop are still attached."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from pathlib import Path

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QAction, QDesktopServices, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from concierge.store import (
    ChangeHistory,
    DocumentRecord,
    DocumentRepository,
    ItineraryRepository,
    StoreError,
)
from concierge.store.document_files import size_text
from concierge.text import QT_TRANSLATE_NOOP
from concierge.ui.async_support import BackgroundTasks
from concierge.ui.i18n import shown, shown_error, translate
from concierge.ui.views.actions import action_button, make_action
from concierge.ui.views.person import person
from concierge.ui.views.undo_bar import UndoBar
from concierge.ui.views.undo_offer import UndoOffer, undo_offered
from concierge.ui.wrapped_label import wrapped_label

from .document_list import DocumentList

PROGRESS_FROM_BYTES = 4 * 1024 * 1024
"""Files at least this large show a progress bar while they are copied."""
ID_ROLE = Qt.ItemDataRole.UserRole


class DocumentsBox(QWidget):
    """Documents of `trip_id` (all of them, `item_id` None) or of one item (`set_scope`);
    its work runs on `tasks`, which may outlive it (an item dialog closed mid-copy)."""

    loaded = Signal()
    """The list shows what the store holds for the scope."""

    def __init__(
        self,
        documents: DocumentRepository,
        history: ChangeHistory,
        tasks: BackgroundTasks,
        parent: QWidget | None = None,
        *,
        itinerary: ItineraryRepository | None = None,
        empty_text: str,
    ) -> None:
        super().__init__(parent)
        self.documents = documents
        self.history = history
        self.itinerary = itinerary
        self.tasks = tasks
        self.trip_id: str | None = None
        self.item_id: str | None = None
        self.records: list[DocumentRecord] = []
        self.away: dict[str, str] = {}
        """Id → the device each document whose file is not here was attached on."""
        self._select_next: str | None = None
        self._undo_offer: UndoOffer | None = None
        self.file_dialog: QFileDialog | None = None

        self.list = DocumentList(self)
        self.list.setAccessibleName(translate("Documents", "Documents"))
        self.empty_label = wrapped_label(self, shown(empty_text))
        self.attach_action = make_action(
            self,
            translate("Documents", "Attach…"),
            Qt.Modifier.CTRL | Qt.Key.Key_O,
            self.choose_files,
        )
        self.attach_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.addAction(self.attach_action)
        self.open_action = make_action(
            self, translate("Documents", "Open"), Qt.Key.Key_Return, self.open_selected
        )
        self.open_action.setShortcuts(
            [QKeySequence(Qt.Key.Key_Return), QKeySequence(Qt.Key.Key_Enter)]
        )
        self.open_action.setToolTip(translate("Documents", "Open with the system's viewer (Enter)"))
        self.remove_action = make_action(
            self, translate("Documents", "Remove"), Qt.Key.Key_Delete, self.remove_selected
        )
        for action in (self.open_action, self.remove_action):
            action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
            self.list.addAction(action)
        self.attach_button = action_button(self, self.attach_action)
        self.open_button = action_button(self, self.open_action)
        self.remove_button = action_button(self, self.remove_action)
        self.progress = QProgressBar(self)
        self.progress.setAccessibleName(translate("Documents", "Copying"))
        self.progress.hide()
        self.undo_bar = UndoBar(self)

        self._buttons = QHBoxLayout()
        self._buttons.setContentsMargins(0, 0, 0, 0)
        for button in (self.attach_button, self.open_button, self.remove_button):
            self._buttons.addWidget(button)
        self._buttons.addStretch(1)
        self._selection_actions = [self.open_action, self.remove_action]
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.empty_label)
        layout.addLayout(self._buttons)
        layout.addWidget(self.progress)
        layout.addWidget(self.undo_bar)
        self.setFocusProxy(self.list)

        self.list.files_dropped.connect(self.attach_files)
        self.list.open_requested.connect(self.open_selected)
        self.list.currentRowChanged.connect(lambda _row: self._update_actions())
        self.undo_bar.undo_requested.connect(self.undo_remove)
        self._update_actions()

    def set_scope(self, trip_id: str | None, item_id: str | None = None) -> None:
        if (trip_id, item_id) != (self.trip_id, self.item_id):
            self.trip_id, self.item_id = trip_id, item_id
            self._undo_offer = None
            self.undo_bar.dismiss()
            self.show_records([])

    def reload(self) -> None:
        if not self.tasks.closed:
            self.tasks.start(self.load(), name="load documents")

    async def load(self) -> None:
        scope = self.trip_id, self.item_id
        trip_id, item_id = scope
        if trip_id is None:
            self.show_records([])
            return
        if item_id is not None:
            records = await self.documents.for_item(item_id)
        else:
            records = await self.documents.for_trip(trip_id)
        titles: dict[str, str] = {}
        if self.itinerary is not None and item_id is None and any(r.item_id for r in records):
            titles = {item.id: item.title for item in await self.itinerary.items(trip_id)}
        away = await self.documents.away(records)
        if isValid(self) and (self.trip_id, self.item_id) == scope:
            self.show_records(records, titles, away)

    def show_records(
        self,
        records: Sequence[DocumentRecord],
        titles: Mapping[str, str] | None = None,
        away: Mapping[str, str] | None = None,
    ) -> None:
        """Show `records`, keeping the selection (or selecting the one just attached)."""
        current = self.selected()
        wanted = self._select_next or (current.id if current is not None else None)
        self.records = list(records)
        self.away = dict(away or {})
        self.list.clear()
        for record in records:
            device = self.away.get(record.id)
            title = (titles or {}).get(record.item_id or "")
            row = QListWidgetItem(_row_text(record, title, device))
            row.setData(ID_ROLE, record.id)
            row.setToolTip(_tooltip(record, device))
            self.list.addItem(row)
            if record.id == wanted:
                self.list.setCurrentItem(row)
                self._select_next = None
        if self.list.currentRow() < 0 and records:
            self.list.setCurrentRow(0)  # Enter and Open work at once.
        self.empty_label.setVisible(not records)
        self._update_actions()
        self.loaded.emit()

    def selected(self) -> DocumentRecord | None:
        row = self.list.currentRow()
        return self.records[row] if 0 <= row < len(self.records) else None

    def choose_files(self) -> None:
        """Ask for files to attach (opened without a nested event loop)."""
        if self.trip_id is None:
            return
        dialog = QFileDialog(self, translate("Documents", "Attach documents"))
        dialog.setFileMode(QFileDialog.FileMode.ExistingFiles)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setNameFilters(
            [
                translate("Documents", "Documents and images")
                + " (*.pdf *.png *.jpg *.jpeg *.heic *.webp *.txt)",
                translate("Documents", "All") + " (*)",
            ]
        )
        dialog.filesSelected.connect(lambda files: self.attach_files([Path(f) for f in files]))
        dialog.finished.connect(lambda _result: dialog.deleteLater())
        self.file_dialog = dialog
        dialog.open()

    def attach_files(self, paths: Sequence[Path]) -> None:
        if self.trip_id is not None and paths and not self.tasks.closed:
            self.tasks.start(
                self._attach(self.trip_id, self.item_id, list(paths)), name="attach documents"
            )

    async def _attach(self, trip_id: str, item_id: str | None, paths: list[Path]) -> None:
        problems: list[str] = []
        for path in paths:
            try:
                record = (
                    await self.documents.attach(
                        path,
                        trip_id=trip_id,
                        item_id=item_id,
                        progress=functools.partial(self._show_progress, path.name),
                        context=person(),
                    )
                ).record
            except StoreError as error:
                problems.append(shown_error(error))
                continue
            finally:
                if isValid(self):
                    self.progress.hide()
            self._select_next = record.id
        if not isValid(self):
            return
        if problems:
            more = len(problems) - 1
            more_text = (
                translate("Documents", " ({count} more not attached.)").format(count=more)
                if more
                else ""
            )
            self.undo_bar.inform(problems[0] + more_text)
        else:
            self.undo_bar.dismiss()
        await self.load()

    def _show_progress(self, name: str, copied: int, total: int) -> None:
        if not isValid(self) or total < PROGRESS_FROM_BYTES:
            return
        self.progress.setMaximum(total)
        self.progress.setValue(copied)
        self.progress.setFormat(
            translate("Documents", "Copying “{name}”…").format(name=name) + " %p%"
        )
        self.progress.show()

    def open_selected(self) -> None:
        """Open the selected document with the system's viewer for its kind."""
        record = self.selected()
        if record is None or self.refused_away(record):
            return
        try:
            path = self.documents.path_of(record)
        except StoreError as error:
            self.undo_bar.inform(shown_error(error))
            return
        if not path.is_file():
            self.undo_bar.inform(
                translate(
                    "Documents",
                    "The file of “{name}” is missing from the documents folder ({folder}).",
                ).format(name=record.file_name, folder=path.parent)
            )
        elif not QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))):
            self.undo_bar.inform(
                translate("Documents", "No program on this computer could open “{name}”.").format(
                    name=record.file_name
                )
            )

    def refused_away(self, record: DocumentRecord) -> bool:
        """Whether the document's file is on another device, said in the bar if so."""
        device = self.away.get(record.id)
        if device is None:
            return False
        self.undo_bar.inform(_away_text(record, device))
        return True

    def remove_selected(self) -> None:
        record = self.selected()
        if record is not None and not self.tasks.closed:
            self.tasks.start(self._remove(record), name="remove document")

    async def _remove(self, record: DocumentRecord) -> None:
        label = QT_TRANSLATE_NOOP("ChangeLabel", "Remove document “{file}”").format(
            file=record.file_name
        )
        try:
            removed = (await self.documents.remove(record.id, context=person(label))).record
        except StoreError as error:
            if isValid(self):
                self.undo_bar.inform(shown_error(error))
            return
        if not isValid(self):
            return
        if removed:
            self._undo_offer = UndoOffer(record.trip_id, label, (record.id,))
            self.undo_bar.offer(
                translate("Documents", "Removed “{name}”.").format(name=record.file_name)
            )
        await self.load()

    def undo_remove(self) -> None:
        offer, self._undo_offer = self._undo_offer, None
        if offer is not None and not self.tasks.closed:
            self.undo_bar.dismiss()
            self.tasks.start(self._undo(offer), name="undo document removal")

    async def _undo(self, offer: UndoOffer) -> None:
        problem = await undo_offered(self.history, offer)
        if not isValid(self):
            return
        if problem is not None:
            self.undo_bar.inform(shown(problem))
            return
        self._select_next = offer.entity_ids[0]
        await self.load()

    def forget_offer(self, document_id: str) -> None:
        """An undo elsewhere brought the document back: the bar's offer is spent."""
        if self._undo_offer is not None and document_id in self._undo_offer.entity_ids:
            self._undo_offer = None
            self.undo_bar.dismiss()

    def add_selection_action(self, action: QAction) -> QPushButton:
        """One more action on the selected document, as a button and in the context menu."""
        action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.list.addAction(action)
        self._selection_actions.append(action)
        button = action_button(self, action)
        self._buttons.insertWidget(self._buttons.count() - 1, button)
        self._update_actions()
        return button

    def _update_actions(self) -> None:
        chosen = self.selected() is not None
        self.attach_action.setEnabled(self.trip_id is not None)
        for action in self._selection_actions:
            action.setEnabled(chosen)


def _row_text(record: DocumentRecord, item_title: str | None, device: str | None) -> str:
    parts = [record.file_name, shown(size_text(record.size_bytes))]
    if item_title:
        parts.append(translate("Documents", "for “{title}”").format(title=item_title))
    if device is not None:
        parts.append(translate("Documents", "on {device}").format(device=device))
    return "  ·  ".join(parts)


def _tooltip(record: DocumentRecord, device: str | None) -> str:
    lines = [record.file_name, f"{record.media_type}, {shown(size_text(record.size_bytes))}"]
    if record.note:
        lines.append(record.note)
    if device is not None:
        lines.append(_away_text(record, device))
    return "\n".join(lines)


def _away_text(record: DocumentRecord, device: str) -> str:
    """Why a companion's document cannot be opened here."""
    return translate(
        "Documents",
        "“{name}” was attached on {device}. Files are not shared between devices: open it there.",
    ).format(name=record.file_name, device=device)
