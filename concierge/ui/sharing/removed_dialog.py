"""Trip ▸ Removed on another device…: what a companion's device removed from the shared trip
(an item this device may have edited meanwhile), each with its last values, to restore."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QPushButton, QWidget
from shiboken6 import isValid

from concierge.sync.engine import Removed
from concierge.sync.runner import removed_title
from concierge.ui.async_support import BackgroundTasks
from concierge.ui.close_dialog import CloseDialog
from concierge.ui.i18n import translate
from concierge.ui.wrapped_label import wrapped_label

Restore = Callable[[Removed], Awaitable[list[Removed]]]
"""Restores one, and gives what is left to restore."""


class RemovedDialog(CloseDialog):
    def __init__(
        self, entries: list[Removed], restore: Restore, tasks: BackgroundTasks, parent: QWidget
    ) -> None:
        super().__init__("removedDialog", translate("Sharing", "Removed on another device"), parent)
        self._restore = restore
        self.tasks = tasks
        self.empty = wrapped_label(
            self, translate("Sharing", "Nothing was removed on another device."), hidden=True
        )
        self.list = QListWidget(self)
        self.list.setAccessibleName(translate("Sharing", "Removed on another device"))
        self.list.doubleClicked.connect(lambda _index: self.restore_current())
        self.restore_button = QPushButton(translate("Sharing", "&Restore"), self)
        self.restore_button.setDefault(True)  # Enter in the list restores the current one
        self.restore_button.clicked.connect(self.restore_current)
        self.add(self.empty)
        self.add(self.list, 1)
        self.add(self.restore_button)
        self.show_entries(entries)
        self.resize(460, 360)

    def show_entries(self, entries: list[Removed]) -> None:
        self.list.clear()
        for entry in entries:
            item = QListWidgetItem(removed_title(entry), self.list)
            item.setData(Qt.ItemDataRole.UserRole, entry)
        self.empty.setVisible(not entries)
        self.list.setVisible(bool(entries))
        self.restore_button.setEnabled(bool(entries))
        if entries:
            self.list.setCurrentRow(0)

    def restore_current(self) -> None:
        if self.list.currentRow() < 0:
            return
        entry = self.list.currentItem().data(Qt.ItemDataRole.UserRole)
        self.restore_button.setEnabled(False)
        self.tasks.start(self._restore_entry(entry), name="restore what another device removed")

    async def _restore_entry(self, entry: Removed) -> None:
        left = await self._restore(entry)
        if isValid(self):  # closed meanwhile: the restore is done all the same
            self.show_entries(left)
