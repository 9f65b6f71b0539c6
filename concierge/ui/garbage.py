"""Garbage collection on the GUI thread only, and cheap.

Python's cyclic collector runs on whichever thread allocates when a threshold is crossed,
which can be a worker, and freeing Qt objects there crashes inside Qt; so a timer collects
on the GUI thread instead (the approach Anki takes). A full pass takes about 300 ms, so what
is alive after start-up is frozen out of collection and full passes run at most once a
minute; young passes run ten times a second, each then too short to drop a frame.
"""

from __future__ import annotations

import gc
import time

from PySide6.QtCore import QObject, QTimer

INTERVAL_MS = 100
FULL_COLLECTION_SECONDS = 60.0
YOUNG_PASSES_PER_MIDDLE = 3
"""A middle-generation pass walks what survived the young passes since the last one: after
Python's ten that took up to 20 ms here; after three, about a third of that."""


class GuiThreadCollector(QObject):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setInterval(INTERVAL_MS)
        self._timer.timeout.connect(self.collect_if_due)
        self._last_full = time.monotonic()

    def start(self) -> None:
        gc.disable()
        self._timer.start()

    def freeze(self) -> None:
        """Call once start-up has built its long-lived objects: they are never scanned again."""
        gc.collect()
        gc.freeze()
        self._last_full = time.monotonic()

    def stop(self) -> None:
        self._timer.stop()
        gc.unfreeze()
        gc.enable()

    def collect_if_due(self) -> None:
        """Collect the oldest generation that is due."""
        threshold = gc.get_threshold()
        counts = gc.get_count()
        if counts[2] > threshold[2] and (
            time.monotonic() - self._last_full >= FULL_COLLECTION_SECONDS
        ):
            gc.collect(2)
            self._last_full = time.monotonic()
        elif counts[1] >= YOUNG_PASSES_PER_MIDDLE:
            gc.collect(1)
        elif counts[0] > threshold[0]:
            gc.collect(0)
