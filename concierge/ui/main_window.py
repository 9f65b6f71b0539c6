"""The main window. For now it introduces the app; the trip planner arrives with issue 3."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QLabel, QMainWindow, QVBoxLayout, QWidget


class MainWindow(QMainWindow):
    """Closing asks the async main to finish instead of stopping the loop under it."""

    def __init__(self, on_close: Callable[[], None]) -> None:
        super().__init__()
        self._on_close = on_close
        self.setWindowTitle("Concierge")
        self.resize(1024, 640)
        body = QWidget(self)
        layout = QVBoxLayout(body)
        title = QLabel("<h1>Concierge</h1>")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        text = QLabel(
            "The agent runtime is in place. The trip planner window — trips, itinerary and "
            "the assistant's chat — is being built next."
        )
        text.setWordWrap(True)
        text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addStretch()
        layout.addWidget(title)
        layout.addWidget(text)
        layout.addStretch()
        self.setCentralWidget(body)
        quit_shortcut = QShortcut(QKeySequence(QKeySequence.StandardKey.Quit), self)
        quit_shortcut.activated.connect(self.close)

    def closeEvent(self, event: QCloseEvent) -> None:
        event.ignore()
        self.hide()
        self._on_close()
