"""The boundary between the loop and a model server."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .errors import ModelError as ModelError  # re-exported: adapters raise it at this boundary
from .events import AgentEvent
from .messages import Message, ToolCall, Usage


@dataclass(frozen=True, slots=True)
class ModelRequest:
    """Everything one model call needs. The system prompt travels with every request, never
    as adapter state, so a sub-agent sharing the adapter cannot overwrite it.
    """

    system_prompt: str
    messages: Sequence[Message]
    tools: Sequence[dict[str, Any]]
    iteration: int
    summarized: frozenset[str] = frozenset()
    """Ids of the tool results sent as their summaries (see `result_summaries`)."""
    snapshot_leads: bool = False
    """The snapshot is the next-to-last message, to be sent as the leading part of the
    person's message after it (`SnapshotLayout.LEADING`); otherwise every runtime message is
    sent as a message of its own."""


@dataclass(frozen=True, slots=True)
class ModelReply:
    text: str
    tool_calls: tuple[ToolCall, ...]
    usage: Usage | None
    finish_reason: str | None
    sent: Sequence[Message] | None = None
    """The messages actually sent, when an adapter wrapper sent others than the request's
    (`ContextUpdates` keeps earlier runtime context in place): compaction counts these."""


class ModelAdapter(Protocol):
    async def respond(
        self, request: ModelRequest, emit: Callable[[AgentEvent], None]
    ) -> ModelReply:
        """Call the model once, emitting `model_request` and `text_delta` events; cancelling the
        awaiting task must close the HTTP stream.
        """
        ...
