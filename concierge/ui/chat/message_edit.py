"""The multi-line message field: Enter adds a line, Ctrl+Enter (or Ctrl+Return) sends."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QPlainTextEdit, QWidget

_SEND_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class MessageEdit(QPlainTextEdit):
    """Emits `send_requested` on Ctrl+Enter; Tab moves focus instead of typing a tab."""

    send_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("messageEdit")
        self.setAccessibleName("Message")
        self.setPlaceholderText("Message the assistant (Ctrl+Enter to send)")
        self.setTabChangesFocus(True)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in _SEND_KEYS and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            event.accept()
            self.send_requested.emit()
            return
        super().keyPressEvent(event)
