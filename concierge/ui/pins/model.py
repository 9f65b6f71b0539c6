"""Pinned context as a table model: the text, the constraint it states (marked while only
proposed), and which trips it applies to."""

from __future__ import annotations

from concierge.store import PinRecord
from concierge.store.constraints import parse_rule
from concierge.ui.record_table import RecordTableModel

COLUMNS = ("Pinned", "Constraint", "Applies to")
TEXT_COLUMN, RULE_COLUMN, SCOPE_COLUMN = range(3)
ALL_TRIPS = "All trips"
THIS_TRIP = "This trip"
PROPOSED = "proposed"
MARKED_FIELDS = {"text": "text", "rule": "constraint"}
"""What an assistant change to a pin is called in its tooltip; reordering is not marked."""


def scope_text(pin: PinRecord) -> str:
    return ALL_TRIPS if pin.all_trips else THIS_TRIP


def rule_text(pin: PinRecord) -> str:
    """The constraint in words, "(proposed)" until the person confirms it; blank for none.
    A rule stored under older limits shows as written."""
    if pin.rule is None:
        return ""
    try:
        described = parse_rule(pin.rule).description
    except ValueError:
        described = pin.rule
    return f"{described} ({PROPOSED})" if pin.proposed else described


class PinsModel(RecordTableModel[PinRecord]):
    """The pins that apply to a trip: all-trip pins first, then the trip's own."""

    columns = COLUMNS

    def text(self, record: PinRecord, column: int) -> str:
        if column == TEXT_COLUMN:
            return record.text
        return rule_text(record) if column == RULE_COLUMN else scope_text(record)

    def tooltip(self, record: PinRecord) -> str:
        scope = f"Applies to {scope_text(record).lower()}"
        if record.rule is None:
            return scope
        state = (
            "proposed by the assistant: checked once you confirm it (Ctrl+Shift+K)"
            if record.proposed
            else "checked against the plan"
        )
        return f"{scope}. Constraint {record.rule}, {state}."
