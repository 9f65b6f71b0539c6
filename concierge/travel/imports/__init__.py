"""Bookings brought in from files: calendars (.ics), wallet passes (.pkpass), saved e-mails
with schema.org reservations (.eml), PDFs (their text, for the assistant) and CSV item lists.
`parse_file` only proposes; the review queue decides what becomes an item."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path

from .csv_items import CSV_FIELDS as CSV_FIELDS
from .csv_items import detect_columns as detect_columns
from .csv_layout import CsvChoices as CsvChoices
from .model import MAX_FILE_BYTES as MAX_FILE_BYTES
from .model import MAX_PDF_BYTES as MAX_PDF_BYTES
from .model import Candidate as Candidate
from .model import ImportFileError as ImportFileError
from .model import ParseResult as ParseResult
from .model import PdfText as PdfText
from .sniff import FORMATS as FORMATS
from .sniff import file_format, read_bytes
from .sniff import read_file_bytes as read_file_bytes


def parse_file(
    path: str | os.PathLike[str],
    *,
    column_mapping: Mapping[str, str] | None = None,
    date_pattern: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    csv_choices: CsvChoices | None = None,
) -> ParseResult:
    """What the file proposes, by its content (and its extension where content cannot tell).
    `column_mapping` (file header → item field) and `date_pattern` (the locale's short date
    pattern, such as "dd/MM/yyyy") and `csv_choices` (the separator and date format a person
    chose) apply to CSV; `progress(done, total)` is called as records
    or pages are read (not for a wallet pass, one record), on the calling thread, and what it
    raises (a cancel) passes through untouched. Raises `ImportFileError` for a file that
    cannot be imported at all."""
    from .csv_table import parse_csv
    from .eml import parse_eml
    from .ics import parse_ics
    from .pdf import parse_pdf
    from .pkpass import parse_pkpass

    file = Path(path)
    name = file.name
    kind = file_format(file)
    if kind == "pdf":
        return parse_pdf(file, name, progress)
    data = read_bytes(file, name)
    if kind == "ics":
        return parse_ics(data, name, progress)
    if kind == "pkpass":
        return parse_pkpass(data, name)
    if kind == "eml":
        return parse_eml(data, name, progress)
    return parse_csv(data, name, column_mapping, date_pattern, progress, csv_choices)


def is_csv(path: str | os.PathLike[str]) -> bool:
    """Whether `parse_file` would read the file as CSV (False for one it cannot read)."""
    try:
        return file_format(Path(path)) == "csv"
    except ImportFileError:
        return False
