"""Turning a failed turn's exception into one sentence the person can act on."""

from __future__ import annotations

import logging

from concierge.agent import AgentRunError, ContextProviderError, ToolError
from concierge.store import StoreError
from concierge.ui.i18n import shown, translate

from .images import AttachmentError

log = logging.getLogger(__name__)

_EXPECTED = (AgentRunError, ToolError, AttachmentError, StoreError)


def error_text(error: BaseException) -> str:
    """An exception's message as the person reads it: a message the store or the travel
    layer declared (the exception's one argument) translated, anything else as it is."""
    if len(error.args) == 1 and isinstance(error.args[0], str) and str(error) == error.args[0]:
        return shown(error.args[0])
    return str(error)


def describe_error(error: BaseException) -> str:
    """The runtime's own messages are already readable; anything else is a bug, so log it."""
    if isinstance(error, ContextProviderError):
        return translate(
            "ChatErrors", "The assistant could not read the app's current state. {reason}"
        ).format(reason=error_text(error))
    if isinstance(error, _EXPECTED):
        return error_text(error)
    log.error("chat turn failed unexpectedly", exc_info=error)
    detail = error_text(error) or type(error).__name__
    return translate("ChatErrors", "Something went wrong: {detail}").format(detail=detail)
