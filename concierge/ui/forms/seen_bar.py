"""The bar above the trip form that lists what the assistant changed, with "Mark as seen"."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from concierge.store import and_list


def changes_text(labels: Sequence[str], added: Sequence[str] = ()) -> str:
    """ "The assistant changed Budget and Pace and added “Dinner at Taberna”." (empty if
    nothing changed)."""
    parts = []
    if labels:
        parts.append(f"changed {and_list(labels)}")
    if added:
        parts.append(f"added {and_list([f'“{title}”' for title in added])}")
    return f"The assistant {' and '.join(parts)}." if parts else ""


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

    def show_fields(self, labels: Sequence[str], added: Sequence[str] = ()) -> None:
        """List the marked fields by their labels and the titles of what the assistant
        `added`; nothing hides the bar."""
        text = changes_text(labels, added)
        if not text:
            self.hide()
            return
        self.label.setText(text)
        self.label.setAccessibleDescription(text)
        self.show()
