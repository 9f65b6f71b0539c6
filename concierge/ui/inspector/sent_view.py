"""What went on the wire of the runtime context when it is sent as changes: the full
snapshot or the update this call added, beside the full state the snapshot view shows."""

from __future__ import annotations

from PySide6.QtWidgets import QPlainTextEdit, QVBoxLayout, QWidget

from concierge.agent import RuntimeContextSentEvent
from concierge.text import QT_TRANSLATE_NOOP
from concierge.ui.chat.counts import grouped
from concierge.ui.i18n import translate
from concierge.ui.wrapped_label import wrapped_label

SENT_TITLE = QT_TRANSLATE_NOOP("SentContext", "Runtime context sent (changes only)")


def describe_sent(event: RuntimeContextSentEvent) -> str:
    """'Iteration 2 · update #3 · 3 runtime messages sent in all, about 540 tokens'."""
    if event.entry is None:
        what = translate("SentContext", "no change since #{number}, nothing new")
    elif event.full:
        what = translate("SentContext", "full snapshot #{number}")
    else:
        what = translate("SentContext", "update #{number}")
    template = (
        translate(
            "SentContext",
            "Iteration {iteration} · {what} · 1 runtime message sent in all, about {tokens} tokens",
        )
        if event.kept == 1
        else translate(
            "SentContext",
            "Iteration {iteration} · {what} · {kept} runtime messages sent in all, "
            "about {tokens} tokens",
        )
    )
    return template.format(
        iteration=event.iteration,
        what=what.format(number=event.number),
        kept=event.kept,
        tokens=grouped(event.kept_tokens),
    )


class SentContextView(QWidget):
    """What this call added of the runtime context, exactly as sent."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary = wrapped_label(
            self, accessible=translate("SentContext", "What was sent of the runtime context")
        )
        self.text = QPlainTextEdit(self)
        self.text.setReadOnly(True)
        self.text.setAccessibleName(translate("SentContext", "Runtime context sent"))
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
            else translate(
                "SentContext",
                "(The state had not changed: the runtime messages sent before went again, "
                "from the cache.)",
            )
        )

    def clear(self) -> None:
        self.shown = None
        self.summary.clear()
        self.text.clear()
