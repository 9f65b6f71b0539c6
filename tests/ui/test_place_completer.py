"""The destination completer lists towns of the gazetteer beside airports, typed with real
keys, and a town picked from it is stored with its time zone."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from concierge.ui.trips import TripForm
from tests.ui import trips_support
from tests.ui.trips_support import TripServices, eventually, focus, on_screen
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services


@pytest.fixture
async def form(services: TripServices) -> AsyncIterator[TripForm]:
    widget = TripForm(services.editor, services.history, services.bus)
    async with on_screen(widget, 520, 760):
        yield widget


async def test_typing_kyo_lists_kyoto_and_picking_it_stores_its_zone(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await services.trips.create({"title": "Kansai in spring"})
    form.set_trip(trip.id)
    await until(lambda: form.record is not None and form.record.id == trip.id)
    edit = form.fields.destination_edit
    await focus(edit)
    qtbot.keyClicks(edit, "Kyo")
    popup = edit.completer_.popup()
    await until(lambda: popup.isVisible())
    labels = edit.suggestions.stringList()
    assert "Kyoto, Japan" in labels
    assert any("(KYO)" in label for label in labels)  # the airport keeps its code

    for _ in labels:  # Down until the row is Kyoto's, then Enter, as the person would
        if popup.currentIndex().data() == "Kyoto, Japan":
            break
        qtbot.keyClick(popup, Qt.Key.Key_Down)
    assert popup.currentIndex().data() == "Kyoto, Japan"
    qtbot.keyClick(popup, Qt.Key.Key_Return)

    async def stored_kyoto() -> bool:
        record = await services.trips.get(trip.id)
        return record is not None and record.destination == "Kyoto, Japan"

    await eventually(stored_kyoto)
    record = await services.trips.get(trip.id)
    assert record is not None
    assert (record.destination_code, record.destination_tz) == (None, "Asia/Tokyo")
    await until(lambda: form.row("destination").note_text == "Time zone Asia/Tokyo")
