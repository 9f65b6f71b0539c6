"""The Qt-loop test set-up itself: the app's qasync loop, timers and tasks together, `until`."""

from __future__ import annotations

import asyncio

import pytest
import qasync
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from concierge.ui.async_support import QtEventLoop
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
