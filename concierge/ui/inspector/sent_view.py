"""What went on the wire of the runtime context when it is sent as changes: the full
snapshot or the update this call added, beside the full state the snapshot view shows."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from concierge.agent import RuntimeContextSentEvent

SENT_TITLE = "Runtime context sent (changes only)"


def describe_sent(event: RuntimeContextSentEvent) -> str:
    """'Iteration 2 · update #3 · 3 runtime messages sent in all, about 540 tokens'."""
    if event.entry is None:
        what = f"no change since #{event.number}, nothing new"
    elif event.full:
        what = f"full snapshot #{event.number}"
    else:
        what = f"update #{event.number}"
    kept = "1 runtime message" if event.kept == 1 else f"{event.kept} runtime messages"
    tokens = f"about {event.kept_tokens:,} tokens"
    return f"Iteration {event.iteration} · {what} · {kept} sent in all, {tokens}"


class SentContextView(QWidget):
    """Header naming what this call added, then that text exactly as sent."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setAccessibleName("What was sent of the runtime context")
        self.text = QPlainTextEdit(self)
        self.text.setReadOnly(True)
        self.text.setAccessibleName("Runtime context sent")
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.summary)
        layout.addWidget(self.text, 1)
        self.shown: RuntimeContextSentEvent | None = None

    def show_sent(self, event: RuntimeContextSentEvent) -> None:
        self.shown = event
        self.summary.setText(describe_sent(event))
        self.text.setPlainText(
            event.entry
            if event.entry is not None
            else "(The state had not changed: the runtime messages sent before went again, "
            "from the cache.)"
        )

    def clear(self) -> None:
        self.shown = None
        self.summary.clear()
        self.text.clear()
