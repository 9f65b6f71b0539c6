"""The Qt-loop test set-up itself: the app's qasync loop, timers and tasks together, `until`."""

from __future__ import annotations

import asyncio
import inspect

import pytest
import qasync
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from concierge.ui.async_support import BackgroundTasks, QtEventLoop
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
