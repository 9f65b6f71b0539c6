"""Pinned context as a table model: the text, the constraint it states (marked while only
proposed), and which trips it applies to."""

from __future__ import annotations

from PySide6.QtCore import QObject

from concierge.model.constraints import parse_rule
from concierge.store import PinRecord
from concierge.text import QT_TRANSLATE_NOOP
from concierge.ui.i18n import shown, translate
from concierge.ui.record_table import RecordTableModel

COLUMNS = ("Pinned", "Constraint", "Applies to")
"""The columns' English titles (`columns()` gives them in the window's language)."""
TEXT_COLUMN, RULE_COLUMN, SCOPE_COLUMN = range(3)
ALL_TRIPS = QT_TRANSLATE_NOOP("PinsList", "All trips")
THIS_TRIP = QT_TRANSLATE_NOOP("PinsList", "This trip")


def columns() -> tuple[str, ...]:
    return (
        translate("PinsList", "Pinned"),
        translate("PinsList", "Constraint"),
        translate("PinsList", "Applies to"),
    )


def marked_fields() -> dict[str, str]:
    """What an assistant change to a pin is called in its tooltip; reordering is not marked."""
    return {"text": translate("PinsList", "text"), "rule": translate("PinsList", "constraint")}


def scope_text(pin: PinRecord) -> str:
    return shown(ALL_TRIPS if pin.all_trips else THIS_TRIP)


def rule_text(pin: PinRecord) -> str:
    """The constraint in words, "(proposed)" until the person confirms it; blank for none.
    A rule stored under older limits shows as written."""
    if pin.rule is None:
        return ""
    try:
        described = shown(parse_rule(pin.rule).description)
    except ValueError:
        described = pin.rule
    if pin.proposed:
        return translate("PinsList", "{constraint} (proposed)").format(constraint=described)
    return described


class PinsModel(RecordTableModel[PinRecord]):
    """The pins that apply to a trip: all-trip pins first, then the trip's own."""

    columns: tuple[str, ...] = COLUMNS

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.columns = columns()

    def text(self, record: PinRecord, column: int) -> str:
        if column == TEXT_COLUMN:
            return record.text
        return rule_text(record) if column == RULE_COLUMN else scope_text(record)

    def tooltip(self, record: PinRecord) -> str:
        if record.all_trips:
            scope = translate("PinsList", "Applies to all trips")
        else:
            scope = translate("PinsList", "Applies to this trip")
        if record.rule is None:
            return scope
        if record.proposed:
            return translate(
                "PinsList",
                "{scope}. Constraint {rule}, proposed by the assistant: checked once you "
                "confirm it (Ctrl+Shift+K).",
            ).format(scope=scope, rule=record.rule)
        return translate(
            "PinsList", "{scope}. Constraint {rule}, checked against the plan."
        ).format(scope=scope, rule=record.rule)
