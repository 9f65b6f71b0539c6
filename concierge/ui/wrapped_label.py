"""The label every panel uses for notes, problems and placeholders: wrapped plain text, so
a long sentence never widens its panel and text from the store is never read as markup."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget


def wrapped_label(
    parent: QWidget, text: str = "", *, name: str = "", accessible: str = "", hidden: bool = False
) -> QLabel:
    label = QLabel(text, parent)
    if name:
        label.setObjectName(name)
    if accessible:
        label.setAccessibleName(accessible)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    if hidden:
        label.hide()
    return label
