"""What an import proposes: candidates for itinerary items, errors per record, and the text of
a PDF for the assistant. Nothing here touches a trip; the review queue decides what lands."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, time
from decimal import Decimal
from pathlib import Path

from concierge.store import ItemKind
from concierge.travel.errors import TravelError

MAX_FILE_BYTES = 10 * 1024 * 1024
"""The largest calendar, e-mail, wallet pass or CSV file read (they are read whole)."""
MAX_PDF_BYTES = 25 * 1024 * 1024
"""The largest PDF opened. A PDF is read from the open file on demand, never whole, but the
text extractor loads every image a page draws (and keeps it), so a 50 MB file of scans would
mostly sit in memory, and has no text to find anyway: larger files are refused."""
MAX_PDF_PAGES = 40
"""Pages of a PDF whose text is extracted; later pages are left out and said so."""
MAX_PDF_CHARS = 60_000
"""Characters of PDF text kept for the assistant; the rest is left out and said so."""
MAX_ZIP_MEMBER_BYTES = 1024 * 1024
"""The largest `pass.json` read out of a wallet pass (a zip can claim anything)."""
MAX_RECORDS = 2_000
"""Records (events, reservations, rows) read from one file; more is refused."""

_DETAIL_TEXT = (
    "carrier",
    "service_number",
    "from_place",
    "to_place",
    "seat",
    "confirmation_code",
    "provider",
    "address",
    "link",
)


class ImportFileError(TravelError):
    """A file that cannot be imported at all: unreadable, not of its type, damaged or too
    large. `str(error)` is one sentence naming the file and why."""

    def __init__(self, file_name: str, reason: str) -> None:
        super().__init__(f"Cannot import {file_name}: {reason}")
        self.file_name = file_name
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Candidate:
    """One proposed itinerary item, in the item's own field names (`ITEM_RULES`), with where
    it came from. Times are local at the place in `timezone` (None: floating, the stop's
    zone); the end is on `end_day` (None: `day`) in `end_timezone` (None: `timezone`).
    `source_ref` names the record inside the file ("VEVENT 3", "pass.json", "JSON-LD #2",
    "row 7"); `warnings` are sentences the reviewer should read (a guess, a dropped value)."""

    kind: ItemKind
    title: str
    day: date
    source_file: str
    source_ref: str
    start_time: time | None = None
    timezone: str | None = None
    end_day: date | None = None
    end_time: time | None = None
    end_timezone: str | None = None
    all_day: bool = False
    duration_minutes: int | None = None
    place: str = ""
    notes: str = ""
    carrier: str = ""
    service_number: str = ""
    from_place: str = ""
    to_place: str = ""
    seat: str = ""
    confirmation_code: str = ""
    provider: str = ""
    address: str = ""
    link: str = ""
    hours: str = ""
    cost_amount: Decimal | None = None
    cost_currency: str | None = None
    warnings: tuple[str, ...] = ()

    @property
    def provenance(self) -> str:
        """What an accepted item records as its origin."""
        return f"imported from {self.source_file}"

    def item_fields(self) -> dict[str, object]:
        """The values to create the item with, keyed by `ITEM_RULES` names; empty details
        and unset times are left out so the item's defaults apply."""
        fields: dict[str, object] = {
            "kind": self.kind,
            "title": self.title,
            "day": self.day,
            "all_day": self.all_day,
        }
        optional: dict[str, object] = {
            "start_time": self.start_time,
            "timezone": self.timezone,
            "end_day": self.end_day,
            "end_time": self.end_time,
            "end_timezone": self.end_timezone,
            "duration_minutes": self.duration_minutes,
            "cost_amount": self.cost_amount,
            "cost_currency": self.cost_currency,
            "place": self.place,
            "notes": self.notes,
        }
        optional |= {name: getattr(self, name) for name in _DETAIL_TEXT}
        fields |= {name: value for name, value in optional.items() if value not in (None, "")}
        return fields


@dataclass(frozen=True, slots=True)
class PdfText:
    """The text of a PDF, page by page, for the assistant to propose items from (code does
    not guess items from PDF text). `page_count` is the document's; `pages` holds at most
    MAX_PDF_PAGES, `truncated` says pages or characters were left out."""

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
    """What one file yielded: candidates, and one sentence per record that could not be used,
    naming the file and the record. `pdf` is set for a PDF (and then there are no
    candidates)."""

    file_name: str
    candidates: tuple[Candidate, ...] = ()
    errors: tuple[str, ...] = ()
    pdf: PdfText | None = None
    warnings: tuple[str, ...] = field(default=())


def file_name_of(path: Path) -> str:
    """The name a person recognises the file by, in messages and provenance."""
    return path.name
