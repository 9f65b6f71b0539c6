"""A one-line status that says what kind of message it is, for people and screen readers."""

from __future__ import annotations

from enum import StrEnum

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from concierge.ui.colours import Tone, tint


class Kind(StrEnum):
    INFO = "info"
    SUCCESS = "success"
    WARNING = "warning"
    ERROR = "error"


_TONES = {Kind.SUCCESS: Tone.SUCCESS, Kind.WARNING: Tone.WARNING, Kind.ERROR: Tone.ERROR}


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
        tint(self, _TONES.get(kind))
        self.setVisible(bool(text))

    def clear_message(self) -> None:
        self.show_message("")
