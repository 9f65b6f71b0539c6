"""The bar above the trip form that lists what the assistant or another program changed,
with "Mark as seen"."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QWidget

from concierge.ui.i18n import shown, translate
from concierge.ui.views.words import shown_and_list
from concierge.ui.wrapped_label import wrapped_label


def changes_text(
    labels: Sequence[str], added: Sequence[str] = (), program: str | None = None
) -> str:
    """ "The assistant changed Budget and Pace and added “Dinner at Taberna”.", or the other
    `program` that did (empty if nothing changed). `labels` are field labels, shown translated."""
    changed = shown_and_list([shown(label) for label in labels])
    titles = shown_and_list([f"“{title}”" for title in added])
    if program is not None:
        return _program_text(program, changed, titles)
    if labels and added:
        return translate("SeenBar", "The assistant changed {fields} and added {titles}.").format(
            fields=changed, titles=titles
        )
    if labels:
        return translate("SeenBar", "The assistant changed {fields}.").format(fields=changed)
    if added:
        return translate("SeenBar", "The assistant added {titles}.").format(titles=titles)
    return ""


def _program_text(program: str, changed: str, titles: str) -> str:
    if changed and titles:
        return translate("SeenBar", "{program} changed {fields} and added {titles}.").format(
            program=program, fields=changed, titles=titles
        )
    if changed:
        return translate("SeenBar", "{program} changed {fields}.").format(
            program=program, fields=changed
        )
    if titles:
        return translate("SeenBar", "{program} added {titles}.").format(
            program=program, titles=titles
        )
    return ""


class SeenBar(QFrame):
    """Hidden while nothing is marked; `mark_seen_requested` when its button is clicked."""

    mark_seen_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("assistantChangesBar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.label = wrapped_label(self, accessible=translate("SeenBar", "Assistant changes"))
        self.button = QPushButton(translate("SeenBar", "Mark as seen"), self)
        self.button.setAccessibleName(translate("SeenBar", "Mark as seen"))
        self.button.setToolTip(
            translate("SeenBar", "Clear the marks on the fields the assistant changed")
        )
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 2, 2, 2)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.button)
        self.button.clicked.connect(self.mark_seen_requested)
        self.hide()

    def show_fields(
        self, labels: Sequence[str], added: Sequence[str] = (), program: str | None = None
    ) -> None:
        """List the marked fields and the titles of what was `added`, by the assistant or
        the other `program`."""
        text = changes_text(labels, added, program)
        if not text:
            self.hide()
            return
        self.label.setText(text)
        self.label.setAccessibleDescription(text)
        self.show()
