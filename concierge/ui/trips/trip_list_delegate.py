"""Draws a trip as two lines (title, then a muted dates · stops line) and edits the
title in place without losing what the person types to a refresh."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QFontMetrics, QPainter, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QLineEdit,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from .trip_list_model import SUBTITLE_ROLE

_Index = QModelIndex | QPersistentModelIndex
_PADDING = 4
_MIN_CHARS = 10
"""A row's width hint in average characters: less than any width the list is given."""


class TripItemDelegate(QStyledItemDelegate):
    """Two-line rows; the inline editor covers the title line only."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: _Index) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        title = opt.text
        opt.text = ""
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        rect = opt.rect.adjusted(_PADDING, _PADDING, -_PADDING, -_PADDING)
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        palette: QPalette = opt.palette
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        painter.save()
        title_font = opt.font
        title_font.setBold(True)
        title_metrics = QFontMetrics(title_font)
        painter.setFont(title_font)
        painter.setPen(palette.color(role))
        title_rect = QRect(rect.left(), rect.top(), rect.width(), title_metrics.height())
        painter.drawText(
            title_rect,
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            title_metrics.elidedText(str(title), Qt.TextElideMode.ElideRight, rect.width()),
        )
        subtitle_font = opt.font
        subtitle_font.setBold(False)
        subtitle_metrics = QFontMetrics(subtitle_font)
        painter.setFont(subtitle_font)
        if not selected:
            painter.setPen(palette.color(QPalette.ColorRole.PlaceholderText))
        subtitle = str(index.data(SUBTITLE_ROLE) or "")
        subtitle_rect = QRect(
            rect.left(), title_rect.bottom() + 1, rect.width(), subtitle_metrics.height()
        )
        painter.drawText(
            subtitle_rect,
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            subtitle_metrics.elidedText(subtitle, Qt.TextElideMode.ElideRight, rect.width()),
        )
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: _Index) -> QSize:
        metrics = QFontMetrics(option.font)
        height = 2 * metrics.height() + 2 * _PADDING + 2
        # Narrow: the list never scrolls sideways, the row takes the list's width and the
        # texts are elided to it (a wider hint gave a sideways scroll bar in larger fonts).
        return QSize(metrics.averageCharWidth() * _MIN_CHARS, height)

    def updateEditorGeometry(
        self, editor: QWidget, option: QStyleOptionViewItem, index: _Index
    ) -> None:
        rect: QRect = option.rect
        height = editor.sizeHint().height()
        editor.setGeometry(QRect(rect.left(), rect.top(), rect.width(), height))

    def setEditorData(self, editor: QWidget, index: _Index) -> None:
        """Views call this again when the row's data changes; keep what the person typed."""
        if isinstance(editor, QLineEdit) and editor.isModified():
            return
        super().setEditorData(editor, index)
