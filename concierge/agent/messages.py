"""Conversation messages as the runtime stores them and hands them to model adapters.

Messages are immutable pydantic models so a history store can round-trip every field
(`MESSAGE_ADAPTER.dump_json` / `validate_json`). Provenance is a dedicated field that only
the framework sets; free-form `metadata` never grants it (R6, R7).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from enum import StrEnum
from typing import Annotated, Literal, TypeAlias, TypeGuard

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from .errors import UsageError


class Provenance(StrEnum):
    """Where a framework-made message came from. Absent on anything a person or model said."""

    RUNTIME = "runtime"
    """A transient runtime-context snapshot; never stored."""
    COMPACTION = "compaction"
    """A summary that stands in for older turns."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class TextPart(_Frozen):
    type: Literal["text"] = "text"
    text: str


class ImagePart(_Frozen):
    """An image given as an `https:` URL or a `data:image/...;base64,` URL."""

    type: Literal["image"] = "image"
    url: str
    detail: Literal["auto", "low", "high"] | None = None


class VideoPart(_Frozen):
    """A video given as a URL or data URL (servers such as vLLM accept `video_url` parts)."""

    type: Literal["video"] = "video"
    url: str


ContentPart: TypeAlias = Annotated[TextPart | ImagePart | VideoPart, Field(discriminator="type")]


def new_message_id() -> str:
    return uuid.uuid4().hex


class Usage(_Frozen):
    """Token usage of one model call as the server reported it."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    @property
    def cached_share(self) -> float:
        return self.cached_tokens / self.prompt_tokens if self.prompt_tokens else 0.0


class UserMessage(_Frozen):
    role: Literal["user"] = "user"
    id: str = Field(default_factory=new_message_id)
    content: tuple[ContentPart, ...]
    provenance: Provenance | None = None
    covers_through: str | None = None
    """For a compaction summary: the id of the last stored message it stands in for.

    Read only together with `provenance` (`is_compaction_summary`), so a stored row that has
    this key but no framework provenance is ordinary user content (R7)."""
    metadata: dict[str, str] = Field(default_factory=dict)

    @property
    def is_framework(self) -> bool:
        return self.provenance is not None

    @property
    def framework_context(self) -> str | None:
        return self.provenance.value if self.provenance else None

    @property
    def text(self) -> str:
        """The message's text parts joined, for display and logs."""
        return "\n".join(p.text for p in self.content if isinstance(p, TextPart))


class ToolCall(_Frozen):
    """A call the model asked for. `arguments` is the raw JSON text, kept byte for byte."""

    id: str
    name: str
    arguments: str


class AssistantMessage(_Frozen):
    role: Literal["assistant"] = "assistant"
    id: str = Field(default_factory=new_message_id)
    text: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    finish_reason: str | None = None
    usage: Usage | None = None
    stopped: bool = False
    """The answer was stopped while it streamed: `text` is what had arrived by then.

    A tool call the model was still writing is left out, so no stored call waits for a
    result and the next request is valid as it stands."""
    provenance: Provenance | None = None
    metadata: dict[str, str] = Field(default_factory=dict)


class ToolStatus(StrEnum):
    OK = "ok"
    ERROR = "error"
    ABORTED = "aborted"


class ToolResult(_Frozen):
    """The one result every tool call gets, also when it failed or was aborted."""

    role: Literal["tool"] = "tool"
    id: str = Field(default_factory=new_message_id)
    tool_call_id: str
    tool_name: str
    content: str
    summary: str | None = None
    status: ToolStatus = ToolStatus.OK
    provenance: Provenance | None = None
    metadata: dict[str, str] = Field(default_factory=dict)


Message: TypeAlias = Annotated[
    UserMessage | AssistantMessage | ToolResult, Field(discriminator="role")
]
MESSAGE_ADAPTER: TypeAdapter[Message] = TypeAdapter(Message)


def user_message(content: str | Sequence[ContentPart]) -> UserMessage:
    """A message from the person. It never carries framework provenance."""
    parts = (TextPart(text=content),) if isinstance(content, str) else tuple(content)
    if not parts:
        raise UsageError("A message needs at least one content part.")
    return UserMessage(content=parts)


def unanswered_tool_calls(history: Sequence[Message]) -> list[ToolCall]:
    """Tool calls of the last assistant message that have no result yet."""
    for index in range(len(history) - 1, -1, -1):
        message = history[index]
        if isinstance(message, AssistantMessage):
            answered = {m.tool_call_id for m in history[index + 1 :] if isinstance(m, ToolResult)}
            return [call for call in message.tool_calls if call.id not in answered]
        if isinstance(message, UserMessage):
            return []
    return []


def is_compaction_summary(message: Message) -> TypeGuard[UserMessage]:
    """A framework-made summary that stands in for the messages up to `covers_through`."""
    return (
        isinstance(message, UserMessage)
        and message.provenance is Provenance.COMPACTION
        and message.covers_through is not None
    )


def last_real_user_index(messages: Sequence[Message]) -> int | None:
    """Index of the latest message a person wrote; framework messages never count (R6)."""
    for index in range(len(messages) - 1, -1, -1):
        message = messages[index]
        if isinstance(message, UserMessage) and message.provenance is None:
            return index
    return None
