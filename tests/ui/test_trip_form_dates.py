"""Trip dates typed from the keyboard: the locale's numeric form, ISO and "10 Apr 2027" are
read, Ctrl+A selects, Tab and Shift+Tab leave and save, the calendar still opens, and text
that is no date is kept with a message under the field."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from datetime import date

import pytest
from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from concierge.store import TripRecord
from concierge.ui.trips import TripForm
from tests.ui import trips_support
from tests.ui.trips_support import (
    TripServices,
    focus,
    keyboard_target,
    on_screen,
    press,
    type_text,
    until_stored,
)
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services

SHIFT = Qt.KeyboardModifier.ShiftModifier
CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def british() -> Iterator[None]:
    """Forms built meanwhile read numeric dates day first (10/04/2027 is 10 April)."""
    before = QLocale()
    QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedKingdom))
    try:
        yield
    finally:
        QLocale.setDefault(before)


@pytest.fixture
async def form(british: None, services: TripServices) -> AsyncIterator[TripForm]:
    widget = TripForm(services)
    async with on_screen(widget, 520, 760):
        yield widget


async def open_trip(form: TripForm, services: TripServices, **values: object) -> TripRecord:
    trip = (await services.trips.create({"title": "Porto weekend", **values})).record
    form.set_trip(trip.id)
    await until(lambda: form.record is not None and form.record.id == trip.id)
    return trip


@pytest.mark.parametrize("typed", ["10 Apr 2027", "2027-04-10", "10/04/2027", "Sat 10 April 2027"])
async def test_a_date_typed_into_an_empty_field_is_saved_by_tab(
    form: TripForm, services: TripServices, qtbot: QtBot, typed: str
) -> None:
    trip = await open_trip(form, services)
    await focus(form.fields.title_edit)
    press(qtbot, Qt.Key.Key_Tab)
    press(qtbot, Qt.Key.Key_Tab)
    press(qtbot, Qt.Key.Key_Tab)  # Title → Origin → Destination → Start date.
    assert QApplication.focusWidget() is form.fields.start_field.edit
    type_text(qtbot, typed)
    assert form.fields.start_field.edit.text() == typed  # Nothing but what was typed.
    press(qtbot, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is form.fields.start_field.clear_button
    await until_stored(services, trip.id, lambda r: r.start_date == date(2027, 4, 10))
    assert form.fields.start_field.edit.text() == "10 Apr 2027"
    await until(lambda: form.row("start_date").note_text == "Saturday")  # Once saved.


async def test_shift_tab_saves_and_ctrl_a_selects_the_whole_date(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(form, services, start_date="2027-04-10", end_date="2027-04-12")
    await focus(form.fields.end_field.edit)
    press(qtbot, Qt.Key.Key_A, CTRL)
    assert form.fields.end_field.edit.selectedText() == "12 Apr 2027"
    type_text(qtbot, "14/04/2027")
    assert form.fields.end_field.edit.text() == "14/04/2027"
    press(qtbot, Qt.Key.Key_Backtab, SHIFT)
    assert QApplication.focusWidget() is form.fields.start_field.clear_button
    await until_stored(services, trip.id, lambda r: r.end_date == date(2027, 4, 14))
    assert form.fields.end_field.edit.text() == "14 Apr 2027"


async def test_text_that_is_no_date_is_kept_with_a_message_and_nothing_else_is_lost(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(form, services, start_date="2027-04-10")
    await focus(form.fields.notes_edit)
    type_text(qtbot, "Ferry at 9")
    await focus(form.fields.start_field.edit)
    press(qtbot, Qt.Key.Key_A, CTRL)
    type_text(qtbot, "10 Aprl 2027")
    press(qtbot, Qt.Key.Key_Tab)  # Tab still leaves the field…
    assert QApplication.focusWidget() is form.fields.start_field.clear_button
    await until(lambda: form.row("start_date").error != "")
    assert form.row("start_date").error == (
        "'10 Aprl 2027' is not a date: 'aprl' is not an English month name."
    )
    assert form.fields.start_field.edit.text() == "10 Aprl 2027"  # …and keeps the text.
    await until_stored(services, trip.id, lambda r: r.notes == "Ferry at 9")
    record = await services.trips.get(trip.id)
    assert record is not None and record.start_date == date(2027, 4, 10)

    await focus(form.fields.start_field.edit)
    press(qtbot, Qt.Key.Key_A, CTRL)
    type_text(qtbot, "31/02/2027")
    press(qtbot, Qt.Key.Key_Return)
    await until(lambda: "February 2027 has 28 days" in form.row("start_date").error)

    press(qtbot, Qt.Key.Key_A, CTRL)
    type_text(qtbot, "11/04/2027")  # Typing a date clears the message and saves.
    assert form.row("start_date").error == ""
    press(qtbot, Qt.Key.Key_Return)
    await until_stored(services, trip.id, lambda r: r.start_date == date(2027, 4, 11))


async def test_the_calendar_opens_from_the_keyboard_and_picks_a_day(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(form, services, end_date="2027-04-12")
    await focus(form.fields.start_field.edit)
    press(qtbot, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    calendar = form.fields.start_field.calendar
    await until(lambda: QApplication.activePopupWidget() is calendar)
    assert calendar.selectedDate().toPython() == date(2027, 4, 12)  # The other end of the trip.
    assert calendar.isAncestorOf(keyboard_target())  # Its day grid takes the keys.
    press(qtbot, Qt.Key.Key_Left)
    press(qtbot, Qt.Key.Key_Left)
    press(qtbot, Qt.Key.Key_Return)
    await until_stored(services, trip.id, lambda r: r.start_date == date(2027, 4, 10))
    assert not calendar.isVisible()
    await until(lambda: QApplication.focusWidget() is form.fields.start_field.edit)
    assert form.fields.start_field.edit.text() == "10 Apr 2027"


async def test_up_from_not_set_starts_at_the_other_end_of_the_trip(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(form, services, end_date="2027-04-12")
    await focus(form.fields.start_field.edit)
    press(qtbot, Qt.Key.Key_Up)
    assert form.fields.start_field.edit.text() == "12 Apr 2027"
    press(qtbot, Qt.Key.Key_Down)
    await until_stored(services, trip.id, lambda r: r.start_date == date(2027, 4, 11))
