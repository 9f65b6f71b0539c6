"""Conversation messages as the runtime stores them and hands them to model adapters:
immutable pydantic models a history store round-trips whole. Provenance is a field only the
framework sets; `metadata` never grants it (R6, R7).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from enum import StrEnum
from typing import Annotated, Any, Literal, TypeAlias, TypeGuard

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
    name: str | None = None
    """The file name the person attached it from, for the transcript; never sent."""


class VideoPart(_Frozen):
    """A video given as a URL or data URL (servers such as vLLM accept `video_url` parts)."""

    type: Literal["video"] = "video"
    url: str


class DocumentPart(_Frozen):
    """A document the person attached, sent as its text but kept apart from a `TextPart`, so
    the transcript shows the file and the message replays exactly as sent."""

    type: Literal["document"] = "document"
    name: str
    text: str
    note: str = ""
    """What the model should know about the text: cut short, or none found in the file."""

    @property
    def model_text(self) -> str:
        """The text the model receives: the file named, then its content."""
        header = f"Attached document “{self.name}”"
        body = "\n\n".join(piece for piece in (self.note, self.text) if piece)
        return f"{header}:\n\n{body}" if body else header


ContentPart: TypeAlias = Annotated[
    TextPart | ImagePart | VideoPart | DocumentPart, Field(discriminator="type")
]


def part_text(part: ContentPart) -> str | None:
    """What a model reads of a part made of text (typed, or an attached document); None for
    an image or a video."""
    if isinstance(part, TextPart):
        return part.text
    if isinstance(part, DocumentPart):
        return part.model_text
    return None


def new_message_id() -> str:
    return uuid.uuid4().hex


class Usage(_Frozen):
    """Token usage of one model call as the server reported it."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0

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
    incomplete: bool = False
    """The server ended the answer without a finish reason (a cut stream): `text` is what
    had arrived. Kept for the transcript, left out of model input so Retry asks afresh, and
    without tool calls: their arguments may be cut short, so none is ever run."""
    provenance: Provenance | None = None
    metadata: dict[str, str] = Field(default_factory=dict)

    @property
    def reached_cap(self) -> bool:
        """The answer stopped at the output cap it was sent (finish reason "length")."""
        return self.finish_reason == ANSWER_CAP_REACHED


ANSWER_CAP_REACHED = "length"
"""The finish reason of an answer that stopped at its token cap."""


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

    @classmethod
    def of(
        cls, call: ToolCall, content: str, status: ToolStatus = ToolStatus.OK, **fields: Any
    ) -> ToolResult:
        """The result of `call`."""
        return cls(
            tool_call_id=call.id, tool_name=call.name, content=content, status=status, **fields
        )


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


def awaits_answer(history: Sequence[Message]) -> bool:
    """Whether the conversation ends in a request the model has not answered: what Retry
    needs. An answer cut off mid-stream is not an answer."""
    if not history:
        return False
    last = history[-1]
    return not (isinstance(last, AssistantMessage) and not last.tool_calls and not last.incomplete)


def unanswered_tool_calls(history: Sequence[Message]) -> list[tuple[AssistantMessage, ToolCall]]:
    """Every stored tool call, anywhere in history, with no result stored after it: a crash
    can leave one before a message the person typed after the restart."""
    bundles = _results_by_call(history)
    return [
        (message, call)
        for index, message in enumerate(history)
        if index in bundles and isinstance(message, AssistantMessage)
        for call in _distinct(message.tool_calls)
        if call.id not in bundles[index]
    ]


def paired(history: Sequence[Message]) -> list[Message]:
    """History with every tool-call message followed at once by its results, as servers
    demand. Only a crash breaks stored order: a late result moves up behind its call, a call
    without one gets an `aborted` result, and one answering no call is left out. The same
    history always gives the same list (R5)."""
    return list(history) if PairingCheck().well_paired(history) else _repaired(history)


class PairingCheck:
    """`paired` for a growing history, resuming after the last clean stretch it saw (while
    that message is still in its place), so a call does not walk thousands of messages."""

    def __init__(self) -> None:
        self._resume = 0
        self._anchor: Message | None = None

    def paired(self, history: Sequence[Message]) -> list[Message]:
        return list(history) if self.well_paired(history) else _repaired(history)

    def well_paired(self, history: Sequence[Message]) -> bool:
        """Whether every tool-call message is followed at once by one result per call."""
        start = self._resume
        if not (0 < start <= len(history) and history[start - 1] is self._anchor):
            start = 0
        waiting: set[str] = set()
        answerable: set[str] = set()
        for index in range(start, len(history)):
            message = history[index]
            if isinstance(message, ToolResult):
                if message.tool_call_id not in answerable:
                    return False
                answerable.discard(message.tool_call_id)
                waiting.discard(message.tool_call_id)
                continue
            if waiting:
                return False
            if index:  # Everything before `message` is well paired and no bundle is open.
                self._resume, self._anchor = index, history[index - 1]
            answerable = set()
            if isinstance(message, AssistantMessage) and message.tool_calls:
                waiting = {call.id for call in message.tool_calls}
                answerable = set(waiting)
        return not waiting


def _repaired(history: Sequence[Message]) -> list[Message]:
    bundles = _results_by_call(history)
    out: list[Message] = []
    for index, message in enumerate(history):
        if isinstance(message, ToolResult):
            continue
        out.append(message)
        if index in bundles and isinstance(message, AssistantMessage):
            found = bundles[index]
            out.extend(
                found.get(call.id) or _lost_result(message, call)
                for call in _distinct(message.tool_calls)
            )
    return out


def _results_by_call(history: Sequence[Message]) -> dict[int, dict[str, ToolResult]]:
    """For each tool-call message's index, its calls' results by call id: a result answers
    the latest earlier call with its id (servers reuse ids); a second result is ignored."""
    bundles: dict[int, dict[str, ToolResult]] = {}
    open_calls: dict[str, int] = {}
    for index, message in enumerate(history):
        if isinstance(message, AssistantMessage) and message.tool_calls:
            bundles[index] = {}
            for call in message.tool_calls:
                open_calls[call.id] = index
        elif isinstance(message, ToolResult):
            owner = open_calls.pop(message.tool_call_id, None)
            if owner is not None:
                bundles[owner][message.tool_call_id] = message
    return bundles


def _distinct(calls: Sequence[ToolCall]) -> list[ToolCall]:
    """`calls` without a repeated id (a server bug that would otherwise need two results)."""
    seen: set[str] = set()
    distinct: list[ToolCall] = []
    for call in calls:
        if call.id not in seen:
            seen.add(call.id)
            distinct.append(call)
    return distinct


def effect_id(message: AssistantMessage, call: ToolCall) -> str:
    """Names what one tool call does, unique across conversations (the message id is a
    uuid; call ids are only the server's). Tools tag their writes with it, so after a crash
    the runtime can tell whether a call without a result had taken effect."""
    return f"{message.id}:{call.id}"


LOST_RESULT = "The tool call was interrupted and its result was lost; nothing more is known."


def _lost_result(message: AssistantMessage, call: ToolCall) -> ToolResult:
    return ToolResult.of(call, LOST_RESULT, ToolStatus.ABORTED, id=f"{message.id}-{call.id}-lost")


def is_persons(message: Message) -> TypeGuard[UserMessage]:
    """A message the person wrote: framework-made ones never count (R6)."""
    return isinstance(message, UserMessage) and message.provenance is None


def is_snapshot(message: Message) -> TypeGuard[UserMessage]:
    """A runtime-context snapshot: provenance decides, never text (R7)."""
    return isinstance(message, UserMessage) and message.provenance is Provenance.RUNTIME


def is_compaction_summary(message: Message) -> TypeGuard[UserMessage]:
    """A framework-made summary that stands in for the messages up to `covers_through`."""
    return (
        isinstance(message, UserMessage)
        and message.provenance is Provenance.COMPACTION
        and message.covers_through is not None
    )


def last_real_user_index(messages: Sequence[Message]) -> int | None:
    """Index of the latest message a person wrote."""
    for index in range(len(messages) - 1, -1, -1):
        if is_persons(messages[index]):
            return index
    return None
