"""The multi-line message field: Enter adds a line, Ctrl+Enter (or Ctrl+Return) sends."""

from __future__ import annotations

from PySide6.QtCore import QKeyCombination, Qt, Signal
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QPlainTextEdit, QSizePolicy, QWidget

from concierge.ui.i18n import translate

_CTRL = Qt.KeyboardModifier.ControlModifier


class MessageEdit(QPlainTextEdit):
    """Emits `send_requested` on Ctrl+Enter; Tab moves focus instead of typing a tab. The
    keys are its actions' (so Help ▸ Keyboard shortcuts lists them), also handled here as key
    presses while the window is not active yet."""

    send_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("messageEdit")
        self.setAccessibleName(translate("MessageEdit", "Message"))
        self.setPlaceholderText(
            translate("MessageEdit", "Message the assistant (Ctrl+Enter to send)")
        )
        self.setTabChangesFocus(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(self.fontMetrics().lineSpacing() * 5 + 12)  # five lines
        self.send_action = QAction(translate("MessageEdit", "Send the message"), self)
        self.send_action.setShortcuts(
            [
                QKeySequence(QKeyCombination(_CTRL, Qt.Key.Key_Return)),
                QKeySequence(QKeyCombination(_CTRL, Qt.Key.Key_Enter)),
            ]
        )
        self.send_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.send_action.triggered.connect(self.send_requested)
        self.addAction(self.send_action)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        combination = event.keyCombination()
        modifiers = combination.keyboardModifiers() & ~Qt.KeyboardModifier.KeypadModifier
        pressed = QKeySequence(QKeyCombination(modifiers, combination.key()))
        for action in self.actions():
            if action.isEnabled() and pressed in action.shortcuts():
                event.accept()
                action.trigger()
                return
        super().keyPressEvent(event)
