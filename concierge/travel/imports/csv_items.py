"""Itinerary items from a spreadsheet's CSV: the header row is mapped to item fields by names
and declared aliases (or by the mapping a person chose), each row read by its field rules;
a bad cell drops its row with a sentence naming the row and the column."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from concierge.model.kinds import ITEM_KINDS
from concierge.model.values import (
    Amount,
    AmountError,
    DateTextError,
    date_pattern_of,
    decimal_mark_of,
    month_language_of,
    read_amount,
    read_date,
    read_typed_date,
)
from concierge.store import ItemKind
from concierge.store.validation import ITEM_RULES
from concierge.text import QT_TRANSLATE_NOOP, TranslatedValueError
from concierge.travel.locale.app_locale import app_locale

from .common import RecordError, finish, guess_kind
from .csv_layout import Evidence
from .model import Candidate, ImportFileError

CSV_FIELDS: tuple[str, ...] = tuple(ITEM_RULES)
"""The item fields a CSV column can fill."""


def _kind_named(name: str) -> ItemKind | None:
    """The kind a CSV's kind column names: its value or one of its CSV names."""
    for row in ITEM_KINDS:
        if name in (row.value, *row.csv_names):
            return row.kind
    return None


@dataclass(frozen=True, slots=True)
class Conventions:
    """How one file writes its dates and amounts: as chosen, else what its columns show (a
    file keeps one convention, so "14.05.2026" says how "05.06.2026" reads), else the
    person's locale; `dates_from` and `marks_from` say which."""

    date_pattern: str | None = None
    decimal_mark: str | None = None
    locale: str | None = None
    dates_from: Evidence = Evidence.NONE
    marks_from: Evidence = Evidence.LOCALE
    month_language: str | None = None
    """The file's month names' language, when neither English nor the app's."""

    @property
    def dates_locale(self) -> str | None:
        """The locale whose month names (with English's) read the file's dates."""
        return self.month_language or self.locale


def conventions(
    body: Sequence[Sequence[str]],
    columns: Mapping[str, int],
    date_pattern: str | None = None,
    date_format: str | None = None,
) -> Conventions:
    """The conventions of a file's `body` read with these `columns`."""

    def cells(*fields: str) -> list[str]:
        indexes = [columns[field] for field in fields if field in columns]
        return [row[index] for row in body for index in indexes if index < len(row)]

    days = cells("day", "end_day")
    pattern: str | None
    if date_format:
        pattern, dates_from = date_format, Evidence.CHOSEN
    elif shown := date_pattern_of(days):
        pattern, dates_from = shown, Evidence.FILE
    else:
        pattern, dates_from = date_pattern, Evidence.LOCALE if date_pattern else Evidence.NONE
    mark = decimal_mark_of(cells("cost_amount"))
    locale = app_locale()
    return Conventions(
        pattern,
        mark,
        locale,
        dates_from,
        Evidence.FILE if mark else Evidence.LOCALE,
        months if (months := month_language_of(days, locale)) != locale else None,
    )


NO_DATE = QT_TRANSLATE_NOOP(
    "Import", "no column gives the date (name one Date, or map a column to the day)."
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


def mapped_columns(
    mapping: Mapping[str, str], header: Sequence[str], file_name: str
) -> dict[str, int]:
    """Each mapped field's column index; `ImportFileError` for a mapping that cannot be used."""
    _check_mapping(mapping, header, file_name)
    columns = {field: header.index(cell) for cell, field in mapping.items()}
    if "day" not in columns:
        raise ImportFileError(file_name, NO_DATE)
    return columns


def read_row(
    row: Sequence[str],
    columns: Mapping[str, int],
    header: Sequence[str],
    file_name: str,
    number: int,
    found: Conventions = Conventions(),
) -> Candidate:
    """Row `number` (the header being 1) as a candidate, or `RecordError`."""
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


def _read_day(text: str, found: Conventions, warnings: list[str]) -> date:
    """The day in `text`; a day the locale's order read that the other order reads as
    another day (the file did not show which it writes) is flagged in `warnings`."""
    if found.date_pattern is None:
        return read_date(text, found.dates_locale)
    day = read_typed_date(text, found.date_pattern, found.dates_locale)
    if found.dates_from is Evidence.LOCALE:
        try:
            other = read_typed_date(text, found.date_pattern.translate(_SWAPPED))
        except DateTextError:
            return day
        if other != day:
            warnings.append(
                QT_TRANSLATE_NOOP(
                    "Import",
                    "{text!r} could be {day} or {other}: read as {day}, in the order your "
                    "language writes dates. Check it, or choose the date format.",
                ).format(text=text, day=day, other=other)
            )
    return day


_SWAPPED = str.maketrans("dM", "Md")


def _read_cost(text: str, found: Conventions, warnings: list[str]) -> Amount:
    """The amount in `text`; one the locale read that the other decimal mark reads as
    another amount (the column did not show its mark) is flagged in `warnings`."""
    amount = read_amount(text, found.locale, decimal_mark=found.decimal_mark)
    if found.marks_from is Evidence.FILE:
        return amount
    try:
        readings = {read_amount(text, found.locale, decimal_mark=mark).value for mark in ",."}
    except AmountError:
        return amount
    other = next((value for value in readings if value != amount.value), None)
    if other is not None:
        warnings.append(
            QT_TRANSLATE_NOOP(
                "Import",
                "The cost {text!r} could be {value} or {other}: read as {value}, as your "
                "language writes numbers. Check it.",
            ).format(text=text, value=_plain(amount.value), other=_plain(other))
        )
    return amount


def _plain(value: Decimal) -> str:
    """1250 as "1250" and 1.250 as "1.25": the two readings of "1.250" told apart."""
    return f"{value.normalize():f}"


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
                values[field] = _read_day(raw, found, warnings)
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
                    amount = _read_cost(raw, found, warnings)
                except AmountError as error:
                    warnings.append(f"The cost was left out: {str(error).rstrip('.')}.")
                    continue
                named_currency = amount.currency
                values[field] = ITEM_RULES[field].parse(ITEM_RULES[field].label, amount.value)
            else:
                values[field] = ITEM_RULES[field].parse(ITEM_RULES[field].label, raw)
        except ValueError as error:
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
