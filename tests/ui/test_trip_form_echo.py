"""A view skips the echo of its own write: the trip form that saved a typed title does not
read the trip back (it already shows what it stored), while a second view of the trip and
every other listener on the bus hear the change, and an undo or redo of it, nobody's echo,
reloads the form that typed."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from concierge.store import Change, EntityKind, TripRecord
from concierge.ui.trips import TripForm
from tests.ui import trips_support
from tests.ui.trips_support import TripServices, focus, on_screen, press, until_stored
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services


class Loads:
    """How often a view has shown what it read from the store."""

    def __init__(self, view: TripForm) -> None:
        self.count = 0
        view.refreshed.connect(self._loaded)

    def _loaded(self) -> None:
        self.count += 1


@pytest.fixture
async def other(services: TripServices) -> AsyncIterator[TripForm]:
    widget = TripForm(services)
    async with on_screen(widget, 520, 760):
        yield widget


@pytest.fixture
async def typing(services: TripServices, other: TripForm) -> AsyncIterator[TripForm]:
    """Shown after `other`, so its window is the active one and takes the keys."""
    widget = TripForm(services)
    async with on_screen(widget, 520, 760):
        yield widget


async def open_in_both(services: TripServices, *forms: TripForm) -> TripRecord:
    trip = (await services.trips.create({"title": "Porto weekend"})).record
    for form in forms:
        form.set_trip(trip.id)
    await until(lambda: all(f.record is not None and f.record.id == trip.id for f in forms))
    await until(lambda: all(f.idle for f in forms))
    return trip


async def type_title_and_tab(qtbot: QtBot, form: TripForm, title: str) -> None:
    edit = form.fields.title_edit
    await focus(edit)
    qtbot.keyClick(edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(edit, title)
    press(qtbot, Qt.Key.Key_Tab)


async def test_the_form_that_typed_skips_its_echo_and_the_other_view_updates(
    typing: TripForm, other: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_in_both(services, typing, other)
    heard: list[Change] = []
    services.bus.subscribe(heard.append)
    loads, other_loads = Loads(typing), Loads(other)

    await type_title_and_tab(qtbot, typing, "Douro weekend")
    origin = typing.fields.origin_edit
    assert QApplication.focusWidget() is origin
    qtbot.keyClicks(origin, "Lis")  # Typing on in the next field while the title saves.
    await until_stored(services, trip.id, lambda r: r.title == "Douro weekend")
    await until(lambda: other.fields.title_edit.text() == "Douro weekend")
    await until(lambda: typing.idle and other.idle)

    assert loads.count == 0  # The echo was skipped: nothing read back, nothing re-set.
    assert other_loads.count == 1
    assert typing.record is not None and typing.record.title == "Douro weekend"
    assert typing.fields.title_edit.text() == "Douro weekend"
    assert QApplication.focusWidget() is origin
    assert (origin.text(), origin.cursorPosition()) == ("Lis", 3)
    echo = [c for c in heard if c.entity is EntityKind.TRIP and "title" in c.fields]
    assert [c.initiator for c in echo] == [typing.initiator]  # Others on the bus hear it.


async def test_undo_and_redo_of_the_typed_title_reload_the_form_that_typed(
    typing: TripForm, other: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_in_both(services, typing, other)
    await type_title_and_tab(qtbot, typing, "Douro weekend")
    await until_stored(services, trip.id, lambda r: r.title == "Douro weekend")
    await until(lambda: typing.idle and other.idle)
    loads = Loads(typing)

    await services.history.undo_last(trip.id)
    await until(lambda: typing.fields.title_edit.text() == "Porto weekend")
    await until(lambda: typing.idle)
    assert loads.count == 1
    assert other.fields.title_edit.text() == "Porto weekend"

    await services.history.redo_last(trip.id)
    await until(lambda: typing.fields.title_edit.text() == "Douro weekend")
    await until(lambda: typing.idle and other.idle)
    assert loads.count == 2
    assert other.fields.title_edit.text() == "Douro weekend"
