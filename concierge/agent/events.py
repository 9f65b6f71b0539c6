"""What the runtime reports while it works, and the fan-out to subscribers."""

from __future__ import annotations

import inspect
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeAlias, dataclass_transform

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
    """The resolved runtime context: `text` (None when nothing was contributed), with
    `seconds` for hooks and providers. The loop runs the providers' `on_delivered` callbacks
    through `delivered()` once a call that carried the text succeeded; `get_runtime_context()`
    never does."""

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


@dataclass_transform(frozen_default=True)
class Event:
    """Base of reported events: each subclass is a frozen dataclass and names its `type`
    once, as a class keyword."""

    type: ClassVar[str]

    def __init_subclass__(cls, type: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if type is not None:
            cls.type = type
        dataclass(frozen=True)(cls)


class TextDelta(Event, type="text_delta"):
    text: str
    iteration: int


class ModelHeardEvent(Event, type="model_heard"):
    """Part of an answer that is not text (the role, a tool call's arguments) came: the
    server is still answering. Sent at most once a second, for the "waiting" notice."""

    iteration: int


class ModelRequestEvent(Event, type="model_request"):
    """The exact payload sent to the model server."""

    payload: Mapping[str, Any]
    iteration: int


class ModelResponseEvent(Event, type="model_response"):
    message: AssistantMessage
    usage: Usage | None
    iteration: int
    seconds: float


class ToolCallEvent(Event, type="tool_call"):
    call: ToolCall
    iteration: int


class ToolResultEvent(Event, type="tool_result"):
    result: ToolResult
    iteration: int


class RuntimeContextEvent(Event, type="runtime_context"):
    context: RuntimeContext

    @property
    def iteration(self) -> int:
        return self.context.iteration


class RuntimeContextSentEvent(Event, type="runtime_context_sent"):
    """What went on the wire when a wrapper sends runtime context as updates
    (`ContextUpdates`): `entry` is what this call added (None when nothing changed), and the
    `kept` entries (`kept_tokens`, estimated) were sent in all."""

    number: int
    full: bool
    entry: str | None
    kept: int
    kept_tokens: int
    iteration: int


class CompactionStartedEvent(Event, type="compaction_started"):
    """Older messages are being summarized before the next model call; a `CompactionEvent`
    or an `ErrorEvent` follows. Lets a UI say why the answer is taking longer."""

    messages: int
    iteration: int


class CompactionEvent(Event, type="compaction"):
    """Older messages were summarized: `summary` now stands in for them. Token figures are
    the estimated input before and after; `usage` is what summarizing cost.
    """

    summary: UserMessage
    summarized_messages: int
    tokens_before: int
    tokens_after: int
    usage: tuple[Usage, ...]
    iteration: int


class ErrorEvent(Event, type="error"):
    error: BaseException
    iteration: int


class TurnEndEvent(Event, type="turn_end"):
    status: str
    iteration: int
    message: str = ""


AgentEvent: TypeAlias = (
    TextDelta
    | ModelRequestEvent
    | ModelHeardEvent
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
