"""The asyncio loop's ready callbacks run in turns on one Qt timer, not one timer each.

qasync's `call_soon` starts a Qt timer per callback (each task step, each future's done
callback, each socket read): a `startTimer`, a `timerEvent` through Python and a `killTimer`
on the GUI thread, and `call_soon_threadsafe` adds a queued signal before that. A streamed
answer and every committed write schedule hundreds of them. `ReadyCallbacks` keeps asyncio's
own model instead: callbacks wait in a queue, and one zero timer, running while any wait,
runs those queued before its turn began (as `BaseEventLoop._run_once` runs `_ready`); those
they schedule wait for the next turn, after Qt has painted and read its sockets. Other
threads append and wake the GUI thread with one posted event per batch.
"""

from __future__ import annotations

import asyncio
from collections import deque

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimerEvent

_WAKE = QEvent.Type(QEvent.registerEventType())


class ReadyCallbacks(QObject):
    """The loop's ready queue; lives on the GUI thread."""

    def __init__(self) -> None:
        super().__init__()
        self._handles: deque[asyncio.Handle] = deque()
        self._timer = 0
        self._woken = False
        self._closed = False

    def add(self, handle: asyncio.Handle) -> None:
        """Queue `handle` for the next turn (GUI thread)."""
        if self._closed:
            return
        self._handles.append(handle)
        if not self._timer:
            self._timer = self.startTimer(0)

    def add_threadsafe(self, handle: asyncio.Handle) -> None:
        """Queue `handle` from any thread; the first since the last wake-up posts one."""
        if self._closed:
            return
        self._handles.append(handle)
        if not self._woken:
            self._woken = True
            QCoreApplication.postEvent(self, QEvent(_WAKE))

    def close(self) -> None:
        """Drop what waits and run nothing more (as qasync's closed loop does)."""
        self._closed = True
        self._handles.clear()
        self._stop_timer()

    def event(self, event: QEvent) -> bool:
        if event.type() != _WAKE:
            return super().event(event)
        self._woken = False
        if not self._closed and self._handles and not self._timer:
            self._timer = self.startTimer(0)
        return True

    def timerEvent(self, event: QTimerEvent) -> None:
        # Stopped first, so that a callback running a nested event loop (a modal dialog)
        # arms a new timer for what it schedules, and those wait for the next turn.
        self._stop_timer()
        handles = self._handles
        for _ in range(len(handles)):
            if not handles:  # A nested event loop ran the rest.
                break
            handle = handles.popleft()
            if not handle._cancelled:
                handle._run()
        if handles and not self._timer and not self._closed:
            self._timer = self.startTimer(0)

    def _stop_timer(self) -> None:
        if self._timer:
            self.killTimer(self._timer)
            self._timer = 0
