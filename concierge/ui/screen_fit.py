"""Keeping a top-level window, frame included, inside its screen's available area.

The frame's size is known only once the window manager has framed the window, so the fit is
done again whenever the frame margins change (never because the person moved or resized it).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QMargins, QObject, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QWidget


def frame_margins(window: QWidget) -> QMargins:
    """The window manager's frame around the window's client area (none before framing)."""
    frame, client = window.frameGeometry(), window.geometry()
    return QMargins(
        client.left() - frame.left(),
        client.top() - frame.top(),
        frame.right() - client.right(),
        frame.bottom() - client.bottom(),
    )


def fitted(client: QRect, margins: QMargins, available: QRect, minimum: QSize) -> QRect:
    """`client` shrunk and moved so that it and its frame lie inside `available`; never
    smaller than `minimum` (then the frame's top-left stays on-screen)."""
    room = available - margins  # QRect minus margins: the largest client area that fits
    width = max(min(client.width(), room.width()), minimum.width())
    height = max(min(client.height(), room.height()), minimum.height())
    left = min(max(client.left(), room.left()), room.right() - width + 1)
    top = min(max(client.top(), room.top()), room.bottom() - height + 1)
    return QRect(QPoint(max(left, room.left()), max(top, room.top())), QSize(width, height))


def fit_to_screen(window: QWidget, margins: QMargins | None = None) -> None:
    """Bring `window` inside its screen; `margins` stands in for a frame not yet made."""
    state = window.windowState()
    if state & (Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen):
        return
    screen = window.screen()
    known = frame_margins(window)
    frame = known if not known.isNull() or margins is None else margins
    client = window.geometry()
    target = fitted(client, frame, screen.availableGeometry(), window.minimumSize())
    if target != client:
        window.setGeometry(target)


class KeepOnScreen(QObject):
    """Fits `window` now and again each time its frame margins change."""

    def __init__(self, window: QWidget, margins: QMargins | None = None) -> None:
        super().__init__(window)
        self._window = window
        self._margins = frame_margins(window)
        self._guess = margins
        window.installEventFilter(self)
        fit_to_screen(window, margins)

    def fit(self, margins: QMargins | None = None) -> None:
        """Fit again, e.g. after restoring a saved geometry; `margins` as in `__init__`."""
        if margins is not None:
            self._guess = margins
        fit_to_screen(self._window, self._guess)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Move, QEvent.Type.Resize, QEvent.Type.Show):
            margins = frame_margins(self._window)
            if margins != self._margins:
                self._margins = margins
                self._guess = None
                self.fit()
        return False
