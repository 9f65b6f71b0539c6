"""Where the GUI thread's time goes, by part: each ChangeBus (and other `Listeners`)
subscriber, each asyncio task or callback on the Qt loop (a view's reload is its task,
"load itinerary"), and each Qt event by kind and receiver (a paint, a view's coalescing
timer). Exclusive times: a bus subscriber called inside a task's step counts for the
subscriber, not the task, so the rows add up to the thread's busy time.

Install it before the services and window are built (subscriptions are wrapped as they are
made); it is bench code and changes nothing in the app.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication

from concierge.agent.listeners import Listeners
from concierge.ui.async_support import QtEventLoop

T = TypeVar("T")

QT_EVENTS_TIMED = frozenset(
    {
        QEvent.Type.Paint,
        QEvent.Type.UpdateRequest,
        QEvent.Type.LayoutRequest,
        QEvent.Type.Resize,
        QEvent.Type.Timer,
        QEvent.Type.MetaCall,
        QEvent.Type.Polish,
        QEvent.Type.LanguageChange,
    }
)
"""The Qt events worth naming; the rest are small and counted under their own kind."""


@dataclass
class Part:
    calls: int = 0
    total: float = 0.0
    """Wall time, which under load includes waiting for a CPU or the GIL."""
    cpu: float = 0.0
    """The thread's CPU time: the part's own cost, whatever the load."""
    worst: float = 0.0
    """The longest single call, wall time: what a probe waiting behind it sees."""
    worst_cpu: float = 0.0
    """The costliest single call in CPU: its own cost, whatever the load."""


class GuiTime:
    """Exclusive GUI-thread time per named part, while `active`."""

    def __init__(self, ignore: Callable[[str], bool] = lambda name: False) -> None:
        self.parts: dict[str, Part] = {}
        self.active = False
        self._ignore = ignore
        self._stack: list[list[float]] = []

    def reset(self) -> None:
        self.parts = {}

    def call(self, name: str, function: Callable[..., T], *args: Any) -> T:
        if not self.active:
            return function(*args)
        frame = [0.0, 0.0]
        self._stack.append(frame)
        started = time.perf_counter()
        started_cpu = time.thread_time()
        try:
            return function(*args)
        finally:
            elapsed = time.perf_counter() - started
            elapsed_cpu = time.thread_time() - started_cpu
            self._stack.pop()
            if self._stack:
                self._stack[-1][0] += elapsed
                self._stack[-1][1] += elapsed_cpu
            if not self._ignore(name):
                part = self.parts.setdefault(name, Part())
                own = elapsed - frame[0]
                part.calls += 1
                part.total += own
                own_cpu = elapsed_cpu - frame[1]
                part.cpu += own_cpu
                part.worst = max(part.worst, own)
                part.worst_cpu = max(part.worst_cpu, own_cpu)

    @contextmanager
    def installed(self) -> Iterator[None]:
        """Wrap `Listeners.subscribe` and the Qt loop's callbacks (see `TimedApplication`
        for Qt's events) while the block runs."""
        subscribe = Listeners.subscribe
        as_running = QtEventLoop._as_running
        clock = self

        def timed_subscribe(
            listeners: Listeners[Any], listener: Callable[[Any], None]
        ) -> Callable[[], None]:
            name = f"{listeners._name}: {_describe(listener)}"
            return subscribe(listeners, lambda value: clock.call(name, listener, value))

        def timed_as_running(
            loop: QtEventLoop, callback: Callable[..., object], *args: Any
        ) -> None:
            clock.call(_callback_name(callback), as_running, loop, callback, *args)

        Listeners.subscribe = timed_subscribe  # type: ignore[method-assign,assignment]
        QtEventLoop._as_running = timed_as_running  # type: ignore[method-assign,assignment]
        try:
            yield
        finally:
            Listeners.subscribe = subscribe  # type: ignore[method-assign]
            QtEventLoop._as_running = as_running  # type: ignore[method-assign]


class TimedApplication(QApplication):
    """A QApplication whose `notify` counts Qt's events on `clock` (bench only: a Python
    `notify` costs a little on every event)."""

    clock: GuiTime | None = None

    def notify(self, receiver: QObject, event: QEvent) -> bool:
        clock = self.clock
        if clock is None or not clock.active:
            return super().notify(receiver, event)
        kind = event.type()
        if kind not in QT_EVENTS_TIMED:
            return clock.call(f"Qt {kind.name}", super().notify, receiver, event)
        owner = receiver.parent() if isinstance(receiver, QTimer) else receiver
        what = type(owner).__name__ if owner is not None else receiver.objectName()
        name = f"Qt {kind.name} {what}"
        return clock.call(name, super().notify, receiver, event)


def busiest(parts: dict[str, Part], count: int) -> list[tuple[str, Part]]:
    return sorted(parts.items(), key=lambda item: -item[1].cpu)[:count]


def _describe(listener: Callable[..., object]) -> str:
    owner = getattr(listener, "__self__", None)
    name = getattr(listener, "__name__", type(listener).__name__)
    return f"{type(owner).__name__}.{name}" if owner is not None else name


def _callback_name(callback: Callable[..., object]) -> str:
    """A task's steps by the task's name; other callbacks by what they are."""
    owner = getattr(callback, "__self__", None)
    if isinstance(owner, asyncio.Task):
        name = owner.get_name()
        if name.startswith("Task-"):
            name = getattr(owner.get_coro(), "__qualname__", name)
        return f"task {name}"
    return f"callback {getattr(callback, '__qualname__', type(callback).__name__)}"
