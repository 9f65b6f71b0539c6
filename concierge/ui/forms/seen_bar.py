"""The bar above the trip form that lists what the assistant changed, with "Mark as seen"."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


class SeenBar(QFrame):
    """Hidden while nothing is marked; `mark_seen_requested` when its button is clicked."""

    mark_seen_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("assistantChangesBar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        self.label.setAccessibleName("Assistant changes")
        self.button = QPushButton("Mark as seen", self)
        self.button.setAccessibleName("Mark as seen")
        self.button.setToolTip("Clear the marks on the fields the assistant changed")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 2, 2, 2)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.button)
        self.button.clicked.connect(self.mark_seen_requested)
        self.hide()

    def show_fields(self, labels: Sequence[str]) -> None:
        """List the marked fields by their labels; none hides the bar."""
        if not labels:
            self.hide()
            return
        text = f"The assistant changed {_and(labels)}."
        self.label.setText(text)
        self.label.setAccessibleDescription(text)
        self.show()
