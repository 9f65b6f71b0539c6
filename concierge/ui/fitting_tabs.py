"""A tab widget whose titles stay whole and in sight when the window is narrow.

At 1024 px in a larger font Qt scrolls the plan tabs, half hiding the last, and its eliding
cuts every title to two letters. Most of a tab's width is the style's padding, so that
shrinks just enough for the titles to fit (never below `MIN_SPACE_EMS`); only then does the
bar scroll.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QProxyStyle,
    QStyle,
    QStyleOption,
    QTabWidget,
    QWidget,
)

MIN_SPACE_EMS = 1.0
"""The least padding beside a title, both sides together, in widths of an "m"."""


class _TabSpacing(QProxyStyle):
    """The application's style, with the padding beside each tab's title set by its tabs."""

    def __init__(self) -> None:
        super().__init__()
        self.space: int | None = None
        """The padding (both sides together); None: the style's own."""

    def pixelMetric(
        self,
        metric: QStyle.PixelMetric,
        option: QStyleOption | None = None,
        widget: QWidget | None = None,
    ) -> int:
        if metric is QStyle.PixelMetric.PM_TabBarTabHSpace and self.space is not None:
            return self.space
        return super().pixelMetric(metric, option, widget)


class FittingTabs(QTabWidget):
    """A `QTabWidget` whose tab titles shrink their padding, not their text, to fit."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._spacing = _TabSpacing()
        self._spacing.setParent(self)
        self.tabBar().setStyle(self._spacing)

    @property
    def compact(self) -> bool:
        return self._spacing.space is not None

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit()

    def tabInserted(self, index: int) -> None:
        super().tabInserted(index)
        self._fit()

    def tabRemoved(self, index: int) -> None:
        super().tabRemoved(index)
        self._fit()

    def _fit(self) -> None:
        bar = self.tabBar()
        count = bar.count()
        if count == 0:
            return
        spacing = self._spacing
        metric = QStyle.PixelMetric.PM_TabBarTabHSpace
        normal = spacing.baseStyle().pixelMetric(metric, None, bar)
        current = spacing.pixelMetric(metric, None, bar)
        # Every tab is its title, icon and padding: at the style's padding they need this.
        need = sum(bar.tabSizeHint(i).width() for i in range(count)) + count * (normal - current)
        room = self.width() - sum(
            corner.sizeHint().width()
            for side in (Qt.Corner.TopLeftCorner, Qt.Corner.TopRightCorner)
            if (corner := self.cornerWidget(side)) is not None and corner.isVisible()
        )
        floor = min(normal, math.ceil(bar.fontMetrics().horizontalAdvance("m") * MIN_SPACE_EMS))
        space: int | None = None
        if need > room:
            space = max(floor, normal - math.ceil((need - room) / count))
        if space != spacing.space:
            spacing.space = space
            # As after a change of style: the bar forgets its tab sizes and lays out again.
            QApplication.sendEvent(bar, QEvent(QEvent.Type.StyleChange))
            # And the tab widget gives the bar its new width (its layout keeps the old one).
            QApplication.sendEvent(self, QEvent(QEvent.Type.LayoutRequest))
