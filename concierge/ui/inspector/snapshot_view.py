"""The runtime snapshot the model received on the latest iteration, with provider timings."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from concierge.agent import RuntimeContext
from concierge.text import QT_TRANSLATE_NOOP
from concierge.travel.assistant.snapshot_budget import estimate_tokens
from concierge.ui.chat.counts import grouped
from concierge.ui.i18n import shown, translate
from concierge.ui.wrapped_label import wrapped_label

NO_SNAPSHOT = QT_TRANSLATE_NOOP(
    "SnapshotView", "No runtime snapshot yet: it appears when the assistant next calls the model."
)
EMPTY_SNAPSHOT = QT_TRANSLATE_NOOP(
    "SnapshotView", "(No provider contributed anything, so no runtime context was sent.)"
)


def describe_timings(context: RuntimeContext) -> str:
    """'Iteration 2 · resolved in 3.1 ms — trip 2.0 ms, selection 0.1 ms (empty)'."""
    empty = translate("SnapshotView", " (empty)")
    part_text = translate("SnapshotView", "{name} {ms} ms")
    parts = ", ".join(
        part_text.format(name=part.name, ms=grouped(part.seconds * 1000, 1))
        + ("" if part.text and part.text.strip() else empty)
        for part in context.parts
    )
    head = translate("SnapshotView", "Iteration {iteration} · resolved in {ms} ms").format(
        iteration=context.iteration, ms=grouped(context.seconds * 1000, 1)
    )
    return head + " — " + (parts or translate("SnapshotView", "no providers"))


def describe_size(text: str | None, budget: int | None) -> str:
    """ "1,212 / 1,500 tokens (estimated)": the snapshot by the app's own estimator (it
    over-counts), against the budget the assistant renders it in."""
    tokens = estimate_tokens(text or "")
    size = f"{grouped(tokens)} / {grouped(budget)}" if budget is not None else grouped(tokens)
    return translate("SnapshotView", "Snapshot size: {size} tokens (estimated)").format(size=size)


class SnapshotView(QWidget):
    """Header, the snapshot's size against its budget, then the snapshot exactly as sent."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.timings = wrapped_label(
            self, shown(NO_SNAPSHOT), accessible=translate("SnapshotView", "Snapshot timings")
        )
        self.size_label = QLabel(self)
        self.size_label.setTextFormat(Qt.TextFormat.PlainText)
        self.size_label.setAccessibleName(translate("SnapshotView", "Snapshot size"))
        self.size_label.hide()
        self.budget: int | None = None
        """The runtime context's token budget, shown beside its size."""
        self.text = QPlainTextEdit(self)
        self.text.setReadOnly(True)
        self.text.setAccessibleName(translate("SnapshotView", "Runtime snapshot"))
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.timings)
        layout.addWidget(self.size_label)
        layout.addWidget(self.text, 1)
        self.context: RuntimeContext | None = None

    def show_context(self, context: RuntimeContext) -> None:
        self.context = context
        self.timings.setText(describe_timings(context))
        self.size_label.setText(describe_size(context.text, self.budget))
        self.size_label.show()
        self.text.setPlainText(context.text if context.text else shown(EMPTY_SNAPSHOT))

    def clear(self) -> None:
        self.context = None
        self.timings.setText(shown(NO_SNAPSHOT))
        self.size_label.clear()
        self.size_label.hide()
        self.text.clear()
