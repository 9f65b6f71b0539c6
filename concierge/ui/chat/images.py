"""Reading an image file into the `ImagePart` the model receives (a base64 data URL)."""

from __future__ import annotations

import base64
from dataclasses import dataclass
from pathlib import Path

from concierge.agent import ImagePart

MAX_IMAGE_BYTES = 20 * 1024 * 1024
"""OpenAI's per-image limit; local servers are usually stricter, never looser."""

IMAGE_FILTER = "Images (*.png *.jpg *.jpeg *.gif *.webp)"


class AttachmentError(ValueError):
    """The file cannot be attached; the message says why in plain words."""


@dataclass(frozen=True, slots=True)
class ImageAttachment:
    name: str
    data: bytes
    part: ImagePart


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


def image_attachment(name: str, data: bytes) -> ImageAttachment:
    mime = sniff_image_type(data)
    if mime is None:
        raise AttachmentError(f"“{name}” is not a PNG, JPEG, GIF or WebP image.")
    url = f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
    return ImageAttachment(name, data, ImagePart(url=url))


def read_image(path: Path) -> ImageAttachment:
    """Read and check `path` (blocking: run it in a worker thread)."""
    try:
        size = path.stat().st_size
        if size > MAX_IMAGE_BYTES:
            megabytes = size / (1024 * 1024)
            raise AttachmentError(
                f"“{path.name}” is {megabytes:.0f} MB; images can be at most 20 MB."
            )
        data = path.read_bytes()
    except OSError as error:
        raise AttachmentError(f"“{path.name}” could not be read: {error.strerror}.") from None
    return image_attachment(path.name, data)
