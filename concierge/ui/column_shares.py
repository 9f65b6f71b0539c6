"""Columns that keep a share of a view's width until the person sizes them by hand, so every
column stays readable at 1024 pixels and at 1920."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QHeaderView


class ColumnShares(QObject):
    """Sizes `header`'s columns to `shares` of the width until the person drags one."""

    def __init__(self, header: QHeaderView, shares: Mapping[int, float]) -> None:
        super().__init__(header)
        self._header = header
        self._shares = dict(shares)
        self._sizing = False
        self.manual = False
        for column in self._shares:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
        header.sectionResized.connect(self._resized)
        header.installEventFilter(self)
        self.apply()

    def apply(self) -> None:
        if self.manual:
            return
        width = self._header.width()
        self._sizing = True
        try:
            for column, share in self._shares.items():
                self._header.resizeSection(
                    column, max(self._header.minimumSectionSize(), round(width * share))
                )
        finally:
            self._sizing = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.apply()
        return False

    def _resized(self, column: int, _old: int, _new: int) -> None:
        if not self._sizing and column in self._shares and self._header.underMouse():
            self.manual = True
