"""An empty chat's suggestions: a few requests fitting the trip, each a button that sends it
as if typed (a click, or Tab to it and Space or Return)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from concierge.ui.i18n import translate


class Suggestions(QWidget):
    """`chosen(text)` when a suggestion is picked."""

    chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chatSuggestions")
        self.setAccessibleName(translate("ChatPanel", "Suggestions"))
        self.heading = QLabel(translate("ChatPanel", "Try asking:"), self)
        self.buttons: list[QPushButton] = []
        self._row = QHBoxLayout()
        self._row.setContentsMargins(0, 0, 0, 0)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addLayout(self._row)
        self._row.addStretch()

    @property
    def texts(self) -> list[str]:
        return [button.text() for button in self.buttons]

    def set_texts(self, texts: Sequence[str]) -> None:
        for button in self.buttons:
            self._row.removeWidget(button)
            button.deleteLater()
        self.buttons = []
        for index, text in enumerate(texts):
            button = QPushButton(text, self)
            button.setObjectName(f"suggestion{index}")
            button.setAccessibleName(text)
            button.setAutoDefault(True)  # Return picks it too, not only Space.
            button.clicked.connect(lambda _checked=False, text=text: self.chosen.emit(text))
            self._row.insertWidget(index, button)
            self.buttons.append(button)
