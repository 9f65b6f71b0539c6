"""A PDF's text as the `DocumentPart` the model receives (pypdf: pure Python, no Qt)."""

from __future__ import annotations

import io
import logging
import re

from concierge.agent import DocumentPart
from concierge.ui.i18n import translate

from .attachment_errors import AttachmentError
from .counts import grouped

log = logging.getLogger(__name__)

MAX_DOCUMENT_CHARS = 20_000
"""About 5,000 tokens: a ticket or booking runs to a few thousand characters; a long
brochure is cut rather than crowding out the conversation."""
NO_TEXT_NOTE = (
    "No text could be read from this PDF (it may be a scan or a photo of a page); "
    "ask the person what it says."
)


def pdf_part(name: str, data: bytes) -> DocumentPart:
    """The text of the PDF `data` (blocking: run it in a worker thread), cut to
    `MAX_DOCUMENT_CHARS` with a note saying so, or a note that it has none."""
    from pypdf import PdfReader

    from concierge.travel.imports.pdf import page_text

    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not reader.decrypt(""):
            raise AttachmentError(
                translate(
                    "Attachments",
                    "“{name}” is protected by a password; open it, save an unprotected copy "
                    "and attach that.",
                ).format(name=name)
            )
        pages = [page_text(page) for page in reader.pages]
    except AttachmentError:
        raise
    except Exception as error:  # A damaged file can fail anywhere in the parser.
        log.info("could not read the PDF %s", name, exc_info=error)
        detail = str(error).rstrip(".") or type(error).__name__
        raise AttachmentError(
            translate("Attachments", "“{name}” could not be read as a PDF: {detail}.").format(
                name=name, detail=detail
            )
        ) from None
    text = "\n\n".join(page for page in pages if page)
    if not text:
        return DocumentPart(name=name, text="", note=NO_TEXT_NOTE)
    if len(text) <= MAX_DOCUMENT_CHARS:
        return DocumentPart(name=name, text=text)
    note = (
        f"Its text is cut short: only the first {MAX_DOCUMENT_CHARS:,} of its "
        f"{len(text):,} characters ({len(pages)} page{'' if len(pages) == 1 else 's'}) follow."
    )
    return DocumentPart(name=name, text=text[:MAX_DOCUMENT_CHARS], note=note)


_CUT_NOTE = re.compile(
    r"Its text is cut short: only the first ([\d,]+) of its ([\d,]+) characters "
    r"\((\d+) pages?\) follow\."
)


def note_shown(note: str) -> str:
    """A document's note (written for the model, in English) as the person reads it."""
    if note == NO_TEXT_NOTE:
        return translate(
            "Attachments",
            "No text could be read from this PDF (it may be a scan or a photo of a page); "
            "ask the person what it says.",
        )
    cut = _CUT_NOTE.fullmatch(note)
    if cut is None:
        return note
    kept, total, pages = (int(group.replace(",", "")) for group in cut.groups())
    template = (
        translate(
            "Attachments",
            "Its text is cut short: only the first {kept} of its {total} characters "
            "(1 page) follow.",
        )
        if pages == 1
        else translate(
            "Attachments",
            "Its text is cut short: only the first {kept} of its {total} characters "
            "({pages} pages) follow.",
        )
    )
    return template.format(kept=grouped(kept), total=grouped(total), pages=pages)
