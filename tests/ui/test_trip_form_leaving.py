"""Every way of leaving a trip-form field saves what it shows, also while a completion list
is open: Tab, Shift+Tab, Enter, a click on another widget, the window losing focus. Keys and
clicks go where the window system sends them (to the open list while it is shown)."""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from concierge.agent import AbortSignal
from concierge.store import TripRecord
from concierge.travel.assistant.providers import trip_provider
from concierge.ui.trips import TripForm
from tests.ui import trips_support
from tests.ui.trips_support import (
    TripServices,
    click,
    eventually,
    focus,
    on_screen,
    press,
    type_text,
    until_stored,
)
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services


@pytest.fixture
async def form(services: TripServices) -> AsyncIterator[TripForm]:
    widget = TripForm(services)
    async with on_screen(widget, 520, 760):
        yield widget


async def open_trip(form: TripForm, services: TripServices) -> TripRecord:
    trip = (await services.trips.create({"title": "Porto weekend"})).record
    form.set_trip(trip.id)
    await until(lambda: form.record is not None and form.record.id == trip.id)
    return trip


async def snapshot(services: TripServices, trip_id: str) -> str:
    """What the next model call's trip context says."""
    rendered: Any = trip_provider(services.trips, services.itinerary, trip_id)(AbortSignal())
    text = await rendered if inspect.isawaitable(rendered) else rendered
    assert isinstance(text, str)
    return text


async def type_place(qtbot: QtBot, edit: QWidget, text: str) -> None:
    """Type into a place field until its completion list is open over the form."""
    await focus(edit)
    type_text(qtbot, text)
    await until(lambda: QApplication.activePopupWidget() is not None)


LEAVE = {
    "tab": lambda qtbot, form: press(qtbot, Qt.Key.Key_Tab),
    "shift+tab": lambda qtbot, form: press(
        qtbot, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier
    ),
    "enter": lambda qtbot, form: press(qtbot, Qt.Key.Key_Return),
    "click elsewhere": lambda qtbot, form: click(qtbot, form.fields.notes_edit.viewport()),
}


@pytest.mark.parametrize("way", LEAVE)
@pytest.mark.parametrize(
    ("key", "typed", "code", "context"),
    [
        (
            "stop",
            "Porto",
            "OPO",
            "Route: origin not set → Porto (OPO) (Europe/Lisbon) → origin not set",
        ),
        ("origin", "Lisbon", "LIS", "Home: Lisbon (LIS), time zone Europe/Lisbon"),
    ],
)
async def test_a_typed_place_is_saved_however_the_field_is_left(
    form: TripForm,
    services: TripServices,
    qtbot: QtBot,
    way: str,
    key: str,
    typed: str,
    code: str,
    context: str,
) -> None:
    trip = await open_trip(form, services)
    if key == "stop":
        await focus(form.fields.origin_edit)
        press(qtbot, Qt.Key.Key_Insert)  # Add stop.
        await until(lambda: len(form.fields.stops_editor.rows) == 1)
        edit: QWidget = form.fields.stops_editor.rows[0].place
    else:
        edit = form.fields.origin_edit
    await type_place(qtbot, edit, typed)
    LEAVE[way](qtbot, form)
    if key == "stop":

        async def stop_stored() -> bool:
            stops = await services.stops.stops(trip.id)
            return [s.place_code for s in stops] == [code]

        await eventually(stop_stored)
    else:
        await until_stored(services, trip.id, lambda r: getattr(r, f"{key}_code") == code)
    assert context in (await snapshot(services, trip.id)).splitlines()
    if way == "click elsewhere":  # The click reached what was clicked.
        await until(lambda: QApplication.focusWidget() is form.fields.notes_edit)
        qtbot.keyClicks(form.fields.notes_edit, "Tram 28")
        assert form.fields.notes_edit.toPlainText() == "Tram 28"
    assert QApplication.activePopupWidget() is None


async def test_a_click_on_a_button_saves_the_typed_currency_and_presses_the_button(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(form, services)
    started: list[tuple[str, str]] = []
    form.set_lookup_starter(lambda trip_id, kind, _parameters: started.append((trip_id, kind)))
    line = form.fields.currency_combo.lineEdit()
    assert line is not None
    await focus(form.fields.currency_combo)
    line.selectAll()
    type_text(qtbot, "usd")
    await until(lambda: QApplication.activePopupWidget() is not None)
    click(qtbot, form.fields.holidays_button)  # Above the list, which opens downwards.
    await until(lambda: started == [(trip.id, "holidays")])
    record = await services.trips.get(trip.id)  # Saved before the lookup started.
    assert record is not None and record.budget_currency == "USD"
    assert QApplication.focusWidget() is form.fields.holidays_button


async def test_a_typed_place_is_saved_when_the_window_loses_focus(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(form, services)
    await type_place(qtbot, form.fields.origin_edit, "Porto")
    other = QWidget()
    qtbot.addWidget(other)
    other.show()
    other.activateWindow()
    await until(lambda: QApplication.activeWindow() is other)
    await until_stored(services, trip.id, lambda r: r.origin_code == "OPO")
    await form.flush()  # The field shows the stored form once its save has been answered.
    assert form.fields.origin_edit.text() == "Porto (OPO)"
