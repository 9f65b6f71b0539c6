"""Turning a failed turn's exception into one sentence the person can act on."""

from __future__ import annotations

import logging

from concierge.agent import AgentRunError, ContextProviderError, ToolError
from concierge.store import StoreError
from concierge.ui.i18n import shown_error, translate

from .attachment_errors import AttachmentError

log = logging.getLogger(__name__)

_EXPECTED = (AgentRunError, ToolError, AttachmentError, StoreError)


def describe_error(error: BaseException) -> str:
    """The runtime's own messages are already readable; anything else is a bug, so log it."""
    if isinstance(error, ContextProviderError):
        return translate(
            "ChatErrors", "The assistant could not read the app's current state. {reason}"
        ).format(reason=shown_error(error))
    if isinstance(error, _EXPECTED):
        return shown_error(error)
    log.error("chat turn failed unexpectedly", exc_info=error)
    detail = shown_error(error) or type(error).__name__
    return translate("ChatErrors", "Something went wrong: {detail}").format(detail=detail)
