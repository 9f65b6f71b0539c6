"""What the trip views share for the person's locks: the padlock, its words, and Ctrl+L.
Ctrl+L is also "Message the assistant"; a view that can lock overrides it inside itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QEvent, QKeyCombination, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QAction,
    QContextMenuEvent,
    QIcon,
    QKeyEvent,
    QKeySequence,
    QPainter,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import QLineEdit, QMenu, QPlainTextEdit, QWidget

from concierge.text import QT_TRANSLATE_NOOP
from concierge.ui.i18n import shown, translate

from .actions import key_text

LOCK_KEYS = QKeyCombination(Qt.KeyboardModifier.ControlModifier, Qt.Key.Key_L)
LOCK_TEXT = QT_TRANSLATE_NOOP("Locks", "Lock or unlock")
LOCK_HINT = QT_TRANSLATE_NOOP(
    "Locks",
    "To lock something against the assistant's changes, select an itinerary item or day, or "
    "put the cursor in a stop or a trip field, then choose Edit ▸ Lock or unlock (Ctrl+L in "
    "the itinerary and the stops; a trip field's context menu has Lock field).",
)
LOCKED_TEXT = QT_TRANSLATE_NOOP("Locks", "locked: the assistant cannot change it")
"""Said after a locked row's or field's name, and shown as its tooltip (English `str`s:
show them with `shown`)."""
FIELD_LOCKED_TEXT = QT_TRANSLATE_NOOP("Locks", "Field locked: the assistant cannot change it")

_icons: dict[int, QIcon] = {}


def lock_icon(widget: QWidget) -> QIcon:
    """A padlock in the widget's text colour (no icon theme has one everywhere)."""
    colour = widget.palette().windowText().color()
    icon = _icons.get(colour.rgba())
    if icon is not None:
        return icon
    size = 16
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(colour, 1.6))
    painter.drawArc(QRectF(4.5, 1.5, 7, 8), 0, 180 * 16)
    painter.drawLine(QPointF(4.5, 5.5), QPointF(4.5, 7.5))
    painter.drawLine(QPointF(11.5, 5.5), QPointF(11.5, 7.5))
    painter.setBrush(colour)
    painter.drawRoundedRect(QRectF(2.5, 7, 11, 8), 1.5, 1.5)
    painter.end()
    icon = QIcon(pixmap)
    _icons[colour.rgba()] = icon
    return icon


def lock_action(parent: QWidget, slot: Callable[[], None]) -> QAction:
    """The view's Ctrl+L action (listed under the view in Help ▸ Keyboard shortcuts)."""
    action = QAction(shown(LOCK_TEXT), parent)
    action.setShortcut(QKeySequence(LOCK_KEYS))
    action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
    action.setToolTip(
        translate("Locks", "Lock against the assistant’s changes, or unlock ({keys})").format(
            keys=key_text(LOCK_KEYS)
        )
    )
    action.triggered.connect(slot)
    parent.addAction(action)
    return action


class LockKey(QObject):
    """Gives Ctrl+L in `widgets` to `action` before the window's shortcut sees it."""

    def __init__(self, action: QAction, widgets: Iterable[QWidget] = ()) -> None:
        super().__init__(action)
        self.action = action
        for widget in widgets:
            self.watch(widget)

    def watch(self, widget: QWidget) -> None:
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) and _is_lock_key(event):
            if kind == QEvent.Type.ShortcutOverride:
                event.accept()
                return True
            if self.action.isEnabled():
                self.action.trigger()
            return True
        return False


def _is_lock_key(event: QEvent) -> bool:
    return isinstance(event, QKeyEvent) and event.keyCombination() == LOCK_KEYS


LOCK_FIELD_TEXT = QT_TRANSLATE_NOOP("Locks", "Lock field against the assistant")
UNLOCK_FIELD_TEXT = QT_TRANSLATE_NOOP("Locks", "Unlock field")


class FieldLockMenu(QObject):
    """Adds Lock field (or Unlock field) to each field widget's context menu, its own menu
    (cut, copy, paste) where it has one."""

    def __init__(
        self,
        parent: QObject,
        fields: dict[QWidget, str],
        locked: Callable[[str], bool],
        toggle: Callable[[str], object],
    ) -> None:
        super().__init__(parent)
        self.fields = fields
        self._locked = locked
        self._toggle = toggle
        for widget in fields:
            widget.installEventFilter(self)

    def field_of(self, widget: QWidget | None) -> str | None:
        """The field `widget` (or one of its parents) edits, if any."""
        while widget is not None:
            if widget in self.fields:
                return self.fields[widget]
            widget = widget.parentWidget()
        return None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        field = self.fields.get(watched) if isinstance(watched, QWidget) else None
        if field is None or not isinstance(event, QContextMenuEvent):
            return False
        assert isinstance(watched, QWidget)
        if isinstance(watched, QLineEdit | QPlainTextEdit):
            menu = watched.createStandardContextMenu()
            menu.addSeparator()
        else:
            menu = QMenu(watched)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        text = UNLOCK_FIELD_TEXT if self._locked(field) else LOCK_FIELD_TEXT
        menu.addAction(shown(text), lambda: self._toggle(field))
        menu.popup(event.globalPos())
        return True


def show_field_locked(widget: QWidget, locked: bool) -> None:
    """A field of a dialog shown locked: a padlock, and the words in tooltip and description."""
    if isinstance(widget, QLineEdit):
        padlocks = [a for a in widget.actions() if a.objectName() == "fieldLock"]
        if locked and not padlocks:
            padlock = widget.addAction(lock_icon(widget), QLineEdit.ActionPosition.TrailingPosition)
            padlock.setObjectName("fieldLock")
            padlock.setToolTip(shown(FIELD_LOCKED_TEXT))
        for action in padlocks if not locked else ():
            widget.removeAction(action)
    if locked and widget.property("unlockedToolTip") is None:
        widget.setProperty("unlockedToolTip", widget.toolTip())
    if not locked and widget.property("unlockedToolTip") is None:
        return
    kept = str(widget.property("unlockedToolTip"))
    widget.setToolTip(shown(FIELD_LOCKED_TEXT) if locked else kept)
    widget.setAccessibleDescription(shown(LOCKED_TEXT) if locked else "")
    if not locked:
        widget.setProperty("unlockedToolTip", None)
