"""The assistant chat: transcript, composer, inline permission prompts."""

from .attachment_errors import AttachmentError
from .composer import Composer, Draft
from .images import Attachment, read_attachment
from .live_turn import LiveTurn
from .message_edit import MessageEdit
from .notices import ErrorBar, NoModelNotice
from .panel import ChatPanel, TurnOutcome, needs_answer
from .permission import PermissionBroker, PermissionPrompt
from .transcript_view import TranscriptView

__all__ = [
    "Attachment",
    "AttachmentError",
    "ChatPanel",
    "Composer",
    "Draft",
    "ErrorBar",
    "LiveTurn",
    "MessageEdit",
    "NoModelNotice",
    "PermissionBroker",
    "PermissionPrompt",
    "TranscriptView",
    "TurnOutcome",
    "needs_answer",
    "read_attachment",
]
