"""The one place an `openai.AsyncOpenAI` client is made, with or without an API key.

A keyless server (LM Studio, llama.cpp) gets no Authorization header at all, rather than a
stand-in key that would reach its logs and any proxy as "Bearer none".
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
