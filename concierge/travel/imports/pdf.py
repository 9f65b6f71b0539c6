"""PDF itineraries: their text, page by page, for the assistant to propose items from. The file
is read from disk on demand (pypdf seeks in the open file rather than reading it whole, as it
does given a path); only the first MAX_PDF_PAGES pages and MAX_PDF_CHARS characters are kept.
Files over MAX_PDF_BYTES are refused before they are opened (see there why)."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from pypdf import PageObject, PdfReader
from pypdf.errors import FileNotDecryptedError, PdfReadError

from concierge.text import QT_TRANSLATE_NOOP

from .file_errors import damaged, unreadable
from .model import MAX_PDF_CHARS, MAX_PDF_PAGES, ImportFileError, ParseResult, PdfText

logging.getLogger("pypdf").setLevel(logging.ERROR)

_SPACES = re.compile(r"[ \t\u00a0]+")


def page_text(page: PageObject) -> str:
    """A page's text as it reads: programs that place each word on its own (Qt's PDF
    writer, browsers printing) come out of pypdf with tabs between the words, and a run of
    spaces, tabs and no-break spaces is one space here; blank lines are dropped."""
    lines = (_SPACES.sub(" ", line).strip() for line in (page.extract_text() or "").splitlines())
    return "\n".join(line for line in lines if line)


def parse_pdf(
    path: Path, file_name: str, progress: Callable[[int, int], None] | None = None
) -> ParseResult:
    """The PDF's text (no candidates: the assistant reads it), with one error per page whose
    text could not be extracted. What `progress` raises (a cancel) passes through."""
    errors: list[str] = []
    pages: list[str] = []
    kept = 0
    truncated = False
    try:
        stream = path.open("rb")
    except OSError as error:
        raise unreadable(file_name, error) from None
    with stream:
        reader, count = _open(stream, file_name)
        wanted = min(count, MAX_PDF_PAGES)
        truncated = count > wanted
        for number in range(wanted):
            try:
                text = page_text(reader.pages[number])
            except Exception as error:  # pypdf raises many kinds on damaged pages
                errors.append(
                    f"In {file_name}, page {number + 1}: its text could not be read "
                    f"({type(error).__name__})."
                )
                text = ""
            if kept + len(text) > MAX_PDF_CHARS:
                text = text[: max(MAX_PDF_CHARS - kept, 0)]
                truncated = True
            kept += len(text)
            pages.append(text)
            if progress is not None:
                progress(number + 1, wanted)
            if kept >= MAX_PDF_CHARS:
                break
    warnings: list[str] = []
    if truncated:
        warnings.append(
            f"Only the first {len(pages)} of {count} pages, at most {MAX_PDF_CHARS:,} "
            "characters, were read."
        )
    if not any(pages):
        warnings.append("The PDF has no text to read (it may be scanned images).")
    pdf = PdfText(file_name, tuple(pages), count, truncated)
    return ParseResult(file_name, errors=tuple(errors), pdf=pdf, warnings=tuple(warnings))


def _open(stream: BinaryIO, file_name: str) -> tuple[PdfReader, int]:
    """The reader over the open file and its page count, or why the file is not a PDF."""
    try:
        reader = PdfReader(stream)
        if reader.is_encrypted and not reader.decrypt(""):
            raise ImportFileError(
                file_name, QT_TRANSLATE_NOOP("Import", "it is protected by a password.")
            )
        return reader, len(reader.pages)
    except ImportFileError:
        raise
    except (PdfReadError, FileNotDecryptedError) as error:
        raise ImportFileError(
            file_name,
            QT_TRANSLATE_NOOP("Import", "it is not a readable PDF ({error}).").format(error=error),
        ) from None
    except OSError as error:
        raise unreadable(file_name, error) from None
    except Exception as error:  # pypdf fails on damaged structure in many ways
        raise damaged(
            file_name, QT_TRANSLATE_NOOP("Import", "it is not a readable PDF ({reason})."), error
        ) from None
