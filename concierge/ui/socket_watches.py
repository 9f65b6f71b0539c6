"""The loop's socket readers and writers on Qt notifiers made once per descriptor.

A streamed answer's socket is watched and unwatched around every wait for data (anyio resumes
and pauses the transport each time). qasync makes a new `QSocketNotifier` and connects a new
lambda to it on every watch, and disconnects it on every unwatch: 0.1–0.2 ms of GUI-thread
time each, hundreds of times an answer. Here each descriptor keeps its notifier, connected
once, and a watch only switches it on or off. As in qasync, a notifier is off from the moment
it fires until its callback has run (Qt's notifiers are level-triggered).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSocketNotifier

Callback = tuple[Callable[..., object], tuple[Any, ...]]


class SocketWatch:
    """One descriptor watched for one kind of readiness."""

    def __init__(
        self, fd: int, kind: QSocketNotifier.Type, call_soon: Callable[..., object]
    ) -> None:
        self.notifier = QSocketNotifier(fd, kind)
        self.notifier.setEnabled(False)
        self.notifier.activated.connect(self._ready)
        self.callback: Callback | None = None
        self._call_soon = call_soon

    def start(self, callback: Callable[..., object], args: tuple[Any, ...]) -> None:
        self.callback = (callback, args)
        self.notifier.setEnabled(True)

    def stop(self) -> bool:
        """Stop watching; whether it was watched."""
        watched = self.callback is not None
        self.callback = None
        self.notifier.setEnabled(False)
        return watched

    def close(self) -> None:
        self.stop()
        self.notifier.activated.disconnect(self._ready)

    def _ready(self, *_: object) -> None:
        self.notifier.setEnabled(False)
        if self.callback is not None:
            self._call_soon(self._run, self.callback)

    def _run(self, callback: Callback) -> None:
        if self.callback is not callback:  # Stopped or replaced while this waited.
            return
        function, args = callback
        try:
            function(*args)
        finally:
            if self.callback is callback:
                self.notifier.setEnabled(True)


class SocketWatches:
    """The loop's watches of one kind (reading or writing), by descriptor."""

    def __init__(self, kind: QSocketNotifier.Type, call_soon: Callable[..., object]) -> None:
        self._kind = kind
        self._call_soon = call_soon
        self._watches: dict[int, SocketWatch] = {}

    def start(self, fd: int, callback: Callable[..., object], args: tuple[Any, ...]) -> None:
        watch = self._watches.get(fd)
        if watch is None:
            watch = self._watches[fd] = SocketWatch(fd, self._kind, self._call_soon)
        watch.start(callback, args)

    def stop(self, fd: int) -> bool:
        watch = self._watches.get(fd)
        return watch is not None and watch.stop()

    def close(self) -> None:
        for watch in self._watches.values():
            watch.close()
        self._watches.clear()
