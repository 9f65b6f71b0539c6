"""Actions and the buttons that trigger them, built the same way in every trip view: the
action holds text, shortcut and enabled state; its button is named like its label (or, for
an icon, carries the label as tooltip and accessible name)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from PySide6.QtCore import QKeyCombination, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QPushButton,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from concierge.ui.i18n import translate

Shortcut = QKeySequence.StandardKey | Qt.Key | QKeyCombination | None


def key_text(keys: QKeySequence | QKeyCombination | str) -> str:
    """Keys as the platform writes them ("Ctrl+L", "⌘L")."""
    return QKeySequence(keys).toString(QKeySequence.SequenceFormat.NativeText)


def make_action(
    parent: QWidget, text: str, shortcut: Shortcut, slot: Callable[[], None]
) -> QAction:
    """An action whose tooltip names its shortcut: "Move up (Alt+Up)"."""
    action = QAction(text, parent)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
        action.setToolTip(f"{text} ({key_text(action.shortcut())})")
    action.triggered.connect(slot)
    return action


def make_actions(parent: QWidget, *rows: tuple[str, Shortcut, Callable[[], None]]) -> list[QAction]:
    """One action per (text, shortcut, slot), in order."""
    return [make_action(parent, *row) for row in rows]


def move_actions(
    parent: QWidget, move: Callable[[int], None], up: str = "", down: str = ""
) -> tuple[QAction, QAction]:
    """The actions moving the selection up (Alt+Up, `move(-1)`) and down (Alt+Down)."""
    alt = Qt.KeyboardModifier.AltModifier
    up = up or translate("Actions", "Move up")
    down = down or translate("Actions", "Move down")
    return (
        make_action(parent, up, QKeyCombination(alt, Qt.Key.Key_Up), lambda: move(-1)),
        make_action(parent, down, QKeyCombination(alt, Qt.Key.Key_Down), lambda: move(1)),
    )


def move_buttons(parent: QWidget, up: QAction, down: QAction) -> tuple[QToolButton, QToolButton]:
    """Arrow buttons for `move_actions`."""
    return (
        icon_button(parent, up, QStyle.StandardPixmap.SP_ArrowUp),
        icon_button(parent, down, QStyle.StandardPixmap.SP_ArrowDown),
    )


def on_widget(widget: QWidget, actions: Iterable[QAction]) -> None:
    """Give `widget` these actions, their keys working while it has the focus."""
    for action in actions:
        action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        widget.addAction(action)


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


def review_layout(
    panel: QWidget, heading: QWidget, rows: QWidget, actions: Sequence[QAction]
) -> None:
    """A review panel's layout: heading, rows, and a button per action (shortcuts work while
    the panel has the focus); it starts hidden and shows while something waits."""
    buttons = QHBoxLayout()
    for action in actions:
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        panel.addAction(action)
        buttons.addWidget(action_button(panel, action))
    buttons.addStretch(1)
    layout = QVBoxLayout(panel)
    layout.setContentsMargins(0, 0, 0, 4)
    layout.addWidget(heading)
    layout.addWidget(rows, 1)
    layout.addLayout(buttons)
    panel.setVisible(False)
