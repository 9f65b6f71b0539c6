"""A small removable chip for an image waiting to be sent."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QWidget

from .images import ImageAttachment

THUMBNAIL_PX = 32


class AttachmentChip(QFrame):
    """Thumbnail, file name and a remove button; `remove_requested` asks to drop it."""

    remove_requested = Signal()

    def __init__(self, attachment: ImageAttachment, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.attachment = attachment
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName(f"Attached image {attachment.name}")
        thumbnail = QLabel(self)
        pixmap = QPixmap()
        if pixmap.loadFromData(attachment.data):
            thumbnail.setPixmap(
                pixmap.scaled(
                    THUMBNAIL_PX,
                    THUMBNAIL_PX,
                    Qt.AspectRatioMode.KeepAspectRatio,
                    Qt.TransformationMode.SmoothTransformation,
                )
            )
        else:
            thumbnail.setText("🖼️")
        thumbnail.setAccessibleName("Thumbnail")
        name = QLabel(attachment.name, self)
        name.setTextFormat(Qt.TextFormat.PlainText)
        self.remove_button = QToolButton(self)
        self.remove_button.setText("✕")
        self.remove_button.setToolTip(f"Remove {attachment.name}")
        self.remove_button.setAccessibleName(f"Remove {attachment.name}")
        self.remove_button.clicked.connect(self.remove_requested)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.addWidget(thumbnail)
        layout.addWidget(name)
        layout.addWidget(self.remove_button)
