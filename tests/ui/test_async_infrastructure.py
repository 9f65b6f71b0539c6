"""The Qt-loop test set-up itself: qasync loop, timers and tasks together, `until`."""

from __future__ import annotations

import asyncio

import pytest
import qasync
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.ui.waiting import until


async def test_ui_tests_run_on_a_qasync_loop_over_the_pytest_qt_app(qtbot: QtBot) -> None:
    loop = asyncio.get_running_loop()
    assert isinstance(loop, qasync.QEventLoop)
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
