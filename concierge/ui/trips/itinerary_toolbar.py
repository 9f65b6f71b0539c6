"""The itinerary's actions: buttons above the tree, keyboard shortcuts on the tree, and
the context menu, all driving the same `ItineraryCommands`.

Menus open with `popup()`: `QPushButton.setMenu` would run them in a nested event loop.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Protocol

from PySide6.QtCore import QKeyCombination, QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QMenu, QPushButton, QTreeView, QWidget

from concierge.ui.i18n import translate
from concierge.ui.views.actions import (
    action_button,
    key_text,
    make_action,
    make_actions,
    move_actions,
    move_buttons,
    on_widget,
)

from .itinerary_days import DayGroup


class ItineraryCommands(Protocol):
    """What the actions ask the itinerary view to do."""

    def add_item(self) -> None: ...
    def edit_selected(self) -> None: ...
    def remove_selected(self) -> None: ...
    def move_selected(self, step: int) -> None: ...
    def move_selected_to_adjacent_day(self, step: int) -> None: ...
    def move_selected_to_day(self, day: date) -> None: ...
    def confirm_selected(self) -> None: ...
    def days(self) -> Sequence[DayGroup]: ...
    def current_day(self) -> date | None:
        """The day of the item the actions apply to, or None without one."""
        ...


class ItineraryToolbar(QWidget):
    """The buttons, with their shortcuts on `tree` (Alt+PgUp/PgDown move to another day:
    window managers such as Openbox take Alt+Shift+Up/Down; where not, those work too)."""

    def __init__(self, commands: ItineraryCommands, tree: QTreeView, parent: QWidget) -> None:
        super().__init__(parent)
        self._commands = commands
        self._tree = tree
        alt, shift = Qt.KeyboardModifier.AltModifier, Qt.KeyboardModifier.ShiftModifier
        ctrl = Qt.KeyboardModifier.ControlModifier
        self.add_action = make_action(
            self, translate("ItineraryToolbar", "Add item"), None, commands.add_item
        )
        self.edit_action = make_action(
            self, translate("ItineraryToolbar", "Edit"), Qt.Key.Key_Return, commands.edit_selected
        )
        self.edit_action.setShortcuts(
            [QKeySequence(Qt.Key.Key_Return), QKeySequence(Qt.Key.Key_Enter)]
        )
        self.remove_action = make_action(
            self,
            translate("ItineraryToolbar", "Remove"),
            QKeySequence.StandardKey.Delete,
            commands.remove_selected,
        )
        self.move_up_action, self.move_down_action = move_actions(self, commands.move_selected)
        self.previous_day_action, self.next_day_action = make_actions(
            self,
            (
                translate("ItineraryToolbar", "Move to previous day"),
                QKeyCombination(alt, Qt.Key.Key_PageUp),
                lambda: commands.move_selected_to_adjacent_day(-1),
            ),
            (
                translate("ItineraryToolbar", "Move to next day"),
                QKeyCombination(alt, Qt.Key.Key_PageDown),
                lambda: commands.move_selected_to_adjacent_day(1),
            ),
        )
        for action, arrow in (
            (self.previous_day_action, Qt.Key.Key_Up),
            (self.next_day_action, Qt.Key.Key_Down),
        ):
            action.setShortcuts(
                [action.shortcut(), QKeySequence(QKeyCombination(alt | shift, arrow))]
            )
        self.confirm_action = make_action(
            self,
            translate("ItineraryToolbar", "Confirm details"),
            QKeyCombination(ctrl | shift, Qt.Key.Key_K),
            commands.confirm_selected,
        )
        self.confirm_action.setStatusTip(
            translate(
                "ItineraryToolbar",
                "Confirm the times, costs and addresses the assistant set on the selected items",
            )
        )
        on_widget(tree, self.tree_actions())

        self.add_button = action_button(self, self.add_action)
        self.edit_button = action_button(self, self.edit_action)
        self.remove_button = action_button(self, self.remove_action)
        self.move_up_button, self.move_down_button = move_buttons(
            self, self.move_up_action, self.move_down_action
        )
        move_to_day = translate("ItineraryToolbar", "Move to day")
        self.move_to_day_button = QPushButton(move_to_day, self)
        self.move_to_day_button.setAccessibleName(move_to_day)
        self.move_to_day_button.setToolTip(
            translate(
                "ItineraryToolbar",
                "Move the selected item to another day ({previous} or {next}: the previous or "
                "next day)",
            ).format(
                previous=key_text(self.previous_day_action.shortcut()),
                next=key_text(self.next_day_action.shortcut()),
            )
        )
        self.day_menu = QMenu(move_to_day, self)
        self.day_menu.aboutToShow.connect(self._fill_day_menu)
        self.move_to_day_button.clicked.connect(self._show_day_menu)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for button in self.buttons():
            layout.addWidget(button)
        layout.addStretch()
        tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        tree.customContextMenuRequested.connect(self._context_menu)

    def buttons(self) -> list[QWidget]:
        """In tab order."""
        return [
            self.add_button,
            self.edit_button,
            self.remove_button,
            self.move_up_button,
            self.move_down_button,
            self.move_to_day_button,
        ]

    def tree_actions(self) -> list[QAction]:
        return [
            self.edit_action,
            self.remove_action,
            self.move_up_action,
            self.move_down_action,
            self.previous_day_action,
            self.next_day_action,
            self.confirm_action,
        ]

    def set_state(
        self,
        *,
        has_trip: bool,
        has_item: bool,
        has_selection: bool,
        can_move_up: bool,
        can_move_down: bool,
        can_confirm: bool = False,
    ) -> None:
        """Enable what applies to the current item and selection."""
        self.add_action.setEnabled(has_trip)
        self.edit_action.setEnabled(has_item)
        self.remove_action.setEnabled(has_selection)
        self.move_up_action.setEnabled(can_move_up)
        self.move_down_action.setEnabled(can_move_down)
        self.previous_day_action.setEnabled(has_item)
        self.next_day_action.setEnabled(has_item)
        self.move_to_day_button.setEnabled(has_item)
        self.confirm_action.setEnabled(can_confirm)

    def _show_day_menu(self) -> None:
        button = self.move_to_day_button
        self.day_menu.popup(button.mapToGlobal(button.rect().bottomLeft()))

    def _fill_day_menu(self) -> None:
        self.day_menu.clear()
        current = self._commands.current_day()
        for group in self._commands.days():
            action = self.day_menu.addAction(group.heading)
            action.setEnabled(current is not None and group.day != current)
            action.triggered.connect(
                lambda _=False, day=group.day: self._commands.move_selected_to_day(day)
            )

    def _context_menu(self, position: QPoint) -> None:
        menu = QMenu(self)
        menu.addAction(self.add_action)
        for action in self.tree_actions():
            menu.addAction(action)
        menu.addMenu(self.day_menu).setEnabled(self.move_to_day_button.isEnabled())
        menu.aboutToHide.connect(menu.deleteLater)
        menu.popup(self._tree.viewport().mapToGlobal(position))
