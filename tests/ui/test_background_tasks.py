"""Tasks started from slots are kept, their failures reported, and shut down on request."""

from __future__ import annotations

import asyncio
import gc

import pytest
from pytestqt.qtbot import QtBot

from concierge.ui.async_support import BackgroundTasks
from concierge.ui.views.refresher import Refresher
from tests.ui.waiting import until


async def test_a_failing_task_is_reported_with_its_name(qtbot: QtBot) -> None:
    tasks = BackgroundTasks()
    failures: list[tuple[str, BaseException]] = []
    tasks.failed.connect(lambda name, error: failures.append((name, error)))

    async def boom() -> None:
        raise ValueError("no such trip")

    tasks.start(boom(), name="load trip")
    await until(lambda: failures)
    [(name, error)] = failures
    assert name == "load trip"
    assert isinstance(error, ValueError) and str(error) == "no such trip"
    assert len(tasks) == 0


async def test_tasks_are_kept_alive_and_shutdown_cancels_and_awaits_them() -> None:
    tasks = BackgroundTasks()
    started = asyncio.Event()
    cleaned: list[str] = []

    async def forever() -> None:
        started.set()
        try:
            await asyncio.Event().wait()
        finally:
            await asyncio.sleep(0)  # Cleanup that itself awaits still completes.
            cleaned.append("done")

    tasks.start(forever(), name="forever")
    gc.collect()  # Only the keeper holds the task: it must survive collection.
    await started.wait()
    assert len(tasks) == 1
    await tasks.shutdown()
    assert cleaned == ["done"]
    assert len(tasks) == 0
    assert tasks.closed
    coro = asyncio.sleep(0)
    with pytest.raises(RuntimeError, match="shut down"):
        tasks.start(coro, name="late")


async def test_cancellation_is_not_a_failure() -> None:
    tasks = BackgroundTasks()
    failures: list[object] = []
    tasks.failed.connect(lambda *args: failures.append(args))
    task = tasks.start(asyncio.sleep(10), name="sleep")
    await asyncio.sleep(0)
    task.cancel()
    await until(lambda: len(tasks) == 0)
    assert failures == []


def test_a_refresh_asked_for_while_no_loop_runs_waits_for_the_next_request(
    qtbot: QtBot,
) -> None:
    """E.g. a coalescing QTimer that fires after the asyncio loop has stopped."""
    tasks = BackgroundTasks()
    loads: list[int] = []
    loaded: list[asyncio.Event] = []

    async def load() -> None:
        loads.append(len(loads) + 1)
        loaded[0].set()

    refresher = Refresher(tasks, load, name="load trips")
    refresher.request()
    assert not refresher.busy and len(tasks) == 0

    async def with_a_loop() -> None:
        loaded.append(asyncio.Event())
        refresher.request()
        assert refresher.busy
        await loaded[0].wait()
        await tasks.shutdown()

    asyncio.run(with_a_loop())
    assert loads == [1]  # the earlier request is served by this one load
