"""The goals panel: the checklist from the keyboard, what completes goals by themselves and
who completed them, removal with Undo, and live updates from other writers."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from concierge.store import Actor, ChangeContext, GoalRecord, TripRecord
from concierge.ui.colours import mark_tint
from concierge.ui.goals import GoalsModel, GoalsPanel
from concierge.ui.goals.model import DONE_BY_COLUMN, TRIGGER_COLUMN
from concierge.ui.goals.panel import EMPTY_TEXT, NO_TRIP_TEXT
from concierge.ui.record_panel import OTHER_COLUMNS_SHARE
from concierge.ui.views.marks import ADDED_BY_ASSISTANT
from tests.ui import trips_support
from tests.ui.trips_support import (
    TripServices,
    assistant_edit,
    edit_in_place,
    eventually,
    focus,
    on_screen,
    select_row,
    tab_order,
    type_and_enter,
)
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services


@pytest.fixture
async def panel(services: TripServices) -> AsyncIterator[GoalsPanel]:
    widget = GoalsPanel(services.goals, services.trips, services.history, services.bus)
    async with on_screen(widget, 640, 420):
        yield widget


async def open_trip(panel: GoalsPanel, services: TripServices, *titles: str) -> TripRecord:
    trip = (await services.trips.create({"title": "Porto weekend"})).record
    for title in titles:
        await services.goals.add(trip.id, title)
    panel.set_trip(trip.id)
    await until(lambda: panel.loaded and panel.model.rowCount() == len(titles))
    return trip


def shown(panel: GoalsPanel) -> list[str]:
    return [goal.title for goal in panel.model.records]


async def stored(services: TripServices, trip: TripRecord) -> list[tuple[str, bool]]:
    return [(g.title, g.done) for g in await services.goals.list_for_trip(trip.id)]


async def test_the_model_passes_the_model_tester(
    qtmodeltester: ModelTester, services: TripServices
) -> None:
    trip = (await services.trips.create({"title": "Azores"})).record
    a = (await services.goals.add(trip.id, "Flights booked")).record
    b = (await services.goals.add(trip.id, "Hotel chosen", completes_on="lookup:holidays")).record
    model = GoalsModel()
    qtmodeltester.check(model)
    model.sync([a, b], {b.id: ADDED_BY_ASSISTANT})
    qtmodeltester.check(model)
    done = (await services.goals.complete(a.id)).record
    model.sync([b, done])  # Moved, changed and no longer marked in one step.
    qtmodeltester.check(model)
    assert [goal.id for goal in model.records] == [b.id, a.id]
    model.sync([done])
    qtmodeltester.check(model)


async def test_no_trip_and_no_goals_say_what_to_do(
    panel: GoalsPanel, services: TripServices
) -> None:
    assert panel.stack.currentWidget() is panel.placeholder
    assert panel.placeholder.text() == NO_TRIP_TEXT
    await open_trip(panel, services)
    assert panel.empty_label.isVisible()
    assert panel.empty_label.text() == EMPTY_TEXT


async def test_add_from_the_keyboard_keeps_the_line_ready_for_the_next(
    panel: GoalsPanel, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services)
    await type_and_enter(qtbot, panel.new_edit, "Flights booked")
    await until(lambda: shown(panel) == ["Flights booked"])
    assert panel.new_edit.text() == ""
    assert QApplication.focusWidget() is panel.new_edit
    qtbot.keyClicks(panel.new_edit, "First night's hotel chosen")
    qtbot.keyClick(panel.new_edit, Qt.Key.Key_Return)
    await until(lambda: len(shown(panel)) == 2)
    assert await stored(services, trip) == [
        ("Flights booked", False),
        ("First night's hotel chosen", False),
    ]
    assert panel.selected() is not None
    assert panel.selected().title == "First night's hotel chosen"  # type: ignore[union-attr]
    assert not panel.empty_label.isVisible()


async def test_a_blank_goal_is_refused_with_the_reason(
    panel: GoalsPanel, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services)
    await type_and_enter(qtbot, panel.new_edit, "   ")
    await until(lambda: panel.undo_bar.isVisible())
    assert "must not be empty" in panel.undo_bar.text
    assert panel.new_edit.text() == "   "
    assert await stored(services, trip) == []


async def test_space_completes_and_reopens_the_current_goal(
    panel: GoalsPanel, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services, "Flights booked", "Hotel chosen")
    await select_row(panel, 1)
    qtbot.keyClick(panel.view, Qt.Key.Key_Space)
    await eventually(
        lambda: _has(services, trip, [("Flights booked", False), ("Hotel chosen", True)])
    )
    await until(lambda: panel.model.index(1, DONE_BY_COLUMN).data() == "You")
    goal = (await services.goals.list_for_trip(trip.id))[1]
    assert goal.completed_by is Actor.PERSON
    assert panel.model.index(1, 0).data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    qtbot.keyClick(panel.view, Qt.Key.Key_Space)
    await eventually(
        lambda: _has(services, trip, [("Flights booked", False), ("Hotel chosen", False)])
    )
    await until(lambda: panel.model.index(1, DONE_BY_COLUMN).data() == "")


async def _has(services: TripServices, trip: TripRecord, expected: list[tuple[str, bool]]) -> bool:
    return await stored(services, trip) == expected


async def test_alt_arrows_reorder_and_keep_the_selection(
    panel: GoalsPanel, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services, "A", "B", "C")
    await select_row(panel, 0)
    qtbot.keyClick(panel.view, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    await until(lambda: shown(panel) == ["B", "A", "C"])
    qtbot.keyClick(panel.view, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    await until(lambda: shown(panel) == ["B", "C", "A"])
    assert [t for t, _ in await stored(services, trip)] == ["B", "C", "A"]
    assert panel.selected() is not None and panel.selected().title == "A"  # type: ignore[union-attr]
    assert not panel.move_down_action.isEnabled()  # Already last.
    qtbot.keyClick(panel.view, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier)
    await until(lambda: shown(panel) == ["B", "A", "C"])


async def test_f2_renames_in_place(panel: GoalsPanel, services: TripServices, qtbot: QtBot) -> None:
    trip = await open_trip(panel, services, "Flights")
    await select_row(panel, 0)
    editor = await edit_in_place(panel, qtbot)
    qtbot.keyClicks(editor, "Flights booked")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    await eventually(lambda: _has(services, trip, [("Flights booked", False)]))
    await until(lambda: shown(panel) == ["Flights booked"])


async def test_delete_removes_at_once_and_undo_brings_it_back(
    panel: GoalsPanel, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services, "A", "B", "C")
    await select_row(panel, 1)
    qtbot.keyClick(panel.view, Qt.Key.Key_Delete)
    await until(lambda: shown(panel) == ["A", "C"])
    assert panel.undo_bar.isVisible()
    assert panel.undo_bar.text == "Removed goal “B”."
    assert [t for t, _ in await stored(services, trip)] == ["A", "C"]
    qtbot.mouseClick(panel.undo_bar.undo_button, Qt.MouseButton.LeftButton)
    await until(lambda: shown(panel) == ["A", "B", "C"])
    assert not panel.undo_bar.isVisible()
    assert panel.selected() is not None and panel.selected().title == "B"  # type: ignore[union-attr]


async def test_ctrl_z_from_the_window_also_dismisses_the_offer(
    panel: GoalsPanel, services: TripServices, qtbot: QtBot
) -> None:
    await open_trip(panel, services, "A")
    await select_row(panel, 0)
    qtbot.keyClick(panel.view, Qt.Key.Key_Delete)
    await until(lambda: shown(panel) == [] and panel.undo_bar.isVisible())
    await services.history.undo_last()  # What Edit ▸ Undo (Ctrl+Z) does.
    await until(lambda: shown(panel) == ["A"])
    assert not panel.undo_bar.isVisible()


async def test_goals_that_complete_by_themselves_say_so_and_who_completed_them(
    panel: GoalsPanel, services: TripServices
) -> None:
    trip = await open_trip(panel, services)
    await services.goals.add(trip.id, "Check holidays", completes_on="lookup:holidays")
    await services.goals.add(trip.id, "Brief done", completes_on="form:trip-brief")
    await until(lambda: len(shown(panel)) == 2)
    assert panel.model.index(0, TRIGGER_COLUMN).data() == "a public holidays lookup succeeds"
    assert panel.model.index(1, TRIGGER_COLUMN).data().startswith("the ")
    await services.goals.complete_triggered(
        trip.id, "lookup:holidays", context=ChangeContext(actor=Actor.APP)
    )
    await until(lambda: panel.model.index(0, DONE_BY_COLUMN).data() == "Automatically")
    tooltip = panel.model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert "Done (automatically)" in tooltip
    assert "Completes by itself when a public holidays lookup succeeds" in tooltip


async def test_assistant_goals_show_live_and_marked_until_selected(
    panel: GoalsPanel, services: TripServices
) -> None:
    trip = await open_trip(panel, services, "A")
    goal: GoalRecord = (
        await services.goals.add(trip.id, "Ferry tickets", context=assistant_edit())
    ).record
    await until(lambda: shown(panel) == ["A", "Ferry tickets"])
    index = panel.model.index(1, 0)
    assert index.data(Qt.ItemDataRole.BackgroundRole) == mark_tint()
    assert ADDED_BY_ASSISTANT in index.data(Qt.ItemDataRole.ToolTipRole)
    await services.goals.complete(goal.id, context=assistant_edit())
    await until(lambda: panel.model.index(1, DONE_BY_COLUMN).data() == "The assistant")
    await select_row(panel, 1)
    await until(lambda: panel.model.index(1, 0).data(Qt.ItemDataRole.BackgroundRole) is None)
    await eventually(lambda: _nothing_unseen(services, trip))


async def _nothing_unseen(services: TripServices, trip: TripRecord) -> bool:
    return not await services.history.unseen_assistant_changes(trip.id)


async def test_switching_trips_and_deleting_the_trip(
    panel: GoalsPanel, services: TripServices
) -> None:
    first = await open_trip(panel, services, "A")
    second = (await services.trips.create({"title": "Lisbon"})).record
    await services.goals.add(second.id, "Tram 28")
    panel.set_trip(second.id)
    await until(lambda: shown(panel) == ["Tram 28"])
    await services.goals.add(first.id, "Not shown here")
    await services.trips.delete(second.id)
    await until(lambda: panel.stack.currentWidget() is panel.placeholder)
    assert panel.placeholder.text() == "This trip was deleted."


async def test_the_goal_column_keeps_room_on_a_narrow_panel(
    panel: GoalsPanel, services: TripServices
) -> None:
    """A long title keeps half the width; the other columns get the rest."""
    trip = await open_trip(panel, services)
    title = "Check which public holidays close the museums we want to see in Porto"
    await services.goals.add(trip.id, title, completes_on="lookup:holidays")
    await until(lambda: len(shown(panel)) == 1)
    panel.resize(420, 300)
    await until(lambda: panel.view.viewport().width() < 420)
    others = sum(panel.view.columnWidth(c) for c in (TRIGGER_COLUMN, DONE_BY_COLUMN))
    assert others <= panel.view.viewport().width() * OTHER_COLUMNS_SHARE + 1
    assert (
        panel.view.columnWidth(0) >= panel.view.viewport().width() * (1 - OTHER_COLUMNS_SHARE) - 1
    )


async def test_controls_are_named_in_tab_order(panel: GoalsPanel, services: TripServices) -> None:
    await open_trip(panel, services, "A")
    assert panel.view.accessibleName() == "Goals"
    assert panel.new_edit.accessibleName() == panel.new_label.text() == "New goal"
    for button in panel.findChildren(QAbstractButton):
        if button.text():
            assert button.accessibleName() == button.text()
        else:
            assert button.accessibleName() and button.toolTip(), button.objectName()
    assert panel.move_up_button.toolTip() == "Move up (Alt+Up)"
    assert [w.accessibleName() for w in tab_order(panel.new_edit, 7)] == [
        "New goal",
        "Add",
        "Goals",
        "Rename",
        "Remove",
        "Move up",
        "Move down",
    ]


async def test_tabbing_into_the_list_acts_on_the_current_goal(
    panel: GoalsPanel, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services, "A", "B")
    await focus(panel.add_button)
    qtbot.keyClick(panel.add_button, Qt.Key.Key_Tab)
    await until(lambda: QApplication.focusWidget() is panel.view)
    await until(lambda: panel.remove_action.isEnabled())  # The current row, not selected.
    qtbot.keyClick(panel.view, Qt.Key.Key_Delete)
    await until(lambda: shown(panel) == ["B"])
    assert [t for t, _ in await stored(services, trip)] == ["B"]
