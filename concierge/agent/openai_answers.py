"""Chat Completions answers read from plain JSON, whole or streamed: each field the runtime
uses is checked for its type, so an odd server gets an `UnreadableAnswer` naming the field.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from concierge.text import QT_TRANSLATE_NOOP, Message

from .errors import IncompleteAnswerError, ModelError, UnreadableAnswer
from .messages import ToolCall, Usage
from .model import ModelReply

T = TypeVar("T")


@dataclass
class _PendingCall:
    """A tool call as read so far: whole, or from a stream's fragments."""

    id: str = ""
    name: str = ""
    arguments: list[str] = field(default_factory=list)

    def add(self, fragment: Mapping[str, Any]) -> _PendingCall:
        call_id = _optional(fragment.get("id"), str, "tool call id")
        if call_id:
            self.id = call_id
        function = _mapping_or_none(fragment.get("function"), "tool call function")
        if function is not None:
            self.name += _optional(function.get("name"), str, "function name") or ""
            arguments = _optional(function.get("arguments"), str, "function arguments")
            if arguments:
                self.arguments.append(arguments)
        return self


class StreamedAnswer:
    """Collects streamed chunks (`add`) into the reply (`reply`)."""

    def __init__(self) -> None:
        self._text: list[str] = []
        self._calls: dict[int, _PendingCall] = {}
        self._usage: Usage | None = None
        self._finish_reason: str | None = None

    def add(self, chunk: object) -> str:
        """Take one chunk; returns the answer text it adds (often one token, or "")."""
        data = _mapping(chunk, "chunk")
        usage = _mapping_or_none(data.get("usage"), "usage")
        if usage is not None:
            self._usage = _usage(usage)
        added: list[str] = []
        for choice in _list(data.get("choices"), "choices"):
            choice = _mapping(choice, "choice")
            delta = _mapping_or_none(choice.get("delta"), "delta") or {}
            content = _optional(delta.get("content"), str, "delta.content")
            if content:
                added.append(content)
            for fragment in _list(delta.get("tool_calls"), "delta.tool_calls"):
                self._add_fragment(_mapping(fragment, "tool call"))
            reason = _optional(choice.get("finish_reason"), str, "finish_reason")
            if reason:
                self._finish_reason = reason
        text = "".join(added)
        if text:
            self._text.append(text)
        return text

    @property
    def text(self) -> str:
        """The answer text received so far."""
        return "".join(self._text)

    def reply(self) -> ModelReply:
        """The whole answer; an answer without a finish reason is incomplete and raises."""
        if self._finish_reason is None and not self._text and not self._calls:
            raise ModelError(
                "The model server ended the answer without any content.", retryable=True
            )
        if self._finish_reason is None:
            raise IncompleteAnswerError(cut_off_message(), text=self.text)
        calls = _tool_calls(c for _, c in sorted(self._calls.items()))
        return ModelReply(_whole("".join(self._text)), calls, self._usage, self._finish_reason)

    def _add_fragment(self, fragment: Mapping[str, Any]) -> None:
        index = _optional(fragment.get("index"), int, "tool call index") or 0
        self._calls.setdefault(index, _PendingCall()).add(fragment)


def completion_reply(completion: object) -> ModelReply:
    """The reply in a whole (non-streamed) completion."""
    data = _mapping(completion, "completion")
    choices = _list(data.get("choices"), "choices")
    if not choices:
        raise ModelError("The model server returned no choices.", retryable=True)
    choice = _mapping(choices[0], "choice")
    message = _mapping(choice.get("message"), "message")
    calls = _tool_calls(
        _PendingCall().add(_mapping(call, "tool call"))
        for call in _list(message.get("tool_calls"), "tool_calls")
    )
    usage = _mapping_or_none(data.get("usage"), "usage")
    return ModelReply(
        text=_whole(_optional(message.get("content"), str, "message.content") or ""),
        tool_calls=calls,
        usage=None if usage is None else _usage(usage),
        finish_reason=_optional(choice.get("finish_reason"), str, "finish_reason"),
    )


def _tool_calls(calls: Iterable[_PendingCall]) -> tuple[ToolCall, ...]:
    return tuple(
        ToolCall(
            id=c.id or mint_call_id(), name=_whole(c.name), arguments=_whole("".join(c.arguments))
        )
        for c in calls
    )


def _whole(text: str) -> str:
    """`text` as valid Unicode: JSON may escape a lone surrogate ("\\ud800"), which no UTF-8
    store can keep; halves of a pair split across chunks are joined, a lone one becomes
    U+FFFD."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text


def cut_off_message(cause: object = None) -> str:
    """Why an answer that began to arrive is incomplete, and what the person can do."""
    if cause:
        return QT_TRANSLATE_NOOP(
            "ModelError",
            "The model server's answer was cut off before it ended ({detail}). What had "
            "arrived is kept, and no tool the answer was asking for was run. Retry asks again.",
        ).format(detail=cause if isinstance(cause, Message) else str(cause).rstrip("."))
    return QT_TRANSLATE_NOOP(
        "ModelError",
        "The model server's answer was cut off before it ended. What had arrived is "
        "kept, and no tool the answer was asking for was run. Retry asks again.",
    )


def mint_call_id() -> str:
    """For servers that omit ids; minted once when parsed, then stored and reused (R5)."""
    return f"call_{uuid.uuid4().hex[:24]}"


def _usage(usage: Mapping[str, Any]) -> Usage:
    details = _mapping_or_none(usage.get("prompt_tokens_details"), "prompt_tokens_details")
    return Usage(
        prompt_tokens=_count(usage, "prompt_tokens"),
        completion_tokens=_count(usage, "completion_tokens"),
        cached_tokens=0 if details is None else _count(details, "cached_tokens"),
    )


def _count(data: Mapping[str, Any], key: str) -> int:
    return _optional(data.get(key), int, key) or 0


def _mapping(value: object, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise UnreadableAnswer(f"{what} should be a JSON object, not {_shown(value)}")
    return value


def _mapping_or_none(value: object, what: str) -> Mapping[str, Any] | None:
    return None if value is None else _mapping(value, what)


def _list(value: object, what: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise UnreadableAnswer(f"{what} should be a JSON array, not {_shown(value)}")
    return value


def _optional(value: object, kind: type[T], what: str) -> T | None:
    if value is None or (isinstance(value, kind) and not isinstance(value, bool)):
        return value
    raise UnreadableAnswer(f"{what} should be a {kind.__name__}, not {_shown(value)}")


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:59] + "…"
