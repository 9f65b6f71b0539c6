"""Reading a file the person attaches to a message into the part the model receives.
Blocking work: callers run it in a worker thread (QImage is safe there)."""

from __future__ import annotations

import base64
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QImage

from concierge.agent import DocumentPart, ImagePart
from concierge.ui.i18n import translate

from .attachment_errors import AttachmentError
from .counts import grouped
from .pdf_text import pdf_part

MAX_IMAGE_BYTES = 20 * 1024 * 1024
"""OpenAI's per-image limit; local servers are usually stricter, never looser."""
MAX_PDF_BYTES = 50 * 1024 * 1024
KEEP_IMAGE_BYTES = 1536 * 1024
"""A photo larger than this is sent (and stored with its message) scaled to `FIT_PX` as a
JPEG: models see about 2,000 pixels at most, and every later request of the conversation
carries it again."""
FIT_PX = 2048


def attach_filter() -> str:
    return translate("Attachments", "PDF documents and images") + (
        " (*.pdf *.png *.jpg *.jpeg *.gif *.webp)"
    )


@dataclass(frozen=True, slots=True)
class Attachment:
    """A file waiting to be sent: its name, the part the model gets, and an image's bytes
    (for the chip's thumbnail; empty for a document)."""

    name: str
    part: ImagePart | DocumentPart
    data: bytes = b""


def sniff_image_type(data: bytes) -> str | None:
    """The MIME type from the file's first bytes; extensions are not trusted."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if data.startswith((b"GIF87a", b"GIF89a")):
        return "image/gif"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return None


def is_pdf(data: bytes) -> bool:
    return b"%PDF-" in data[:1024]


def image_attachment(name: str, data: bytes) -> Attachment:
    mime = sniff_image_type(data)
    if mime is None:
        raise AttachmentError(
            translate("Attachments", "“{name}” is not a PNG, JPEG, GIF or WebP image.").format(
                name=name
            )
        )
    if len(data) > KEEP_IMAGE_BYTES:
        data, mime = fitted(data, mime)
    url = f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
    return Attachment(name, ImagePart(url=url, name=name), data)


def file_attachment(name: str, data: bytes) -> Attachment:
    """`data` as the model will get it; other kinds than images and PDFs are refused."""
    if is_pdf(data):
        return Attachment(name, pdf_part(name, data))
    if sniff_image_type(data) is None:
        raise AttachmentError(
            translate(
                "Attachments",
                "“{name}” cannot be sent to the assistant: only PDF documents and PNG, JPEG, "
                "GIF or WebP images can.",
            ).format(name=name)
        )
    if len(data) > MAX_IMAGE_BYTES:
        raise AttachmentError(
            translate("Attachments", "“{name}” is {size} MB; images can be at most 20 MB.").format(
                name=name, size=_megabytes(len(data))
            )
        )
    return image_attachment(name, data)


def read_attachment(path: Path, name: str | None = None) -> Attachment:
    """Read and check `path`, shown as `name` (its own name by default). Blocking: run it in
    a worker thread."""
    shown = name or path.name
    try:
        size = path.stat().st_size
        if size > MAX_PDF_BYTES:
            raise AttachmentError(
                translate("Attachments", "“{name}” is {size} MB; too large to send.").format(
                    name=shown, size=_megabytes(size)
                )
            )
        data = path.read_bytes()
    except OSError as error:
        if isinstance(error, FileNotFoundError):
            text = translate("Attachments", "“{name}” could not be read: the file is missing.")
        else:
            text = translate("Attachments", "“{name}” could not be read: {reason}.")
        raise AttachmentError(text.format(name=shown, reason=error.strerror)) from None
    return file_attachment(shown, data)


def fitted(data: bytes, mime: str) -> tuple[bytes, str]:
    """A large image at most `FIT_PX` on its longer side, as JPEG (PNG if it has
    transparency); the original when Qt cannot decode it or the result is no smaller."""
    image = QImage.fromData(data)
    if image.isNull():
        return data, mime
    if max(image.width(), image.height()) > FIT_PX:
        image = image.scaled(
            FIT_PX,
            FIT_PX,
            Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
    alpha = image.hasAlphaChannel()
    encoded = QByteArray()
    buffer = QBuffer(encoded)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    kind = "PNG" if alpha else "JPEG"  # PySide takes a str here; its stub says bytes.
    if not image.save(buffer, kind, -1 if alpha else 85):  # type: ignore[call-overload]
        return data, mime
    smaller = bytes(encoded.data())
    if len(smaller) >= len(data):
        return data, mime
    return smaller, "image/png" if alpha else "image/jpeg"


def _megabytes(size: int) -> str:
    return grouped(size / (1024 * 1024))
