"""A one-line status that says what kind of message it is, for people and screen readers."""

from __future__ import annotations

from enum import StrEnum

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget


class Kind(StrEnum):
    INFO = "info"
    SUCCESS = "success"
    WARNING = "warning"
    ERROR = "error"


_COLORS = {Kind.SUCCESS: "#2e7d32", Kind.WARNING: "#b26a00", Kind.ERROR: "#c62828"}


class StatusLabel(QLabel):
    """Plain, selectable, wrapped text; hidden while empty. `kind` tells how to read it."""

    def __init__(self, accessible_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(accessible_name)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.kind = Kind.INFO
        self.hide()

    def show_message(self, text: str, kind: Kind = Kind.INFO) -> None:
        self.kind = kind
        self.setText(text)
        self.setAccessibleDescription(text)
        color = _COLORS.get(kind)
        self.setStyleSheet(f"color: {color};" if color else "")
        self.setVisible(bool(text))

    def clear_message(self) -> None:
        self.show_message("")
