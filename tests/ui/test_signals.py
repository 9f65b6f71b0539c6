"""PySide6 6.12.0's `emit()` drops a reference to `True` on every call from Python, which
aborts Python 3.11 after some thousands of emits ("bool_dealloc"); qasync emits on every
cross-thread wake-up, i.e. on every database call. The pinned PySide6 must not have it."""

from __future__ import annotations

import asyncio
import sys
from concurrent.futures import ThreadPoolExecutor

from PySide6.QtCore import QObject, Signal

import qasync  # isort: skip


EMITS = 400
SLACK = 40
"""Other threads of the test process may hold or drop a few references to True meanwhile;
the bug loses one per emit."""


class _Source(QObject):
    changed = Signal(int)


def test_emit_leaves_the_reference_count_of_true_unchanged() -> None:
    source = _Source()
    received: list[int] = []
    source.changed.connect(received.append)
    source.changed.emit(-1)  # The first emit fills PySide's caches.
    before = sys.getrefcount(True)
    for value in range(EMITS):
        source.changed.emit(value)
    lost = before - sys.getrefcount(True)
    assert lost < SLACK, f"this PySide6 loses a reference to True per emit() ({lost} lost)"
    assert received == list(range(-1, EMITS))


async def test_cross_thread_results_leave_the_reference_count_of_true_unchanged() -> None:
    assert isinstance(asyncio.get_running_loop(), qasync.QEventLoop)
    with ThreadPoolExecutor(1) as worker:
        await asyncio.wrap_future(worker.submit(int))  # Start the thread first.
        before = sys.getrefcount(True)
        for _ in range(EMITS // 4):
            await asyncio.wrap_future(worker.submit(int))
        lost = before - sys.getrefcount(True)
    assert lost < SLACK
