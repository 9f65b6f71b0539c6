"""Scroll bars that repaint only when what they show changes, at most ten times a second:
a Fusion repaint takes a millisecond or two and a streaming answer changes the range often.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QRect, Qt, QTimer
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSlider,
    QScrollBar,
    QStyle,
    QStyleOptionSlider,
    QWidget,
)

_Look = tuple[QRect, bool, bool, bool]
GROWTH_REPAINT_SECONDS = 0.1
"""While the range keeps changing (content growing), repaints come at most this often."""


class SteadyScrollBar(QScrollBar):
    """A `QScrollBar` repainting only when what it paints differs; the comparison waits one
    event-loop pass (a view sets the range, then the value)."""

    def __init__(self, orientation: Qt.Orientation, parent: QWidget | None = None) -> None:
        super().__init__(orientation, parent)
        self._painted: _Look | None = None
        self._painted_at = 0.0
        self._range_changed = False
        self._settled = QTimer(self)
        self._settled.setSingleShot(True)
        self._settled.timeout.connect(self._repaint_if_changed)

    def sliderChange(self, change: QAbstractSlider.SliderChange) -> None:
        if change == QAbstractSlider.SliderChange.SliderRangeChange:
            self._range_changed = True
        if self._settled.isActive():
            return
        wait = 0.0
        if self._range_changed and not self.isSliderDown():
            wait = self._painted_at + GROWTH_REPAINT_SECONDS - time.monotonic()
        self._settled.start(max(0, round(wait * 1000)))

    def paintEvent(self, event: QPaintEvent) -> None:
        self._painted = self._look()
        self._painted_at = time.monotonic()
        super().paintEvent(event)

    def _repaint_if_changed(self) -> None:
        self._range_changed = False
        if self._look() != self._painted:
            self.update()

    def _look(self) -> _Look:
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        handle = self.style().subControlRect(
            QStyle.ComplexControl.CC_ScrollBar, option, QStyle.SubControl.SC_ScrollBarSlider, self
        )
        value = self.value()
        return (handle, value <= self.minimum(), value >= self.maximum(), self.isEnabled())


def use_steady_scroll_bars(area: QAbstractScrollArea) -> None:
    """Give `area` steady scroll bars in place of its own (call before it is shown)."""
    area.setVerticalScrollBar(SteadyScrollBar(Qt.Orientation.Vertical, area))
    area.setHorizontalScrollBar(SteadyScrollBar(Qt.Orientation.Horizontal, area))
