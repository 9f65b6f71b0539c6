"""The assistant chat: transcript, composer, inline permission prompts."""

from .attachment_errors import AttachmentError
from .images import read_attachment
from .live_turn import LiveTurn
from .panel import ChatPanel

__all__ = ["AttachmentError", "ChatPanel", "LiveTurn", "read_attachment"]
