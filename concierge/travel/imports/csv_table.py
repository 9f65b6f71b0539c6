"""A CSV file as a table: header and rows, read with a mapping (the first few as the
preview, all of them to import), how it is read said in a sentence, and a mapping as the
command line writes it ("Date=day,Where=place,Notes=ignore")."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from concierge.model.values.amounts import decimal_symbol
from concierge.model.values.dates import pattern_example
from concierge.store.validation import ITEM_RULES
from concierge.text import QT_TRANSLATE_NOOP, TranslatedValueError, joined

from .common import RecordError, record_error
from .csv_items import (
    CSV_FIELDS,
    NO_DATE,
    Conventions,
    conventions,
    detect_columns,
    mapped_columns,
    read_row,
)
from .csv_layout import (
    ENCODINGS,
    SEPARATORS,
    CsvChoices,
    Layout,
    decode,
    layout_of,
    separator_text,
    split_rows,
)
from .model import Candidate, ImportFileError, ParseResult, refuse_over_max
from .sniff import read_file_bytes

PREVIEW_ROWS = 5
"""How many of the first rows the mapping preview reads."""
IGNORE = "ignore"
"""The command line's word for a column left out."""

_ORDERS = {
    "d": QT_TRANSLATE_NOOP("CsvLayout", "day first"),
    "M": QT_TRANSLATE_NOOP("CsvLayout", "month first"),
    "y": QT_TRANSLATE_NOOP("CsvLayout", "year first"),
}
_MARKS = {
    ",": QT_TRANSLATE_NOOP("CsvLayout", "comma"),
    ".": QT_TRANSLATE_NOOP("CsvLayout", "point"),
}


@dataclass(frozen=True, slots=True)
class PreviewRow:
    """One row read with a mapping: its item, or the sentence saying why it cannot be."""

    number: int
    cells: tuple[str, ...]
    candidate: Candidate | None
    error: str = ""


@dataclass(frozen=True, slots=True)
class Preview:
    """The first rows read with a mapping and how its values were read; `problem` is why
    the mapping cannot be used at all (then no row is read)."""

    rows: tuple[PreviewRow, ...]
    found: Conventions
    problem: str = ""


@dataclass(frozen=True, slots=True)
class CsvTable:
    """A CSV file's header and rows, with its text to split again at another separator."""

    file_name: str
    header: tuple[str, ...]
    body: tuple[tuple[str, ...], ...]
    layout: Layout
    text: str

    def with_separator(self, separator: str | None) -> CsvTable:
        """The same text split at `separator` (None: the one found in it)."""
        return table_of(self.text, self.file_name, self.layout.encoding, separator)

    def detected(self) -> dict[str, str]:
        """The mapping its header names suggest (column → item field)."""
        return detect_columns(self.header)

    def columns(self, mapping: Mapping[str, str]) -> dict[str, int]:
        """Each mapped field's column index, or `ImportFileError`; without a date column,
        the sentence says how the header was split, and which separator gives one."""
        try:
            return mapped_columns(mapping, self.header, self.file_name)
        except ImportFileError as error:
            if error.reason != NO_DATE:
                raise
            raise ImportFileError(self.file_name, self._no_date()) from None

    def read(
        self,
        mapping: Mapping[str, str],
        date_pattern: str | None = None,
        date_format: str | None = None,
        limit: int | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> Preview:
        """The first `limit` rows (default all) read with `mapping`; `date_format` is the
        person's choice, `date_pattern` their locale's."""
        try:
            columns = self.columns(mapping)
        except ImportFileError as error:
            found = conventions(self.body, {}, date_pattern, date_format)
            return Preview((), found, error.reason)
        found = conventions(self.body, columns, date_pattern, date_format)
        rows: list[PreviewRow] = []
        body = self.body[:limit]
        for number, cells in enumerate(body, 2):
            try:
                candidate = read_row(cells, columns, self.header, self.file_name, number, found)
                rows.append(PreviewRow(number, cells, candidate))
            except RecordError as error:
                sentence = record_error(self.file_name, f"row {number}", str(error))
                rows.append(PreviewRow(number, cells, None, sentence))
            if progress is not None:
                progress(number - 1, len(body))
        return Preview(tuple(rows), found)

    def preview(
        self,
        mapping: Mapping[str, str],
        date_pattern: str | None = None,
        limit: int = PREVIEW_ROWS,
        date_format: str | None = None,
    ) -> Preview:
        """The first `limit` rows read with `mapping`, as the import would read them."""
        return self.read(mapping, date_pattern, date_format, limit)

    def describe(self, found: Conventions) -> str:
        """How the file is read, in one sentence: its encoding, separator, decimal mark and
        date order, each with where it comes from."""
        mark = found.decimal_mark or decimal_symbol(found.locale)
        pattern = found.date_pattern
        dates = (
            QT_TRANSLATE_NOOP("CsvLayout", "{order}, like {example}").format(
                order=_ORDERS[next(char for char in pattern if char in _ORDERS)],
                example=pattern_example(pattern),
            )
            if pattern
            else QT_TRANSLATE_NOOP(
                "CsvLayout", "numeric ones such as 03/04/2027 are refused until you choose"
            )
        )
        said = QT_TRANSLATE_NOOP(
            "CsvLayout",
            "Read as {encoding}, with a {separator} between cells ({separator_from}); "
            "decimal mark: {mark} ({marks_from}); dates: {dates} ({dates_from}).",
        ).format(
            encoding=ENCODINGS[self.layout.encoding],
            separator=separator_text(self.layout.separator),
            separator_from=self.layout.separator_from.value,
            mark=_MARKS.get(mark, mark),
            marks_from=found.marks_from.value,
            dates=dates,
            dates_from=found.dates_from.value,
        )
        if found.month_language is None:
            return said
        from babel import Locale

        months = QT_TRANSLATE_NOOP("CsvLayout", "Month names in {language}.").format(
            language=Locale.parse(found.month_language).english_name
        )
        return joined(" ", [said, months])

    def _no_date(self) -> str:
        cells = [f"“{cell[:40]}”" for cell in self.header[:8]]
        parts = [
            NO_DATE,
            QT_TRANSLATE_NOOP(
                "CsvLayout",
                "With a {separator} between cells ({separator_from}), its header reads as "
                "{count} column(s): {columns}.",
            ).format(
                separator=separator_text(self.layout.separator),
                separator_from=self.layout.separator_from.value,
                count=len(self.header),
                columns=", ".join(cells) + ("…" if len(self.header) > 8 else ""),
            ),
        ]
        for separator in SEPARATORS:
            if separator == self.layout.separator:
                continue
            header = _header_at(self.text, separator)
            day = next(
                (cell for cell, field in detect_columns(header).items() if field == "day"), None
            )
            if day is not None:
                parts.append(
                    QT_TRANSLATE_NOOP(
                        "CsvLayout",
                        "With a {separator} between cells, column “{column}” gives the date: "
                        "choose that separator (--delimiter on the command line).",
                    ).format(separator=separator_text(separator), column=day)
                )
                break
        return joined(" ", parts)


@lru_cache(maxsize=8)
def _header_at(text: str, separator: str) -> tuple[str, ...]:
    """The first row of `text` split at `separator` (empty when it cannot be split)."""
    try:
        return tuple(next(iter(split_rows(text, separator, "")), []))
    except ImportFileError:
        return ()


def table_of(
    text: str, file_name: str, encoding: str = "utf-8", separator: str | None = None
) -> CsvTable:
    """The table in a file's `text`, split at `separator` (None: the one found in it), or
    `ImportFileError` for one that is empty or too long."""
    layout = layout_of(text, encoding, separator)
    rows = split_rows(text, layout.separator, file_name)
    if not rows:
        raise ImportFileError(file_name, QT_TRANSLATE_NOOP("Import", "it is empty."))
    header, *body = rows
    refuse_over_max(
        file_name,
        len(body),
        QT_TRANSLATE_NOOP("Import", "it has {count:,} rows; at most {max_records:,} are imported."),
    )
    return CsvTable(file_name, tuple(header), tuple(map(tuple, body)), layout, text)


def parse_csv(
    data: bytes,
    file_name: str,
    column_mapping: Mapping[str, str] | None = None,
    date_pattern: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    choices: CsvChoices | None = None,
) -> ParseResult:
    """Every row as a candidate, or one error per bad cell naming its row and column;
    `ImportFileError` for a file or a mapping that cannot be used at all."""
    chosen = choices or CsvChoices()
    text, encoding = decode(data, file_name)
    table = table_of(text, file_name, encoding, chosen.separator)
    mapping = dict(column_mapping) if column_mapping is not None else table.detected()
    read = table.read(mapping, date_pattern, chosen.date_format, progress=progress)
    if read.problem:
        raise ImportFileError(file_name, read.problem)
    unmapped = [cell for cell in table.header if cell not in mapping and cell.strip()]
    warnings = (f"Columns not imported: {', '.join(unmapped)}.",) if unmapped else ()
    return ParseResult(
        file_name,
        tuple(row.candidate for row in read.rows if row.candidate is not None),
        tuple(row.error for row in read.rows if row.error),
        warnings=warnings,
    )


def read_csv_table(path: str | os.PathLike[str], separator: str | None = None) -> CsvTable:
    """The file's header and rows, split at `separator` (None: the one found in it);
    `ImportFileError` for a file that is no usable CSV."""
    file = Path(path)
    text, encoding = decode(read_file_bytes(file), file.name)
    return table_of(text, file.name, encoding, separator)


def mapping_from_text(table: CsvTable, text: str) -> dict[str, str]:
    """The detected mapping changed by `text`'s "Column=field" pairs (a field by name or
    label, or "ignore"); `ValueError` in a sentence for an unknown column or field."""
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
