"""The pinned panel: preferences and facts the assistant keeps in mind ("vegetarian").
Only confirmed constraints are checked, and only the person confirms the assistant's.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QLabel, QMenu, QVBoxLayout, QWidget

from concierge.store import (
    Change,
    ChangeBus,
    ChangeContext,
    ChangeHistory,
    EntityKind,
    InvalidChangeError,
    PinRecord,
    PinRepository,
    StoreError,
    TripRepository,
)
from concierge.text import QT_TRANSLATE_NOOP
from concierge.ui.i18n import shown, shown_error, translate
from concierge.ui.record_panel import RecordListPanel
from concierge.ui.views.actions import action_button, make_action
from concierge.ui.views.person import person

from .constraint_editor import ConstraintEditor
from .model import ALL_TRIPS, THIS_TRIP, PinsModel, marked_fields

NO_TRIP_TO_PIN = QT_TRANSLATE_NOOP(
    "PinsPanel", "Select a trip first: text is pinned to the selected trip."
)


class PinsPanel(RecordListPanel[PinRecord]):
    entity = EntityKind.PIN

    def __init__(
        self,
        pins: PinRepository,
        trips: TripRepository,
        history: ChangeHistory,
        bus: ChangeBus,
        parent: QWidget | None = None,
    ) -> None:
        self.pins = pins
        self.marked_fields = marked_fields()
        super().__init__(
            PinsModel(),
            trips,
            history,
            bus,
            parent,
            name=translate("PinsPanel", "Pinned"),
            new_label=translate("PinsPanel", "New pin"),
            placeholder=translate("PinsPanel", "e.g. No red-eye flights"),
            no_trip_text=translate("PinsPanel", "Select a trip to see what is pinned for it."),
            empty_text=translate(
                "PinsPanel",
                "Nothing pinned yet. Pin what the assistant should always keep in mind, e.g. "
                "“vegetarian” or “no red-eye flights”, or select text in the chat and choose "
                "Pin selected text.",
            ),
            rename_text=translate("PinsPanel", "Edit"),
        )
        self.setObjectName("pinsPanel")
        self.view.setObjectName("pinsList")
        scope_label = translate("PinsPanel", "Applies to")
        self.scope_label = QLabel(scope_label, self)
        self.scope_combo = QComboBox(self)
        self.scope_combo.addItem(shown(THIS_TRIP), False)
        self.scope_combo.addItem(shown(ALL_TRIPS), True)
        self.scope_combo.setAccessibleName(scope_label)
        self.scope_combo.setToolTip(
            translate("PinsPanel", "Pin for this trip only, or for every trip")
        )
        self.scope_label.setBuddy(self.scope_combo)
        self.add_row.insertWidget(2, self.scope_label)
        self.add_row.insertWidget(3, self.scope_combo)

        self.constraint_editor = ConstraintEditor(self.body)
        body_layout = self.body.layout()
        assert isinstance(body_layout, QVBoxLayout)
        body_layout.insertWidget(body_layout.indexOf(self.view) + 1, self.constraint_editor)
        self.constraint_editor.saved.connect(
            lambda pin_id, rule: self._start(self._set_rule(pin_id, rule), "set constraint")
        )
        self.constraint_editor.closed.connect(
            lambda: self.view.setFocus(Qt.FocusReason.OtherFocusReason)
        )
        self.constraint_action: QAction = make_action(
            self,
            translate("PinsPanel", "Constraint…"),
            Qt.Modifier.CTRL | Qt.Key.Key_K,
            self.edit_constraint,
        )
        self.confirm_action: QAction = make_action(
            self,
            translate("PinsPanel", "Confirm constraint"),
            Qt.Modifier.CTRL | Qt.Modifier.SHIFT | Qt.Key.Key_K,
            self.confirm_selected,
        )
        for action in (self.constraint_action, self.confirm_action):
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.addAction(action)
        self.constraint_button = action_button(self, self.constraint_action)
        self.confirm_button = action_button(self, self.confirm_action)
        for button in (self.constraint_button, self.confirm_button):
            self.button_row.insertWidget(self.button_row.count() - 1, button)
        self.chain(
            [self.scope_combo],
            after=[
                self.constraint_button,
                self.confirm_button,
                *self.constraint_editor.focus_chain(),
            ],
        )
        self.refreshed.connect(self._update_constraint_actions)
        selection = self.view.selectionModel()
        selection.currentRowChanged.connect(self._update_constraint_actions)
        selection.selectionChanged.connect(self._update_constraint_actions)
        self._update_constraint_actions()

    @property
    def all_trips_chosen(self) -> bool:
        return bool(self.scope_combo.currentData())

    async def pin_text(self, text: str, *, all_trips: bool = False) -> PinRecord:
        """Pin `text` to the current trip (or to all trips) and select it. Raises
        `StoreError` (blank text, no trip) with the message to show."""
        if not all_trips and self.trip_id is None:
            raise InvalidChangeError("trip_id", shown(NO_TRIP_TO_PIN))
        pin = (
            await self.pins.add(text, trip_id=None if all_trips else self.trip_id, context=person())
        ).record
        self.select(pin.id)
        self.reload()
        return pin

    def edit_constraint(self) -> None:
        pin = self.selected()
        if pin is not None:
            self.constraint_editor.open_for(pin)

    def confirm_selected(self) -> None:
        """Confirm the selected pin's proposed constraint: from now on it is checked."""
        pin = self.selected()
        if pin is not None and pin.proposed:
            self._start(self._confirm(pin.id), "confirm constraint")

    async def _set_rule(self, pin_id: str, rule: str | None) -> None:
        try:
            await self.pins.set_rule(pin_id, rule, context=person())
        except StoreError as error:
            self.constraint_editor.show_problem(shown_error(error))
            return
        if self.constraint_editor.pin_id == pin_id:
            self.constraint_editor.cancel()
        self.reload()

    async def _confirm(self, pin_id: str) -> None:
        try:
            await self.pins.confirm_rule(pin_id, context=person())
        except StoreError as error:
            self.undo_bar.inform(shown_error(error))
        self.reload()

    def _update_constraint_actions(self, *_: object) -> None:
        pin = self.selected()
        self.constraint_action.setEnabled(pin is not None)
        self.confirm_action.setEnabled(pin is not None and pin.proposed)

    def fill_menu(self, menu: QMenu) -> None:
        self._update_constraint_actions()
        menu.addAction(self.constraint_action)
        menu.addAction(self.confirm_action)
        super().fill_menu(menu)

    def forget(self) -> None:
        if hasattr(self, "constraint_editor"):  # forget() may run before __init__ ends.
            self.constraint_editor.discard()
        super().forget()

    def watches(self, change: Change, trip_id: str) -> bool:
        return change.trip_id in (trip_id, None)

    def siblings(self, record: PinRecord) -> list[PinRecord]:
        return [pin for pin in self.model.records if pin.trip_id == record.trip_id]

    def undo_trip(self, record: PinRecord) -> str | None:
        return record.trip_id

    async def read_records(self, trip_id: str) -> list[PinRecord]:
        return await self.pins.list_for_trip(trip_id)

    async def add_record(self, trip_id: str, text: str) -> PinRecord:
        scope = None if self.all_trips_chosen else trip_id
        return (await self.pins.add(text, trip_id=scope, context=person())).record

    async def rename_record(self, record_id: str, text: str) -> None:
        await self.pins.update_text(record_id, text, context=person())

    async def remove_record(self, record: PinRecord, context: ChangeContext) -> bool:
        return (await self.pins.remove(record.id, context=context)).record

    async def move_record(self, record: PinRecord, position: int) -> None:
        await self.pins.move(record.id, position, context=person())

    def removal(self, record: PinRecord) -> tuple[str, str]:
        return (
            QT_TRANSLATE_NOOP("ChangeLabel", "Unpin “{text}”").format(text=record.text),
            translate("PinsPanel", "Unpinned “{text}”.").format(text=record.text),
        )
