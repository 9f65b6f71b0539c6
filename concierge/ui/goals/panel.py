"""The goals panel: the selected trip's checklist; a done goal says who completed it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup
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
from concierge.text import QT_TRANSLATE_NOOP
from concierge.travel.edits.goal_triggers import trigger_choices
from concierge.ui.i18n import shown, shown_error, translate
from concierge.ui.record_panel import RecordListPanel
from concierge.ui.views.actions import action_button, make_action
from concierge.ui.views.person import person

from .model import GoalsModel, marked_fields

NO_TRIP_TEXT = QT_TRANSLATE_NOOP("GoalsPanel", "Select a trip to see its goals.")
EMPTY_TEXT = QT_TRANSLATE_NOOP(
    "GoalsPanel", "No goals yet. Add what must get done, e.g. “Flights booked”."
)


class GoalsPanel(RecordListPanel[GoalRecord]):
    entity = EntityKind.GOAL

    def __init__(
        self,
        goals: GoalRepository,
        trips: TripRepository,
        history: ChangeHistory,
        bus: ChangeBus,
        parent: QWidget | None = None,
    ) -> None:
        self.goals = goals
        self.marked_fields = marked_fields()
        super().__init__(
            GoalsModel(),
            trips,
            history,
            bus,
            parent,
            name=translate("GoalsPanel", "Goals"),
            new_label=translate("GoalsPanel", "New goal"),
            placeholder=translate("GoalsPanel", "e.g. First night's hotel chosen"),
            no_trip_text=shown(NO_TRIP_TEXT),
            empty_text=shown(EMPTY_TEXT),
            rename_text=translate("GoalsPanel", "Rename"),
        )
        self.setObjectName("goalsPanel")
        self.view.setObjectName("goalsList")
        assert isinstance(self.model, GoalsModel)
        self.model.check_requested.connect(self._check)
        self.toggle_action: QAction = make_action(
            self, translate("GoalsPanel", "Mark done"), None, self.toggle_selected
        )
        completes_when = translate("GoalsPanel", "Completes when")
        self.trigger_menu = QMenu(completes_when, self)
        self.trigger_menu.setAccessibleName(completes_when)
        group = QActionGroup(self.trigger_menu)
        self.trigger_actions: dict[str | None, QAction] = {}
        """The menu's choices by trigger (None: manually)."""
        for trigger, label in trigger_choices():
            action = self.trigger_menu.addAction(shown(label))
            action.setCheckable(True)
            group.addAction(action)
            action.triggered.connect(lambda _=False, t=trigger: self.set_trigger_selected(t))
            self.trigger_actions[trigger] = action
        self.trigger_action: QAction = make_action(
            self,
            translate("GoalsPanel", "Completes when…"),
            Qt.Modifier.CTRL | Qt.Key.Key_E,
            self.show_trigger_menu,
        )
        self.trigger_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.addAction(self.trigger_action)
        self.trigger_button = action_button(self, self.trigger_action)
        self.button_row.insertWidget(self.button_row.count() - 1, self.trigger_button)
        self.chain(after=[self.trigger_button])

    def toggle_selected(self) -> None:
        goal = self.selected()
        if goal is not None:
            self._check(goal.id, not goal.done)

    def show_trigger_menu(self) -> None:
        """Pop up the "completes when" choices for the selected goal, its own one checked,
        under the button (with `popup()`: never a nested event loop)."""
        if self._check_trigger_choice():
            button = self.trigger_button
            self.trigger_menu.popup(button.mapToGlobal(button.rect().bottomLeft()))

    def _check_trigger_choice(self) -> bool:
        goal = self.selected()
        self.trigger_menu.setEnabled(goal is not None)
        if goal is None:
            return False
        known = goal.completes_on in self.trigger_actions
        self.trigger_actions[goal.completes_on if known else None].setChecked(True)
        return True

    def set_trigger_selected(self, trigger: str | None) -> None:
        """What completes the selected goal by itself (None: only someone ticks it)."""
        goal = self.selected()
        if goal is not None and goal.completes_on != trigger:
            self._start(self._set_trigger(goal.id, trigger), "change what completes goal")

    async def _set_trigger(self, goal_id: str, trigger: str | None) -> None:
        try:
            await self.goals.set_trigger(goal_id, trigger, context=person())
        except StoreError as error:
            self.undo_bar.inform(shown_error(error))
            self._refresher.request()

    def fill_menu(self, menu: QMenu) -> None:
        goal = self.selected()
        self.toggle_action.setText(
            translate("GoalsPanel", "Reopen")
            if goal is not None and goal.done
            else translate("GoalsPanel", "Mark done")
        )
        self.toggle_action.setEnabled(goal is not None)
        menu.addAction(self.toggle_action)
        self._check_trigger_choice()
        menu.addMenu(self.trigger_menu)
        super().fill_menu(menu)

    def _check(self, goal_id: str, done: bool) -> None:
        self._start(self._set_done(goal_id, done), "complete" if done else "reopen")

    async def _set_done(self, goal_id: str, done: bool) -> None:
        write = self.goals.complete if done else self.goals.reopen
        try:
            await write(goal_id, context=person())
        except StoreError as error:
            self.undo_bar.inform(shown_error(error))
            self.reload()  # Shows what the store kept.

    async def read_records(self, trip_id: str) -> list[GoalRecord]:
        return await self.goals.list_for_trip(trip_id)

    async def add_record(self, trip_id: str, text: str) -> GoalRecord:
        return (await self.goals.add(trip_id, text, context=person())).record

    async def rename_record(self, record_id: str, text: str) -> None:
        await self.goals.rename(record_id, text, context=person())

    async def remove_record(self, record: GoalRecord, context: ChangeContext) -> bool:
        return (await self.goals.remove(record.id, context=context)).record

    async def move_record(self, record: GoalRecord, position: int) -> None:
        await self.goals.move(record.id, position, context=person())

    def removal(self, record: GoalRecord) -> tuple[str, str]:
        return (
            QT_TRANSLATE_NOOP("ChangeLabel", "Remove goal “{title}”").format(title=record.title),
            translate("GoalsPanel", "Removed goal “{title}”.").format(title=record.title),
        )
