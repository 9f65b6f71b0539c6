"""The trip list: model, create, rename in place, duplicate, delete with Undo, reorder,
and a selection that survives every refresh."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QAbstractItemView, QApplication, QLineEdit
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from concierge.store import TripRecord
from concierge.ui.trips import TripListModel, TripListPanel
from concierge.ui.trips.trip_list_model import SUBTITLE_ROLE, TRIP_ID_ROLE
from tests.ui import trips_support
from tests.ui.trips_support import TripServices, assistant_edit, eventually, on_screen
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services


async def titled(services: TripServices, trip_id: str, title: str) -> bool:
    """Whether the stored trip has `title` (the list shows a rename before it is stored)."""
    stored = await services.trips.get(trip_id)
    return stored is not None and stored.title == title


@pytest.fixture
async def panel(services: TripServices) -> AsyncIterator[TripListPanel]:
    widget = TripListPanel(services)
    async with on_screen(widget, 360, 480):
        yield widget


async def three_trips(services: TripServices) -> list[TripRecord]:
    porto = (
        await services.trips.create(
            {"title": "Porto", "start_date": "2026-05-14", "end_date": "2026-05-18"}
        )
    ).record
    await services.stops.add(porto.id, {"place": "Porto (OPO)"})
    return [
        porto,
        (await services.trips.create({"title": "Madrid", "start_date": "2026-07-30"})).record,
        (await services.trips.create({"title": "Azores"})).record,
    ]


def titles(panel: TripListPanel) -> list[str]:
    return [trip.title for trip in panel.model.trips]


async def loaded(panel: TripListPanel, count: int) -> None:
    await until(lambda: panel.model.rowCount() == count)


def editor_of(panel: TripListPanel) -> QLineEdit:
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    assert panel.view.state() == QAbstractItemView.State.EditingState
    return editor


async def test_the_model_passes_the_model_tester(
    qtmodeltester: ModelTester, services: TripServices
) -> None:
    porto, madrid, azores = await three_trips(services)
    model = TripListModel()
    qtmodeltester.check(model)
    model.sync([porto, madrid, azores])
    qtmodeltester.check(model)
    model.sync([azores, dataclasses.replace(porto, title="Porto and Douro")])  # Move, remove.
    assert [t.title for t in model.trips] == ["Azores", "Porto and Douro"]
    model.sync([madrid, azores])
    qtmodeltester.check(model)
    index = model.index(0, 0)
    assert model.data(index, TRIP_ID_ROLE) == madrid.id
    assert model.setData(index, "  Madrid in summer ")
    assert model.data(index) == "Madrid in summer"
    assert not model.setData(index, "   ")


async def test_lists_trips_with_dates_and_stops(
    panel: TripListPanel, services: TripServices
) -> None:
    await three_trips(services)
    await loaded(panel, 3)
    assert titles(panel) == ["Porto", "Madrid", "Azores"]
    subtitles = [panel.model.index(row, 0).data(SUBTITLE_ROLE) for row in range(3)]
    assert subtitles == [
        "14–18 May 2026 · Porto (OPO)",
        "From 30 July 2026 · No stops yet",
        "Dates not set · No stops yet",
    ]
    assert panel.model.index(0, 0).data(Qt.ItemDataRole.AccessibleTextRole) == (
        "Porto, 14–18 May 2026 · Porto (OPO)"
    )
    assert panel.selected_trip_id is None
    assert not panel.delete_button.isEnabled()


async def test_new_trip_is_selected_and_named_in_place(
    panel: TripListPanel, services: TripServices, qtbot: QtBot
) -> None:
    await three_trips(services)
    await loaded(panel, 3)
    selected: list[object] = []
    panel.trip_selected.connect(selected.append)
    panel.view.setFocus()
    qtbot.keyClick(panel.view, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    await until(lambda: panel.view.state() == QAbstractItemView.State.EditingState)
    assert titles(panel)[-1] == "New trip"
    new_id = panel.model.trips[-1].id
    assert selected == [new_id]
    editor = editor_of(panel)
    editor.selectAll()
    qtbot.keyClicks(editor, "Lisbon")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    await until(lambda: titles(panel)[-1] == "Lisbon")
    await eventually(lambda: titled(services, new_id, "Lisbon"))
    assert panel.selected_trip_id == new_id


async def test_f2_renames_inline_and_a_refresh_keeps_what_is_typed(
    panel: TripListPanel, services: TripServices, qtbot: QtBot
) -> None:
    porto, madrid, _ = await three_trips(services)
    await loaded(panel, 3)
    panel.set_trip(madrid.id)
    panel.view.setFocus()
    qtbot.keyClick(panel.view, Qt.Key.Key_F2)
    editor = editor_of(panel)
    editor.selectAll()
    qtbot.keyClicks(editor, "Madrid and Toledo")
    await services.trips.rename(madrid.id, "Madrid (assistant)", context=assistant_edit())
    await services.trips.rename(porto.id, "Porto and Douro")
    await until(lambda: titles(panel)[0] == "Porto and Douro")
    assert editor.text() == "Madrid and Toledo"  # The refresh did not overwrite it.
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    await until(lambda: titles(panel)[1] == "Madrid and Toledo")
    await eventually(lambda: titled(services, madrid.id, "Madrid and Toledo"))


async def test_duplicate_selects_the_copy(
    panel: TripListPanel, services: TripServices, qtbot: QtBot
) -> None:
    porto, _, _ = await three_trips(services)
    await services.itinerary.add(porto.id, {"day": "2026-05-14", "title": "Port cellar"})
    await loaded(panel, 3)
    panel.set_trip(porto.id)
    qtbot.mouseClick(panel.duplicate_button, Qt.MouseButton.LeftButton)
    await until(lambda: titles(panel)[-1] == "Porto (copy)")
    copy = panel.model.trips[-1]
    await until(lambda: panel.selected_trip_id == copy.id)
    assert [i.title for i in await services.itinerary.items(copy.id)] == ["Port cellar"]


async def test_delete_at_once_with_undo(
    panel: TripListPanel, services: TripServices, qtbot: QtBot
) -> None:
    _, madrid, azores = await three_trips(services)
    await services.itinerary.add(madrid.id, {"day": "2026-07-30", "title": "Prado"})
    await loaded(panel, 3)
    panel.set_trip(madrid.id)
    selected: list[object] = []
    panel.trip_selected.connect(selected.append)
    panel.view.setFocus()
    qtbot.keyClick(panel.view, Qt.Key.Key_Delete)
    await until(lambda: titles(panel) == ["Porto", "Azores"])
    assert panel.selected_trip_id == azores.id  # The neighbour takes its place.
    assert selected == [azores.id]
    assert panel.undo_bar.isVisible() and panel.undo_bar.text == "Deleted “Madrid”."
    assert await services.trips.get(madrid.id) is None

    qtbot.mouseClick(panel.undo_bar.undo_button, Qt.MouseButton.LeftButton)
    await until(lambda: titles(panel) == ["Porto", "Madrid", "Azores"])
    await until(lambda: panel.selected_trip_id == madrid.id)
    assert not panel.undo_bar.isVisible()
    assert [i.title for i in await services.itinerary.items(madrid.id)] == ["Prado"]


async def test_undo_elsewhere_withdraws_the_offer(
    panel: TripListPanel, services: TripServices, qtbot: QtBot
) -> None:
    porto, _, _ = await three_trips(services)
    await loaded(panel, 3)
    panel.set_trip(porto.id)
    panel.delete_selected()
    await until(lambda: panel.undo_bar.isVisible())
    await services.history.undo_last(porto.id)  # Edit ▸ Undo in the main window.
    await until(lambda: not panel.undo_bar.isVisible())
    await until(lambda: titles(panel) == ["Porto", "Madrid", "Azores"])


async def test_alt_arrows_reorder_and_keep_the_selection(
    panel: TripListPanel, services: TripServices, qtbot: QtBot
) -> None:
    _, _, azores = await three_trips(services)
    await loaded(panel, 3)
    panel.set_trip(azores.id)
    assert not panel.move_down_action.isEnabled()
    selected: list[object] = []
    panel.trip_selected.connect(selected.append)
    panel.view.setFocus()
    qtbot.keyClick(panel.view, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier)
    await until(lambda: titles(panel) == ["Porto", "Azores", "Madrid"])
    qtbot.keyClick(panel.view, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier)
    await until(lambda: titles(panel) == ["Azores", "Porto", "Madrid"])
    assert [t.title for t in await services.trips.all()] == ["Azores", "Porto", "Madrid"]
    assert panel.selected_trip_id == azores.id
    assert selected == []  # The same trip stayed selected throughout.
    assert not panel.move_up_action.isEnabled()


async def test_selection_survives_other_writers(
    panel: TripListPanel, services: TripServices
) -> None:
    porto, madrid, azores = await three_trips(services)
    await loaded(panel, 3)
    panel.set_trip(madrid.id)
    selected: list[object] = []
    panel.trip_selected.connect(selected.append)
    await services.trips.move(azores.id, 0, context=assistant_edit())
    await services.stops.add(madrid.id, {"place": "Madrid (MAD)"})
    await services.stops.add(madrid.id, {"place": "Toledo"})
    await until(lambda: titles(panel) == ["Azores", "Porto", "Madrid"])
    await until(lambda: "Madrid (MAD) → Toledo" in str(panel.model.index(2, 0).data(SUBTITLE_ROLE)))
    assert panel.selected_trip_id == madrid.id
    assert panel.view.selectionModel().isSelected(panel.model.index(2, 0))
    assert selected == []

    await services.trips.delete(madrid.id, context=assistant_edit())
    await until(lambda: titles(panel) == ["Azores", "Porto"])
    assert panel.selected_trip_id == porto.id
    assert selected == [porto.id]

    panel.set_trip(None)
    assert selected == [porto.id, None]
    assert not panel.view.selectionModel().hasSelection()


async def test_controls_are_named_like_their_labels(panel: TripListPanel) -> None:
    assert panel.view.accessibleName() == "Trips"
    names = set()
    for button in panel.findChildren(QAbstractButton):
        if button.text():
            assert button.accessibleName() == button.text()
        else:
            assert button.accessibleName() and button.toolTip(), button.objectName()
        names.add(button.accessibleName())
    assert {"New trip", "Rename", "Duplicate", "Delete", "Undo", "Dismiss"} <= names
    assert panel.new_button.toolTip() == "New trip (Ctrl+N)"
    assert panel.rename_button.toolTip() == "Rename (F2)"
