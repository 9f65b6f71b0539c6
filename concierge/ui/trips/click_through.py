"""A click outside a completer's list reaches what was clicked, and says the field was left.

On X11 Qt drops the press that closes an open completion popup, so the field is never left
and its text never saved. `ClickThrough` closes the list, reports `dismissed` and hands the
press on to the widget under the pointer.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, QPointF, Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QCompleter, QWidget


class ClickThrough(QObject):
    """Watches `completer`'s list; `dismissed` when a press outside it closed it."""

    dismissed = Signal()

    def __init__(self, completer: QCompleter) -> None:
        super().__init__(completer)
        popup = completer.popup()
        assert popup is not None  # The completer makes its list when first asked.
        # Platforms that replay the press themselves would deliver it twice.
        popup.setAttribute(Qt.WidgetAttribute.WA_NoMouseReplay)
        popup.installEventFilter(self)  # Runs before the completer's own filter.

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() != QEvent.Type.MouseButtonPress
            or not isinstance(event, QMouseEvent)
            or not isinstance(watched, QWidget)
        ):
            return False
        where = event.globalPosition().toPoint()
        if watched.geometry().contains(where):
            return False  # A pick in the list: the completer's business.
        watched.hide()
        self.dismissed.emit()
        _click_at(where, event)
        return True


def _click_at(where: QPoint, press: QMouseEvent) -> None:
    target = QApplication.widgetAt(where)
    if target is None or not target.isEnabled():
        return  # Another application, or the desktop: the press is theirs.
    window = target.window().windowHandle()
    taker = _focus_taker(target)
    if taker is not None:
        taker.setFocus(Qt.FocusReason.MouseFocusReason)
    local = QPointF(window.mapFromGlobal(where))
    replay = QMouseEvent(
        QEvent.Type.MouseButtonPress,
        local,
        local,
        QPointF(where),
        press.button(),
        press.buttons(),
        press.modifiers(),
    )
    QCoreApplication.postEvent(window, replay)


def _focus_taker(widget: QWidget) -> QWidget | None:
    """Who a click on `widget` focuses: it or the nearest parent in its window that takes
    focus by clicking (a text box's viewport focuses the text box)."""
    current: QWidget | None = widget
    while current is not None:
        if current.focusPolicy().value & Qt.FocusPolicy.ClickFocus.value:
            return current
        if current.isWindow():
            return None
        current = current.parentWidget()
    return None
