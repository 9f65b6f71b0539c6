"""An inline bar offering to undo what the person just removed, instead of asking first:
every removal can be undone, so a mistake costs one click."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QStyle,
    QToolButton,
    QWidget,
)

from concierge.store import ChangeHistory
from concierge.ui.i18n import shown, translate

from .undo_offer import UndoOffer, undo_offered


class ElidedLabel(QLabel):
    """One line that ends in “…” when it is too long (a trip's whole title, say), instead
    of wrapping a word per line; the tooltip and accessible description keep it whole."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._full = ""

    def full_text(self) -> str:
        return self._full

    def set_full_text(self, text: str) -> None:
        self._full = text
        self.setAccessibleDescription(text)
        self._elide()

    def minimumSizeHint(self) -> QSize:
        return QSize(
            self.fontMetrics().horizontalAdvance("…") * 4, super().minimumSizeHint().height()
        )

    def sizeHint(self) -> QSize:
        return QSize(self.fontMetrics().horizontalAdvance(self._full), super().sizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        elided = self.fontMetrics().elidedText(
            self._full, Qt.TextElideMode.ElideRight, self.width()
        )
        if elided != self.text():
            self.setText(elided)
        self.setToolTip(self._full if elided != self._full else "")


class UndoBar(QFrame):
    """A message such as “Deleted “Porto”.” with Undo and Dismiss; hidden until `offer`."""

    undo_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("undoBar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.label = ElidedLabel(self)
        self.label.setAccessibleName(translate("UndoBar", "Last change"))
        self.undo_button = QPushButton(translate("UndoBar", "Undo"), self)
        self.undo_button.setAccessibleName(translate("UndoBar", "Undo"))
        self.dismiss_button = QToolButton(self)
        self.dismiss_button.setIcon(
            self.style().standardIcon(QStyle.StandardPixmap.SP_TitleBarCloseButton)
        )
        self.dismiss_button.setToolTip(translate("UndoBar", "Dismiss"))
        self.dismiss_button.setAccessibleName(translate("UndoBar", "Dismiss"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 2, 2, 2)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.undo_button)
        layout.addWidget(self.dismiss_button)
        self.undo_button.clicked.connect(self.undo_requested)
        self.dismiss_button.clicked.connect(self.dismiss)
        self.hide()

    @property
    def text(self) -> str:
        return self.label.full_text()

    def offer(self, text: str) -> None:
        """Show `text` with an Undo button (a declared message shown translated)."""
        self.label.set_full_text(shown(text))
        self.undo_button.setVisible(True)
        self.show()

    def inform(self, text: str) -> None:
        """Show `text` without Undo (e.g. why an undo could not be done)."""
        self.label.set_full_text(shown(text))
        self.undo_button.setVisible(False)
        self.show()

    def dismiss(self) -> None:
        self.label.set_full_text("")
        self.hide()

    async def undo(self, history: ChangeHistory, offer: UndoOffer) -> bool:
        """Undo the step offered; False, with the reason shown, where it cannot be."""
        problem = await undo_offered(history, offer)
        if problem is not None:
            self.inform(problem)
        return problem is None
