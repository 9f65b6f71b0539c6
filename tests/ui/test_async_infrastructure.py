"""The Qt-loop test set-up itself: the app's qasync loop, timers and tasks together, `until`."""

from __future__ import annotations

import asyncio
import inspect
import socket

import pytest
import qasync
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from concierge.ui.async_support import BackgroundTasks, QtEventLoop, loop_running
from tests.ui.waiting import until


async def test_ui_tests_run_on_a_qasync_loop_over_the_pytest_qt_app(qtbot: QtBot) -> None:
    loop = asyncio.get_running_loop()
    assert isinstance(loop, qasync.QEventLoop)
    assert isinstance(loop, QtEventLoop)  # the app's own
    assert QApplication.instance() is qtbot._request.getfixturevalue("qapp")


async def test_qt_timers_and_asyncio_tasks_progress_while_awaiting() -> None:
    fired: list[str] = []
    QTimer.singleShot(10, lambda: fired.append("timer"))
    task = asyncio.get_running_loop().create_task(asyncio.sleep(0.01, result="task"))
    await until(lambda: fired and task.done())
    assert fired == ["timer"]
    assert task.result() == "task"


async def test_until_times_out_with_a_readable_error() -> None:
    with pytest.raises(TimeoutError, match=r"not met within 0\.05 s"):
        await until(lambda: False, timeout=0.05)


def test_a_task_resumed_while_qt_processes_events_outside_the_loop_finds_it(
    qapp: QApplication,
) -> None:
    """qasync also runs callbacks when Qt processes events while the loop is not running
    (after `run_until_complete`, and between a test's phases under pytest-qt): a task step
    there must still find its loop, as `asyncio.to_thread` and HTTP clients ask for it."""
    loop = QtEventLoop(qapp)

    async def resumed() -> asyncio.AbstractEventLoop:
        await asyncio.sleep(0)
        return asyncio.get_running_loop()

    try:
        task = loop.create_task(resumed())
        for _ in range(100):
            if task.done():
                break
            qapp.processEvents()
        assert task.result() is loop
        assert asyncio.events._get_running_loop() is None  # and it is not left running
    finally:
        loop.close()


def test_a_task_started_by_a_qt_signal_while_the_loop_is_not_running_runs_on_it(
    qapp: QApplication,
) -> None:
    """A Qt signal can come between `run_until_complete` calls (pytest-qt's phases, a
    window shown before the loop resumes): the task it starts waits for the Qt loop."""
    loop = QtEventLoop(qapp)
    tasks = BackgroundTasks()
    started: list[asyncio.Task[asyncio.AbstractEventLoop]] = []

    async def resumed() -> asyncio.AbstractEventLoop:
        await asyncio.sleep(0)
        return asyncio.get_running_loop()

    try:
        QTimer.singleShot(0, lambda: started.append(tasks.start(resumed(), name="from Qt")))
        for _ in range(100):
            if started and started[0].done():
                break
            qapp.processEvents()
        assert started[0].result() is loop
        assert asyncio.events._get_running_loop() is None
    finally:
        loop.close()


def test_with_the_qt_loop_closed_a_start_refuses_and_closes_the_coroutine(
    qapp: QApplication,
) -> None:
    QtEventLoop(qapp).close()
    ran: list[str] = []

    async def work() -> None:
        ran.append("ran")

    coroutine = work()
    with pytest.raises(RuntimeError, match="closed"):
        BackgroundTasks().start(coroutine, name="too late")
    assert inspect.getcoroutinestate(coroutine) == inspect.CORO_CLOSED and not ran


async def test_ready_callbacks_run_in_order_and_those_they_schedule_wait_a_turn() -> None:
    """Ready callbacks share one Qt timer per turn (`ReadyCallbacks`), as asyncio's `_ready`:
    first in, first run; one scheduled during a turn runs after Qt had its say."""
    loop = asyncio.get_running_loop()
    ran: list[str] = []
    qt_ran: list[str] = []

    def first() -> None:
        ran.append("first")
        QTimer.singleShot(0, lambda: qt_ran.append(f"qt after {len(ran)}"))
        loop.call_soon(lambda: ran.append("scheduled by first"))

    loop.call_soon(first)
    loop.call_soon(lambda: ran.append("second"))
    cancelled = loop.call_soon(lambda: ran.append("cancelled"))
    cancelled.cancel()
    await until(lambda: len(ran) == 3)
    assert ran == ["first", "second", "scheduled by first"]
    await until(lambda: qt_ran)
    assert qt_ran == ["qt after 2"]
    assert "cancelled" not in ran


async def test_callbacks_from_other_threads_run_on_the_loop_in_order() -> None:
    loop = asyncio.get_running_loop()
    ran: list[tuple[int, bool]] = []

    def record(index: int) -> None:
        ran.append((index, loop_running()))

    def from_thread() -> None:
        for index in range(50):
            loop.call_soon_threadsafe(record, index)

    await asyncio.to_thread(from_thread)
    await until(lambda: len(ran) == 50)
    assert ran == [(index, True) for index in range(50)]


async def test_a_socket_watched_again_after_a_pause_is_read_once_per_readiness() -> None:
    """Readers keep their notifier between waits (`SocketWatches`), as a streamed answer's
    socket is watched and unwatched around every wait: a paused socket is not read, and one
    watched again is."""
    loop = asyncio.get_running_loop()
    ours, theirs = socket.socketpair()
    ours.setblocking(False)
    received: list[bytes] = []

    def read() -> None:
        received.append(ours.recv(100))

    try:
        for count, chunk in enumerate((b"one", b"two"), start=1):
            loop.add_reader(ours, read)
            theirs.send(chunk)
            await until(lambda: len(received) == count)  # noqa: B023  (awaited here)
            assert loop.remove_reader(ours)
        theirs.send(b"while paused")
        await asyncio.sleep(0.05)
        assert received == [b"one", b"two"]
        loop.add_reader(ours, read)
        await until(lambda: len(received) == 3)
        assert received[-1] == b"while paused"
        assert loop.remove_reader(ours) and not loop.remove_reader(ours)
    finally:
        ours.close()
        theirs.close()
