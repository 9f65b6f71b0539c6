"""The pinned panel: pins added with their scope, in a stable order (all-trip pins first),
edited, reordered within their scope, removed with Undo, and followed live."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from concierge.store import InvalidChangeError, TripRecord
from concierge.ui.colours import mark_tint
from concierge.ui.pins import PinsModel, PinsPanel
from concierge.ui.pins.model import SCOPE_COLUMN
from concierge.ui.pins.panel import NO_TRIP_TO_PIN
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
async def panel(services: TripServices) -> AsyncIterator[PinsPanel]:
    widget = PinsPanel(services.pins, services.trips, services.history, services.bus)
    async with on_screen(widget, 640, 420):
        yield widget


async def open_trip(panel: PinsPanel, services: TripServices, title: str = "Porto") -> TripRecord:
    trip = (await services.trips.create({"title": title})).record
    panel.set_trip(trip.id)
    await until(lambda: panel.loaded and panel.trip_id == trip.id)
    return trip


def shown(panel: PinsPanel) -> list[tuple[str, str]]:
    model = panel.model
    return [
        (pin.text, str(model.index(row, SCOPE_COLUMN).data()))
        for row, pin in enumerate(model.records)
    ]


async def stored(services: TripServices, trip: TripRecord) -> list[tuple[str, bool]]:
    return [(pin.text, pin.all_trips) for pin in await services.pins.list_for_trip(trip.id)]


async def add(panel: PinsPanel, qtbot: QtBot, text: str, *, all_trips: bool) -> None:
    await focus(panel.scope_combo)
    qtbot.keyClick(panel.scope_combo, Qt.Key.Key_Down if all_trips else Qt.Key.Key_Up)
    await type_and_enter(qtbot, panel.new_edit, text)
    await until(lambda: any(pin.text == text for pin in panel.model.records))


async def test_the_model_passes_the_model_tester(
    qtmodeltester: ModelTester, services: TripServices
) -> None:
    trip = (await services.trips.create({"title": "Azores"})).record
    everywhere = (await services.pins.add("Vegetarian")).record
    here = (await services.pins.add("Whale watching", trip_id=trip.id)).record
    model = PinsModel()
    qtmodeltester.check(model)
    model.sync([everywhere, here], {here.id: ADDED_BY_ASSISTANT})
    qtmodeltester.check(model)
    assert [model.index(r, SCOPE_COLUMN).data() for r in range(2)] == ["All trips", "This trip"]
    model.sync([here])
    qtmodeltester.check(model)


async def test_pins_are_added_with_their_scope_in_a_stable_order(
    panel: PinsPanel, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services)
    await add(panel, qtbot, "Window seat", all_trips=False)
    await add(panel, qtbot, "Vegetarian", all_trips=True)
    await add(panel, qtbot, "No red-eye flights", all_trips=True)
    await add(panel, qtbot, "Visit the Livraria Lello", all_trips=False)
    expected = [
        ("Vegetarian", "All trips"),
        ("No red-eye flights", "All trips"),
        ("Window seat", "This trip"),
        ("Visit the Livraria Lello", "This trip"),
    ]
    await until(lambda: shown(panel) == expected)
    assert await stored(services, trip) == [
        ("Vegetarian", True),
        ("No red-eye flights", True),
        ("Window seat", False),
        ("Visit the Livraria Lello", False),
    ]
    other = await open_trip(panel, services, "Lisbon")  # All-trip pins show in every trip.
    await until(lambda: [t for t, _ in shown(panel)] == ["Vegetarian", "No red-eye flights"])
    assert await stored(services, other) == [("Vegetarian", True), ("No red-eye flights", True)]


async def test_reordering_stays_within_a_scope(
    panel: PinsPanel, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services)
    await services.pins.add("Vegetarian")
    await services.pins.add("Aisle seat")
    await services.pins.add("Port tasting", trip_id=trip.id)
    await until(lambda: len(shown(panel)) == 3)
    await select_row(panel, 1)
    assert not panel.move_down_action.isEnabled()  # Last of the all-trip pins.
    qtbot.keyClick(panel.view, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier)
    await until(
        lambda: [t for t, _ in shown(panel)] == ["Aisle seat", "Vegetarian", "Port tasting"]
    )
    assert [t for t, _ in await stored(services, trip)] == [
        "Aisle seat",
        "Vegetarian",
        "Port tasting",
    ]


async def test_f2_edits_a_pin(panel: PinsPanel, services: TripServices, qtbot: QtBot) -> None:
    trip = await open_trip(panel, services)
    await services.pins.add("Vegeterian", trip_id=trip.id)
    await until(lambda: len(shown(panel)) == 1)
    await select_row(panel, 0)
    editor = await edit_in_place(panel, qtbot)
    qtbot.keyClicks(editor, "Vegetarian")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    await eventually(lambda: _has(services, trip, [("Vegetarian", False)]))


async def _has(services: TripServices, trip: TripRecord, expected: list[tuple[str, bool]]) -> bool:
    return await stored(services, trip) == expected


async def test_removing_an_all_trip_pin_can_be_undone(
    panel: PinsPanel, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services)
    await services.pins.add("Vegetarian")
    await services.pins.add("Port tasting", trip_id=trip.id)
    await until(lambda: len(shown(panel)) == 2)
    await select_row(panel, 0)
    qtbot.keyClick(panel.view, Qt.Key.Key_Delete)
    await until(lambda: [t for t, _ in shown(panel)] == ["Port tasting"])
    assert panel.undo_bar.text == "Unpinned “Vegetarian”."
    qtbot.mouseClick(panel.undo_bar.undo_button, Qt.MouseButton.LeftButton)
    await until(lambda: [t for t, _ in shown(panel)] == ["Vegetarian", "Port tasting"])
    assert panel.selected() is not None and panel.selected().text == "Vegetarian"  # type: ignore[union-attr]


async def test_assistant_pins_show_live_and_marked_until_selected(
    panel: PinsPanel, services: TripServices
) -> None:
    trip = await open_trip(panel, services)
    await services.pins.add("Travels with a dog", trip_id=trip.id, context=assistant_edit())
    await until(lambda: len(shown(panel)) == 1)
    assert panel.model.index(0, 0).data(Qt.ItemDataRole.BackgroundRole) == mark_tint()
    await select_row(panel, 0)
    await until(lambda: panel.model.index(0, 0).data(Qt.ItemDataRole.BackgroundRole) is None)
    await eventually(lambda: _nothing_unseen(services, trip))


async def _nothing_unseen(services: TripServices, trip: TripRecord) -> bool:
    return not await services.history.unseen_assistant_changes(trip.id)


async def test_pin_text_needs_a_trip_unless_it_is_for_all_trips(
    panel: PinsPanel, services: TripServices
) -> None:
    with pytest.raises(InvalidChangeError, match=NO_TRIP_TO_PIN):
        await panel.pin_text("Vegetarian")
    pin = await panel.pin_text("Vegetarian", all_trips=True)
    assert pin.all_trips


async def test_controls_are_named_in_tab_order(panel: PinsPanel, services: TripServices) -> None:
    await open_trip(panel, services)
    assert panel.view.accessibleName() == "Pinned"
    assert panel.scope_combo.accessibleName() == panel.scope_label.text() == "Applies to"
    for button in panel.findChildren(QAbstractButton):
        if button.text():
            assert button.accessibleName() == button.text()
        else:
            assert button.accessibleName() and button.toolTip(), button.objectName()
    assert [w.accessibleName() for w in tab_order(panel.new_edit, 10)] == [
        "New pin",
        "Applies to",
        "Add",
        "Pinned",
        "Edit",
        "Remove",
        "Move up",
        "Move down",
        "Constraint…",
        "Confirm constraint",
    ]


async def test_emptying_a_pin_is_refused_with_the_reason(
    panel: PinsPanel, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services)
    await services.pins.add("Vegetarian", trip_id=trip.id)
    await until(lambda: len(shown(panel)) == 1)
    await select_row(panel, 0)
    editor = await edit_in_place(panel, qtbot)
    qtbot.keyClick(editor, Qt.Key.Key_Delete)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    await until(lambda: panel.undo_bar.isVisible())
    assert "must not be empty" in panel.undo_bar.text
    assert shown(panel) == [("Vegetarian", "This trip")]
    assert await stored(services, trip) == [("Vegetarian", False)]
