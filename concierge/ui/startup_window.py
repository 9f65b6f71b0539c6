"""The first window, shown while the app imports its libraries and opens the database
(seconds on a cold start). It needs only Qt and must stay free of heavy imports."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget

from concierge.ui.i18n import translate
from concierge.ui.screen_fit import KeepOnScreen

DEFAULT_SIZE = (1280, 800)


def initial_size(widget: QWidget) -> tuple[int, int]:
    """The main window's first size: 1280 × 800, or the screen's available area when it is
    smaller (`KeepOnScreen` then makes room for the frame)."""
    available = widget.screen().availableGeometry()
    return min(DEFAULT_SIZE[0], available.width()), min(DEFAULT_SIZE[1], available.height())


class StartupWindow(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle("Concierge")
        self.setObjectName("startupWindow")
        self.resize(*initial_size(self))
        self.screen_fit = KeepOnScreen(self)
        title = QLabel("Concierge", self)
        title.setTextFormat(Qt.TextFormat.PlainText)  # rich text would cost a document layout
        font = title.font()
        font.setPointSizeF(font.pointSizeF() * 2)
        font.setBold(True)
        title.setFont(font)
        self.status = QLabel(translate("StartupWindow", "Opening your trips…"), self)
        self.status.setAccessibleName(translate("StartupWindow", "Start-up status"))
        layout = QVBoxLayout(self)
        layout.addStretch()
        for label in (title, self.status):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            layout.addWidget(label)
        layout.addStretch()

    def show_now(self) -> None:
        """Show and paint before the caller blocks on imports (before any event loop runs,
        so processing events here is safe)."""
        self.show()
        self.raise_()
        QApplication.processEvents()
        self.repaint()
