"""Garbage collection on the GUI thread only.

Python's cyclic collector runs on whichever thread allocates when a threshold is crossed;
with the database worker and HTTP threads that can be a worker, and freeing Qt objects
there crashes inside Qt. Automatic collection is switched off and a timer collects on the
GUI thread instead (the approach Anki takes).
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

INTERVAL_MS = 1_000


class GuiThreadCollector(QObject):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setInterval(INTERVAL_MS)
        self._timer.timeout.connect(self.collect_if_due)

    def start(self) -> None:
        gc.disable()
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()
        gc.enable()

    def collect_if_due(self) -> None:
        """Collect the generations whose allocation thresholds have been passed."""
        threshold = gc.get_threshold()
        counts = gc.get_count()
        for generation in (2, 1, 0):
            if counts[generation] > threshold[generation]:
                gc.collect(generation)
                break
