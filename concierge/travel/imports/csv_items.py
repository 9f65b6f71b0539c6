"""Itinerary items from a spreadsheet's CSV: the header row is mapped to item fields by names
and declared aliases (or by the mapping a person chose), each row read by its field rules;
a bad cell drops its row with a sentence naming the row and the column."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from concierge.model.kinds import ITEM_KINDS
from concierge.model.values import (
    AmountError,
    date_pattern_of,
    decimal_mark_of,
    read_amount,
    read_date,
    read_typed_date,
)
from concierge.store import ItemKind
from concierge.store.validation import ITEM_RULES
from concierge.text import QT_TRANSLATE_NOOP, TranslatedValueError
from concierge.travel.locale.app_locale import app_locale

from .common import RecordError, finish, guess_kind, record_error
from .model import MAX_RECORDS, Candidate, ImportFileError, ParseResult

CSV_FIELDS: tuple[str, ...] = tuple(ITEM_RULES)
"""The item fields a CSV column can fill: every one the item declares, in its order (a column
is known by a field's name, its label and its declared aliases)."""


def _kind_named(name: str) -> ItemKind | None:
    """The kind a CSV's kind column names: its value (its title, any case) or one of its
    CSV names."""
    for row in ITEM_KINDS:
        if name in (row.value, *row.csv_names):
            return row.kind
    return None


@dataclass(frozen=True, slots=True)
class Conventions:
    """How one file writes its dates and amounts: what its columns show (a file keeps one
    convention, so "14.05.2026" in one row says how "05.06.2026" in another reads), else
    the person's locale (`date_pattern` as the window passes it, `locale` the app's)."""

    date_pattern: str | None = None
    decimal_mark: str | None = None
    locale: str | None = None


def conventions(
    body: Sequence[Sequence[str]], columns: Mapping[str, int], date_pattern: str | None = None
) -> Conventions:
    """The conventions of a file's `body` read with these `columns`."""

    def cells(*fields: str) -> list[str]:
        indexes = [columns[field] for field in fields if field in columns]
        return [row[index] for row in body for index in indexes if index < len(row)]

    return Conventions(
        date_pattern_of(cells("day", "end_day")) or date_pattern,
        decimal_mark_of(cells("cost_amount")),
        app_locale(),
    )


def _normal(header: str) -> str:
    return " ".join(re.sub(r"[_\-/.()]+", " ", header.lower()).replace("-", " ").split())


def detect_columns(header: Sequence[str]) -> dict[str, str]:
    """Each header cell that names an item field, mapped to it (first column wins)."""
    by_name = {alias: field for field, rule in ITEM_RULES.items() for alias in rule.aliases}
    by_name |= {_normal(field): field for field in ITEM_RULES}
    by_name |= {_normal(rule.label): field for field, rule in ITEM_RULES.items()}
    mapping: dict[str, str] = {}
    for cell in header:
        field = by_name.get(_normal(cell))
        if field is not None and field not in mapping.values():
            mapping[cell] = field
    return mapping


def parse_csv(
    data: bytes,
    file_name: str,
    column_mapping: Mapping[str, str] | None = None,
    date_pattern: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> ParseResult:
    """Every row as a candidate, or one error per bad cell naming its row and column."""
    header, body = read_rows(data, file_name)
    mapping = dict(column_mapping) if column_mapping is not None else detect_columns(header)
    columns = mapped_columns(mapping, header, file_name)
    candidates: list[Candidate] = []
    errors: list[str] = []
    found = conventions(body, columns, date_pattern)
    for number, row in enumerate(body, 2):
        try:
            candidates.append(read_row(row, columns, header, file_name, number, found))
        except RecordError as error:
            errors.append(record_error(file_name, f"row {number}", str(error)))
        if progress is not None:
            progress(number - 1, len(body))
    unmapped = [cell for cell in header if cell not in mapping and cell.strip()]
    warnings = (f"Columns not imported: {', '.join(unmapped)}.",) if unmapped else ()
    return ParseResult(file_name, tuple(candidates), tuple(errors), warnings=warnings)


def read_rows(data: bytes, file_name: str) -> tuple[list[str], list[list[str]]]:
    """The header row and the rows under it (blank rows left out), or `ImportFileError`."""
    try:
        content = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ImportFileError(
            file_name,
            QT_TRANSLATE_NOOP(
                "Import", "it is not UTF-8 text (byte {value}); save it as UTF-8 CSV."
            ).format(value=error.start + 1),
        ) from None
    if "\0" in content:
        raise ImportFileError(
            file_name, QT_TRANSLATE_NOOP("Import", "it is binary data, not CSV text.")
        )
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(
            content[:8192], delimiters=",;\t|"
        )
    except csv.Error:
        dialect = csv.excel
    try:
        rows = list(csv.reader(io.StringIO(content), dialect))
    except csv.Error as error:
        raise ImportFileError(
            file_name,
            QT_TRANSLATE_NOOP("Import", "it is not valid CSV ({error}).").format(error=error),
        ) from None
    rows = [row for row in rows if any(cell.strip() for cell in row)]
    if not rows:
        raise ImportFileError(file_name, QT_TRANSLATE_NOOP("Import", "it is empty."))
    header, body = rows[0], rows[1:]
    if len(body) > MAX_RECORDS:
        raise ImportFileError(
            file_name,
            QT_TRANSLATE_NOOP(
                "Import", "it has {count:,} rows; at most {max_records:,} are imported."
            ).format(count=len(body), max_records=MAX_RECORDS),
        )
    return header, body


def mapped_columns(
    mapping: Mapping[str, str], header: Sequence[str], file_name: str
) -> dict[str, int]:
    """Each mapped field's column index; `ImportFileError` for a mapping that cannot be used
    (an unknown column or field, a field twice, no date)."""
    _check_mapping(mapping, header, file_name)
    columns = {field: header.index(cell) for cell, field in mapping.items()}
    if "day" not in columns:
        raise ImportFileError(
            file_name,
            QT_TRANSLATE_NOOP(
                "Import", "no column gives the date (name one Date, or map a column to the day)."
            ),
        )
    return columns


def read_row(
    row: Sequence[str],
    columns: Mapping[str, int],
    header: Sequence[str],
    file_name: str,
    number: int,
    found: Conventions = Conventions(),
) -> Candidate:
    """Row `number` (the file's line, the header being 1) as a candidate, or `RecordError`;
    `found` is how the file writes its values (see `conventions`)."""
    return finish(_candidate(row, columns, header, file_name, f"row {number}", found))


def _check_mapping(mapping: Mapping[str, str], header: Sequence[str], file_name: str) -> None:
    for cell, field in mapping.items():
        if cell not in header:
            raise ImportFileError(
                file_name,
                QT_TRANSLATE_NOOP("Import", "it has no column {cell!r} to map to {field}.").format(
                    cell=cell, field=field
                ),
            )
        if field not in CSV_FIELDS:
            raise ImportFileError(
                file_name,
                QT_TRANSLATE_NOOP(
                    "Import",
                    "column {cell!r} is mapped to {field!r}, which is not an item field ({join}).",
                ).format(cell=cell, field=field, join=", ".join(CSV_FIELDS)),
            )
    fields = list(mapping.values())
    if doubled := sorted({field for field in fields if fields.count(field) > 1}):
        raise ImportFileError(
            file_name,
            QT_TRANSLATE_NOOP("Import", "more than one column is mapped to {doubled}.").format(
                doubled=doubled[0]
            ),
        )


def _read_day(text: str, pattern: str | None) -> date:
    if pattern:
        return read_typed_date(text, pattern, app_locale())
    return read_date(text, app_locale())


def _candidate(
    row: Sequence[str],
    columns: Mapping[str, int],
    header: Sequence[str],
    file_name: str,
    ref: str,
    found: Conventions,
) -> Candidate:
    values: dict[str, object] = {}
    warnings: list[str] = []
    named_currency: str | None = None
    for field, index in columns.items():
        raw = row[index].strip() if index < len(row) else ""
        if not raw:
            continue
        column = header[index]
        try:
            if field in ("day", "end_day"):
                values[field] = _read_day(raw, found.date_pattern)
            elif field == "kind":
                kind = _kind_named(raw.lower())
                if kind is None:
                    names = ", ".join(ITEM_KINDS.values())
                    raise TranslatedValueError(
                        QT_TRANSLATE_NOOP(
                            "Import", "{raw!r} is not a kind of item ({names})"
                        ).format(raw=raw, names=names)
                    )
                values[field] = kind
            elif field == "cost_amount":
                try:
                    amount = read_amount(raw, found.locale, decimal_mark=found.decimal_mark)
                except AmountError as error:
                    warnings.append(f"The cost was left out: {str(error).rstrip('.')}.")
                    continue
                named_currency = amount.currency
                values[field] = ITEM_RULES[field].parse(ITEM_RULES[field].label, amount.value)
            else:
                values[field] = ITEM_RULES[field].parse(ITEM_RULES[field].label, raw)
        except ValueError as error:  # a DateTextError too
            raise RecordError(
                QT_TRANSLATE_NOOP("Import", "column {column!r}: {rstrip}").format(
                    column=column, rstrip=str(error).rstrip(".")
                )
            ) from None
    if "day" not in values:
        raise RecordError(
            QT_TRANSLATE_NOOP("Import", "column {header!r}: it has no date").format(
                header=header[columns["day"]]
            )
        )
    title = str(values.get("title", ""))
    if not isinstance(values.get("kind"), ItemKind):
        values["kind"] = guess_kind(title, str(values.get("notes", ""))) or ItemKind.ACTIVITY
    values.setdefault("title", "")
    if named_currency is not None and "cost_amount" in values:
        values.setdefault("cost_currency", named_currency)
    return Candidate(source_file=file_name, source_ref=ref, warnings=tuple(warnings), **values)
