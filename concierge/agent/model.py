"""The boundary between the loop and a model server."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .events import AgentEvent
from .messages import Message, ToolCall, Usage


class ModelError(RuntimeError):
    """The model call failed; `retryable` says whether trying again may help."""

    def __init__(self, message: str, *, status_code: int | None = None, retryable: bool) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.retryable = retryable


class IncompleteAnswerError(ModelError):
    """The server's answer ended before its end: the stream was cut, no finish reason came.

    `text` is the answer text that had arrived; the loop keeps it, marked incomplete. Tool
    calls are never taken from such an answer: their arguments may be cut short."""

    def __init__(self, message: str, *, text: str) -> None:
        super().__init__(message, retryable=True)
        self.text = text


@dataclass(frozen=True, slots=True)
class ModelRequest:
    """Everything one model call needs. The system prompt travels with every request.

    It is never adapter state, so a sub-agent sharing the adapter cannot overwrite it.
    """

    system_prompt: str
    messages: Sequence[Message]
    tools: Sequence[dict[str, Any]]
    iteration: int
    summarize_before: int = 0
    """Tool results at indexes below this are sent as their summaries, when they have one."""


@dataclass(frozen=True, slots=True)
class ModelReply:
    text: str
    tool_calls: tuple[ToolCall, ...]
    usage: Usage | None
    finish_reason: str | None


class ModelAdapter(Protocol):
    async def respond(
        self, request: ModelRequest, emit: Callable[[AgentEvent], None]
    ) -> ModelReply:
        """Call the model once. Emits `model_request` and `text_delta` events.

        Cancelling the awaiting task must close the underlying HTTP stream.
        """
        ...
