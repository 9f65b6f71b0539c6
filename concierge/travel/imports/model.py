"""What an import proposes: candidates for itinerary items, errors per record, and the text of
a PDF for the assistant. Nothing here touches a trip; the review queue decides what lands."""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, field
from typing import Any

from concierge.store import ItineraryItemRecord
from concierge.store.validation import ITEM_RULES, FieldRule, required_fields
from concierge.text import Translatable
from concierge.travel.errors import TravelError

MAX_FILE_BYTES = 10 * 1024 * 1024
"""The largest calendar, e-mail, wallet pass or CSV file read (they are read whole)."""
MAX_PDF_BYTES = 25 * 1024 * 1024
"""The largest PDF opened: the text extractor keeps every image a page draws in memory, and
a larger file is mostly scans, with no text to find anyway."""
MAX_PDF_PAGES = 40
"""Pages of a PDF whose text is extracted; later pages are left out and said so."""
MAX_PDF_CHARS = 60_000
"""Characters of PDF text kept for the assistant; the rest is left out and said so."""
MAX_ZIP_MEMBER_BYTES = 1024 * 1024
"""The largest `pass.json` read out of a wallet pass (a zip can claim anything)."""
MAX_RECORDS = 2_000
"""Records (events, reservations, rows) read from one file; more is refused."""


class ImportFileError(TravelError):
    """A file that cannot be imported at all: unreadable, not of its type, damaged or too
    large. `str(error)` is one sentence naming the file and why."""

    def __init__(self, file_name: str, reason: str) -> None:
        super().__init__(f"Cannot import {file_name}: {reason}")
        self.file_name = file_name
        self.reason = reason


def refuse_over_max(file_name: str, count: int, reason: Translatable) -> None:
    """`ImportFileError` with `reason` (naming {count} and {max_records}) past MAX_RECORDS."""
    if count > MAX_RECORDS:
        raise ImportFileError(file_name, reason.format(count=count, max_records=MAX_RECORDS))


_REQUIRED = required_fields(ITEM_RULES)
_ITEM_TYPES: dict[str, Any] = typing.get_type_hints(ItineraryItemRecord)


def _item_field(name: str, rule: FieldRule) -> tuple[str, Any] | tuple[str, Any, Any]:
    """One item field as a candidate's: the record's type, the rule's default (none for the
    fields an item cannot be made without)."""
    if name in _REQUIRED:
        return name, _ITEM_TYPES[name]
    return name, _ITEM_TYPES[name], field(default=rule.default)


_Fields: Any = dataclasses.make_dataclass(
    "_Fields",
    [
        *(_item_field(name, rule) for name, rule in ITEM_RULES.items()),
        ("source_file", str),
        ("source_ref", str),
        ("warnings", tuple[str, ...], field(default=())),
    ],
    namespace={"__module__": __name__},
    frozen=True,
    slots=True,
    kw_only=True,
)
"""A candidate's fields: every `ITEM_RULES` field, then where the record came from."""


class Candidate(_Fields):  # type: ignore[misc]  # its base is built, so typed Any
    """One proposed itinerary item in the item's field names, with where in the file it came
    from (`source_ref`: "VEVENT 3", "row 7") and sentences the reviewer should read."""

    __slots__ = ()

    @property
    def provenance(self) -> str:
        """What an accepted item records as its origin."""
        return f"imported from {self.source_file}"

    def item_fields(self) -> dict[str, object]:
        """The values to create the item with; empty ones are left out for the defaults."""
        values = {name: getattr(self, name) for name in ITEM_RULES}
        return {
            name: value
            for name, value in values.items()
            if name in _REQUIRED or value not in (None, "")
        }


@dataclass(frozen=True, slots=True)
class PdfText:
    """The text of a PDF, page by page, for the assistant to propose items from (code does
    not guess items from PDF text); `truncated` says pages or characters were left out."""

    file_name: str
    pages: tuple[str, ...]
    page_count: int
    truncated: bool

    @property
    def text(self) -> str:
        """All kept pages, each headed "Page N", as one text for the assistant."""
        return "\n\n".join(f"Page {n}\n{page}" for n, page in enumerate(self.pages, 1))


@dataclass(frozen=True, slots=True)
class ParseResult:
    """What one file yielded: candidates, and one sentence per unusable record; `pdf` is set
    for a PDF (and then there are no candidates)."""

    file_name: str
    candidates: tuple[Candidate, ...] = ()
    errors: tuple[str, ...] = ()
    pdf: PdfText | None = None
    warnings: tuple[str, ...] = field(default=())
