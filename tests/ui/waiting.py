"""Waiting on conditions from async Qt tests without fixed sleeps or nested event loops."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

_POLL_SECONDS = 0.005
WAIT_SECONDS = 30.0
"""How long a condition may take to come: it only bounds a failing test, so it is generous
enough for a loaded machine (two cores, a dozen busy processes), where 5 s ran out."""


# ASYNC109: a timeout argument reads better in tests than wrapping each call in a scope.
async def until(predicate: Callable[[], object], timeout: float = WAIT_SECONDS) -> None:  # noqa: ASYNC109
    """Return as soon as `predicate()` is truthy; raise TimeoutError after `timeout` seconds.

    Polls on the running loop (Qt events and asyncio tasks keep running meanwhile), unlike
    `qtbot.waitUntil`, which would spin a nested Qt loop inside the test coroutine.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        if loop.time() >= deadline:
            name = getattr(predicate, "__qualname__", repr(predicate))
            raise TimeoutError(f"condition {name} not met within {timeout} s")
        await asyncio.sleep(_POLL_SECONDS)
