"""SIGINT and SIGTERM close the app like its close button. The Qt event loop sits in C++
for long stretches, where Python runs no handler, so the wake-up fd wakes a socket notifier.
"""

from __future__ import annotations

import contextlib
import signal
import socket
from collections.abc import Callable, Iterator
from types import FrameType

from PySide6.QtCore import QObject, QSocketNotifier

HANDLED = (signal.SIGINT, signal.SIGTERM)


class Closing(Exception):
    """SIGTERM or SIGINT came during start-up work that is abandoned rather than waited for."""


def remember_signals() -> list[int]:
    """Until a `SignalBridge` takes over, SIGINT and SIGTERM are only noted in the list
    returned, where Python's defaults would kill the app mid-way through opening its data
    folder; the caller closes once it can."""
    received: list[int] = []
    for signum in HANDLED:
        signal.signal(signum, lambda number, frame: received.append(number))
    return received


@contextlib.contextmanager
def closing_at_once(received: list[int]) -> Iterator[None]:
    """Within, SIGINT and SIGTERM are noted in `received` and raise `Closing` wherever this
    thread is: only for work that writes nothing and that Qt does not call back into (the
    window's imports), which is then abandoned mid-way instead of finished first. A signal
    noted before also raises it, on entry; any error once a signal came is its `Closing`."""

    def close(number: int, frame: FrameType | None) -> None:
        received.append(number)
        raise Closing

    previous = {signum: signal.signal(signum, close) for signum in HANDLED}
    try:
        if received:
            raise Closing
        yield
    except Closing:
        raise
    except Exception as error:
        # `Closing` raised inside a library's own Python code may come out as another error
        # (PySide6 building an enum lazily turns it into an AttributeError).
        if received:
            raise Closing from error
        raise
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


class SignalBridge(QObject):
    def __init__(self, on_signal: Callable[[int], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._on_signal = on_signal
        self._reader, self._writer = socket.socketpair()
        self._reader.setblocking(False)
        self._writer.setblocking(False)
        self._previous_fd = signal.set_wakeup_fd(self._writer.fileno())
        self._previous = {signum: signal.signal(signum, _ignore) for signum in HANDLED}
        self._notifier = QSocketNotifier(self._reader.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._drain)

    def _drain(self) -> None:
        try:
            data = self._reader.recv(64)
        except BlockingIOError:
            return
        for signum in data:
            if signum in HANDLED:
                self._on_signal(signum)

    def close(self) -> None:
        self._notifier.setEnabled(False)
        signal.set_wakeup_fd(self._previous_fd)
        for signum, handler in self._previous.items():
            signal.signal(signum, handler)
        self._reader.close()
        self._writer.close()


def _ignore(signum: int, frame: object) -> None:
    """The wake-up fd does the work; this handler only keeps Python from raising."""
