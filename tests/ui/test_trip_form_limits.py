"""The trip form's limits are the store's declared ones: the travellers box goes as high as
the store accepts (not lower, not higher), and a line field stops at the characters the
store keeps, typed key by key."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from concierge.store import TripRecord
from concierge.store.validation import TRIP_RULES, text_limit, whole_range
from concierge.ui.trips import TripForm
from tests.ui import trips_support
from tests.ui.trips_support import TripServices, eventually, focus, on_screen
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


async def test_the_travellers_box_accepts_what_the_store_accepts_and_no_more(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    lowest, highest = whole_range(TRIP_RULES["travellers"])
    spin = form.fields.travellers_spin
    assert (spin.minimum(), spin.maximum()) == (lowest, highest)
    trip = await open_trip(form, services)
    await focus(spin)
    qtbot.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(spin, str(highest) + "9")  # the extra digit is refused by the box
    qtbot.keyClick(spin, Qt.Key.Key_Tab)

    async def saved() -> bool:
        record = await services.trips.get(trip.id)
        return record is not None and record.travellers == highest

    await eventually(saved)


async def test_a_title_stops_at_the_length_the_store_keeps(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    limit = text_limit(TRIP_RULES["title"])
    assert limit is not None
    edit = form.fields.title_edit
    assert edit.maxLength() == limit
    origin = form.row("origin").editor
    assert origin.maxLength() == text_limit(TRIP_RULES["origin"])  # type: ignore[attr-defined]
    trip = await open_trip(form, services)
    await focus(edit)
    qtbot.keyClick(edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(edit, "x" * (limit + 5))
    qtbot.keyClick(edit, Qt.Key.Key_Tab)

    async def saved() -> bool:
        record = await services.trips.get(trip.id)
        return record is not None and record.title == "x" * limit

    await eventually(saved)
