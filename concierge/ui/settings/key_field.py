"""The API key field: hidden while typed, with a button to check what was typed, and a signal
once typing pauses so the key can be checked with its server at once."""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QToolButton, QWidget

from concierge.text import QT_TRANSLATE_NOOP
from concierge.ui.i18n import shown, translate

SHOW = QT_TRANSLATE_NOOP("KeyField", "Show key")
HIDE = QT_TRANSLATE_NOOP("KeyField", "Hide key")

PAUSE_MS = 400
"""How long typing pauses before the key is checked (a paste arrives at once)."""


class KeyField(QWidget):
    """A password-style line edit plus a Show key / Hide key toggle."""

    typed = Signal()
    """The person typed or pasted a key (not blank) and paused."""

    edited = Signal()
    """The person changed the key: a check of the one before is stale."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.edit = QLineEdit(self)
        self.edit.setObjectName("apiKeyEdit")
        self.edit.setAccessibleName(translate("KeyField", "API key"))
        self.edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.toggle = QToolButton(self)
        self.toggle.setObjectName("showKeyButton")
        self.toggle.setCheckable(True)
        self.toggle.setToolTip(translate("KeyField", "Show or hide the API key"))
        self.toggle.toggled.connect(self._reveal)
        self._reveal(False)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.edit, 1)
        layout.addWidget(self.toggle)
        self.setFocusProxy(self.edit)
        QWidget.setTabOrder(self.edit, self.toggle)
        self._pause = QTimer(self)
        self._pause.setSingleShot(True)
        self._pause.setInterval(PAUSE_MS)
        self._pause.timeout.connect(self.typed)
        self.edit.textEdited.connect(self._edited)

    def _edited(self) -> None:
        self.edited.emit()
        if self.edit.text().strip():
            self._pause.start()
        else:
            self._pause.stop()

    def stop_waiting(self) -> None:
        """The key is being checked now: no second check when the pause ends."""
        self._pause.stop()

    @property
    def revealed(self) -> bool:
        return self.toggle.isChecked()

    def _reveal(self, revealed: bool) -> None:
        mode = QLineEdit.EchoMode.Normal if revealed else QLineEdit.EchoMode.Password
        self.edit.setEchoMode(mode)
        label = shown(HIDE if revealed else SHOW)
        self.toggle.setText(label)
        self.toggle.setAccessibleName(label)

    def set_locked(self, reason: str) -> None:
        self.edit.clear()
        self.edit.setPlaceholderText(reason)
        self.edit.setToolTip(reason)
        self.edit.setEnabled(False)
        self.toggle.setEnabled(False)
