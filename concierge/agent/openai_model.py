"""Model adapter for any OpenAI-compatible Chat Completions server.

OpenAI, Ollama, LM Studio, llama.cpp server and vLLM all speak this dialect. Streaming runs
inside `async with`, so cancelling the awaiting task closes the HTTP response.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import openai
import pydantic
from openai.types.chat import ChatCompletion, ChatCompletionChunk

from .events import AgentEvent, ModelRequestEvent, TextDelta
from .messages import ToolCall, Usage
from .model import ModelError, ModelReply, ModelRequest
from .openai_format import ChatFormatter


@dataclass
class _PendingCall:
    id: str = ""
    name: str = ""
    arguments: list[str] = field(default_factory=list)


class OpenAIChatModel:
    """Chat Completions over `openai.AsyncOpenAI`.

    `merge_user_turns` joins adjacent user messages for strict chat templates;
    `prompt_cache_key` groups requests for OpenAI's prompt cache routing;
    `extra_body` passes server-specific options through unchanged.
    """

    def __init__(
        self,
        client: openai.AsyncOpenAI,
        *,
        model: str,
        stream: bool = True,
        include_usage: bool = True,
        prompt_cache_key: str | None = None,
        merge_user_turns: bool = False,
        temperature: float | None = None,
        extra_body: Mapping[str, Any] | None = None,
    ) -> None:
        if not model:
            raise ValueError("Choose a model name for the OpenAI-compatible server.")
        self.client = client
        self.model = model
        self.stream = stream
        self.include_usage = include_usage
        self.prompt_cache_key = prompt_cache_key
        self.merge_user_turns = merge_user_turns
        self.temperature = temperature
        self.extra_body = dict(extra_body or {})
        self._formatter = ChatFormatter()

    def payload(self, request: ModelRequest) -> dict[str, Any]:
        """The exact request body, built the same way every time for the same input."""
        payload: dict[str, Any] = {
            "model": self.model,
            "messages": self._formatter.format(
                request.system_prompt,
                request.messages,
                summarize_before=request.summarize_before,
                merge_user_turns=self.merge_user_turns,
            ),
        }
        if request.tools:
            payload["tools"] = list(request.tools)
        if self.temperature is not None:
            payload["temperature"] = self.temperature
        if self.prompt_cache_key:
            payload["prompt_cache_key"] = self.prompt_cache_key
        if self.stream:
            payload["stream"] = True
            if self.include_usage:
                payload["stream_options"] = {"include_usage": True}
        payload.update(self.extra_body)
        return payload

    async def respond(
        self, request: ModelRequest, emit: Callable[[AgentEvent], None]
    ) -> ModelReply:
        payload = self.payload(request)
        emit(ModelRequestEvent(payload=payload, iteration=request.iteration))
        try:
            if self.stream:
                return await self._stream(payload, request.iteration, emit)
            return await self._complete(payload)
        except openai.APIError as error:
            raise self._readable(error) from error
        except (json.JSONDecodeError, pydantic.ValidationError) as error:
            raise ModelError(
                f"The model server sent data that could not be read as an OpenAI answer: {error}",
                retryable=True,
            ) from error

    async def _post(self, payload: dict[str, Any], *, stream: bool) -> Any:
        """POST the payload as built, skipping the SDK's per-message type transform.

        `chat.completions.create` walks every message through the SDK's type definitions,
        about 0.4 ms each: two seconds of blocked event loop per call at 5,000 messages.
        Our payload is already plain JSON. Unknown `extra_body` keys pass through as well.
        """
        return await self.client.post(
            "/chat/completions",
            body=payload,
            cast_to=ChatCompletion,
            options={"security": {"bearer_auth": True}},
            stream=stream,
            stream_cls=openai.AsyncStream[ChatCompletionChunk],
        )

    async def _complete(self, payload: dict[str, Any]) -> ModelReply:
        completion: ChatCompletion = await self._post(payload, stream=False)
        if not completion.choices:
            raise ModelError("The model server returned no choices.", retryable=True)
        choice = completion.choices[0]
        calls = tuple(
            ToolCall(
                id=call.id or _mint_call_id(),
                name=getattr(call, "function").name or "",  # noqa: B009 - union member
                arguments=getattr(call, "function").arguments or "",  # noqa: B009
            )
            for call in choice.message.tool_calls or ()
        )
        return ModelReply(
            text=choice.message.content or "",
            tool_calls=calls,
            usage=_usage(completion.usage),
            finish_reason=choice.finish_reason,
        )

    async def _stream(
        self, payload: dict[str, Any], iteration: int, emit: Callable[[AgentEvent], None]
    ) -> ModelReply:
        text: list[str] = []
        pending: dict[int, _PendingCall] = {}
        usage: Usage | None = None
        finish_reason: str | None = None
        stream: openai.AsyncStream[ChatCompletionChunk] = await self._post(payload, stream=True)
        clock = time.perf_counter
        busy_since = previous = clock()
        async with stream:
            async for chunk in stream:
                now = clock()
                if now - previous > WAITED:  # The stream waited for data: the loop ran.
                    busy_since = now
                elif now - busy_since >= YIELD_AFTER:  # A backlog: let the GUI run.
                    await asyncio.sleep(0)
                    busy_since = clock()
                if chunk.usage is not None:
                    usage = _usage(chunk.usage)
                for choice in chunk.choices:
                    delta = choice.delta
                    if delta.content:
                        text.append(delta.content)
                        emit(TextDelta(text=delta.content, iteration=iteration))
                    for fragment in delta.tool_calls or ():
                        call = pending.setdefault(fragment.index, _PendingCall())
                        if fragment.id:
                            call.id = fragment.id
                        if fragment.function is not None:
                            if fragment.function.name:
                                call.name += fragment.function.name
                            if fragment.function.arguments:
                                call.arguments.append(fragment.function.arguments)
                    if choice.finish_reason:
                        finish_reason = choice.finish_reason
                previous = clock()
        if finish_reason is None and not text and not pending:
            raise ModelError(
                "The model server ended the answer without any content.", retryable=True
            )
        calls = tuple(
            ToolCall(id=c.id or _mint_call_id(), name=c.name, arguments="".join(c.arguments))
            for _, c in sorted(pending.items())
        )
        return ModelReply("".join(text), calls, usage, finish_reason)

    def _readable(self, error: openai.APIError) -> ModelError:
        where = str(self.client.base_url).rstrip("/")
        if isinstance(error, openai.APITimeoutError):
            return ModelError(f"The model server at {where} timed out.", retryable=True)
        if isinstance(error, openai.APIConnectionError):
            cause = error.__cause__ or error.__context__
            detail = f": {cause}" if cause else ""
            return ModelError(
                f"Cannot reach the model server at {where}{detail}. Check that it is running "
                "and the base URL is right.",
                retryable=True,
            )
        if isinstance(error, openai.APIStatusError):
            status = error.status_code
            detail = _server_message(error)
            if status in (401, 403):
                text = f"The model server refused the API key ({status}): {detail}"
            elif status == 404:
                text = f"Model '{self.model}' or the endpoint was not found at {where}: {detail}"
            elif status == 429:
                text = f"The model server is rate limiting requests (429): {detail}"
            else:
                text = f"The model server answered {status}: {detail}"
            return ModelError(text, status_code=status, retryable=status == 429 or status >= 500)
        return ModelError(f"The model server's answer could not be read: {error}", retryable=True)


def _server_message(error: openai.APIStatusError) -> str:
    body = error.body
    if isinstance(body, Mapping):
        inner = body.get("error", body)
        if isinstance(inner, Mapping) and inner.get("message"):
            return str(inner["message"])
    return error.message


def _usage(usage: Any) -> Usage | None:
    if usage is None:
        return None
    details = getattr(usage, "prompt_tokens_details", None)
    cached = getattr(details, "cached_tokens", None) if details is not None else None
    return Usage(
        prompt_tokens=usage.prompt_tokens or 0,
        completion_tokens=usage.completion_tokens or 0,
        cached_tokens=cached or 0,
    )


YIELD_AFTER = 0.002
"""Seconds of back-to-back chunk handling after which `_stream` lets the loop run.

The SDK parses a backlog of already-received chunks without awaiting anything that
suspends (about 0.13 ms a chunk), so after a pause hundreds can be handled in one go and
every other task, the GUI included, waits for all of them."""
WAITED = 0.0005
"""A gap between chunks longer than this means the stream waited and the loop ran."""


def _mint_call_id() -> str:
    """For servers that omit ids; minted once when parsed, then stored and reused (R5)."""
    return f"call_{uuid.uuid4().hex[:24]}"
