"""Actions and the buttons that trigger them, built the same way in every trip view: the
action holds text, shortcut and enabled state; its button is named like its label (or, for
an icon, carries the label as tooltip and accessible name)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QKeyCombination, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QPushButton, QStyle, QToolButton, QWidget

Shortcut = QKeySequence.StandardKey | Qt.Key | QKeyCombination | None


def make_action(
    parent: QWidget, text: str, shortcut: Shortcut, slot: Callable[[], None]
) -> QAction:
    """An action whose tooltip names its shortcut: "Move up (Alt+Up)"."""
    action = QAction(text, parent)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        action.setToolTip(f"{text} ({keys})")
    action.triggered.connect(slot)
    return action


def action_button(parent: QWidget, action: QAction) -> QPushButton:
    button = QPushButton(action.text(), parent)
    button.setAccessibleName(action.text())
    _follow(button, action)
    return button


def icon_button(parent: QWidget, action: QAction, icon: QStyle.StandardPixmap) -> QToolButton:
    button = QToolButton(parent)
    button.setIcon(parent.style().standardIcon(icon))
    button.setAccessibleName(action.text())
    _follow(button, action)
    return button


def _follow(button: QPushButton | QToolButton, action: QAction) -> None:
    button.setToolTip(action.toolTip())
    button.clicked.connect(action.trigger)
    action.enabledChanged.connect(button.setEnabled)
    button.setEnabled(action.isEnabled())
