"""The trip form's Stops list, driven with real keys: a stop is added by typing its place
and leaving it with Tab, Tab runs through its dates to the next row, Alt+Up reorders,
Ctrl+Delete removes, Ctrl+Z in the window undoes, and the assistant's edits show up live
without clobbering a row being typed in."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from concierge.store import StopRecord, TripRecord
from concierge.travel.services import TravelServices, open_services
from concierge.ui.trips import TripForm
from concierge.ui.trips.stops_editor import StopsEditor
from tests.composition import loaded_places
from tests.ui import trips_support
from tests.ui.trips_support import (
    TripServices,
    assistant_edit,
    eventually,
    focus,
    on_screen,
    press,
    shown_window,
    type_text,
)
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services

CTRL = Qt.KeyboardModifier.ControlModifier
ALT = Qt.KeyboardModifier.AltModifier


@pytest.fixture
async def form(services: TripServices) -> AsyncIterator[TripForm]:
    widget = TripForm(services)
    async with on_screen(widget, 560, 760):
        yield widget


async def open_trip(form: TripForm, services: TripServices) -> TripRecord:
    trip = (
        await services.trips.create(
            {
                "title": "Japan",
                "origin": "Lisbon (LIS)",
                "start_date": "2027-04-10",
                "end_date": "2027-04-24",
            }
        )
    ).record
    form.set_trip(trip.id)
    await until(lambda: form.record is not None and form.record.id == trip.id)
    return trip


async def popup_closed(window: QWidget) -> None:
    """Wait until `window` is active again once a completion list has closed (offscreen Qt
    leaves the closed list the active window, and then focus cannot move)."""
    window.activateWindow()
    await until(lambda: QApplication.activeWindow() is window)


def editor_of(form: TripForm) -> StopsEditor:
    return form.fields.stops_editor


async def route(services: TripServices, trip_id: str) -> list[StopRecord]:
    return await services.stops.stops(trip_id)


async def has_route(services: TripServices, trip_id: str, places: list[str]) -> bool:
    return [stop.place for stop in await route(services, trip_id)] == places


async def test_a_stop_is_added_by_typing_and_tab_runs_through_its_dates(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(form, services)
    stops = editor_of(form)
    assert stops.empty_label.isVisible()
    await focus(form.fields.origin_edit)
    press(qtbot, Qt.Key.Key_Insert)  # Add stop, from anywhere in the form.
    await until(lambda: len(stops.rows) == 1)
    row = stops.rows[0]
    assert QApplication.focusWidget() is row.place
    type_text(qtbot, "Tokyo")
    press(qtbot, Qt.Key.Key_Tab)  # To the list that is open, which passes it on.
    await eventually(lambda: has_route(services, trip.id, ["Tokyo (TYO)"]))
    assert QApplication.focusWidget() is row.arrive.edit
    await popup_closed(form)  # Offscreen Qt gives the focus back to where the list opened.
    await focus(row.arrive.edit)
    type_text(qtbot, "2027-04-12")
    press(qtbot, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is row.depart.edit
    type_text(qtbot, "2027-04-15")
    press(qtbot, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is stops.add_button

    async def dated() -> bool:
        [tokyo] = await route(services, trip.id)
        return (tokyo.arrive, tokyo.depart) == (date(2027, 4, 12), date(2027, 4, 15))

    await eventually(dated)
    [tokyo] = await route(services, trip.id)
    assert (tokyo.place_code, tokyo.timezone) == ("TYO", "Asia/Tokyo")
    await until(lambda: row.place.text() == "Tokyo (TYO)")
    assert row.arrive.edit.text() == "12 Apr 2027"
    assert row.place.toolTip() == "Airport TYO · time zone Asia/Tokyo"
    assert not stops.empty_label.isVisible()
    assert row.place.accessibleName() == "Stop 1 place"


async def test_alt_up_reorders_ctrl_delete_removes_and_undo_restores(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(form, services)
    stops = editor_of(form)
    for number, place in enumerate(("Tokyo", "Kyoto", "Osaka"), start=1):
        await focus(form.fields.title_edit)
        press(qtbot, Qt.Key.Key_N, CTRL | Qt.KeyboardModifier.ShiftModifier)
        await until(lambda n=number: len(stops.rows) == n)
        type_text(qtbot, place)
        press(qtbot, Qt.Key.Key_Return)
        await until(lambda n=number: len(stops.saved_rows()) == n)
        await popup_closed(form)
    tokyo, kyoto, osaka = (stop.place for stop in await route(services, trip.id))
    assert [tokyo, kyoto, osaka] == ["Tokyo (TYO)", "Kyoto, Japan", "Osaka (OSA)"]

    osaka_row = stops.rows[2]
    await focus(osaka_row.place)
    press(qtbot, Qt.Key.Key_Up, ALT)
    await eventually(lambda: has_route(services, trip.id, [tokyo, osaka, kyoto]))
    await until(lambda: stops.rows[1] is osaka_row and osaka_row.number.text() == "2.")
    assert QApplication.focusWidget() is osaka_row.place  # The focus moved with the stop.
    press(qtbot, Qt.Key.Key_Up, ALT)
    await eventually(lambda: has_route(services, trip.id, [osaka, tokyo, kyoto]))
    press(qtbot, Qt.Key.Key_Up, ALT)  # Already first: nothing happens.

    kyoto_row = stops.rows[2]
    await focus(kyoto_row.arrive.edit)
    press(qtbot, Qt.Key.Key_Delete, CTRL)
    await eventually(lambda: has_route(services, trip.id, [osaka, tokyo]))
    await until(lambda: len(stops.rows) == 2)
    assert QApplication.focusWidget() is stops.rows[1].place  # The stop before it.

    step = await services.history.undo_last(trip.id)
    assert step is not None and step.label == f"Remove stop “{kyoto}”"
    await until(lambda: [r.place.text() for r in stops.rows] == [osaka, tokyo, kyoto])
    step = await services.history.undo_last(trip.id)
    assert step is not None and step.label == f"Move stop “{osaka}”"
    await until(lambda: [r.place.text() for r in stops.rows] == [tokyo, osaka, kyoto])


async def test_a_read_from_before_a_move_never_shows_the_old_order(
    form: TripForm, services: TripServices, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reload that read the route just before Alt+Up (a slow disk, a loaded machine) and
    comes back after it would put the stop back under the person's next keys."""
    trip = await open_trip(form, services)
    for place in ("Tokyo", "Kyoto", "Osaka"):
        await services.stops.add(trip.id, {"place": place})
    stops = editor_of(form)
    await until(lambda: len(stops.saved_rows()) == 3 and stops.idle)
    tokyo, kyoto, osaka = (row.place.text() for row in stops.rows)
    read = services.stops.stops
    held, release = asyncio.Event(), asyncio.Event()

    async def slow_read(trip_id: str) -> list[StopRecord]:
        found = await read(trip_id)
        if not held.is_set():
            held.set()
            await release.wait()
        return found

    monkeypatch.setattr(services.stops, "stops", slow_read)
    shown: list[list[str]] = []
    stops.refreshed.connect(lambda: shown.append([r.place.text() for r in stops.rows]))
    stops.reload()
    await until(held.is_set)  # The old order [Tokyo, Kyoto, Osaka] is read, not yet shown.
    await focus(stops.rows[2].place)
    press(qtbot, Qt.Key.Key_Up, ALT)
    await eventually(lambda: has_route(services, trip.id, [tokyo, osaka, kyoto]))
    release.set()
    await until(lambda: shown and stops.idle)
    assert shown == [[tokyo, osaka, kyoto]] * len(shown)


async def test_a_bad_date_is_explained_and_nothing_is_lost(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(form, services)
    await services.stops.add(trip.id, {"place": "Kyoto", "arrive": "2027-04-15"})
    stops = editor_of(form)
    await until(lambda: len(stops.rows) == 1)
    row = stops.rows[0]
    await focus(row.depart.edit)
    type_text(qtbot, "2027-04-14")
    press(qtbot, Qt.Key.Key_Tab)
    await until(lambda: "before the arrival" in stops.error_text)
    assert stops.error_text == (
        "The departure from Kyoto (14 April 2027) is before the arrival (15 April 2027)."
    )
    await until(lambda: row.depart.edit.text() == "")  # Back to what is stored.
    await focus(row.depart.edit)
    type_text(qtbot, "someday")
    press(qtbot, Qt.Key.Key_Tab)
    await until(lambda: stops.error_text.startswith("Stop 1 departure date: 'someday'"))
    assert row.depart.edit.text() == "someday"  # Kept as typed, with the reason.
    [kyoto] = await route(services, trip.id)
    assert kyoto.depart is None


async def test_assistant_edits_show_live_without_clobbering_typing(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(form, services)
    stops = editor_of(form)
    kyoto = (await services.stops.add(trip.id, {"place": "Kyoto"}, context=assistant_edit())).record
    await until(lambda: [r.place.text() for r in stops.rows] == ["Kyoto"])
    row = stops.rows[0]
    await focus(row.place)
    press(qtbot, Qt.Key.Key_End)
    type_text(qtbot, " Sta")
    await popup_closed(form)
    await services.stops.update(kyoto.id, {"arrive": "2027-04-15"}, context=assistant_edit())
    await services.stops.add(trip.id, {"place": "Nara"}, position=0, context=assistant_edit())
    await until(lambda: [r.place.text() for r in stops.rows] == ["Nara", "Kyoto Sta"])
    await until(lambda: row.arrive.edit.text() == "15 Apr 2027")
    assert QApplication.focusWidget() is row.place  # Still being typed in.
    assert row.number.text() == "2."


async def test_ctrl_z_in_the_window_undoes_an_added_stop(
    tmp_path: Path, memory_keyring: object, qtbot: QtBot
) -> None:
    opened: TravelServices = open_services(tmp_path / "data", places=loaded_places())
    try:
        async with shown_window(opened) as window:
            trip_id = window.trip_form.trip_id
            assert trip_id is not None
            stops = window.trip_form.fields.stops_editor
            await focus(window.trip_form.fields.origin_edit)
            press(qtbot, Qt.Key.Key_Insert)
            await until(lambda: len(stops.rows) == 1)
            type_text(qtbot, "Porto")
            press(qtbot, Qt.Key.Key_Tab)
            await eventually(lambda: has_route(opened, trip_id, ["Porto (OPO)"]))
            await until(lambda: window.undo_action.text() == "&Undo Add stop “Porto (OPO)”")
            await popup_closed(window)
            await focus(window.trip_list.view)
            press(qtbot, Qt.Key.Key_Z, CTRL)
            await eventually(lambda: has_route(opened, trip_id, []))
            await until(lambda: stops.rows == [])
            assert window.statusBar().currentMessage() == "Undone: Add stop “Porto (OPO)”"
    finally:
        await opened.aclose()
        opened.close()


async def test_a_place_typed_or_pasted_as_the_form_shows_it_keeps_its_airport(
    tmp_path: Path, memory_keyring: object, qtbot: QtBot
) -> None:
    """The form shows a stored place as "Porto (OPO)"; typing that back, or pasting it, is
    read through its code, for a stop as for the origin."""
    opened: TravelServices = open_services(tmp_path / "data", places=loaded_places())
    try:
        async with shown_window(opened) as window:
            trip_id = window.trip_form.trip_id
            assert trip_id is not None
            fields = window.trip_form.fields
            stops = fields.stops_editor
            await focus(fields.origin_edit)
            press(qtbot, Qt.Key.Key_Insert)
            await until(lambda: len(stops.rows) == 1)
            row = stops.rows[0]
            type_text(qtbot, "Porto (OPO)")
            press(qtbot, Qt.Key.Key_Tab)
            await eventually(lambda: has_route(opened, trip_id, ["Porto (OPO)"]))
            [porto] = await route(opened, trip_id)
            assert (porto.place_code, porto.timezone) == ("OPO", "Europe/Lisbon")

            await popup_closed(window)
            QApplication.clipboard().setText("Tokyo (TYO)")
            await focus(row.place)
            press(qtbot, Qt.Key.Key_A, CTRL)
            press(qtbot, Qt.Key.Key_V, CTRL)
            press(qtbot, Qt.Key.Key_Tab)
            await eventually(lambda: has_route(opened, trip_id, ["Tokyo (TYO)"]))
            [tokyo] = await route(opened, trip_id)
            assert (tokyo.place_code, tokyo.timezone) == ("TYO", "Asia/Tokyo")
            await until(lambda: row.place.toolTip() == "Airport TYO · time zone Asia/Tokyo")

            await popup_closed(window)
            QApplication.clipboard().setText("Porto (OPO)")
            await focus(fields.origin_edit)
            press(qtbot, Qt.Key.Key_A, CTRL)
            press(qtbot, Qt.Key.Key_V, CTRL)
            press(qtbot, Qt.Key.Key_Tab)

            async def origin_is_porto() -> bool:
                trip = await opened.trips.get(trip_id)
                return trip is not None and (trip.origin_code, trip.origin_tz) == (
                    "OPO",
                    "Europe/Lisbon",
                )

            await eventually(origin_is_porto)
    finally:
        await opened.aclose()
        opened.close()
