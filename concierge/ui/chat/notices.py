"""Bars above the message field: no model connected (with the servers found on this
computer), and the last turn's error with Retry."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from concierge.text import QT_TRANSLATE_NOOP
from concierge.ui.async_support import BackgroundTasks
from concierge.ui.found_servers import FoundServers
from concierge.ui.i18n import shown, translate
from concierge.ui.wrapped_label import wrapped_label

NO_MODEL_TEXT = QT_TRANSLATE_NOOP(
    "ChatNotices",
    "No model is connected yet. Open Settings to connect the assistant to OpenAI or to a "
    "local server such as Ollama or LM Studio. You can keep writing meanwhile; Send works "
    "once a model is connected.",
)


class NoModelNotice(QFrame):
    """Says how to connect a model and offers the servers `found` on this computer;
    `settings_requested` when its button is clicked."""

    settings_requested = Signal()

    def __init__(self, tasks: BackgroundTasks, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("noModelNotice")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.label = wrapped_label(
            self, shown(NO_MODEL_TEXT), accessible=translate("ChatNotices", "No model connected")
        )
        self.settings_button = QPushButton(translate("ChatNotices", "Settings…"), self)
        self.settings_button.setAccessibleName(translate("ChatNotices", "Settings…"))
        self.settings_button.clicked.connect(self.settings_requested)
        self.found = FoundServers(tasks, self)
        row = QHBoxLayout()
        row.addWidget(self.label, 1)
        row.addWidget(self.settings_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.found)


class ErrorBar(QFrame):
    """The readable reason a turn failed, with Retry when the request is waiting in history."""

    retry_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("errorBar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.label = wrapped_label(self, accessible=translate("ChatNotices", "Error"))
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.retry_button = QPushButton(translate("ChatNotices", "Retry"), self)
        self.retry_button.setObjectName("retryButton")
        self.retry_button.setAccessibleName(translate("ChatNotices", "Retry"))
        self.retry_button.setToolTip(
            translate("ChatNotices", "Ask the assistant again; your message is already saved")
        )
        self.retry_button.clicked.connect(self.retry_requested)
        layout = QHBoxLayout(self)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.retry_button, 0, Qt.AlignmentFlag.AlignTop)
        self.hide()

    @property
    def text(self) -> str:
        return self.label.text()

    def show_error(self, text: str, *, can_retry: bool = False) -> None:
        """`text` as the person reads it (a declared message is shown translated)."""
        text = shown(text)
        self.label.setText(text)
        self.label.setAccessibleDescription(text)
        self.retry_button.setVisible(can_retry)
        self.show()

    def clear(self) -> None:
        self.label.clear()
        self.hide()
