"""Importing files into the trip's review queue from the window, one after another, parsed
on a worker thread while a progress bar with Cancel sits in the status bar."""

from __future__ import annotations

import asyncio
import importlib
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QLocale, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

from concierge.store import ImportQueue, StoreError
from concierge.text import QT_TRANSLATE_NOOP
from concierge.travel.errors import TravelError
from concierge.ui.async_support import BackgroundTasks
from concierge.ui.i18n import shown_error, translate

if TYPE_CHECKING:
    from concierge.travel.imports import CsvChoices

IMPORTER = "concierge.travel.edits.import_files"
"""The reading of files and their parsers: loaded, off the event loop, at the first import."""
IMPORT_FILTER = QT_TRANSLATE_NOOP(
    "ImportRunner", "Bookings (*.ics *.pkpass *.eml *.pdf *.csv *.tsv *.txt);;All files (*)"
)
"""The file dialog's filters; shown with `shown(IMPORT_FILTER)`."""


def date_pattern() -> str:
    """The locale's short date pattern, how a CSV file's dates are read besides ISO."""
    return QLocale().dateFormat(QLocale.FormatType.ShortFormat)


class ImportRunner(QWidget):
    """The status bar's import progress; hidden while nothing is imported."""

    imported = Signal(object)
    """A file's records were queued, or a PDF's text read: the `FileImport`."""
    refused = Signal(str)
    """A file was not imported: the sentence naming it and why."""
    task_failed = Signal(str, object)

    def __init__(self, queue: ImportQueue, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("importProgress")
        self.queue = queue
        self.tasks = BackgroundTasks(self)
        self.tasks.failed.connect(self.task_failed)
        self.label = QLabel(self)
        self.bar = QProgressBar(self)
        self.bar.setAccessibleName(translate("ImportRunner", "Import progress"))
        self.bar.setMaximumWidth(160)
        self.cancel_button = QPushButton(translate("ImportRunner", "Cancel"), self)
        self.cancel_button.setAccessibleName(translate("ImportRunner", "Cancel the import"))
        self.cancel_button.clicked.connect(self.cancel)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.bar)
        layout.addWidget(self.cancel_button)
        self._waiting: list[tuple[str, Path, Mapping[str, str] | None, CsvChoices | None]] = []
        self._cancel: threading.Event | None = None
        self.setVisible(False)

    @property
    def busy(self) -> bool:
        return self._cancel is not None or bool(self._waiting)

    def import_paths(
        self,
        trip_id: str,
        paths: Sequence[Path],
        column_mapping: Mapping[str, str] | None = None,
        csv_choices: CsvChoices | None = None,
    ) -> None:
        """Import `paths` into the trip's queue, after any files still importing; a CSV
        file's choices are None where detected."""
        start = not self.busy
        self._waiting.extend((trip_id, path, column_mapping, csv_choices) for path in paths)
        if start and self._waiting:
            self.tasks.start(self._run(), name="import files")

    def cancel(self) -> None:
        """Stop the file being read (nothing of it is queued) and drop the ones waiting."""
        self._waiting.clear()
        if self._cancel is not None:
            self._cancel.set()

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        self.setVisible(True)
        try:
            await asyncio.to_thread(importlib.import_module, IMPORTER)
            from concierge.travel.edits.import_files import import_file

            while self._waiting:
                trip_id, path, mapping, choices = self._waiting.pop(0)
                self._cancel = cancel = threading.Event()
                self.label.setText(
                    translate("ImportRunner", "Importing {name}…").format(name=path.name)
                )
                self.bar.setRange(0, 0)
                progress = _on_loop(loop, self._show_progress)
                try:
                    done = await import_file(
                        self.queue,
                        trip_id,
                        path,
                        progress=progress,
                        cancel=cancel,
                        date_pattern=date_pattern(),
                        column_mapping=mapping,
                        csv_choices=choices,
                    )
                except (TravelError, StoreError) as error:  # ImportCancelled too
                    self.refused.emit(shown_error(error))
                    continue
                finally:
                    self._cancel = None
                self.imported.emit(done)
        finally:
            self.setVisible(False)

    def _show_progress(self, done: int, total: int) -> None:
        if total > 0:
            self.bar.setRange(0, total)
            self.bar.setValue(min(done, total))

    async def shutdown(self) -> None:
        self.cancel()
        await self.tasks.shutdown()


def _on_loop(
    loop: asyncio.AbstractEventLoop, show: Callable[[int, int], None]
) -> Callable[[int, int], None]:
    """A progress report from the parsing thread, shown on the event loop's thread."""

    def report(done: int, total: int) -> None:
        loop.call_soon_threadsafe(show, done, total)

    return report
