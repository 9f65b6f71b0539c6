"""Model adapter for any OpenAI-compatible Chat Completions server.

OpenAI, Ollama, LM Studio, llama.cpp server and vLLM all speak this dialect. Streaming runs
inside `async with`, so cancelling the awaiting task closes the HTTP response. Answers are
read as plain JSON (`openai_answers`): the SDK's chunk models cost about 0.3 ms a chunk on
the event loop, a third of a second of blocked GUI per 1,000 streamed tokens.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import KW_ONLY, dataclass, field
from typing import Any

import httpx2
import openai
import pydantic

from concierge.text import QT_TRANSLATE_NOOP

from .errors import (
    ContextOverflowError,
    IncompleteAnswerError,
    ModelError,
    UnreadableAnswer,
    UsageError,
)
from .events import AgentEvent, ModelHeardEvent, ModelRequestEvent, TextDelta
from .messages import ImagePart, UserMessage
from .model import ModelReply, ModelRequest
from .openai_answers import StreamedAnswer, completion_reply, cut_off_message
from .openai_client import auth_headers
from .openai_errors import context_overflow, describe_openai_error, seconds
from .openai_format import ChatFormatter
from .suspensions import Watched

MAX_TOKENS = "max_tokens"
"""The answer cap's field most servers read; OpenAI's reasoning models refuse it."""
MAX_COMPLETION_TOKENS = "max_completion_tokens"
_OTHER_CAP_FIELD = {MAX_TOKENS: MAX_COMPLETION_TOKENS, MAX_COMPLETION_TOKENS: MAX_TOKENS}
_REFUSED_WORDS = ("unsupported", "not supported", "unrecognized", "not permitted", "unknown")


@dataclass(eq=False)
class OpenAIChatModel:
    """Chat Completions over `openai.AsyncOpenAI`.

    The timeouts bound connecting and each wait, so a server that accepts and then says nothing
    fails in seconds while a long streaming answer is never cut. After a 400 for a request with
    an image, images go as a line saying one was attached, so Retry goes through. A server
    that refuses `answer_cap_field` by name gets the other one, once."""

    client: openai.AsyncOpenAI
    _: KW_ONLY
    model: str
    stream: bool = True
    include_usage: bool = True
    prompt_cache_key: str | None = None
    merge_user_turns: bool = False
    temperature: float | None = None
    extra_body: Mapping[str, Any] = field(default_factory=dict)
    connect_timeout: float | None = None
    idle_timeout: float | None = None
    answer_cap: int | None = None
    answer_cap_field: str = MAX_TOKENS
    images_refused: bool = field(default=False, init=False)
    _formatter: ChatFormatter = field(default_factory=ChatFormatter, init=False, repr=False)

    def __post_init__(self) -> None:
        if not self.model:
            raise UsageError("Choose a model name for the OpenAI-compatible server.")
        for name in ("connect_timeout", "idle_timeout"):
            value = getattr(self, name)
            if value is not None and not value > 0:
                raise UsageError(f"{name} must be a positive number of seconds, not {value}.")
        if self.answer_cap is not None and self.answer_cap < 1:
            raise UsageError(
                f"answer_cap must be a positive number of tokens, not {self.answer_cap}."
            )
        if self.answer_cap_field not in _OTHER_CAP_FIELD:
            raise UsageError(f"answer_cap_field must be one of {sorted(_OTHER_CAP_FIELD)}.")
        self.extra_body = dict(self.extra_body)

    def payload(self, request: ModelRequest) -> dict[str, Any]:
        """The exact request body, built the same way every time for the same input."""
        payload: dict[str, Any] = {
            "model": self.model,
            "messages": self._formatter.format(
                request.system_prompt,
                request.messages,
                summarized=request.summarized,
                snapshot_leads=request.snapshot_leads,
                merge_user_turns=self.merge_user_turns,
                images_as_text=self.images_refused,
            ),
        }
        if request.tools:
            payload["tools"] = list(request.tools)
        if self.temperature is not None:
            payload["temperature"] = self.temperature
        if self.prompt_cache_key:
            payload["prompt_cache_key"] = self.prompt_cache_key
        if self.answer_cap is not None:
            payload[self.answer_cap_field] = self.answer_cap
        if self.stream:
            payload["stream"] = True
            if self.include_usage:
                payload["stream_options"] = {"include_usage": True}
        payload.update(self.extra_body)
        return payload

    async def respond(
        self, request: ModelRequest, emit: Callable[[AgentEvent], None]
    ) -> ModelReply:
        switched = False
        while True:
            payload = self.payload(request)
            emit(ModelRequestEvent(payload=payload, iteration=request.iteration))
            try:
                if self.stream:
                    return await self._stream(payload, request.iteration, emit)
                return await self._complete(payload)
            except openai.APIError as error:
                if not switched and self._refuses_cap_field(error):
                    switched = True
                    self.answer_cap_field = _OTHER_CAP_FIELD[self.answer_cap_field]
                    continue
                raise self._readable(error, sends_images=_sends_images(request)) from error
            except (json.JSONDecodeError, pydantic.ValidationError, UnreadableAnswer) as error:
                raise ModelError(
                    QT_TRANSLATE_NOOP(
                        "ModelError",
                        "The model server sent data that could not be read as an OpenAI "
                        "answer: {error}",
                    ).format(error=str(error)),
                    retryable=True,
                ) from error

    def _refuses_cap_field(self, error: openai.APIError) -> bool:
        """Whether the server refused the answer cap's field by name (a 400 naming it)."""
        if self.answer_cap is None or not isinstance(error, openai.BadRequestError):
            return False
        name = self.answer_cap_field
        body = error.body
        inner = body.get("error", body) if isinstance(body, Mapping) else None
        if isinstance(inner, Mapping) and inner.get("param") == name:
            return True
        text = error.message.lower()
        return name in text and any(word in text for word in _REFUSED_WORDS)

    async def _post(self, payload: dict[str, Any], *, stream: bool) -> Any:
        """POST the payload as built and give back plain JSON (a stream of it when `stream`):
        `chat.completions.create` walks every message through the SDK's types, about 0.4 ms each,
        two seconds of blocked event loop per call at 5,000 messages.
        """
        options: openai.RequestOptions = {
            "security": {"bearer_auth": True},
            "headers": auth_headers(self.client),
        }
        if stream:
            # The SDK would repeat a request whose server accepted it and then went silent,
            # unseen, after a whole idle timeout: the error bar's Retry says so instead.
            options["max_retries"] = 0
        if self.idle_timeout is not None or self.connect_timeout is not None:
            base = self.client.timeout
            base = base if isinstance(base, openai.Timeout) else openai.Timeout(base)
            idle = self.idle_timeout if self.idle_timeout is not None else base.read
            connect = self.connect_timeout if self.connect_timeout is not None else base.connect
            options["timeout"] = openai.Timeout(idle, connect=connect, pool=connect)
        return await self.client.post(
            "/chat/completions",
            body=payload,
            cast_to=object,
            options=options,
            stream=stream,
            stream_cls=openai.AsyncStream[object],
        )

    async def _complete(self, payload: dict[str, Any]) -> ModelReply:
        return completion_reply(await self._post(payload, stream=False))

    async def _stream(
        self, payload: dict[str, Any], iteration: int, emit: Callable[[AgentEvent], None]
    ) -> ModelReply:
        answer = StreamedAnswer()
        stream: openai.AsyncStream[object] = await self._post(payload, stream=True)
        clock = time.perf_counter
        busy_since = clock()
        reported = -HEARD_EVERY
        gather = 0.0
        async with stream:
            chunks = aiter(stream)
            try:
                while True:
                    if gather:  # Chunks come faster than a wait each is worth: gather some.
                        await asyncio.sleep(gather)
                        busy_since = clock()
                    asked = clock()
                    waiting = Watched(anext(chunks, None))
                    chunk = await waiting
                    if chunk is None:
                        break
                    now = clock()
                    gather = 0.0
                    if waiting.suspended:  # The loop ran while the chunk was awaited.
                        busy_since = now
                        gather = GATHER if now - asked < GATHER else 0.0
                    elif now - busy_since >= YIELD_AFTER:  # A backlog: let the GUI run.
                        await asyncio.sleep(0)
                        busy_since = clock()
                    text = answer.add(chunk)
                    if text:
                        emit(TextDelta(text=text, iteration=iteration))
                        reported = now
                    elif now - reported >= HEARD_EVERY:
                        emit(ModelHeardEvent(iteration=iteration))
                        reported = now
            except openai.APIConnectionError as error:
                # The answer had begun: the server was reachable, then went silent or away.
                await _close_early(stream, chunks)
                if isinstance(error, openai.APITimeoutError):
                    cause: object = QT_TRANSLATE_NOOP(
                        "ModelError", "nothing more came for {time}"
                    ).format(time=self._idle_seconds())
                else:
                    cause = error.__cause__ or error.__context__ or error
                raise IncompleteAnswerError(cut_off_message(cause), text=answer.text) from error
            except BaseException:
                await _close_early(stream, chunks)
                raise
        return answer.reply()

    def _idle_seconds(self) -> str:
        """The idle wait in words ("60 seconds"), as the person set it."""
        if self.idle_timeout is not None:
            return seconds(self.idle_timeout)
        base = self.client.timeout
        read = base.read if isinstance(base, openai.Timeout) else base
        if isinstance(read, int | float):
            return seconds(read)
        return QT_TRANSLATE_NOOP("ModelError", "the time allowed")

    def _readable(self, error: openai.APIError, *, sends_images: bool = False) -> ModelError:
        where = str(self.client.base_url).rstrip("/")
        if isinstance(error, openai.APITimeoutError) and isinstance(
            error.__cause__, httpx2.ConnectTimeout
        ):
            connect = self.connect_timeout
            if connect is not None:
                refused = QT_TRANSLATE_NOOP(
                    "ModelError",
                    "The model server at {where} did not accept the connection within "
                    "{time}. Check that it is running and the base URL is right.",
                ).format(where=where, time=seconds(connect))
            else:
                refused = QT_TRANSLATE_NOOP(
                    "ModelError",
                    "The model server at {where} did not accept the connection. Check that "
                    "it is running and the base URL is right.",
                ).format(where=where)
            return ModelError(refused, retryable=True)
        if isinstance(error, openai.APITimeoutError):
            return ModelError(
                QT_TRANSLATE_NOOP(
                    "ModelError",
                    "The model server at {where} did not answer within {time}. "
                    "It may be busy or stuck; Retry asks again.",
                ).format(where=where, time=self._idle_seconds()),
                retryable=True,
            )
        text = describe_openai_error(error, where, model=self.model, sends_images=sends_images)
        if isinstance(error, openai.APIStatusError):
            if (overflow := context_overflow(error)) is not None:
                requested, window = overflow
                return ContextOverflowError(text, requested=requested, window=window)
            status = error.status_code
            if status == 400 and sends_images:
                self.images_refused = True
                return ModelError(text, status_code=status, retryable=True)
            return ModelError(text, status_code=status, retryable=status == 429 or status >= 500)
        return ModelError(text, retryable=True)


def _sends_images(request: ModelRequest) -> bool:
    return any(
        isinstance(part, ImagePart)
        for message in request.messages
        if isinstance(message, UserMessage)
        for part in message.content
    )


async def _close_early(stream: openai.AsyncStream[object], chunks: AsyncIterator[object]) -> None:
    """End a stream left between two chunks so that the SDK's generators under `chunks`
    finish here, in this task: qasync installs no async-generator finalizer, and the garbage
    collector would close them outside any task, where the HTTP library's clean-up fails.
    """
    await stream.close()
    with contextlib.suppress(Exception):
        while await anext(chunks, None) is not None:
            pass


YIELD_AFTER = 0.002
"""Seconds of back-to-back chunk handling after which `_stream` lets the loop run: after a
pause the SDK reads a backlog without suspending, and the GUI would wait for all of it.
Whether an await suspended is observed (`Watched`), since under GIL contention a buffered
read can take longer than a network wait."""
HEARD_EVERY = 1.0
"""Seconds between `ModelHeardEvent`s while chunks without text keep coming."""
GATHER = 0.010
"""After a wait shorter than this, `_stream` sleeps this long before the next chunk, so those
arriving meanwhile are read together: each network wait costs the GUI thread about 0.3 ms,
and views repaint streamed text at most 30 times a second, so 10 ms is never seen."""
