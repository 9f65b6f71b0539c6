"""A small removable chip for a file waiting to be sent: an image or a document."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent, QPixmap
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QStyle, QToolButton, QWidget

from concierge.agent import DocumentPart
from concierge.ui.i18n import translate

from .images import Attachment
from .pdf_text import note_shown

THUMBNAIL_PX = 32


class AttachmentChip(QFrame):
    """Thumbnail (or a document sign), file name and a remove button; `remove_requested`
    asks to drop it (the button, or Delete or Backspace while the button has focus)."""

    remove_requested = Signal()

    def __init__(self, attachment: Attachment, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.attachment = attachment
        document = isinstance(attachment.part, DocumentPart)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName(
            (
                translate("AttachmentChip", "Attached document {name}")
                if document
                else translate("AttachmentChip", "Attached image {name}")
            ).format(name=attachment.name)
        )
        thumbnail = QLabel(self)
        pixmap = QPixmap()
        if not document and pixmap.loadFromData(attachment.data):
            thumbnail.setPixmap(
                pixmap.scaled(
                    THUMBNAIL_PX,
                    THUMBNAIL_PX,
                    Qt.AspectRatioMode.KeepAspectRatio,
                    Qt.TransformationMode.SmoothTransformation,
                )
            )
        else:  # The style's file icon: an emoji may be missing from the system's fonts.
            icon = self.style().standardIcon(QStyle.StandardPixmap.SP_FileIcon)
            thumbnail.setPixmap(icon.pixmap(THUMBNAIL_PX // 2))
        thumbnail.setAccessibleName(translate("AttachmentChip", "Thumbnail"))
        name = QLabel(attachment.name, self)
        name.setTextFormat(Qt.TextFormat.PlainText)
        if isinstance(attachment.part, DocumentPart) and attachment.part.note:
            self.setToolTip(note_shown(attachment.part.note))
        self.remove_button = QToolButton(self)
        self.remove_button.setText("✕")
        self.remove_button.setToolTip(
            translate("AttachmentChip", "Remove {name} (Delete)").format(name=attachment.name)
        )
        self.remove_button.setAccessibleName(
            translate("AttachmentChip", "Remove {name}").format(name=attachment.name)
        )
        self.remove_button.clicked.connect(self.remove_requested)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.addWidget(thumbnail)
        layout.addWidget(name)
        layout.addWidget(self.remove_button)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Delete or Backspace on the focused remove button (passed up to the chip)."""
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            event.accept()
            self.remove_requested.emit()
            return
        super().keyPressEvent(event)
