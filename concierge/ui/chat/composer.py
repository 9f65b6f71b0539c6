"""Where the person writes: message field, attached files, and the turn's buttons. It only
reports intent (send, stop, attach); the panel decides what that means."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QKeyCombination, Qt, Signal
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QStyle, QVBoxLayout, QWidget

from concierge.agent import ContentPart, TextPart
from concierge.ui.i18n import translate
from concierge.ui.views.actions import icon_button, make_action

from .attachment_chip import AttachmentChip
from .images import Attachment
from .message_edit import MessageEdit


@dataclass(frozen=True, slots=True)
class Draft:
    """What the person is about to send: text and attached files, in the order the model
    gets them."""

    text: str
    attachments: tuple[Attachment, ...] = ()

    @property
    def empty(self) -> bool:
        return not self.text.strip() and not self.attachments

    def content(self) -> list[ContentPart]:
        parts: list[ContentPart] = [TextPart(text=self.text.strip())] if self.text.strip() else []
        parts.extend(attachment.part for attachment in self.attachments)
        return parts


class Composer(QWidget):
    """Message field, attachment chips, Attach, busy indicator, Stop and Send."""

    send_requested = Signal()
    stop_requested = Signal()
    attach_requested = Signal()
    changed = Signal()
    """The draft changed (text typed, a file attached or removed)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.edit = MessageEdit(self)
        self.attach_action = make_action(
            self.edit,
            translate("Composer", "Attach a document or image"),
            QKeyCombination(
                Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
                Qt.Key.Key_A,
            ),
            lambda: self.attach_requested.emit(),
        )
        self.attach_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.edit.addAction(self.attach_action)
        attach = translate("Composer", "Attach…")
        self.attach_button = icon_button(
            self, self.attach_action, QStyle.StandardPixmap.SP_FileDialogStart
        )
        self.attach_button.setObjectName("attachButton")
        self.attach_button.setText(attach)
        self.attach_button.setAccessibleName(attach)
        self.attach_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        # A static label, not an indeterminate progress bar: its animation repainted the
        # window continually while a turn streamed, competing with the stream for the loop.
        self.busy = QLabel(translate("Composer", "Working…"), self)
        self.busy.setObjectName("busyIndicator")
        self.busy.setAccessibleName(translate("Composer", "Assistant is working"))
        self.busy.setVisible(False)
        # Its space is kept while hidden: showing it at the start and end of every turn
        # would otherwise change the panel's minimum width and re-lay out the whole window.
        policy = self.busy.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.busy.setSizePolicy(policy)
        self.stop_button = self._button(
            "stopButton",
            translate("Composer", "Stop"),
            translate("Composer", "Stop the assistant (Esc)"),
        )
        self.send_button = self._button(
            "sendButton", translate("Composer", "Send"), translate("Composer", "Send (Ctrl+Enter)")
        )

        self._chips: list[AttachmentChip] = []
        self._chip_row = QHBoxLayout()
        self._chip_row.setContentsMargins(0, 0, 0, 0)
        self._chip_row.addStretch()
        buttons = QHBoxLayout()
        self.button_row = buttons
        buttons.addWidget(self.attach_button)
        buttons.addStretch()
        buttons.addWidget(self.busy)
        buttons.addWidget(self.stop_button)
        buttons.addWidget(self.send_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._chip_row)
        layout.addWidget(self.edit)
        layout.addLayout(buttons)
        QWidget.setTabOrder(self.edit, self.attach_button)
        QWidget.setTabOrder(self.attach_button, self.stop_button)
        QWidget.setTabOrder(self.stop_button, self.send_button)

        self.edit.send_requested.connect(self.send_requested)
        self.edit.textChanged.connect(self.changed)
        self.send_button.clicked.connect(self.send_requested)
        self.stop_button.clicked.connect(self.stop_requested)

    def _button(self, name: str, text: str, tip: str) -> QPushButton:
        button = QPushButton(text, self)
        button.setObjectName(name)
        button.setAccessibleName(text)
        button.setToolTip(tip)
        button.setEnabled(False)
        return button

    @property
    def attachments(self) -> tuple[Attachment, ...]:
        return tuple(chip.attachment for chip in self._chips)

    @property
    def chips(self) -> tuple[AttachmentChip, ...]:
        return tuple(self._chips)

    def draft(self) -> Draft:
        return Draft(self.edit.toPlainText(), self.attachments)

    def clear(self) -> None:
        self.edit.clear()
        for chip in tuple(self._chips):
            self._remove(chip)

    def restore(self, draft: Draft) -> None:
        """Put an unsent draft back, ahead of anything typed since."""
        typed = self.edit.toPlainText()
        text = (
            f"{draft.text}\n\n{typed}"
            if typed.strip() and draft.text.strip()
            else (draft.text or typed)
        )
        self.edit.setPlainText(text)
        self.edit.moveCursor(QTextCursor.MoveOperation.End)
        present = set(self.attachments)
        for attachment in draft.attachments:
            if attachment not in present:
                self.add_attachment(attachment)

    def add_attachment(self, attachment: Attachment) -> None:
        if attachment in self.attachments:
            return
        chip = AttachmentChip(attachment, self)
        chip.remove_requested.connect(lambda: self._remove(chip))
        before = self._chips[-1].remove_button if self._chips else self.edit
        QWidget.setTabOrder(before, chip.remove_button)
        QWidget.setTabOrder(chip.remove_button, self.attach_button)
        self._chip_row.insertWidget(len(self._chips), chip)
        self._chips.append(chip)
        self.changed.emit()

    def set_busy(self, busy: bool) -> None:
        self.busy.setVisible(busy)
        self.stop_button.setEnabled(busy)

    def _remove(self, chip: AttachmentChip) -> None:
        if chip not in self._chips:
            return
        had_focus = chip.remove_button.hasFocus()
        self._chips.remove(chip)
        self._chip_row.removeWidget(chip)
        chip.hide()
        chip.deleteLater()
        if had_focus:
            self.edit.setFocus(Qt.FocusReason.OtherFocusReason)
        self.changed.emit()
