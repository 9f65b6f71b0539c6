"""Scripted replies for the fake OpenAI server.

A test queues :class:`Reply` objects (built with ``Reply.text(...)``, ``Reply.tool_calls(...)``
and friends); each chat-completions request consumes one. A reply only *describes* the
response: :meth:`Reply.render` turns it into a :class:`JsonResponse` or :class:`StreamResponse`
and the server does the socket work. Chunks mirror what api.openai.com sends, so the real SDK
and our parsing code see realistic shapes.
"""

from __future__ import annotations

import json
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from tests.fakes.prefix_cache import PromptUsage, count_tokens

JSONDict = dict[str, Any]
RequestHook = Callable[[JSONDict], None]

CREATED = 1_700_000_000
"""Fixed ``created`` timestamp so that responses are reproducible."""


@dataclass(frozen=True)
class ToolCallSpec:
    """One tool call the fake model makes; ``arguments`` dicts are JSON-encoded as is."""

    name: str
    arguments: Mapping[str, Any] | str
    id: str | None = None

    def arguments_json(self) -> str:
        if isinstance(self.arguments, str):
            return self.arguments
        return json.dumps(self.arguments, ensure_ascii=False)


@dataclass(frozen=True)
class RenderContext:
    """Request-time facts a reply needs to produce its response."""

    model: str
    stream: bool
    include_usage: bool
    prompt: PromptUsage
    completion_id: str
    next_call_id: Callable[[], str]


@dataclass(frozen=True)
class JsonResponse:
    """A plain JSON response; ``truncated`` sends half the body, then drops the socket."""

    status: int
    body: JSONDict
    headers: Mapping[str, str] = field(default_factory=dict)
    truncated: bool = False


@dataclass(frozen=True)
class StreamResponse:
    """An SSE response: each event is one ``data:`` payload.

    ``complete`` adds the ``[DONE]`` sentinel and a clean end of body; otherwise the socket
    is closed abruptly after the last event. ``close_delimited`` sends the body without
    chunked framing, ended by closing the connection (HTTP/1.0 style), so a cut is not a
    protocol error the client could notice: only the missing end of the answer shows it.
    """

    events: tuple[str, ...]
    complete: bool = True
    close_delimited: bool = False


Response = JsonResponse | StreamResponse


def split_evenly(text: str, parts: int) -> list[str]:
    """Cut ``text`` into at most ``parts`` non-empty pieces of near-equal length."""
    parts = max(1, min(parts, len(text)))
    if not text:
        return []
    size, extra = divmod(len(text), parts)
    pieces: list[str] = []
    start = 0
    for index in range(parts):
        end = start + size + (1 if index < extra else 0)
        pieces.append(text[start:end])
        start = end
    return pieces


def usage_dict(prompt: PromptUsage, completion_tokens: int) -> JSONDict:
    return {
        "prompt_tokens": prompt.prompt_tokens,
        "completion_tokens": completion_tokens,
        "total_tokens": prompt.prompt_tokens + completion_tokens,
        "prompt_tokens_details": {"cached_tokens": prompt.cached_tokens},
    }


def error_body(message: str, type_: str, code: str | None = None) -> JSONDict:
    return {"error": {"message": message, "type": type_, "param": None, "code": code}}


def _chunk(ctx: RenderContext, delta: JSONDict, finish_reason: str | None = None) -> str:
    payload: JSONDict = {
        "id": ctx.completion_id,
        "object": "chat.completion.chunk",
        "created": CREATED,
        "model": ctx.model,
        "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish_reason}],
    }
    if ctx.include_usage:
        payload["usage"] = None  # OpenAI sends an explicit null until the usage chunk.
    return json.dumps(payload)


def _usage_chunk(ctx: RenderContext, completion_tokens: int) -> str:
    payload: JSONDict = {
        "id": ctx.completion_id,
        "object": "chat.completion.chunk",
        "created": CREATED,
        "model": ctx.model,
        "choices": [],
        "usage": usage_dict(ctx.prompt, completion_tokens),
    }
    return json.dumps(payload)


def _completion(ctx: RenderContext, message: JSONDict, finish: str, tokens: int) -> JSONDict:
    return {
        "id": ctx.completion_id,
        "object": "chat.completion",
        "created": CREATED,
        "model": ctx.model,
        "choices": [{"index": 0, "message": message, "logprobs": None, "finish_reason": finish}],
        "usage": usage_dict(ctx.prompt, tokens),
    }


@dataclass(frozen=True, kw_only=True)
class Reply(ABC):
    """Base of all scripted replies, holding the options every kind accepts.

    ``chunk_delay``: seconds slept between SSE chunks.
    ``wait_for``: the server holds the whole response (status line included) until it is set.
    ``on_request``: called with the parsed body as soon as the request arrives.
    """

    chunk_delay: float = 0.0
    wait_for: threading.Event | None = None
    on_request: RequestHook | None = None

    def resolve(self, body: JSONDict) -> Reply:
        """The next reply to use for ``body``: ``self``, except for dynamic replies.

        The server calls this until it gets the same reply back, running each step's
        ``on_request`` and ``wait_for`` first.
        """
        return self

    @property
    def uses_model(self) -> bool:
        """Whether the reply counts as model output (and so passes through the prompt cache)."""
        return True

    @abstractmethod
    def render(self, ctx: RenderContext) -> Response: ...

    @staticmethod
    def text(
        content: str,
        *,
        chunks: int = 1,
        finish_reason: str = "stop",
        chunk_delay: float = 0.0,
        wait_for: threading.Event | None = None,
        on_request: RequestHook | None = None,
    ) -> TextReply:
        """Assistant text, streamed in ``chunks`` near-equal deltas; ``finish_reason`` "stop"
        unless told ("length": the answer reached its cap)."""
        return TextReply(
            content=content,
            chunks=chunks,
            finish_reason=finish_reason,
            chunk_delay=chunk_delay,
            wait_for=wait_for,
            on_request=on_request,
        )

    @staticmethod
    def tool_calls(
        *calls: ToolCallSpec,
        split: int = 1,
        text: str = "",
        finish_reason: str = "tool_calls",
        chunk_delay: float = 0.0,
        wait_for: threading.Event | None = None,
        on_request: RequestHook | None = None,
    ) -> ToolCallsReply:
        """Tool calls whose argument strings stream in ``split`` fragments each."""
        if not calls:
            raise ValueError("Reply.tool_calls needs at least one ToolCallSpec")
        return ToolCallsReply(
            calls=calls,
            split=split,
            content=text,
            finish_reason=finish_reason,
            chunk_delay=chunk_delay,
            wait_for=wait_for,
            on_request=on_request,
        )

    @staticmethod
    def error(
        status: int,
        message: str,
        type_: str = "server_error",
        *,
        code: str | None = None,
        headers: Mapping[str, str] | None = None,
        chunk_delay: float = 0.0,
        wait_for: threading.Event | None = None,
        on_request: RequestHook | None = None,
    ) -> ErrorReply:
        """An HTTP error with an OpenAI-style body; ``headers`` can add e.g. retry-after."""
        return ErrorReply(
            status=status,
            message=message,
            type_=type_,
            code=code,
            headers=dict(headers or {}),
            chunk_delay=chunk_delay,
            wait_for=wait_for,
            on_request=on_request,
        )

    @staticmethod
    def broken_stream(
        text: str,
        after_chunks: int = 1,
        *,
        chunk_delay: float = 0.0,
        wait_for: threading.Event | None = None,
        on_request: RequestHook | None = None,
    ) -> BrokenStreamReply:
        """Stream ``text`` in ``after_chunks`` deltas, then drop the connection.

        No finish_reason, usage chunk or ``[DONE]`` is sent. A non-streaming request gets
        half of its JSON body before the drop.
        """
        return BrokenStreamReply(
            content=text,
            after_chunks=after_chunks,
            chunk_delay=chunk_delay,
            wait_for=wait_for,
            on_request=on_request,
        )

    @staticmethod
    def cut_stream(
        inner: Reply,
        keep_events: int,
        *,
        close_delimited: bool = True,
        chunk_delay: float = 0.0,
        wait_for: threading.Event | None = None,
        on_request: RequestHook | None = None,
    ) -> CutStreamReply:
        """The first ``keep_events`` SSE events of ``inner``'s stream, then the connection
        closes: no finish_reason chunk (unless kept), no usage, no ``[DONE]``."""
        return CutStreamReply(
            inner=inner,
            keep_events=keep_events,
            close_delimited=close_delimited,
            chunk_delay=chunk_delay,
            wait_for=wait_for,
            on_request=on_request,
        )

    @staticmethod
    def raw_sse(
        events: list[str],
        *,
        chunk_delay: float = 0.0,
        wait_for: threading.Event | None = None,
        on_request: RequestHook | None = None,
    ) -> RawSSEReply:
        """Send each string verbatim as a ``data:`` line, then ``[DONE]`` (for bad-input tests)."""
        return RawSSEReply(
            events=tuple(events),
            chunk_delay=chunk_delay,
            wait_for=wait_for,
            on_request=on_request,
        )

    @staticmethod
    def dynamic(
        fn: Callable[[JSONDict], Reply],
        *,
        chunk_delay: float = 0.0,
        wait_for: threading.Event | None = None,
        on_request: RequestHook | None = None,
    ) -> DynamicReply:
        """Let ``fn(body)`` pick the reply when the request arrives.

        This reply's ``on_request`` and ``wait_for`` run first, then the chosen reply's own.
        ``chunk_delay`` applies when the chosen reply does not set one.
        """
        return DynamicReply(
            fn=fn, chunk_delay=chunk_delay, wait_for=wait_for, on_request=on_request
        )


@dataclass(frozen=True, kw_only=True)
class TextReply(Reply):
    content: str
    chunks: int = 1
    finish_reason: str = "stop"

    def render(self, ctx: RenderContext) -> Response:
        tokens = count_tokens(self.content)
        if not ctx.stream:
            message = {"role": "assistant", "content": self.content, "refusal": None}
            return JsonResponse(200, _completion(ctx, message, self.finish_reason, tokens))
        events = [_chunk(ctx, {"role": "assistant", "content": ""})]
        events += [_chunk(ctx, {"content": p}) for p in split_evenly(self.content, self.chunks)]
        events.append(_chunk(ctx, {}, self.finish_reason))
        if ctx.include_usage:
            events.append(_usage_chunk(ctx, tokens))
        return StreamResponse(tuple(events))


@dataclass(frozen=True, kw_only=True)
class ToolCallsReply(Reply):
    calls: tuple[ToolCallSpec, ...]
    split: int = 1
    content: str = ""
    finish_reason: str = "tool_calls"

    def render(self, ctx: RenderContext) -> Response:
        ids = [call.id or ctx.next_call_id() for call in self.calls]
        arguments = [call.arguments_json() for call in self.calls]
        tokens = count_tokens(self.content) + sum(count_tokens(a) for a in arguments)
        if not ctx.stream:
            message: JSONDict = {
                "role": "assistant",
                "content": self.content or None,
                "refusal": None,
                "tool_calls": [
                    {"id": i, "type": "function", "function": {"name": c.name, "arguments": a}}
                    for c, i, a in zip(self.calls, ids, arguments, strict=True)
                ],
            }
            return JsonResponse(200, _completion(ctx, message, self.finish_reason, tokens))
        events = [_chunk(ctx, {"role": "assistant", "content": self.content or None})]
        for index, (call, call_id, args) in enumerate(zip(self.calls, ids, arguments, strict=True)):
            head = {"name": call.name, "arguments": ""}
            first = {"index": index, "id": call_id, "type": "function", "function": head}
            events.append(_chunk(ctx, {"tool_calls": [first]}))
            for piece in split_evenly(args, self.split):
                fragment = {"index": index, "function": {"arguments": piece}}
                events.append(_chunk(ctx, {"tool_calls": [fragment]}))
        events.append(_chunk(ctx, {}, self.finish_reason))
        if ctx.include_usage:
            events.append(_usage_chunk(ctx, tokens))
        return StreamResponse(tuple(events))


@dataclass(frozen=True, kw_only=True)
class ErrorReply(Reply):
    status: int
    message: str
    type_: str = "server_error"
    code: str | None = None
    headers: Mapping[str, str] = field(default_factory=dict)

    @property
    def uses_model(self) -> bool:
        return False

    def render(self, ctx: RenderContext) -> Response:
        body = error_body(self.message, self.type_, self.code)
        return JsonResponse(self.status, body, headers=self.headers)


@dataclass(frozen=True, kw_only=True)
class BrokenStreamReply(Reply):
    content: str
    after_chunks: int = 1

    def render(self, ctx: RenderContext) -> Response:
        if not ctx.stream:
            message = {"role": "assistant", "content": self.content, "refusal": None}
            body = _completion(ctx, message, "stop", count_tokens(self.content))
            return JsonResponse(200, body, truncated=True)
        events = [_chunk(ctx, {"role": "assistant", "content": ""})]
        pieces = split_evenly(self.content, self.after_chunks)
        events += [_chunk(ctx, {"content": p}) for p in pieces]
        return StreamResponse(tuple(events), complete=False)


@dataclass(frozen=True, kw_only=True)
class CutStreamReply(Reply):
    inner: Reply
    keep_events: int
    close_delimited: bool = True

    def render(self, ctx: RenderContext) -> Response:
        whole = self.inner.render(ctx)
        if not isinstance(whole, StreamResponse):
            raise TypeError("Reply.cut_stream needs a streaming request and a streamed reply")
        events = whole.events[: self.keep_events]
        return StreamResponse(events, complete=False, close_delimited=self.close_delimited)


@dataclass(frozen=True, kw_only=True)
class RawSSEReply(Reply):
    events: tuple[str, ...]

    def render(self, ctx: RenderContext) -> Response:
        return StreamResponse(self.events)


@dataclass(frozen=True, kw_only=True)
class DynamicReply(Reply):
    fn: Callable[[JSONDict], Reply]

    def resolve(self, body: JSONDict) -> Reply:
        chosen = self.fn(body)
        if chosen.chunk_delay == 0.0 and self.chunk_delay:
            chosen = replace(chosen, chunk_delay=self.chunk_delay)
        return chosen

    def render(self, ctx: RenderContext) -> Response:
        raise TypeError("DynamicReply must be resolved before rendering")
