"""What the runtime reports while it works, and the fan-out to subscribers."""

from __future__ import annotations

import inspect
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

from .listeners import Listeners
from .messages import AssistantMessage, ToolCall, ToolResult, Usage, UserMessage

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class ContextPart:
    """One provider's contribution to a runtime-context resolution."""

    name: str
    text: str | None
    seconds: float


@dataclass(frozen=True, slots=True)
class ContextHookRun:
    """A context hook that ran before the providers of a resolution, and how long it took."""

    name: str
    seconds: float


OnDelivered: TypeAlias = Callable[[], "Awaitable[None] | None"]
"""Run once a model call that carried a provider's text has succeeded."""


@dataclass(frozen=True, slots=True)
class RuntimeContext:
    """The resolved runtime context: rendered `text` (None when nothing was contributed).
    `seconds` covers the hooks and the providers. `on_delivered` holds the providers'
    callbacks (`Notice`): the loop runs them through `delivered()` once a model call that
    carried this text succeeded; `get_runtime_context()` never does."""

    text: str | None
    parts: tuple[ContextPart, ...]
    iteration: int
    seconds: float
    hooks: tuple[ContextHookRun, ...] = ()
    on_delivered: tuple[OnDelivered, ...] = field(default=(), repr=False, compare=False)

    async def delivered(self) -> None:
        """Tell the providers that the model has seen this text. A callback that fails is
        logged and the others still run: its notice is shown again next time, nothing lost."""
        for callback in self.on_delivered:
            try:
                outcome = callback()
                if inspect.isawaitable(outcome):
                    await outcome
            except Exception:
                log.exception("a context provider's delivery callback failed")


@dataclass(frozen=True, slots=True)
class TextDelta:
    text: str
    iteration: int
    type: Literal["text_delta"] = "text_delta"


@dataclass(frozen=True, slots=True)
class ModelRequestEvent:
    """The exact payload sent to the model server."""

    payload: Mapping[str, Any]
    iteration: int
    type: Literal["model_request"] = "model_request"


@dataclass(frozen=True, slots=True)
class ModelResponseEvent:
    message: AssistantMessage
    usage: Usage | None
    iteration: int
    seconds: float
    type: Literal["model_response"] = "model_response"


@dataclass(frozen=True, slots=True)
class ToolCallEvent:
    call: ToolCall
    iteration: int
    type: Literal["tool_call"] = "tool_call"


@dataclass(frozen=True, slots=True)
class ToolResultEvent:
    result: ToolResult
    iteration: int
    type: Literal["tool_result"] = "tool_result"


@dataclass(frozen=True, slots=True)
class RuntimeContextEvent:
    context: RuntimeContext
    type: Literal["runtime_context"] = "runtime_context"

    @property
    def iteration(self) -> int:
        return self.context.iteration


@dataclass(frozen=True, slots=True)
class RuntimeContextSentEvent:
    """What went on the wire of the runtime context when a wrapper sends it as updates
    (`ContextUpdates`); the `runtime_context` event before it holds the full state.

    `entry` is the text this call added (a full snapshot or an update), None when the state
    had not changed; `kept` entries (`kept_tokens`, estimated) were sent in all."""

    number: int
    full: bool
    entry: str | None
    kept: int
    kept_tokens: int
    iteration: int
    type: Literal["runtime_context_sent"] = "runtime_context_sent"


@dataclass(frozen=True, slots=True)
class CompactionStartedEvent:
    """Older messages are being summarized before the next model call; a `CompactionEvent`
    or an `ErrorEvent` follows. Lets a UI say why the answer is taking longer."""

    messages: int
    iteration: int
    type: Literal["compaction_started"] = "compaction_started"


@dataclass(frozen=True, slots=True)
class CompactionEvent:
    """Older messages were summarized: `summary` now stands in for them in the model input.

    Token figures are the estimated model input before and after, in the server's tokens when
    it reported usage; `usage` is what the summarization request(s) cost.
    """

    summary: UserMessage
    summarized_messages: int
    tokens_before: int
    tokens_after: int
    usage: tuple[Usage, ...]
    iteration: int
    type: Literal["compaction"] = "compaction"


@dataclass(frozen=True, slots=True)
class ErrorEvent:
    error: BaseException
    iteration: int
    type: Literal["error"] = "error"


@dataclass(frozen=True, slots=True)
class TurnEndEvent:
    status: str
    iteration: int
    message: str = ""
    type: Literal["turn_end"] = "turn_end"


AgentEvent: TypeAlias = (
    TextDelta
    | ModelRequestEvent
    | ModelResponseEvent
    | ToolCallEvent
    | ToolResultEvent
    | RuntimeContextEvent
    | RuntimeContextSentEvent
    | CompactionStartedEvent
    | CompactionEvent
    | ErrorEvent
    | TurnEndEvent
)
Subscriber: TypeAlias = Callable[[AgentEvent], None]


class EventHub(Listeners[AgentEvent]):
    """Delivers events to subscribers in subscription order; a raising subscriber is logged."""

    def __init__(self) -> None:
        super().__init__("event subscriber", describe=_event_type)

    def emit(self, event: AgentEvent) -> None:
        self.publish(event)


def _event_type(event: AgentEvent) -> str:
    return event.type
