"""Which importer reads a file: its first bytes decide where they can (a PDF, a zip, a
calendar), its extension where they cannot (an e-mail and a CSV are both plain text); and
the file's bytes, checked the same way."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path

from concierge.text import QT_TRANSLATE_NOOP

from .file_errors import unreadable
from .model import MAX_FILE_BYTES, MAX_PDF_BYTES, ImportFileError

FORMATS: Mapping[str, str] = {
    ".ics": "ics",
    ".ical": "ics",
    ".ifb": "ics",
    ".pkpass": "pkpass",
    ".eml": "eml",
    ".mht": "eml",
    ".pdf": "pdf",
    ".csv": "csv",
    ".tsv": "csv",
    ".txt": "csv",
}
"""File extensions and the format each names."""
_LOOSE = {".txt"}
"""Extensions that say only "text": the content decides, else the file is read as CSV
(Excel saves its tab-separated "Unicode text" as .txt)."""

_NAMES = {
    "ics": "a calendar",
    "pkpass": "a wallet pass",
    "eml": "an e-mail",
    "pdf": "a PDF",
    "csv": "a CSV file",
}
_HEADER = re.compile(rb"^[A-Za-z][A-Za-z0-9-]*:[ \t]", re.M)


def _content_format(head: bytes) -> str | None:
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text.startswith(b"%PDF-") or b"%PDF-" in head[:1024]:
        return "pdf"
    if head.startswith(b"PK\x03\x04") or head.startswith(b"PK\x05\x06"):
        return "pkpass"
    if text[:15].upper().startswith(b"BEGIN:VCALENDAR"):
        return "ics"
    first = text.split(b"\n", 1)[0]
    if _HEADER.match(first) and re.match(
        rb"(?i)(from|to|subject|date|received|return-path|mime-version|message-id|"
        rb"delivered-to|x-[a-z0-9-]+|content-type):",
        first,
    ):
        return "eml"
    return None


def file_format(file: Path) -> str:
    """The format to read `file` as, or an ImportFileError naming the file and why."""
    name = file.name
    try:
        size = file.stat().st_size
        with file.open("rb") as stream:
            head = stream.read(4096)
    except FileNotFoundError:
        raise ImportFileError(
            name, QT_TRANSLATE_NOOP("Import", "the file does not exist.")
        ) from None
    except IsADirectoryError:
        raise ImportFileError(
            name, QT_TRANSLATE_NOOP("Import", "it is a folder, not a file.")
        ) from None
    except OSError as error:
        raise unreadable(name, error) from None
    if not head:
        raise ImportFileError(name, QT_TRANSLATE_NOOP("Import", "it is empty."))
    by_content = _content_format(head)
    by_name = FORMATS.get(file.suffix.lower())
    if (
        by_name is not None
        and by_content not in (None, by_name)
        and file.suffix.lower() not in _LOOSE
    ):
        raise ImportFileError(
            name,
            QT_TRANSLATE_NOOP("Import", "its name says {names} but it holds {names2}.").format(
                names=_NAMES[by_name], names2=_NAMES[by_content]
            ),
        )
    found = by_content or by_name
    if found is None:
        known = ", ".join(sorted(FORMATS))
        raise ImportFileError(
            name,
            QT_TRANSLATE_NOOP(
                "Import", "it is not a kind of file Concierge imports ({known})."
            ).format(known=known),
        )
    if by_name is not None and by_content is None and by_name in ("pdf", "pkpass", "ics"):
        raise ImportFileError(
            name,
            QT_TRANSLATE_NOOP("Import", "it is not {names} (its content says otherwise).").format(
                names=_NAMES[by_name]
            ),
        )
    limit = MAX_PDF_BYTES if found == "pdf" else MAX_FILE_BYTES
    if size > limit:
        raise ImportFileError(
            name,
            QT_TRANSLATE_NOOP(
                "Import", "it is {value:,.1f} MB; at most {value2} MB are imported for {names}."
            ).format(
                value=size / (1024 * 1024), value2=limit // (1024 * 1024), names=_NAMES[found]
            ),
        )
    return found


def read_bytes(file: Path, name: str) -> bytes:
    """The bytes of a file `file_format` accepted, up to the most read."""
    try:
        with file.open("rb") as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise unreadable(name, error) from None
    if len(data) > MAX_FILE_BYTES:
        raise ImportFileError(
            name,
            QT_TRANSLATE_NOOP("Import", "it is larger than {value} MB, the most imported.").format(
                value=MAX_FILE_BYTES // (1024 * 1024)
            ),
        )
    return data


def read_file_bytes(path: str | os.PathLike[str]) -> bytes:
    """The file's bytes, checked as `parse_file` checks them (there, not a folder, not too
    large, its content what its name says), or `ImportFileError`."""
    file = Path(path)
    file_format(file)
    return read_bytes(file, file.name)
