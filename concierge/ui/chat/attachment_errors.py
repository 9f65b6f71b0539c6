"""The one error a file refused as an attachment raises, whatever the reader that refused it
(image or PDF), so the chat panel catches a refusal in one clause."""

from __future__ import annotations


class AttachmentError(ValueError):
    """The file cannot be attached; the message says why in plain words."""
