"""How a kind, running in a worker thread, reports progress and learns it was cancelled."""

from __future__ import annotations

import threading
from collections.abc import Callable

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
