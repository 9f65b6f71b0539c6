"""The goals checklist as a table model: a check box and the title, what completes the goal
by itself, and who completed it."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal

from concierge.store import Actor, GoalRecord, GoalStatus
from concierge.travel.edits.goal_triggers import describe_trigger
from concierge.ui.i18n import shown, translate
from concierge.ui.model_index import AnyIndex
from concierge.ui.record_table import RecordTableModel

COLUMNS = ("Goal", "Completes when", "Completed by")
"""The columns' English titles (`columns()` gives them in the window's language)."""
TITLE_COLUMN, TRIGGER_COLUMN, DONE_BY_COLUMN = range(3)


def columns() -> tuple[str, ...]:
    return (
        translate("GoalsList", "Goal"),
        translate("GoalsList", "Completes when"),
        translate("GoalsList", "Completed by"),
    )


def done_by(actor: Actor) -> str:
    """Who completed a goal: "You", "The assistant", "Automatically"."""
    return {
        Actor.PERSON: translate("GoalsList", "You"),
        Actor.ASSISTANT: translate("GoalsList", "The assistant"),
        Actor.APP: translate("GoalsList", "Automatically"),
    }[actor]


def marked_fields() -> dict[str, str]:
    """What an assistant change to a goal is called in its tooltip; reordering is not marked."""
    return {
        "title": translate("GoalsList", "title"),
        "status": translate("GoalsList", "done"),
        "completes_on": translate("GoalsList", "what completes it"),
    }


def trigger_text(trigger: str | None) -> str:
    """ "a public holidays lookup succeeds"; "" for a goal only someone can tick."""
    return shown(describe_trigger(trigger)) if trigger else ""


def done_text(goal: GoalRecord) -> str:
    if not goal.done:
        return translate("GoalsList", "Open")
    if goal.completed_by is None:
        return translate("GoalsList", "Done")
    return {
        Actor.PERSON: translate("GoalsList", "Done (you)"),
        Actor.ASSISTANT: translate("GoalsList", "Done (the assistant)"),
        Actor.APP: translate("GoalsList", "Done (automatically)"),
    }[goal.completed_by]


class GoalsModel(RecordTableModel[GoalRecord]):
    """The trip's goals in checklist order. Ticking or unticking a box shows at once and
    asks for the write with `check_requested`."""

    check_requested = Signal(str, bool)
    """(goal id, done): the person ticked (True) or unticked (False) the goal."""

    columns: tuple[str, ...] = COLUMNS

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.columns = columns()

    def text(self, record: GoalRecord, column: int) -> str:
        if column == TITLE_COLUMN:
            return record.title
        if column == TRIGGER_COLUMN:
            return trigger_text(record.completes_on)
        if record.done and record.completed_by is not None:
            return done_by(record.completed_by)
        return ""

    def tooltip(self, record: GoalRecord) -> str:
        trigger = trigger_text(record.completes_on)
        when = (
            translate("GoalsList", "Completes by itself when {trigger}").format(trigger=trigger)
            if trigger
            else ""
        )
        return ". ".join(part for part in (done_text(record), when) if part)

    def check_state(self, record: GoalRecord) -> Qt.CheckState | None:
        return Qt.CheckState.Checked if record.done else Qt.CheckState.Unchecked

    def setData(self, index: AnyIndex, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.CheckStateRole or index.column() != TITLE_COLUMN:
            return super().setData(index, value, role)
        goal = self.record_at(index.row()) if index.isValid() else None
        if goal is None:
            return False
        checked = Qt.CheckState.Checked
        done = value == checked or value == checked.value
        if done == goal.done:
            return False
        self.replace(
            goal,
            status=GoalStatus.DONE if done else GoalStatus.OPEN,
            completed_by=Actor.PERSON if done else None,
        )
        self.check_requested.emit(goal.id, done)
        return True
