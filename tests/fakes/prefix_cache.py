"""A deterministic model of OpenAI's automatic prompt caching.

OpenAI documents the rules this module follows:

* prompts shorter than 1,024 tokens are never cached;
* a hit covers the longest prefix shared with an earlier prompt, reported in steps of
  128 tokens above the 1,024 minimum (1024, 1152, 1280, ...);
* requests are routed to a cache machine by a hash of the prompt's first 256 tokens
  combined with the optional ``prompt_cache_key``, so a prompt that differs in that head
  (or in its key) can never hit another prompt's entry.

Tokens come from a regex tokenizer rather than a real BPE vocabulary: it needs no network
and no third-party package, and it is stable, which is all tests and benchmarks need. It
over-counts compared to BPE (every punctuation mark is a token), so absolute numbers are
approximations; what matters is that any byte change in an earlier part of the prompt
changes the token stream from that point on, exactly as with the real cache.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from collections.abc import Mapping
from typing import Any, NamedTuple

MIN_CACHED_TOKENS = 1024
CACHE_STEP_TOKENS = 128
ROUTING_PREFIX_TOKENS = 256

_TOKEN_RE = re.compile(r"\w+|[^\w\s]|\s+")


def tokenize(text: str) -> list[str]:
    """Split ``text`` into words, single punctuation marks and whitespace runs."""
    return _TOKEN_RE.findall(text)


def count_tokens(text: str) -> int:
    """Number of tokens in ``text`` under the approximate tokenizer."""
    return len(tokenize(text))


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def canonical_prompt(body: Mapping[str, Any]) -> str:
    """The text the cache sees for a chat-completions request body.

    Tools come first, then every message, each serialised exactly as received (key order
    kept). Nothing is normalised, so reordering keys or editing an early message moves the
    point where two prompts diverge, as it would on the real service.
    """
    parts: list[str] = []
    if body.get("tools") is not None:
        parts.append(_dump(body["tools"]))
    parts.extend(_dump(message) for message in body.get("messages") or [])
    return "\n".join(parts)


class PromptUsage(NamedTuple):
    """Prompt-side token accounting for one request."""

    prompt_tokens: int
    cached_tokens: int


def _cache_checkpoints(length: int) -> list[int]:
    """Prefix lengths at which a hit can be reported, up to ``length`` tokens."""
    if length < MIN_CACHED_TOKENS:
        return []
    return list(range(MIN_CACHED_TOKENS, length + 1, CACHE_STEP_TOKENS))


def _prefix_digests(tokens: list[str]) -> dict[int, bytes]:
    """Digest of ``tokens[:n]`` for every reportable prefix length ``n``.

    Storing one digest per checkpoint (instead of whole token lists) makes lookups linear in
    the prompt length: the best hit is the longest checkpoint whose digest was seen before,
    which is the longest common prefix rounded down to a checkpoint.
    """
    checkpoints = set(_cache_checkpoints(len(tokens)))
    digests: dict[int, bytes] = {}
    running = hashlib.sha256()
    for position, token in enumerate(tokens, start=1):
        # NUL cannot occur inside a JSON-serialised token, so it keeps tokens apart.
        running.update(token.encode("utf-8") + b"\0")
        if position in checkpoints:
            digests[position] = running.copy().digest()
    return digests


_Bucket = tuple[str | None, bytes]


class PrefixCache:
    """Thread-safe prompt-prefix cache; feed it request bodies with :meth:`observe`."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._buckets: dict[_Bucket, set[bytes]] = {}

    def observe(self, body: Mapping[str, Any]) -> PromptUsage:
        """Account for one request: report its cache hit, then remember its prompt."""
        tokens = tokenize(canonical_prompt(body))
        if len(tokens) < MIN_CACHED_TOKENS:
            return PromptUsage(prompt_tokens=len(tokens), cached_tokens=0)
        key = body.get("prompt_cache_key")
        head = hashlib.sha256("\0".join(tokens[:ROUTING_PREFIX_TOKENS]).encode()).digest()
        bucket: _Bucket = (key if isinstance(key, str) else None, head)
        digests = _prefix_digests(tokens)
        with self._lock:
            seen = self._buckets.setdefault(bucket, set())
            cached = max((n for n, digest in digests.items() if digest in seen), default=0)
            seen.update(digests.values())
        return PromptUsage(prompt_tokens=len(tokens), cached_tokens=cached)

    def reset(self) -> None:
        """Forget every stored prompt."""
        with self._lock:
            self._buckets.clear()
