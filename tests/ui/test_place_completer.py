"""The place completer lists towns of the gazetteer beside airports, typed with real
keys, and a town picked from it is stored with its time zone."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from concierge.store import Action, Change, EntityKind
from concierge.travel.edits.trips import PlaceRole, TripEditor
from concierge.ui.trips import TripForm, trip_form
from tests.ui import trips_support
from tests.ui.trips_support import TripServices, focus, on_screen, press, type_text
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services


@pytest.fixture
async def form(services: TripServices) -> AsyncIterator[TripForm]:
    widget = TripForm(services)
    async with on_screen(widget, 520, 760):
        yield widget


async def pick_kyoto(form: TripForm, services: TripServices, qtbot: QtBot) -> str:
    """Type "Kyo" into a new trip's origin and pick "Kyoto, Japan" from the list with
    Down and Return, as the person would; returns the trip's id."""
    trip = (await services.trips.create({"title": "Kansai in spring"})).record
    form.set_trip(trip.id)
    await until(lambda: form.record is not None and form.record.id == trip.id)
    edit = form.fields.origin_edit
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
    return trip.id


async def test_typing_kyo_lists_kyoto_and_picking_it_stores_its_zone(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip_id = await pick_kyoto(form, services, qtbot)
    await stores_kyoto(form, services, trip_id)


@pytest.fixture
def slow_kyo(services: TripServices, monkeypatch: pytest.MonkeyPatch) -> None:
    """Matching the typed "Kyo" (the KYO airport) waits until something newer has been
    stored, so a later write that overtook it would be overwritten by the older value. In
    order, nothing is stored meanwhile and the match gives up waiting after a second."""
    stored = threading.Event()

    def note(change: Change) -> None:
        if change.entity is EntityKind.TRIP and change.action is Action.UPDATE:
            stored.set()

    services.bus.subscribe(note)
    match = trip_form.place_changes

    def slow_for_kyo(editor: TripEditor, role: PlaceRole, text: str) -> dict[str, object]:
        if text == "Kyo":
            stored.wait(timeout=1.0)
        return match(editor, role, text)

    monkeypatch.setattr(trip_form, "place_changes", slow_for_kyo)


@pytest.mark.usefixtures("slow_kyo")
async def test_the_pick_stays_stored_when_the_typed_text_is_matched_more_slowly(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    """Return on a completion saves the typed "Kyo" and then the pick; the pick is last."""
    trip_id = await pick_kyoto(form, services, qtbot)
    await stores_kyoto(form, services, trip_id)


@pytest.mark.usefixtures("slow_kyo")
async def test_a_correction_stays_stored_when_the_first_text_is_matched_more_slowly(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    """The person enters "Kyo", corrects it to "Kyoto, Japan" and enters again while the
    first is still being matched: the correction is what stays."""
    trip = (await services.trips.create({"title": "Kansai in spring"})).record
    form.set_trip(trip.id)
    await until(lambda: form.record is not None and form.record.id == trip.id)
    edit = form.fields.origin_edit
    await focus(edit)
    type_text(qtbot, "Kyo")
    await until(lambda: edit.completer_.popup().isVisible())
    press(qtbot, Qt.Key.Key_Escape)
    press(qtbot, Qt.Key.Key_Return)
    press(qtbot, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    type_text(qtbot, "Kyoto, Japan")
    press(qtbot, Qt.Key.Key_Return)
    await stores_kyoto(form, services, trip.id)


async def stores_kyoto(form: TripForm, services: TripServices, trip_id: str) -> None:
    """Once the store has answered every write the form made, it holds Kyoto and its zone
    (not just for a moment), and the form says so."""
    await form.flush()
    record = await services.trips.get(trip_id)
    assert record is not None
    assert (record.origin, record.origin_code, record.origin_tz) == (
        "Kyoto, Japan",
        None,
        "Asia/Tokyo",
    )
    await until(lambda: form.row("origin").note_text == "Time zone Asia/Tokyo")
