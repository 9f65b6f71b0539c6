"""Cancellation shared by the loop, context providers, tools and the model call, modelled on
the web's AbortController/AbortSignal; child signals let a provider time out on its own.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from .errors import AbortedError

T = TypeVar("T")
log = logging.getLogger(__name__)


class AbortSignal:
    """Read-only view of an abort: check it, wait for it, or be called back when it fires."""

    def __init__(self) -> None:
        self._reason: str | None = None
        self._callbacks: list[Callable[[str], None]] = []
        self._waiters: list[asyncio.Future[None]] = []

    @property
    def aborted(self) -> bool:
        return self._reason is not None

    @property
    def reason(self) -> str | None:
        return self._reason

    def raise_if_aborted(self) -> None:
        if self._reason is not None:
            raise AbortedError(self._reason)

    def add_callback(self, callback: Callable[[str], None]) -> Callable[[], None]:
        """Call `callback(reason)` when the signal fires (at once if it already has)."""
        if self._reason is not None:
            callback(self._reason)
            return lambda: None
        self._callbacks.append(callback)

        def remove() -> None:
            if callback in self._callbacks:
                self._callbacks.remove(callback)

        return remove

    async def wait(self) -> str:
        """Wait until the signal fires and return the reason."""
        if self._reason is None:
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiters.append(waiter)
            try:
                await waiter
            finally:
                if waiter in self._waiters:
                    self._waiters.remove(waiter)
        assert self._reason is not None
        return self._reason

    async def race(self, awaitable: Awaitable[T]) -> T:
        """Await `awaitable`, cancelling it and raising `AbortedError` if the signal fires first:
        cancelling is what closes an HTTP stream or stops a tool mid-way.
        """
        self.raise_if_aborted()
        task = asyncio.ensure_future(awaitable)

        def cancel(_reason: str) -> None:
            task.cancel()

        remove = self.add_callback(cancel)
        try:
            return await task
        except asyncio.CancelledError:
            if self.aborted and task.cancelled():
                current = asyncio.current_task()
                if current is None or not current.cancelling():
                    raise AbortedError(self._reason or "aborted") from None
            raise
        finally:
            remove()

    def _fire(self, reason: str) -> None:
        if self._reason is not None:
            return
        self._reason = reason
        callbacks, self._callbacks = self._callbacks, []
        for callback in callbacks:
            try:
                callback(reason)
            except Exception:
                log.exception("abort callback failed")
        for waiter in self._waiters:
            if not waiter.done():
                waiter.set_result(None)


class AbortController:
    """Owns a signal and is the only thing that can fire it."""

    def __init__(self) -> None:
        self.signal = AbortSignal()

    def abort(self, reason: str = "aborted") -> None:
        self.signal._fire(reason)


def child_signal(
    parent: AbortSignal | None, timeout: float | None = None, *, timeout_reason: str = "timeout"
) -> tuple[AbortSignal, Callable[[], None]]:
    """A signal that fires when `parent` fires or `timeout` seconds pass, and the function
    that detaches it once the work is done.
    """
    controller = AbortController()
    detach_parent = parent.add_callback(controller.abort) if parent is not None else None
    handle = (
        asyncio.get_running_loop().call_later(timeout, controller.abort, timeout_reason)
        if timeout is not None
        else None
    )

    def detach() -> None:
        if detach_parent is not None:
            detach_parent()
        if handle is not None:
            handle.cancel()

    return controller.signal, detach
