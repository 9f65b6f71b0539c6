"""A goal's "completes when", chosen from the keyboard: the choice is stored, shown in the
list, and undone like any other goal edit."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from concierge.travel.edits.goal_triggers import MANUALLY, trigger_choices
from concierge.travel.lookups.kinds import KINDS
from concierge.ui.goals import GoalsPanel
from concierge.ui.goals.model import TRIGGER_COLUMN
from tests.ui import trips_support
from tests.ui.trips_support import TripServices, eventually, on_screen, select_row
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services

HOLIDAYS = "When a public holidays lookup succeeds"


@pytest.fixture
async def panel(services: TripServices) -> AsyncIterator[GoalsPanel]:
    widget = GoalsPanel(services.goals, services.trips, services.history, services.bus)
    async with on_screen(widget, 640, 420):
        yield widget


def test_the_choices_are_manually_the_brief_and_every_lookup_kind() -> None:
    labels = [label for _, label in trigger_choices()]
    assert labels[0] == MANUALLY
    assert labels[1] == "When the Trip brief form is complete"
    assert HOLIDAYS in labels
    kinds = {f"When a {spec.title.lower()} lookup succeeds" for spec in KINDS.values()}
    assert set(labels[2:]) == kinds


async def test_completes_when_is_chosen_with_keys_stored_shown_and_undone(
    panel: GoalsPanel, services: TripServices, qtbot: QtBot
) -> None:
    trip = (await services.trips.create({"title": "Porto weekend"})).record
    goal = (await services.goals.add(trip.id, "Check holidays")).record
    panel.set_trip(trip.id)
    await until(lambda: panel.loaded and panel.model.rowCount() == 1)
    await select_row(panel, 0)

    qtbot.keyClick(panel.view, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    menu = panel.trigger_menu
    await until(lambda: menu.isVisible())
    assert panel.trigger_actions[None].isChecked()  # "Manually" for a new goal
    for _ in range(len(panel.trigger_actions)):
        if menu.activeAction() is not None and menu.activeAction().text() == HOLIDAYS:
            break
        qtbot.keyClick(menu, Qt.Key.Key_Down)
    assert menu.activeAction().text() == HOLIDAYS
    qtbot.keyClick(menu, Qt.Key.Key_Return)

    async def trigger_is(expected: str | None) -> bool:
        stored = await services.goals.get(goal.id)
        return stored is not None and stored.completes_on == expected

    await eventually(lambda: trigger_is("lookup:holidays"))
    await until(
        lambda: panel.model.index(0, TRIGGER_COLUMN).data() == "a public holidays lookup succeeds"
    )

    await services.history.undo_last(trip.id)  # What Edit ▸ Undo (Ctrl+Z) does.
    await eventually(lambda: trigger_is(None))
    await until(lambda: panel.model.index(0, TRIGGER_COLUMN).data() == "")


async def test_the_button_is_in_tab_order_and_opens_the_same_menu(
    panel: GoalsPanel, services: TripServices, qtbot: QtBot
) -> None:
    trip = (await services.trips.create({"title": "Porto weekend"})).record
    await services.goals.add(trip.id, "Brief", completes_on="form:trip-brief")
    panel.set_trip(trip.id)
    await until(lambda: panel.loaded and panel.model.rowCount() == 1)
    await select_row(panel, 0)
    for _ in range(8):
        if QApplication.focusWidget() is panel.trigger_button:
            break
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is panel.trigger_button
    qtbot.keyClick(panel.trigger_button, Qt.Key.Key_Space)
    await until(lambda: panel.trigger_menu.isVisible())
    assert panel.trigger_actions["form:trip-brief"].isChecked()
    panel.trigger_menu.hide()
