"""The one wording of a failed call to an OpenAI-compatible server, for the chat and the
settings dialog alike. The SDK is imported only once an error of it is in hand.
"""

from __future__ import annotations

import re
import socket
from collections.abc import Mapping
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from concierge.text import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    import openai


def describe_openai_error(
    error: openai.APIError,
    base_url: str,
    *,
    model: str | None = None,
    timeout: float | None = None,
    sends_images: bool = False,
) -> str:
    """One sentence for the person about `error` from the server at `base_url`. `model` is
    None for a model-list request (a 404 there means no models listed); `timeout` is the limit
    that passed; `sends_images` reads a 400 as a model that cannot read images.
    """
    import openai

    where = base_url.rstrip("/")
    if isinstance(error, openai.APITimeoutError):
        if timeout is None:
            return QT_TRANSLATE_NOOP("ModelError", "The model server at {where} timed out.").format(
                where=where
            )
        return QT_TRANSLATE_NOOP(
            "ModelError", "The model server at {where} did not answer within {time}."
        ).format(where=where, time=seconds(timeout))
    if isinstance(error, openai.APIConnectionError):
        if _caused_by(error, socket.gaierror):
            return QT_TRANSLATE_NOOP(
                "ModelError", "Cannot find the host {host!r}: check the base URL."
            ).format(host=urlsplit(where).hostname)
        cause = error.__cause__ or error.__context__
        if cause:
            return QT_TRANSLATE_NOOP(
                "ModelError",
                "Cannot reach the model server at {where}: {detail}. Check that it is "
                "running and the base URL is right.",
            ).format(where=where, detail=str(cause).rstrip("."))
        return QT_TRANSLATE_NOOP(
            "ModelError",
            "Cannot reach the model server at {where}. Check that it is running "
            "and the base URL is right.",
        ).format(where=where)
    if isinstance(error, openai.APIStatusError):
        status = error.status_code
        detail = _server_message(error)
        if status in (401, 403):
            return QT_TRANSLATE_NOOP(
                "ModelError", "The model server refused the API key ({status}): {detail}"
            ).format(status=status, detail=detail)
        if status == 404 and model is None:
            hint = v1_hint(where)
            return QT_TRANSLATE_NOOP(
                "ModelError",
                "The model server at {where} has no /models endpoint; type the model name.{hint}",
            ).format(where=where, hint=hint)
        if status == 404:
            return QT_TRANSLATE_NOOP(
                "ModelError", "Model '{model}' or the endpoint was not found at {where}: {detail}"
            ).format(model=model, where=where, detail=detail)
        if status == 400 and sends_images:
            return QT_TRANSLATE_NOOP(
                "ModelError",
                "This model cannot read images; Retry sends your message with a line saying "
                "an image was attached instead, or choose a model that reads images in "
                "Settings. The model server answered 400: {detail}",
            ).format(detail=detail)
        if status == 429:
            return QT_TRANSLATE_NOOP(
                "ModelError", "The model server is rate limiting requests (429): {detail}"
            ).format(detail=detail)
        return QT_TRANSLATE_NOOP(
            "ModelError", "The model server answered {status}: {detail}"
        ).format(status=status, detail=detail)
    return QT_TRANSLATE_NOOP(
        "ModelError", "The model server's answer could not be read: {error}"
    ).format(error=str(error))


_OVERFLOW_MARKS = (
    "exceed_context_size_error",  # llama.cpp's type
    "context_length_exceeded",  # OpenAI's code
    "maximum context length",  # OpenAI's and vLLM's wording
    "available context size",  # llama.cpp
    "max context size",  # llama.cpp, without context shift
    "context length of only",  # LM Studio
)
_WINDOW_PATTERNS = (
    re.compile(r"context size \((\d+) tokens\)"),
    re.compile(r"maximum context length is (\d+)"),
    re.compile(r"context length of only (\d+)"),
)
_REQUESTED_PATTERNS = (
    re.compile(r"(?:request|input) \((\d+) tokens\)"),
    re.compile(r"\((\d+) in the messages"),
    re.compile(r"resulted in (\d+) tokens"),
    re.compile(r"request has (\d+) input tokens"),
    re.compile(r"keep the first (\d+) tokens"),
)


def context_overflow(error: openai.APIStatusError) -> tuple[int | None, int | None] | None:
    """(prompt tokens, context window) of a refusal for a request too long for the server's
    context, each None when not said; None for another error. llama.cpp sends both as fields,
    OpenAI, vLLM and LM Studio in the message.
    """
    if error.status_code != 400:
        return None
    body = error.body
    inner = body.get("error", body) if isinstance(body, Mapping) else None
    fields = inner if isinstance(inner, Mapping) else {}
    words = " ".join(str(fields.get(key, "")) for key in ("type", "code", "message"))
    words = f"{words} {error.message}".lower()
    if not any(mark in words for mark in _OVERFLOW_MARKS):
        return None
    return (
        _tokens(fields.get("n_prompt_tokens"), words, _REQUESTED_PATTERNS),
        _tokens(fields.get("n_ctx"), words, _WINDOW_PATTERNS),
    )


def _tokens(field: object, words: str, patterns: tuple[re.Pattern[str], ...]) -> int | None:
    if isinstance(field, int) and not isinstance(field, bool) and field > 0:
        return field
    for pattern in patterns:
        if (found := pattern.search(words)) is not None:
            return int(found.group(1))
    return None


def seconds(value: float) -> str:
    """A duration in words: "1 second", "0.2 seconds"."""
    if value == 1:
        return QT_TRANSLATE_NOOP("ModelError", "1 second")
    return QT_TRANSLATE_NOOP("ModelError", "{value} seconds").format(value=f"{value:g}")


def v1_hint(base_url: str) -> str:
    """A reminder of the usual /v1 for a base URL without it (with a leading space)."""
    if urlsplit(base_url).path.rstrip("/").endswith("/v1"):
        return ""
    return QT_TRANSLATE_NOOP("ModelError", " Most servers' base URL ends in /v1.")


def _server_message(error: openai.APIStatusError) -> str:
    body = error.body
    if isinstance(body, Mapping):
        inner = body.get("error", body)
        if isinstance(inner, Mapping) and inner.get("message"):
            return str(inner["message"])
    return error.message


def _caused_by(error: BaseException, kind: type[BaseException]) -> bool:
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        if isinstance(current, kind):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False
