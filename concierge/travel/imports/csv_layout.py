"""How a spreadsheet wrote its CSV, found from the whole file: the encoding (a byte-order
mark, else UTF-8, else Windows-1252, as Excel writes "CSV" in Western Europe) and the
separator; what a person chooses (`CsvChoices`) wins over what is detected."""

from __future__ import annotations

import codecs
import csv
import io
import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from concierge.text import QT_TRANSLATE_NOOP, Translatable, TranslatedValueError

from .model import ImportFileError

SEPARATORS: Mapping[str, Translatable] = {
    ",": QT_TRANSLATE_NOOP("CsvLayout", "comma"),
    ";": QT_TRANSLATE_NOOP("CsvLayout", "semicolon"),
    "\t": QT_TRANSLATE_NOOP("CsvLayout", "tab"),
    "|": QT_TRANSLATE_NOOP("CsvLayout", "vertical bar"),
}
"""The separators looked for, the most common first (it wins a tie), with their names."""

ENCODINGS: Mapping[str, Translatable] = {
    "utf-8": QT_TRANSLATE_NOOP("CsvLayout", "UTF-8"),
    "utf-8-sig": QT_TRANSLATE_NOOP("CsvLayout", "UTF-8 with a byte-order mark"),
    "utf-16": QT_TRANSLATE_NOOP("CsvLayout", "UTF-16 (Unicode text)"),
    "cp1252": QT_TRANSLATE_NOOP("CsvLayout", "Windows-1252 (Western European)"),
}
"""The encodings read, by codec, with the names the preview shows."""

_MARKED = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


class Evidence(Enum):
    """Where a way of reading the file comes from, as the preview says it."""

    FILE = QT_TRANSLATE_NOOP("CsvLayout", "found in the file")
    CHOSEN = QT_TRANSLATE_NOOP("CsvLayout", "as chosen")
    LOCALE = QT_TRANSLATE_NOOP("CsvLayout", "as your language writes it")
    NONE = QT_TRANSLATE_NOOP("CsvLayout", "not shown by the file")


@dataclass(frozen=True, slots=True)
class CsvChoices:
    """What the person chose (None: as detected); dates as a pattern such as "dd/MM/yyyy"."""

    separator: str | None = None
    date_format: str | None = None


@dataclass(frozen=True, slots=True)
class Layout:
    """How a file's text was read: its codec (a key of ENCODINGS) and separator."""

    encoding: str = "utf-8"
    separator: str = ","
    separator_from: Evidence = Evidence.FILE


def decode(data: bytes, file_name: str) -> tuple[str, str]:
    """The file's text and its codec, or `ImportFileError` for bytes that are no text."""
    codec = next((codec for mark, codec in _MARKED if data.startswith(mark)), None)
    try:
        text = data.decode(codec or "utf-8")
    except UnicodeDecodeError as error:
        if codec is None:
            try:
                return _text(data.decode("cp1252"), file_name), "cp1252"
            except UnicodeDecodeError:
                pass
        raise ImportFileError(
            file_name,
            QT_TRANSLATE_NOOP(
                "Import", "it is not UTF-8 text (byte {value}); save it as UTF-8 CSV."
            ).format(value=error.start + 1),
        ) from None
    return _text(text.removeprefix("\ufeff"), file_name), codec or "utf-8"


def _text(text: str, file_name: str) -> str:
    if "\0" in text:
        raise ImportFileError(
            file_name, QT_TRANSLATE_NOOP("Import", "it is binary data, not CSV text.")
        )
    return text


def split_rows(text: str, separator: str, file_name: str) -> list[list[str]]:
    """The rows of `text` split at `separator`, blank rows left out, or `ImportFileError`."""
    try:
        rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=separator))
    except csv.Error as error:
        raise ImportFileError(
            file_name,
            QT_TRANSLATE_NOOP("Import", "it is not valid CSV ({error}).").format(error=error),
        ) from None
    return [
        [cell.replace("\r\n", "\n") for cell in row]
        for row in rows
        if any(cell.strip() for cell in row)
    ]


def find_separator(text: str) -> str | None:
    """The separator that splits the header into more than one cell and the most rows into
    as many cells as the header (the more cells the better on a tie); None when none does."""
    best: tuple[float, int] = (0.0, 1)
    found = None
    for separator in SEPARATORS:
        try:
            rows = split_rows(text, separator, "")
        except ImportFileError:
            continue
        if not rows:
            continue
        width = len(rows[0])
        score = (sum(len(row) == width for row in rows) / len(rows), width)
        if width > 1 and score > best:
            best, found = score, separator
    return found


def layout_of(text: str, encoding: str, chosen: str | None = None) -> Layout:
    """How to split `text`: at the chosen separator, else the one found in it."""
    if chosen is not None:
        return Layout(encoding, chosen, Evidence.CHOSEN)
    found = find_separator(text)
    return Layout(encoding, found or ",", Evidence.FILE if found else Evidence.NONE)


def separator_named(text: str) -> str:
    """The separator a person names: one character, or a name ("semicolon", "tab", "\\t");
    `ValueError` in a sentence otherwise."""
    names = {str(name): separator for separator, name in SEPARATORS.items()}
    wanted = {"\\t": "\t", "pipe": "|"}.get(text, names.get(text.strip().casefold(), text))
    if len(wanted) != 1 or wanted.isalnum() or wanted in '"\r\n ':
        raise TranslatedValueError(
            QT_TRANSLATE_NOOP(
                "CsvLayout",
                "“{text}” is not a separator: give one character, such as ; or , or the word tab.",
            ).format(text=text)
        )
    return wanted


def date_format_named(text: str) -> str:
    """A date format as a person writes it ("DD/MM/YYYY", "d.M.yy", "yyyy-mm-dd") as the
    readers take it ("dd/MM/yyyy"): day, month and year once each, in the numbers' order;
    `ValueError` in a sentence otherwise."""
    pattern = re.sub(r"[dD]", "d", re.sub(r"[mM]", "M", re.sub(r"[yY]", "y", text.strip())))
    runs = re.findall(r"d+|M+|y+", pattern)
    if sorted(run[0] for run in runs) != ["M", "d", "y"] or re.search(r"[^dMy./\- ]", pattern):
        raise TranslatedValueError(
            QT_TRANSLATE_NOOP(
                "CsvLayout",
                "“{text}” is not a date format: write the day, month and year in the file's "
                "order, such as DD/MM/YYYY, MM/DD/YYYY or YYYY-MM-DD.",
            ).format(text=text)
        )
    return pattern


def separator_text(separator: str) -> str:
    """A separator as the preview names it: "semicolon (;)"."""
    name = SEPARATORS.get(separator)
    return (
        f"“{separator}”"
        if name is None
        else QT_TRANSLATE_NOOP("CsvLayout", "{name} ({mark})").format(
            name=name, mark="⇥" if separator == "\t" else separator
        )
    )
