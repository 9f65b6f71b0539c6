"""The assistant's marks belong to one trip's fields: another trip never shows them, and
they go when the change is undone or the person marks it seen."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from concierge.store import TripRecord
from concierge.ui.trips import TripForm
from tests.ui import trips_support
from tests.ui.trips_support import (
    TripServices,
    assistant_edit,
    eventually,
    on_screen,
    shows_mark,
)
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services

CHANGED = ("origin", "budget_amount", "pace")
KEYS = (
    "title",
    "origin",
    "start_date",
    "end_date",
    "travellers",
    "budget_amount",
    "budget_currency",
    "interests",
    "pace",
    "notes",
)


@pytest.fixture
async def form(services: TripServices) -> AsyncIterator[TripForm]:
    widget = TripForm(services)
    async with on_screen(widget, 520, 760):
        yield widget


async def show(form: TripForm, trip: TripRecord) -> None:
    form.set_trip(trip.id)
    await until(lambda: form.record is not None and form.record.id == trip.id)


def marked(form: TripForm) -> set[str]:
    """The fields that look marked; a mark that shows must also be announced, and back."""
    shown = {key for key in KEYS if shows_mark(form.row(key))}
    assert shown == {key for key in KEYS if form.is_marked(key)}
    for key in KEYS:
        said = "Changed by the assistant" in form.row(key).editor.accessibleDescription()
        assert said == (key in shown), key
    return shown


async def assistant_changes(services: TripServices, trip: TripRecord) -> None:
    await services.editor.apply(
        trip.id,
        {"origin": "Porto", "budget_amount": "1200", "pace": "relaxed"},
        context=assistant_edit(),
    )


async def test_another_trip_shows_none_of_the_marks(form: TripForm, services: TripServices) -> None:
    first = (await services.trips.create({"title": "Porto weekend"})).record
    await show(form, first)
    await assistant_changes(services, first)
    await until(lambda: marked(form) == set(CHANGED))
    second = (await services.trips.create({"title": "Madrid"})).record
    await show(form, second)
    await until(lambda: form.fields.title_edit.text() == "Madrid")
    assert marked(form) == set()
    assert not form.seen_bar.isVisible()
    await show(form, first)  # Still unseen on the trip they belong to.
    await until(lambda: marked(form) == set(CHANGED))


async def test_undoing_the_change_removes_its_marks(form: TripForm, services: TripServices) -> None:
    trip = (await services.trips.create({"title": "Porto weekend"})).record
    await show(form, trip)
    await assistant_changes(services, trip)
    await until(lambda: marked(form) == set(CHANGED))
    await services.history.undo_last(trip.id)
    await until(lambda: form.fields.origin_edit.text() == "")
    await until(lambda: marked(form) == set())
    assert not form.seen_bar.isVisible()


async def test_mark_as_seen_removes_the_marks_and_the_banner(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = (await services.trips.create({"title": "Porto weekend"})).record
    await show(form, trip)
    await assistant_changes(services, trip)
    await until(lambda: marked(form) == set(CHANGED))
    qtbot.mouseClick(form.seen_bar.button, Qt.MouseButton.LeftButton)
    assert marked(form) == set()
    assert not form.seen_bar.isVisible()

    async def seen() -> bool:
        return not await services.history.unseen_assistant_changes(trip.id)

    await eventually(seen)
    form.reload()
    await until(lambda: not form.seen_bar.isVisible())
    assert marked(form) == set()
