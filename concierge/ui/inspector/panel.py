"""The "What the assistant sees" panel, so a person can check what the model was told and
what it cost."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from concierge.agent import (
    AgentEvent,
    CompactionEvent,
    ModelResponseEvent,
    Runnable,
    RuntimeContextEvent,
    RuntimeContextSentEvent,
)
from concierge.ui.chat.counts import grouped, percent
from concierge.ui.i18n import shown, translate
from concierge.ui.wrapped_label import wrapped_label

from .held_back_view import HeldBackView
from .sent_view import SENT_TITLE, SentContextView
from .snapshot_view import SnapshotView
from .usage_model import UsageTableModel


def _group(title: str, content: QWidget, parent: QWidget) -> QGroupBox:
    box = QGroupBox(title, parent)
    box.setAccessibleName(title)
    layout = QVBoxLayout(box)
    layout.addWidget(content)
    return box


def compaction_text(event: CompactionEvent) -> str:
    return translate(
        "Inspector",
        "Before call {call}, {count} earlier messages were summarized: about {before} → "
        "{after} tokens sent. The full conversation stays in the chat.",
    ).format(
        call=event.iteration,
        count=grouped(event.summarized_messages),
        before=grouped(event.tokens_before),
        after=grouped(event.tokens_after),
    )


class InspectorPanel(QWidget):
    """Subscribes to a `Runnable`'s events while bound; read-only throughout."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("inspectorPanel")
        self.setAccessibleName(translate("Inspector", "What the assistant sees"))
        self.system_prompt = QPlainTextEdit(self)
        self.system_prompt.setReadOnly(True)
        self.system_prompt.setAccessibleName(translate("Inspector", "System prompt"))
        self.snapshot = SnapshotView(self)
        self.sent = SentContextView(self)
        self.held_back = HeldBackView(self)
        self.usage = UsageTableModel(self)
        self.usage_table = QTableView(self)
        self.usage_table.setModel(self.usage)
        self.usage_table.setAccessibleName(translate("Inspector", "Usage per model call"))
        self.usage_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.usage_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.usage_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.usage_table.horizontalHeader().setTextElideMode(Qt.TextElideMode.ElideRight)
        self.totals = QLabel(self)
        self.totals.setAccessibleName(translate("Inspector", "Usage totals"))
        self.compaction = wrapped_label(
            self, accessible=translate("Inspector", "Compaction"), hidden=True
        )
        usage_box = QWidget(self)
        usage_layout = QVBoxLayout(usage_box)
        usage_layout.setContentsMargins(0, 0, 0, 0)
        usage_layout.addWidget(self.usage_table, 1)
        usage_layout.addWidget(self.totals)
        usage_layout.addWidget(self.compaction)

        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.addWidget(
            _group(translate("Inspector", "System prompt"), self.system_prompt, splitter)
        )
        splitter.addWidget(
            _group(translate("Inspector", "Runtime snapshot"), self.snapshot, splitter)
        )
        self.sent_group = _group(shown(SENT_TITLE), self.sent, splitter)
        self.sent_group.hide()  # Until runtime context is sent as changes.
        splitter.addWidget(self.sent_group)
        held_title = translate("Inspector", "Held back from the assistant")
        splitter.addWidget(_group(held_title, self.held_back, splitter))
        usage_title = translate("Inspector", "Token usage per model call")
        splitter.addWidget(_group(usage_title, usage_box, splitter))
        splitter.setStretchFactor(1, 2)
        splitter.setStretchFactor(2, 1)
        splitter.setStretchFactor(3, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        self.usage.rowsInserted.connect(self._show_totals)
        self.usage.modelReset.connect(self._show_totals)
        self._unsubscribe: Callable[[], None] | None = None
        self._show_totals()

    @property
    def bound(self) -> bool:
        return self._unsubscribe is not None

    def bind(
        self, runnable: Runnable, system_prompt: str, snapshot_budget: int | None = None
    ) -> None:
        """Show `system_prompt` and follow `runnable`'s events; earlier data is cleared."""
        self.unbind()
        self.system_prompt.setPlainText(system_prompt)
        self.snapshot.budget = snapshot_budget
        self._unsubscribe = runnable.subscribe(self.on_event)

    def unbind(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self.system_prompt.clear()
        self.snapshot.clear()
        self.sent.clear()
        self.sent_group.hide()
        self.usage.clear()
        self.compaction.clear()
        self.compaction.hide()

    def on_event(self, event: AgentEvent) -> None:
        if isinstance(event, RuntimeContextEvent):
            self.snapshot.show_context(event.context)
            self.held_back.refresh()
        elif isinstance(event, RuntimeContextSentEvent):
            self.sent.show_sent(event)
            self.sent_group.show()
        elif isinstance(event, ModelResponseEvent) and event.usage is not None:
            self.usage.add(event.iteration, event.usage)
            self.usage_table.scrollToBottom()
        elif isinstance(event, CompactionEvent):
            for usage in event.usage:
                self.usage.add(event.iteration, usage, summary=True)
            self.usage_table.scrollToBottom()
            self.compaction.setText(compaction_text(event))
            self.compaction.show()

    def _show_totals(self) -> None:
        totals = self.usage.totals()
        calls = self.usage.rowCount()
        if not calls:
            self.totals.setText(translate("Inspector", "No model calls yet."))
            return
        template = (
            translate(
                "Inspector",
                "1 call: {prompt} prompt tokens, {cached} cached ({share}), "
                "{completion} completion tokens",
            )
            if calls == 1
            else translate(
                "Inspector",
                "{calls} calls: {prompt} prompt tokens, {cached} cached ({share}), "
                "{completion} completion tokens",
            )
        )
        self.totals.setText(
            template.format(
                calls=calls,
                prompt=grouped(totals.prompt_tokens),
                cached=grouped(totals.cached_tokens),
                share=percent(totals.cached_share),
                completion=grouped(totals.completion_tokens),
            )
        )
