"""What one step of the assistant's turn changed, opened from its line in the transcript: the
step in the undo menu's words, then each row's values before → after, as the window writes them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import date
from decimal import Decimal

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from concierge.model.fields import FieldRule
from concierge.model.values import write_amount
from concierge.store import Action, LoggedStep
from concierge.travel.proposals.text import change_text, plain_value
from concierge.ui.i18n import number_locale, shown, shown_value, translate

StepReader = Callable[[str], Awaitable[LoggedStep | None]]
"""A tool call's effect id → what it wrote (`ChangeHistory.group_step`)."""


def shown_field_value(rule: FieldRule | None, value: object) -> str:
    """A logged value (JSON) read by its field's rule, then written as the window writes that
    type: a date or time in the locale's format, an amount with the locale's separators."""
    if rule is not None and value not in (None, "", []):
        try:
            read = rule.parse(rule.label, value)
        except (ValueError, TypeError):
            read = value
        if isinstance(read, Decimal):
            return write_amount(read, locale=number_locale())
        if isinstance(read, date):
            return str(shown_value(read))
    return shown(plain_value(rule, value))


def step_lines(step: LoggedStep) -> list[str]:
    """The step as the undo menu names it, then what it did row by row."""
    lines = [shown(step.label)]
    for change in step.changes:
        if change.action is Action.REORDER:
            continue  # Renumberings follow from the rest.
        text = change_text(change, written=shown_field_value)
        lines.append(shown(text.heading))
        lines.extend(f"    {shown(detail)}" for detail in text.details)
    if step.undone:
        lines.append(translate("StepDetails", "It has since been undone."))
    return lines


def nothing_changed() -> str:
    return translate("StepDetails", "This step changed nothing in the trip.")


class StepDetails(QDialog):
    """One step opened: its line as the title, its changes as text a screen reader reads
    whole (the accessible description); Esc or Close closes it."""

    def __init__(self, title: str, lines: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stepDetails")
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.text = QLabel("\n".join(lines), self)
        self.text.setObjectName("stepChanges")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.text.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.text.setAccessibleName(translate("StepDetails", "What this step changed"))
        self.text.setAccessibleDescription(self.text.text())
        self.setAccessibleDescription(self.text.text())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        for button in buttons.buttons():
            button.setAccessibleName(button.text().replace("&", ""))
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
