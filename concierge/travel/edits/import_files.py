"""Importing one booking file into a trip's review queue, the same for the window and the command
line: a file with one unusable record is refused whole, its problems listed."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from concierge.store import (
    ImportQueue,
    ImportRefused,
    Incoming,
    QueuedCandidate,
    RecordError,
    StopRepository,
)

from ..errors import TravelError
from ..imports.csv_layout import CsvChoices
from ..imports.model import ParseResult, PdfText
from ..imports.moments import at_stops
from ..itinerary.item_zones import TripZones

Progress = Callable[[int, int], None]
"""(done, total) records or pages; called on the parsing thread."""


class ImportCancelled(TravelError):
    """The person stopped an import before anything was queued."""

    def __init__(self, file_name: str) -> None:
        super().__init__(f"The import of {file_name} was cancelled; nothing was imported.")
        self.file_name = file_name


@dataclass(frozen=True, slots=True)
class FileImport:
    """What importing one file did: the records queued, or the text of a PDF."""

    file_name: str
    queued: tuple[QueuedCandidate, ...] = ()
    pdf: PdfText | None = None
    warnings: tuple[str, ...] = ()

    @property
    def duplicates(self) -> int:
        return sum(1 for candidate in self.queued if candidate.is_duplicate)

    def summary(self) -> str:
        """One sentence: what was queued, and how many seem to be there already."""
        if self.pdf is not None:
            return f"Read {len(self.pdf.pages)} page(s) of {self.file_name} for the assistant."
        count = len(self.queued)
        text = f"Queued {count} record{'s' if count != 1 else ''} from {self.file_name} for review"
        if self.duplicates:
            text += f" ({self.duplicates} seem{'s' if self.duplicates == 1 else ''} a duplicate)"
        return text + "."


def records_of(result: ParseResult) -> list[Incoming]:
    return [
        Incoming(candidate.item_fields(), candidate.source_ref, candidate.warnings)
        for candidate in result.candidates
    ]


def warnings_of(result: ParseResult) -> tuple[str, ...]:
    per_record = tuple(
        f"{candidate.source_ref}: {warning}"
        for candidate in result.candidates
        for warning in candidate.warnings
    )
    return (*result.warnings, *per_record)


async def queue_result(queue: ImportQueue, trip_id: str, result: ParseResult) -> FileImport:
    """Queue all of a file's records, or nothing (`ImportRefused`) when any was unusable; a PDF's
    text is handed back, nothing queued."""
    if result.pdf is not None:
        return FileImport(result.file_name, pdf=result.pdf, warnings=result.warnings)
    if result.errors:
        raise ImportRefused(result.file_name, [RecordError("", error) for error in result.errors])
    stops = await StopRepository(queue.database, queue.bus).stops(trip_id)
    result = at_stops(result, TripZones.of(stops))
    queued = await queue.queue(trip_id, result.file_name, records_of(result))
    return FileImport(result.file_name, tuple(queued), warnings=warnings_of(result))


async def import_file(
    queue: ImportQueue,
    trip_id: str,
    path: Path,
    *,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
    date_pattern: str | None = None,
    column_mapping: Mapping[str, str] | None = None,
    csv_choices: CsvChoices | None = None,
) -> FileImport:
    """Parse `path` on a worker thread and queue its records; `ImportFileError`,
    `ImportRefused` or `ImportCancelled` (when `cancel` was set before anything was queued:
    the parse stops at its next progress report). `date_pattern`, `column_mapping` (None: from
    its header) and `csv_choices` (the separator and date format chosen; None: detected) read
    a CSV file."""
    from ..imports import parse_file

    def report(done: int, total: int) -> None:
        _stop_if_cancelled(cancel, path)
        if progress is not None:
            progress(done, total)

    def parse() -> ParseResult:
        try:
            return parse_file(
                path,
                progress=report,
                date_pattern=date_pattern,
                column_mapping=column_mapping,
                csv_choices=csv_choices,
            )
        except Exception:
            # A parser may wrap what the report raised as a damaged file: cancelled is cancelled.
            _stop_if_cancelled(cancel, path)
            raise

    result = await asyncio.to_thread(parse)
    _stop_if_cancelled(cancel, path)
    return await queue_result(queue, trip_id, result)


def _stop_if_cancelled(cancel: threading.Event | None, path: Path) -> None:
    if cancel is not None and cancel.is_set():
        raise ImportCancelled(path.name) from None


PDF_REQUEST = (
    "I imported the PDF “{name}”. Its text follows{cut}. Please propose the itinerary items "
    "it holds (flights, trains, hotels, events, reservations) with their local times, time "
    "zones and booking codes, and add them with your tools; say which parts you could not read."
)


def pdf_message(pdf: PdfText) -> str:
    """The chat message that hands a PDF's text to the assistant."""
    cut = " (shortened: it is longer than what is kept)" if pdf.truncated else ""
    return PDF_REQUEST.format(name=pdf.file_name, cut=cut) + "\n\n" + pdf.text
