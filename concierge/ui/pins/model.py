"""Pinned context as a table model: the text, and which trips it applies to."""

from __future__ import annotations

from concierge.store import PinRecord
from concierge.ui.record_table import RecordTableModel

COLUMNS = ("Pinned", "Applies to")
TEXT_COLUMN, SCOPE_COLUMN = range(2)
ALL_TRIPS = "All trips"
THIS_TRIP = "This trip"
MARKED_FIELDS = {"text": "text"}
"""What an assistant change to a pin is called in its tooltip; reordering is not marked."""


def scope_text(pin: PinRecord) -> str:
    return ALL_TRIPS if pin.all_trips else THIS_TRIP


class PinsModel(RecordTableModel[PinRecord]):
    """The pins that apply to a trip: all-trip pins first, then the trip's own."""

    columns = COLUMNS

    def text(self, record: PinRecord, column: int) -> str:
        return record.text if column == TEXT_COLUMN else scope_text(record)

    def tooltip(self, record: PinRecord) -> str:
        return f"Applies to {scope_text(record).lower()}"
