"""A CSV file's columns and first rows, for choosing which item field each column fills
before importing it: the mapping detected from the header, a preview of the first rows read
with a mapping (each row's item or its error), and a mapping written as text for the command
line ("Date=day,Where=place,Notes=ignore")."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from concierge.store.validation import ITEM_RULES
from concierge.text import QT_TRANSLATE_NOOP, TranslatedValueError

from .common import RecordError, record_error
from .csv_items import (
    CSV_FIELDS,
    conventions,
    detect_columns,
    mapped_columns,
    read_row,
    read_rows,
)
from .model import Candidate, ImportFileError

PREVIEW_ROWS = 5
"""How many of the first rows the mapping preview reads."""
IGNORE = "ignore"
"""The command line's word for a column left out."""


@dataclass(frozen=True, slots=True)
class PreviewRow:
    """One row read with a mapping: its item (with the reader's warnings), or the sentence
    saying why it cannot be."""

    number: int
    cells: tuple[str, ...]
    candidate: Candidate | None
    error: str = ""


@dataclass(frozen=True, slots=True)
class Preview:
    """The first rows read with a mapping; `problem` is why the mapping cannot be used at
    all (no date column, say), and then no row is read."""

    rows: tuple[PreviewRow, ...]
    problem: str = ""


@dataclass(frozen=True, slots=True)
class CsvTable:
    """A CSV file's header and rows (read once, previewed under many mappings)."""

    file_name: str
    header: tuple[str, ...]
    body: tuple[tuple[str, ...], ...]

    def detected(self) -> dict[str, str]:
        """The mapping its header names suggest (column → item field)."""
        return detect_columns(self.header)

    def preview(
        self,
        mapping: Mapping[str, str],
        date_pattern: str | None = None,
        limit: int = PREVIEW_ROWS,
    ) -> Preview:
        """The first `limit` rows read with `mapping`, as the import would read them."""
        try:
            columns = mapped_columns(mapping, self.header, self.file_name)
        except ImportFileError as error:
            return Preview((), error.reason)
        rows: list[PreviewRow] = []
        found = conventions(self.body, columns, date_pattern)
        for number, cells in enumerate(self.body[:limit], 2):
            try:
                candidate = read_row(cells, columns, self.header, self.file_name, number, found)
            except RecordError as error:
                sentence = record_error(self.file_name, f"row {number}", str(error))
                rows.append(PreviewRow(number, cells, None, sentence))
                continue
            rows.append(PreviewRow(number, cells, candidate))
        return Preview(tuple(rows))


def read_csv_table(path: str | os.PathLike[str]) -> CsvTable:
    """The file's header and rows; `ImportFileError` for a file that is no usable CSV."""
    from . import read_file_bytes

    file = Path(path)
    header, body = read_rows(read_file_bytes(file), file.name)
    return CsvTable(file.name, tuple(header), tuple(tuple(row) for row in body))


def mapping_from_text(table: CsvTable, text: str) -> dict[str, str]:
    """The detected mapping changed by `text`, "Column=field" pairs split by commas, a field
    named by its name or label, or "ignore" to leave the column out. A column or field that
    does not exist raises `ValueError` in a sentence."""
    mapping = table.detected()
    fields = {name.casefold(): name for name in CSV_FIELDS}
    fields |= {ITEM_RULES[name].label.casefold(): name for name in CSV_FIELDS}
    for pair in (part.strip() for part in text.split(",")):
        if not pair:
            continue
        column, equals, wanted = (piece.strip() for piece in pair.partition("="))
        if not equals or not column:
            raise TranslatedValueError(
                QT_TRANSLATE_NOOP(
                    "Import", "“{pair}” is not Column=field (e.g. Date=day or Notes=ignore)."
                ).format(pair=pair)
            )
        if column not in table.header:
            raise TranslatedValueError(
                QT_TRANSLATE_NOOP(
                    "Import", "{file_name} has no column “{column}” (its columns: {join})."
                ).format(file_name=table.file_name, column=column, join=", ".join(table.header))
            )
        if wanted.casefold() in ("", IGNORE):
            mapping.pop(column, None)
            continue
        field = fields.get(wanted.casefold())
        if field is None:
            raise TranslatedValueError(
                QT_TRANSLATE_NOOP(
                    "Import", "“{wanted}” is not an item field (fields: {join}, or {ignore})."
                ).format(wanted=wanted, join=", ".join(CSV_FIELDS), ignore=IGNORE)
            )
        mapping = {cell: name for cell, name in mapping.items() if name != field}
        mapping[column] = field
    return mapping


def mapping_text(mapping: Mapping[str, str], header: Sequence[str]) -> str:
    """The mapping in the command line's words, in the file's column order."""
    return ",".join(f"{cell}={mapping.get(cell, IGNORE)}" for cell in header)
