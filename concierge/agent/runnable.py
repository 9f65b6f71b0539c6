"""The surface the app and wrappers depend on, and a wrapper that retries model failures."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol, runtime_checkable

from .abort import AbortSignal
from .context import ContextHook, ContextProvider
from .errors import ModelError, UsageError
from .events import RuntimeContext, Subscriber
from .loop import TurnResult
from .messages import ContentPart

log = logging.getLogger(__name__)


@runtime_checkable
class Runnable(Protocol):
    async def process_request(
        self, request: str | Sequence[ContentPart], signal: AbortSignal | None = None
    ) -> TurnResult: ...

    async def retry(self, signal: AbortSignal | None = None) -> TurnResult: ...

    def add_context_provider(
        self, provider: ContextProvider, *, name: str | None = None, timeout: float | None = None
    ) -> Callable[[], None]: ...

    def add_context_hook(
        self, hook: ContextHook, *, name: str | None = None, timeout: float | None = None
    ) -> Callable[[], None]: ...

    async def get_runtime_context(self, signal: AbortSignal | None = None) -> RuntimeContext: ...

    def subscribe(self, subscriber: Subscriber) -> Callable[[], None]: ...


class RunnableWrapper:
    """Forwards the whole `Runnable` surface; subclasses override what they change (R12)."""

    def __init__(self, inner: Runnable) -> None:
        self.inner = inner

    async def process_request(
        self, request: str | Sequence[ContentPart], signal: AbortSignal | None = None
    ) -> TurnResult:
        return await self.inner.process_request(request, signal)

    async def retry(self, signal: AbortSignal | None = None) -> TurnResult:
        return await self.inner.retry(signal)

    def add_context_provider(
        self, provider: ContextProvider, *, name: str | None = None, timeout: float | None = None
    ) -> Callable[[], None]:
        return self.inner.add_context_provider(provider, name=name, timeout=timeout)

    def add_context_hook(
        self, hook: ContextHook, *, name: str | None = None, timeout: float | None = None
    ) -> Callable[[], None]:
        return self.inner.add_context_hook(hook, name=name, timeout=timeout)

    async def get_runtime_context(self, signal: AbortSignal | None = None) -> RuntimeContext:
        return await self.inner.get_runtime_context(signal)

    def subscribe(self, subscriber: Subscriber) -> Callable[[], None]:
        return self.inner.subscribe(subscriber)


class RetryingRunnable(RunnableWrapper):
    """Retries a request whose model call failed with a retryable error (connection, 429, 5xx),
    from stored history, so the person's message is never stored twice.
    """

    def __init__(self, inner: Runnable, *, attempts: int = 3, backoff: float = 0.5) -> None:
        super().__init__(inner)
        if attempts < 1:
            raise UsageError("attempts must be at least 1.")
        self.attempts = attempts
        self.backoff = backoff

    async def process_request(
        self, request: str | Sequence[ContentPart], signal: AbortSignal | None = None
    ) -> TurnResult:
        return await self._with_retries(self.inner.process_request(request, signal), signal)

    async def retry(self, signal: AbortSignal | None = None) -> TurnResult:
        return await self._with_retries(self.inner.retry(signal), signal)

    async def _with_retries(
        self, first: Awaitable[TurnResult], signal: AbortSignal | None
    ) -> TurnResult:
        attempt = 1
        while True:
            try:
                return await (first if attempt == 1 else self.inner.retry(signal))
            except ModelError as error:
                if not error.retryable or attempt == self.attempts:
                    raise
                delay = self.backoff * 2 ** (attempt - 1)
                log.info("model call failed (%s); retrying in %.1f s", error, delay)
            pause = asyncio.sleep(delay)
            await (signal.race(pause) if signal is not None else pause)
            attempt += 1
