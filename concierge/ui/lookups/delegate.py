"""Draws the progress column as a progress bar carrying the job's status line."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QApplication,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionProgressBar,
    QStyleOptionViewItem,
)

from .model import PROGRESS_ROLE


class ProgressDelegate(QStyledItemDelegate):
    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        percent = index.data(PROGRESS_ROLE)
        if not isinstance(percent, int):
            super().paint(painter, option, index)
            return
        if option.state & QStyle.StateFlag.State_Selected:
            painter.fillRect(option.rect, option.palette.highlight())
        bar = QStyleOptionProgressBar()
        bar.rect = option.rect.adjusted(2, 2, -2, -2)
        bar.minimum = 0
        bar.maximum = 100
        bar.progress = percent
        bar.text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        bar.textVisible = True
        bar.state = option.state
        bar.palette = option.palette
        style = option.widget.style() if option.widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ProgressBar, bar, painter)
