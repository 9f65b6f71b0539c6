"""`Watched` tells whether an await handed control to the loop, and changes nothing else."""

from __future__ import annotations

import asyncio

import pytest

from concierge.agent.suspensions import Watched


async def test_a_ready_result_does_not_suspend() -> None:
    ready: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    ready.set_result("chunk")
    watched = Watched(ready)
    assert await watched == "chunk"
    assert watched.suspended is False


async def test_waiting_for_the_loop_is_seen() -> None:
    watched = Watched(asyncio.sleep(0, "chunk"))
    assert await watched == "chunk"
    assert watched.suspended is True


async def test_errors_and_cancellation_reach_the_awaited_code() -> None:
    started = asyncio.Event()
    cleaned_up = asyncio.Event()

    async def inner() -> None:
        started.set()
        try:
            await asyncio.sleep(60)
        finally:
            cleaned_up.set()

    async def outer() -> None:
        await Watched(inner())

    task = asyncio.create_task(outer())
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert cleaned_up.is_set()

    async def failing() -> None:
        await asyncio.sleep(0)
        raise ValueError("broken stream")

    with pytest.raises(ValueError, match="broken stream"):
        await Watched(failing())
