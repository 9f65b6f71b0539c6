"""A stop the assistant added or changed carries the assistant's mark in the trip form, like
the form's fields: it names the stop in the banner, and goes when the person Tabs onto it,
marks the changes seen, or the change is undone."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import date

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from concierge.store import EntityKind, TripRecord
from concierge.ui.colours import Tone, colour
from concierge.ui.trips import TripForm
from concierge.ui.trips.stops_editor import StopRow
from concierge.ui.views.marks import CHANGED_BY_ASSISTANT
from tests.ui import trips_support
from tests.ui.trips_support import (
    TripServices,
    assistant_edit,
    eventually,
    focus,
    on_screen,
    press,
)
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services


@pytest.fixture
async def form(services: TripServices) -> AsyncIterator[TripForm]:
    widget = TripForm(services)
    async with on_screen(widget, 520, 900):
        yield widget


def looks_marked(row: StopRow) -> bool:
    """Whether the strip beside the stop shows the assistant's colour, as the person sees
    it; a mark that shows is also announced with each of the stop's fields, and back."""
    image = row.grab().toImage()
    centre = row.marker.geometry().center()
    shown = image.pixelColor(centre.x(), centre.y()) == colour(Tone.MARK, row.palette())
    for widget in row.focusables():
        assert (CHANGED_BY_ASSISTANT in widget.accessibleDescription()) == shown
    return shown


def marks(form: TripForm) -> list[bool]:
    return [looks_marked(row) for row in form.fields.stops_editor.rows]


async def japan(services: TripServices, form: TripForm) -> TripRecord:
    """A trip with Tokyo as its one stop (the person's), shown in the form, then Kyoto added
    by the assistant."""
    trip = (
        await services.trips.create(
            {"title": "Japan", "start_date": "2027-04-10", "end_date": "2027-04-20"}
        )
    ).record
    await services.editor.stops.add(trip.id, {"place": "Tokyo"})
    form.set_trip(trip.id)
    await until(lambda: len(form.fields.stops_editor.rows) == 1)
    await services.editor.stops.add(trip.id, {"place": "Kyoto"}, context=assistant_edit())
    await until(lambda: marks(form) == [False, True])
    return trip


async def stops_unseen(services: TripServices, trip: TripRecord) -> set[str]:
    unseen = await services.history.unseen_assistant_changes(trip.id)
    return {entity_id for kind, entity_id in unseen if kind is EntityKind.TRIP_STOP}


async def test_mark_as_seen_from_the_keyboard_clears_the_stop_marks(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await japan(services, form)
    assert form.seen_bar.isVisible()
    assert "The assistant changed stop 2 “Kyoto" in form.seen_bar.label.text()
    await focus(form.seen_bar.button)
    press(qtbot, Qt.Key.Key_Space)
    await until(lambda: marks(form) == [False, False])
    assert not form.seen_bar.isVisible()

    async def seen() -> bool:
        return not await stops_unseen(services, trip)

    await eventually(seen)
    form.reload()
    form.fields.stops_editor.reload_now()
    await until(lambda: not form.seen_bar.isVisible())
    assert marks(form) == [False, False]


async def test_tabbing_onto_a_marked_stop_marks_it_seen(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await japan(services, form)
    [tokyo, kyoto] = await services.editor.stops.stops(trip.id)
    await services.editor.stops.update(
        tokyo.id, {"depart": date(2027, 4, 14)}, context=assistant_edit()
    )
    await until(lambda: marks(form) == [True, True])
    rows = form.fields.stops_editor.rows
    await focus(form.fields.origin_edit)
    press(qtbot, Qt.Key.Key_Tab)  # onto stop 1's place
    await until(lambda: marks(form) == [False, True])
    assert "stop 1" not in form.seen_bar.label.text()
    for _ in range(3):  # its arrival, its departure, then stop 2's place
        press(qtbot, Qt.Key.Key_Tab)
    await until(lambda: rows[1].place.hasFocus())
    await until(lambda: marks(form) == [False, False])
    assert not form.seen_bar.isVisible()

    async def seen() -> bool:
        return not await stops_unseen(services, trip)

    await eventually(seen)
    assert kyoto.id not in await stops_unseen(services, trip)


async def test_undoing_the_assistants_stop_change_removes_its_mark(
    form: TripForm, services: TripServices
) -> None:
    trip = await japan(services, form)
    await services.history.undo_last(trip.id)  # Kyoto was the assistant's: it goes
    await until(lambda: len(form.fields.stops_editor.rows) == 1)
    [tokyo] = await services.editor.stops.stops(trip.id)
    await services.editor.stops.update(
        tokyo.id, {"arrive": date(2027, 4, 11)}, context=assistant_edit()
    )
    await until(lambda: marks(form) == [True])
    await services.history.undo_last(trip.id)
    await until(lambda: form.fields.stops_editor.rows[0].read("arrive") is None)
    await until(lambda: marks(form) == [False])
    assert not form.seen_bar.isVisible()
