"""What the share and join dialogs both ask for: the folder the person's sync app keeps in
step (typed, or chosen with Browse…), and this device's name as companions will see it."""

from __future__ import annotations

from PySide6.QtCore import QSysInfo
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QLineEdit, QPushButton, QWidget

from concierge.ui.i18n import translate


class FolderRow(QWidget):
    def __init__(self, accessible: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.edit = QLineEdit(self)
        self.edit.setAccessibleName(accessible)
        self.edit.setPlaceholderText(
            translate("Sharing", "A folder your sync app keeps (Syncthing, Nextcloud, Dropbox…)")
        )
        self.browse_button = QPushButton(translate("Sharing", "&Browse…"), self)
        self.browse_button.clicked.connect(self.browse)
        self.dialog: QFileDialog | None = None
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.edit, 1)
        row.addWidget(self.browse_button)
        self.setFocusProxy(self.edit)

    def text(self) -> str:
        return self.edit.text().strip()

    def browse(self) -> None:
        dialog = QFileDialog(self, self.edit.accessibleName(), self.text())
        dialog.setFileMode(QFileDialog.FileMode.Directory)
        dialog.setOption(QFileDialog.Option.ShowDirsOnly)
        dialog.fileSelected.connect(self.edit.setText)
        dialog.finished.connect(lambda _result: dialog.deleteLater())
        self.dialog = dialog
        dialog.open()


def device_line(example: str, parent: QWidget) -> QLineEdit:
    """This device's name, the computer's until the person names it ("Ana's laptop")."""
    line = QLineEdit(QSysInfo.machineHostName(), parent)
    line.setAccessibleName(translate("Sharing", "This device's name"))
    line.setPlaceholderText(example)
    return line
