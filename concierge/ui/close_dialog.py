"""The frame of the Help dialogs (About, licences, shortcuts, user guide): content above a
Close button, which Esc presses too; the ones with a search field build it the same way."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLayout,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)


class CloseDialog(QDialog):
    def __init__(
        self, name: str, title: str, parent: QWidget | None = None, *, modal: bool = True
    ) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setWindowTitle(title)
        if not modal:
            self.setModal(False)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.buttons.rejected.connect(self.close)
        self._column = QVBoxLayout(self)
        self._column.addWidget(self.buttons)

    def add(self, part: QWidget | QLayout, stretch: int = 0) -> None:
        at = self._column.count() - 1
        if isinstance(part, QLayout):
            self._column.insertLayout(at, part, stretch)
        else:
            self._column.insertWidget(at, part, stretch)

    def search_field(
        self, label: str, accessible: str, placeholder: str
    ) -> tuple[QLabel, QLineEdit]:
        """A search line (clear button included) and its label, the label's mnemonic focusing it."""
        field = QLineEdit(self)
        field.setAccessibleName(accessible)
        field.setPlaceholderText(placeholder)
        field.setClearButtonEnabled(True)
        buddy = QLabel(label, self)
        buddy.setBuddy(field)
        return buddy, field
