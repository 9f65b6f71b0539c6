"""asyncio on Qt: the event loop, and coroutines started from Qt slots.

qasync's `asyncSlot` keeps no reference to the task it creates, so a task can be garbage
collected mid-flight, and an exception in it only reaches the loop's exception handler.
`BackgroundTasks` keeps every task it starts until it finishes, reports failures through a
signal, and cancels and awaits them all on shutdown.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
from collections.abc import Callable, Coroutine
from typing import Any, ClassVar, TypeVar

from PySide6.QtCore import QObject, QSocketNotifier, Signal
from PySide6.QtWidgets import QApplication

import qasync  # isort: skip  (after PySide6, as qasync requires)

from concierge.ui.loop_turns import ReadyCallbacks
from concierge.ui.socket_watches import SocketWatches

T = TypeVar("T")
Callback = Callable[..., object]
Context = contextvars.Context | None
log = logging.getLogger(__name__)


class QtEventLoop(qasync.QEventLoop):  # type: ignore[misc]  # qasync has no type hints
    """qasync's loop, whose callbacks always find it running: qasync runs them from Qt
    timers whenever Qt processes events, also while `run_forever` is not running (after each
    `run_until_complete`, between pytest-qt's phases), where `asyncio.to_thread` or
    `get_running_loop` in a resumed task raised RuntimeError. Ready callbacks run in turns
    on one Qt timer (`ReadyCallbacks`) in place of qasync's timer per callback, and sockets
    keep their notifiers between waits (`SocketWatches`)."""

    _open: ClassVar[QtEventLoop | None] = None
    """The newest loop not yet closed: the one Qt callbacks start tasks on."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._ready_callbacks = ReadyCallbacks()
        self._readers = SocketWatches(QSocketNotifier.Type.Read, self.call_soon)
        self._writers = SocketWatches(QSocketNotifier.Type.Write, self.call_soon)
        super().__init__(*args, **kwargs)
        QtEventLoop._open = self

    def close(self) -> None:
        super().close()
        self._ready_callbacks.close()
        self._readers.close()
        self._writers.close()
        if QtEventLoop._open is self:
            QtEventLoop._open = None

    def call_soon(self, callback: Callback, *args: Any, context: Context = None) -> asyncio.Handle:
        return self._queue(self._ready_callbacks.add, callback, args, context)

    def call_soon_threadsafe(
        self, callback: Callback, *args: Any, context: Context = None
    ) -> asyncio.Handle:
        return self._queue(self._ready_callbacks.add_threadsafe, callback, args, context)

    def _queue(
        self,
        add: Callable[[asyncio.Handle], None],
        callback: Callback,
        args: tuple[Any, ...],
        context: Context,
    ) -> asyncio.Handle:
        handle = asyncio.Handle(self._as_running, (callback, *args), self, context=context)
        add(handle)
        return handle

    def call_later(
        self,
        delay: float,
        callback: Callable[..., object],
        *args: Any,
        context: contextvars.Context | None = None,
    ) -> asyncio.Handle:
        # qasync's call_at comes here; each delayed callback keeps its own Qt timer.
        handle: asyncio.Handle = super().call_later(
            delay, self._as_running, callback, *args, context=context
        )
        return handle

    def _add_reader(self, fd: Any, callback: Callable[..., object], *args: Any) -> None:
        self._check_closed()
        self._readers.start(_descriptor(fd), callback, args)

    def _remove_reader(self, fd: Any) -> bool:
        return not self.is_closed() and self._readers.stop(_descriptor(fd))

    def _add_writer(self, fd: Any, callback: Callable[..., object], *args: Any) -> None:
        self._check_closed()
        self._writers.start(_descriptor(fd), callback, args)

    def _remove_writer(self, fd: Any) -> bool:
        return not self.is_closed() and self._writers.stop(_descriptor(fd))

    def _as_running(self, callback: Callable[..., object], *args: Any) -> None:
        if asyncio.events._get_running_loop() is not None:
            callback(*args)
            return
        asyncio.events._set_running_loop(self)
        try:
            callback(*args)
        finally:
            asyncio.events._set_running_loop(None)


def _descriptor(fd: Any) -> int:
    """A file descriptor, or an object's (`fileno()`), as asyncio's selectors accept."""
    return fd if isinstance(fd, int) else int(fd.fileno())


def run_with_qt(app: QApplication, main: Coroutine[Any, Any, T]) -> T:
    """Run `main` to completion on a `QtEventLoop` over `app` (Python 3.11's `asyncio.run`
    has no loop factory)."""
    with asyncio.Runner(loop_factory=lambda: QtEventLoop(app)) as runner:
        return runner.run(main)


def task_loop() -> asyncio.AbstractEventLoop:
    """The loop to start a task on: the running one, else the app's open `QtEventLoop`. A Qt
    signal can come while that loop is not running (between `run_until_complete` calls,
    between pytest-qt's phases); a task created there runs once Qt processes events."""
    with contextlib.suppress(RuntimeError):
        return asyncio.get_running_loop()
    if QtEventLoop._open is None:
        raise RuntimeError("No event loop runs, and the Qt loop is closed or never started.")
    return QtEventLoop._open


def loop_running() -> bool:
    """Whether an asyncio loop runs in this thread (Qt can deliver events when none does:
    before start-up, after the loop stopped)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


class BackgroundTasks(QObject):
    """Owns the tasks a widget starts; `failed(name, error)` reports the ones that raised."""

    failed = Signal(str, object)
    """Emitted with the task's name and its exception (cancellation is not a failure)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._closed = False

    def __len__(self) -> int:
        return len(self._tasks)

    @property
    def closed(self) -> bool:
        return self._closed

    def start(self, coro: Coroutine[Any, Any, T], *, name: str) -> asyncio.Task[T]:
        """Run `coro` as a task this object keeps until it ends, on the running loop or,
        from a Qt callback while none runs, on the app's Qt loop (`task_loop`)."""
        try:
            if self._closed:
                raise RuntimeError(f"Cannot start '{name}': the tasks were shut down.")
            loop = task_loop()
        except RuntimeError:
            coro.close()
            raise
        task = loop.create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._finished)
        return task

    def cancel_all(self) -> None:
        for task in tuple(self._tasks):
            task.cancel()

    async def shutdown(self) -> None:
        self._closed = True
        while self._tasks:
            pending = tuple(self._tasks)
            for task in pending:
                task.cancel()
            await asyncio.wait(pending)

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if task.cancelled():
            return
        error = task.exception()
        if error is None:
            return
        log.error("background task %s failed", task.get_name(), exc_info=error)
        with contextlib.suppress(RuntimeError):  # Deleted QObject: the log line remains.
            self.failed.emit(task.get_name(), error)
