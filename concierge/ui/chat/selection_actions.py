"""Actions on a text view's selected text, added to its context menu from outside the view,
so the window offers "Pin selected text" on the transcript without the chat knowing pins.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QTextEdit

_OBJECT_NAME = "selectionActions"


class SelectionActions(QObject):
    """The extra actions of one view; get it with `selection_actions(view)`."""

    def __init__(self, view: QTextEdit) -> None:
        super().__init__(view)
        self.setObjectName(_OBJECT_NAME)
        self.view = view
        self.actions: list[QAction] = []
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        view.customContextMenuRequested.connect(self._show_menu)
        view.copyAvailable.connect(self._enable)

    def selected_text(self) -> str:
        """The selection as plain text (paragraphs on their own lines), trimmed."""
        return self.view.textCursor().selection().toPlainText().strip()

    def add(self, text: str, handler: Callable[[str], None]) -> QAction:
        action = QAction(text, self.view)
        action.setEnabled(bool(self.selected_text()))
        action.triggered.connect(lambda _checked=False: self._run(handler))
        self.actions.append(action)
        return action

    def _run(self, handler: Callable[[str], None]) -> None:
        text = self.selected_text()
        if text:
            handler(text)

    def _enable(self, available: bool) -> None:
        for action in self.actions:
            action.setEnabled(available)

    def _show_menu(self, position: QPoint) -> None:
        view = self.view
        offset = QPoint(view.horizontalScrollBar().value(), view.verticalScrollBar().value())
        menu = view.createStandardContextMenu(position + offset)
        own = menu.actions()
        for action in self.actions:
            if own:
                menu.insertAction(own[0], action)
            else:
                menu.addAction(action)
        if own:
            menu.insertSeparator(own[0])
        menu.aboutToHide.connect(menu.deleteLater)
        menu.popup(view.viewport().mapToGlobal(position))


def selection_actions(view: QTextEdit) -> SelectionActions:
    """The view's `SelectionActions`, created on first use."""
    found = view.findChild(SelectionActions, _OBJECT_NAME)
    return found if isinstance(found, SelectionActions) else SelectionActions(view)
