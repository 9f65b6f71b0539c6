"""How a kind, running in a worker thread, reports progress and learns it was cancelled,
and which of its reports are written to the job's row."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable

from .errors import LookupCancelled

ProgressSink = Callable[[float, str], None]
"""Receives (fraction done 0–1, status line); must be safe to call from any thread."""


class Progress:
    """Handed to a kind's `run`: `report` forwards progress and raises `LookupCancelled`
    once `cancel` was called, so a long loop stops at its next step."""

    def __init__(self, sink: ProgressSink | None = None) -> None:
        self._sink = sink
        self._cancelled = threading.Event()

    def report(self, fraction: float, status_line: str) -> None:
        self.check()
        if self._sink is not None:
            self._sink(min(1.0, max(0.0, fraction)), status_line)

    def check(self) -> None:
        if self._cancelled.is_set():
            raise LookupCancelled

    def cancel(self) -> None:
        self._cancelled.set()

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()


MIN_STEP = 0.05
"""A progress write between start and finish moves the bar by at least this much (or says
something new): smaller moves are not worth a database write."""


class ProgressWrites:
    """Which of one running job's progress reports reach its row: a write per report made five
    running lookups hold up the GUI thread. Writes are at least `interval` apart; the rest goes into
    the final write."""

    def __init__(
        self,
        write: Callable[[float, str], Awaitable[object]],
        interval: float,
        *,
        step: float = MIN_STEP,
    ) -> None:
        self._write = write
        self._interval = interval
        self._step = step
        self._loop = asyncio.get_running_loop()
        self._last_write = self._loop.time()
        self._written: tuple[float, str] = (0.0, "")
        self._latest: tuple[float, str] | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._closed = False
        self.in_flight: set[asyncio.Task[object]] = set()
        """Writes in flight; await them before reading the job back."""

    def report(self, fraction: float, status_line: str) -> None:
        if self._closed:
            return
        self._latest = (fraction, status_line)
        self._consider()

    def unwritten(self) -> float | None:
        """Stop writing; the latest reported fraction if it was never written, else None."""
        self._closed = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        latest = self._latest
        return latest[0] if latest is not None and latest != self._written else None

    def _consider(self) -> None:
        latest = self._latest
        if self._closed or latest is None or not self._worth_writing(latest):
            return
        wait = self._last_write + self._interval - self._loop.time()
        if wait > 0:
            if self._timer is None:
                self._timer = self._loop.call_later(wait, self._on_timer)
            return
        self._last_write = self._loop.time()
        self._written = latest
        task = asyncio.ensure_future(self._write(*latest))
        self.in_flight.add(task)
        task.add_done_callback(self.in_flight.discard)

    def _on_timer(self) -> None:
        self._timer = None
        self._consider()

    def _worth_writing(self, report: tuple[float, str]) -> bool:
        fraction, line = report
        written_fraction, written_line = self._written
        return line != written_line or fraction - written_fraction >= self._step
