"""What the window calls the values of the store's choices (a trip's pace, an expense's
category): the stored value stays the English word the model reads ("relaxed"), the label
is marked for translation (show it with `concierge.ui.i18n.shown`)."""

from __future__ import annotations

from collections.abc import Mapping

from concierge.text import QT_TRANSLATE_NOOP

from .records import ExpenseCategory, Pace

PACE_LABELS: Mapping[Pace, str] = {
    Pace.RELAXED: QT_TRANSLATE_NOOP("Pace", "Relaxed"),
    Pace.BALANCED: QT_TRANSLATE_NOOP("Pace", "Balanced"),
    Pace.PACKED: QT_TRANSLATE_NOOP("Pace", "Packed"),
}
"""Each pace as the trip form offers it, "Relaxed"."""

CATEGORY_LABELS: Mapping[ExpenseCategory, str] = {
    ExpenseCategory.TRANSPORT: QT_TRANSLATE_NOOP("ExpenseCategory", "Transport"),
    ExpenseCategory.LODGING: QT_TRANSLATE_NOOP("ExpenseCategory", "Lodging"),
    ExpenseCategory.FOOD: QT_TRANSLATE_NOOP("ExpenseCategory", "Food"),
    ExpenseCategory.ACTIVITIES: QT_TRANSLATE_NOOP("ExpenseCategory", "Activities"),
    ExpenseCategory.SHOPPING: QT_TRANSLATE_NOOP("ExpenseCategory", "Shopping"),
    ExpenseCategory.FEES: QT_TRANSLATE_NOOP("ExpenseCategory", "Fees"),
    ExpenseCategory.OTHER: QT_TRANSLATE_NOOP("ExpenseCategory", "Other"),
}
"""Each expense category as the ledger shows it, "Transport"."""
