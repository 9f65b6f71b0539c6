"""The one place an `openai.AsyncOpenAI` client is made, with or without an API key.

Servers such as LM Studio and llama.cpp want no key. A stand-in ("none", "ollama") would
still go out as "Authorization: Bearer none" to the server, its logs and any proxy, so a
client without a key sends no Authorization header at all: the SDK asks for that to be said
per request (`auth_headers`), and for a key provider instead of an empty key.
"""

from __future__ import annotations

from typing import Any

import openai


async def _no_key() -> str:
    return ""


def model_client(base_url: str, api_key: str | None, **options: Any) -> openai.AsyncOpenAI:
    """A client for `base_url` that authenticates with `api_key`, or not at all when None."""
    return openai.AsyncOpenAI(base_url=base_url, api_key=api_key or _no_key, **options)


def auth_headers(client: openai.AsyncOpenAI) -> dict[str, Any]:
    """Headers to pass with each request: without a key, the Authorization header omitted."""
    return {} if client.api_key else {"Authorization": openai.omit}
