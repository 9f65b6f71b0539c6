"""Every exception of the agent runtime, under one root, in two kinds a host tells apart:
`UsageError` is a developer's mistake, a bug to fix in code and never caught; `AgentRunError`
is a run that could not happen or finish, with a sentence the person can read as it is.
`ToolError` is neither: a tool raises it to send an error back to the model.
"""

from __future__ import annotations

PROVIDER = "Context provider"
HOOK = "Context hook"


class AgentError(Exception):
    """Base class for every error of `concierge.agent`."""


class UsageError(AgentError):
    """The runtime was used in a way it does not support; the message says how to fix it."""


class TransientMessageError(UsageError):
    """A runtime-context snapshot was offered to a history store."""


class AgentRunError(AgentError):
    """A request could not run or did not finish; `str(error)` is readable by the person."""


class AgentBusyError(AgentRunError):
    """A second request was started while one is still running."""


class NothingToRetryError(AgentRunError):
    """`retry()` was called but the conversation has no request waiting for an answer."""


class AbortedError(AgentRunError):
    """Raised when work stops because its signal was aborted."""

    def __init__(self, reason: str = "aborted") -> None:
        super().__init__(reason)
        self.reason = reason


class ModelError(AgentRunError):
    """The model call failed; `retryable` says whether trying again may help."""

    def __init__(self, message: str, *, status_code: int | None = None, retryable: bool) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.retryable = retryable


class ContextOverflowError(ModelError):
    """The server refused the request as longer than its context window (a 400); sizes are
    in the server's tokens, None when unsaid. The loop compacts and retries once."""

    def __init__(self, message: str, *, requested: int | None, window: int | None) -> None:
        super().__init__(message, status_code=400, retryable=True)
        self.requested = requested
        self.window = window


class IncompleteAnswerError(ModelError):
    """The stream was cut before a finish reason came. The loop keeps `text`, marked
    incomplete, but never its tool calls: their arguments may be cut short."""

    def __init__(self, message: str, *, text: str) -> None:
        super().__init__(message, retryable=True)
        self.text = text


class UnreadableAnswer(AgentRunError):
    """The server's JSON is not shaped like a Chat Completions answer (the adapter reports
    it as a `ModelError`)."""


class ContextProviderError(AgentRunError):
    """A provider or a context hook raised or timed out; the model was not called."""

    def __init__(self, name: str, message: str, *, kind: str = PROVIDER) -> None:
        super().__init__(f"{kind} '{name}' {message}")
        self.provider_name = name
        self.kind = kind


class ContextProviderTimeout(ContextProviderError):
    def __init__(self, name: str, timeout: float, *, kind: str = PROVIDER) -> None:
        super().__init__(name, f"did not answer within {timeout:g} s.", kind=kind)
        self.timeout = timeout


class CompactionError(AgentRunError):
    """Older messages could not be summarized; the conversation is sent in full instead."""


class ToolError(AgentError):
    """Raise from a handler to send a clear error message back to the model."""
