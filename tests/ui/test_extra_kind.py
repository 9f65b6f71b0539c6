"""A kind of item declared in one row of the table, with no other change, is in the item
dialog (chosen and saved from the keyboard), the itinerary's rows and the day timeline,
in its own colour and usual length."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import date, time

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from concierge.store import ItemKind
from concierge.ui.trips import ItineraryView
from concierge.ui.trips.day_timeline import kind_colour
from concierge.ui.trips.timeline_text import describe
from tests import kinds_support
from tests.ui import trips_support
from tests.ui.trips_support import TripServices, add_item_dialog, on_screen, press, tab, type_text
from tests.ui.waiting import until

cruise = kinds_support.cruise
place_index = trips_support.place_index
services = trips_support.services


@pytest.fixture
async def view(cruise: ItemKind, services: TripServices) -> AsyncIterator[ItineraryView]:
    """The itinerary, over a database made after the cruise was declared (`cruise` comes
    first, so its fixture runs before `services` opens the file)."""
    widget = ItineraryView(services)
    async with on_screen(widget, 900, 600):
        yield widget


async def test_the_dialog_saves_the_kind_and_the_timeline_draws_it(
    view: ItineraryView, services: TripServices, cruise: ItemKind, qtbot: QtBot
) -> None:
    trip = (
        await services.trips.create(
            {"title": "Douro", "start_date": "2027-06-02", "end_date": "2027-06-03"}
        )
    ).record
    view.set_trip(trip.id)
    await until(lambda: view.model.rowCount() == 2)
    editor = await add_item_dialog(view, qtbot)
    assert not editor.detail_edits["carrier"].isVisibleTo(editor)

    type_text(qtbot, "Douro cruise")
    press(qtbot, Qt.Key.Key_Backtab)
    assert QApplication.focusWidget() is editor.kind_combo
    press(qtbot, Qt.Key.Key_End)  # The last kind: the one the row added.
    assert editor.kind() is cruise
    assert editor.kind_combo.currentText() == "Cruise"
    assert editor.detail_edits["carrier"].isVisibleTo(editor)  # A journey's details.
    assert editor.labels["from_place"].text() == "From"

    tab(qtbot, 6)  # Title, the day's three parts (day, month, year), All day, Start time.
    assert QApplication.focusWidget() is editor.time_edit
    type_text(qtbot, "0900")
    press(qtbot, Qt.Key.Key_Return)  # Save is the default button.

    await until(lambda: view.editor is None)
    [item] = await services.itinerary.items(trip.id)
    assert (item.kind, item.title, item.day, item.start_time) == (
        cruise,
        "Douro cruise",
        date(2027, 6, 2),
        time(9),
    )
    await until(lambda: [len(day.items) for day in view.model.days] == [1, 0])
    day = view.model.index(0, 0)
    assert view.model.index(0, 1, day).data() == "Cruise · Douro cruise"

    timeline = view.timeline
    await until(lambda: timeline.day_layout.order() == (item.id,))
    [block] = timeline.day_layout.blocks
    assert (block.start, block.end, block.open_end) == (9 * 60, 13 * 60, True)
    assert describe(timeline.day_layout, item.id).startswith(
        "Douro cruise, Cruise, 09:00 · no end time."
    )
    assert kind_colour("cruise", timeline.palette()).hslHue() == 200
