"""The goals panel: the selected trip's checklist.

Tick a goal to complete it and untick it to reopen it (Space, or a click on the box); add
one from the line at the top (Enter); rename in place (F2, double-click); remove (Delete,
with Undo); reorder (Alt+Up / Alt+Down). Goals that complete by themselves say what they
wait for, and a done goal says who completed it — the person, the assistant, or the app
when what it waited for happened.
"""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget

from concierge.store import (
    ChangeBus,
    ChangeContext,
    ChangeHistory,
    EntityKind,
    GoalRecord,
    GoalRepository,
    StoreError,
    TripRepository,
)
from concierge.ui.record_panel import RecordListPanel
from concierge.ui.views.actions import make_action
from concierge.ui.views.person import person

from .model import MARKED_FIELDS, GoalsModel

NO_TRIP_TEXT = "Select a trip to see its goals."
EMPTY_TEXT = "No goals yet. Add what must get done, e.g. “Flights booked”."


class GoalsPanel(RecordListPanel[GoalRecord]):
    entity = EntityKind.GOAL
    marked_fields = MARKED_FIELDS

    def __init__(
        self,
        goals: GoalRepository,
        trips: TripRepository,
        history: ChangeHistory,
        bus: ChangeBus,
        parent: QWidget | None = None,
    ) -> None:
        self.goals = goals
        super().__init__(
            GoalsModel(),
            trips,
            history,
            bus,
            parent,
            name="Goals",
            new_label="New goal",
            placeholder="e.g. First night's hotel chosen",
            no_trip_text=NO_TRIP_TEXT,
            empty_text=EMPTY_TEXT,
        )
        self.setObjectName("goalsPanel")
        self.view.setObjectName("goalsList")
        assert isinstance(self.model, GoalsModel)
        self.model.check_requested.connect(self._check)
        self.toggle_action: QAction = make_action(self, "Mark done", None, self.toggle_selected)
        self.chain()

    def toggle_selected(self) -> None:
        """Complete the selected goal, or reopen it if it is done."""
        goal = self.selected()
        if goal is not None:
            self._check(goal.id, not goal.done)

    def fill_menu(self, menu: QMenu) -> None:
        goal = self.selected()
        self.toggle_action.setText("Reopen" if goal is not None and goal.done else "Mark done")
        self.toggle_action.setEnabled(goal is not None)
        menu.addAction(self.toggle_action)
        super().fill_menu(menu)

    def _check(self, goal_id: str, done: bool) -> None:
        self._start(self._set_done(goal_id, done), "complete" if done else "reopen")

    async def _set_done(self, goal_id: str, done: bool) -> None:
        write = self.goals.complete if done else self.goals.reopen
        try:
            await write(goal_id, context=person())
        except StoreError as error:
            self.undo_bar.inform(str(error))
            self.reload()  # Shows what the store kept.

    # -- the store ------------------------------------------------------------------------

    async def read_records(self, trip_id: str) -> list[GoalRecord]:
        return await self.goals.list_for_trip(trip_id)

    async def add_record(self, trip_id: str, text: str) -> GoalRecord:
        return await self.goals.add(trip_id, text, context=person())

    async def rename_record(self, record_id: str, text: str) -> None:
        await self.goals.rename(record_id, text, context=person())

    async def remove_record(self, record: GoalRecord, context: ChangeContext) -> bool:
        return await self.goals.remove(record.id, context=context)

    async def move_record(self, record: GoalRecord, position: int) -> None:
        await self.goals.move(record.id, position, context=person())

    def removal(self, record: GoalRecord) -> tuple[str, str]:
        return f"Remove goal “{record.title}”", f"Removed goal “{record.title}”."
