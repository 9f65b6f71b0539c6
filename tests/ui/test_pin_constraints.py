"""Constraints in the pinned panel, with real keys: Ctrl+K opens the editor under the list,
the kind and its parameters are chosen and typed, a rule that does not read is refused with
the reason and nothing is stored, and Ctrl+Shift+K confirms the assistant's proposal."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot

from concierge.store import TripRecord
from concierge.ui.pins import PinsPanel
from concierge.ui.pins.model import RULE_COLUMN
from tests.ui import trips_support
from tests.ui.trips_support import (
    TripServices,
    assistant_edit,
    eventually,
    on_screen,
    press,
    select_row,
    type_text,
)
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
async def panel(services: TripServices) -> AsyncIterator[PinsPanel]:
    widget = PinsPanel(services.pins, services.trips, services.history, services.bus)
    async with on_screen(widget, 720, 520):
        yield widget


async def open_trip(panel: PinsPanel, services: TripServices) -> TripRecord:
    trip = (await services.trips.create({"title": "Japan"})).record
    panel.set_trip(trip.id)
    await until(lambda: panel.loaded and panel.trip_id == trip.id)
    return trip


def constraint_shown(panel: PinsPanel, row: int = 0) -> str:
    return str(panel.model.index(row, RULE_COLUMN).data())


async def rules(services: TripServices, trip: TripRecord) -> list[tuple[str | None, bool]]:
    return [(pin.rule, pin.rule_confirmed) for pin in await services.pins.list_for_trip(trip.id)]


def focused() -> object:
    return QApplication.focusWidget()


async def test_ctrl_k_sets_a_constraint_with_the_keyboard(
    panel: PinsPanel, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services)
    await services.pins.add("Two flights at most", trip_id=trip.id)
    await until(lambda: panel.model.rowCount() == 1)
    await select_row(panel, 0)
    editor = panel.constraint_editor
    press(qtbot, Qt.Key.Key_K, CTRL)
    await until(lambda: editor.isVisible() and focused() is editor.kind_combo)
    press(qtbot, Qt.Key.Key_Down)  # No constraint → No departures between
    press(qtbot, Qt.Key.Key_Down)  # → At most N flights
    assert editor.kind() == "max_flights"
    press(qtbot, Qt.Key.Key_Tab)
    await until(lambda: isinstance(focused(), QLineEdit))
    assert focused().accessibleName() == "Flights"  # type: ignore[attr-defined]
    type_text(qtbot, "x")
    press(qtbot, Qt.Key.Key_Return)
    await until(lambda: editor.message.isVisible())
    assert editor.message.text() == "Flights must be a whole number from 0 to 50 (got 'x')."
    assert await rules(services, trip) == [(None, False)]

    press(qtbot, Qt.Key.Key_Backspace)
    type_text(qtbot, "2")
    press(qtbot, Qt.Key.Key_Return)
    await eventually(lambda: _rules_are(services, trip, [("max_flights(2)", True)]))
    await until(lambda: not editor.isVisible() and constraint_shown(panel) == "At most 2 flights")
    await until(lambda: focused() is panel.view)


async def test_a_night_window_is_typed_field_by_field_and_escape_closes_without_saving(
    panel: PinsPanel, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services)
    await services.pins.add("No red-eye flights", trip_id=trip.id)
    await until(lambda: panel.model.rowCount() == 1)
    await select_row(panel, 0)
    editor = panel.constraint_editor
    press(qtbot, Qt.Key.Key_K, CTRL)
    await until(lambda: focused() is editor.kind_combo)
    press(qtbot, Qt.Key.Key_Down)
    assert editor.kind() == "no_departure_between"
    press(qtbot, Qt.Key.Key_Tab)
    type_text(qtbot, "22:00")
    press(qtbot, Qt.Key.Key_Tab)
    type_text(qtbot, "22:00")
    press(qtbot, Qt.Key.Key_Return)
    await until(lambda: editor.message.isVisible())
    assert "needs two different times" in editor.message.text()
    press(qtbot, Qt.Key.Key_Backspace)
    press(qtbot, Qt.Key.Key_Backspace)
    press(qtbot, Qt.Key.Key_Backspace)
    press(qtbot, Qt.Key.Key_Backspace)
    press(qtbot, Qt.Key.Key_Backspace)
    type_text(qtbot, "6:00")
    press(qtbot, Qt.Key.Key_Tab)  # Applies to: flights (the default)
    press(qtbot, Qt.Key.Key_Tab)
    assert focused() is editor.save_button
    press(qtbot, Qt.Key.Key_Space)
    await eventually(
        lambda: _rules_are(services, trip, [("no_departure_between(22:00,06:00)", True)])
    )
    await until(
        lambda: (
            constraint_shown(panel) == "No flights departing between 22:00 and 06:00 (local time)"
        )
    )

    await select_row(panel, 0)
    press(qtbot, Qt.Key.Key_K, CTRL)
    await until(lambda: editor.isVisible() and focused() is editor.kind_combo)
    assert editor.kind() == "no_departure_between"  # Opened on the pin's own rule.
    press(qtbot, Qt.Key.Key_Up)
    assert editor.kind() is None
    press(qtbot, Qt.Key.Key_Escape)
    await until(lambda: not editor.isVisible() and focused() is panel.view)
    assert await rules(services, trip) == [("no_departure_between(22:00,06:00)", True)]


async def test_the_assistants_proposal_shows_as_proposed_until_ctrl_shift_k(
    panel: PinsPanel, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services)
    await services.pins.add(
        "Short travel days",
        trip_id=trip.id,
        rule="max_transit_per_day(3)",
        context=assistant_edit(),
    )
    await until(lambda: constraint_shown(panel) == "At most 3 hours of transit a day (proposed)")
    await select_row(panel, 0)
    assert panel.confirm_action.isEnabled()
    press(qtbot, Qt.Key.Key_K, CTRL | SHIFT)
    await eventually(lambda: _rules_are(services, trip, [("max_transit_per_day(3)", True)]))
    await until(lambda: constraint_shown(panel) == "At most 3 hours of transit a day")
    await until(lambda: not panel.confirm_action.isEnabled())


async def _rules_are(
    services: TripServices, trip: TripRecord, expected: list[tuple[str | None, bool]]
) -> bool:
    return await rules(services, trip) == expected
