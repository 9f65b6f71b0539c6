"""The pieces a view's layout is made of, built alike in every view."""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QBoxLayout, QLabel, QLayout, QVBoxLayout, QWidget


def note_label(text: str, parent: QWidget) -> QLabel:
    """Words standing in for what cannot be shown yet (no trip): centred and wrapped."""
    label = QLabel(text, parent)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    label.setWordWrap(True)
    return label


def fill(
    layout: QBoxLayout,
    *parts: QWidget | QLayout,
    grow: QWidget | None = None,
    margins: tuple[int, int, int, int] = (0, 0, 0, 0),
) -> QBoxLayout:
    """`layout` holding `parts` in order within `margins`; `grow` takes the room left."""
    layout.setContentsMargins(*margins)
    for part in parts:
        if isinstance(part, QLayout):
            layout.addLayout(part)
        else:
            layout.addWidget(part, 1 if part is grow else 0)
    return layout


def vbox(
    parent: QWidget, *parts: QWidget | QLayout, grow: QWidget | None = None, top: int = 0
) -> QWidget:
    """`parts` one under the other, without margins; `grow` takes the height left."""
    widget = QWidget(parent)
    fill(QVBoxLayout(widget), *parts, grow=grow, margins=(0, top, 0, 0))
    return widget


def tab_order(widgets: Iterable[QWidget]) -> None:
    for before, after in itertools.pairwise(widgets):
        QWidget.setTabOrder(before, after)
