"""The trip form: edits reach SQLite as they happen, refusals stay inline, and the
assistant's edits show up (marked) without clobbering what the person is typing."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from datetime import date
from decimal import Decimal

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QWidget
from pytestqt.qtbot import QtBot

from concierge.store import Change, Pace, TripRecord
from concierge.ui.trips import TripForm
from concierge.ui.trips.trip_form import DELETED_TEXT, NO_TRIP_TEXT
from tests.ui import trips_support
from tests.ui.trips_support import (
    TripServices,
    assistant_edit,
    eventually,
    focus,
    on_screen,
    tab_order,
    type_and_enter,
)
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services

CHANGED = "Changed by the assistant"


@pytest.fixture
async def form(services: TripServices) -> AsyncIterator[TripForm]:
    widget = TripForm(services)
    async with on_screen(widget, 520, 760):
        yield widget


async def open_trip(form: TripForm, services: TripServices, **values: object) -> TripRecord:
    trip = (await services.trips.create({"title": "Porto weekend", **values})).record
    form.set_trip(trip.id)
    await until(lambda: form.record is not None and form.record.id == trip.id)
    return trip


async def stored(services: TripServices, trip_id: str) -> TripRecord:
    record = await services.trips.get(trip_id)
    assert record is not None
    return record


def replace_text(qtbot: QtBot, widget: QWidget, text: str) -> None:
    qtbot.keyClick(widget, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(widget, text)


async def test_no_trip_shows_how_to_start(form: TripForm) -> None:
    assert form.stack.currentWidget() is form.placeholder
    assert form.placeholder.text() == NO_TRIP_TEXT


async def test_typing_the_origin_stores_the_airport(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(form, services)
    await focus(form.fields.origin_edit)
    qtbot.keyClicks(form.fields.origin_edit, "porto")
    assert form.fields.origin_edit.suggestions.stringList()[0].startswith("Porto (OPO)")
    qtbot.keyClick(form.fields.origin_edit, Qt.Key.Key_Return)
    await until(lambda: form.fields.origin_edit.text() == "Porto (OPO)")
    record = await stored(services, trip.id)
    assert (record.origin, record.origin_code, record.origin_tz) == (
        "Porto (OPO)",
        "OPO",
        "Europe/Lisbon",
    )
    assert form.row("origin").note_text == "Airport OPO · time zone Europe/Lisbon"
    assert not form.is_marked("origin")  # The person's own edit is never marked.


async def test_an_unknown_place_is_kept_as_typed(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(form, services)
    await focus(form.fields.origin_edit)
    qtbot.keyClicks(form.fields.origin_edit, "Grandma's farm")
    await focus(form.fields.title_edit)  # Leaving the field saves it.
    await until(lambda: form.row("origin").note_text != "")
    record = await stored(services, trip.id)
    assert (record.origin, record.origin_code, record.origin_tz) == ("Grandma's farm", None, None)
    assert form.row("origin").note_text == "Not matched to an airport — kept as typed"
    assert form.fields.origin_edit.text() == "Grandma's farm"


async def test_the_stored_place_text_keeps_its_airport_when_typed_again(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(form, services)
    await focus(form.fields.origin_edit)
    replace_text(qtbot, form.fields.origin_edit, "Porto (OPO)")
    qtbot.keyClick(form.fields.origin_edit, Qt.Key.Key_Return)
    await eventually(
        lambda: _has(services, trip.id, lambda r: r.origin_code == "OPO"),
    )


async def _has(services: TripServices, trip_id: str, test: Callable[[TripRecord], bool]) -> bool:
    return test(await stored(services, trip_id))


async def test_end_before_start_is_refused_inline_and_nothing_else_is_lost(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(form, services, start_date="2026-05-14", end_date="2026-05-18")
    assert form.fields.start_field.edit.text() == "14 May 2026"
    assert form.row("start_date").note_text == "Thursday"
    assert form.row("end_date").note_text == "Monday · 5 days"
    await focus(form.fields.notes_edit)
    qtbot.keyClicks(form.fields.notes_edit, "Book the port cellar")
    await focus(form.fields.end_field.edit)
    for _ in range(8):  # 18 May → 10 May, one day per key press.
        qtbot.keyClick(form.fields.end_field.edit, Qt.Key.Key_Down)
    assert form.fields.end_field.value() == date(2026, 5, 10)
    await until(lambda: form.row("end_date").error != "")
    assert form.row("end_date").error == (
        "The end date (10 May 2026) is before the start date (14 May 2026)."
    )
    assert form.row("end_date").note.isVisible()
    assert form.fields.end_field.value() == date(2026, 5, 18)  # Reverted to what is stored.
    record = await stored(services, trip.id)
    assert record.end_date == date(2026, 5, 18)
    assert record.notes == "Book the port cellar"  # Saved when the person left the notes.
    assert form.fields.notes_edit.toPlainText() == "Book the port cellar"

    qtbot.keyClick(form.fields.end_field.edit, Qt.Key.Key_Up)  # A valid date clears the error.
    await until(lambda: form.row("end_date").error == "")
    await eventually(lambda: _has(services, trip.id, lambda r: r.end_date == date(2026, 5, 19)))


async def test_clearing_a_date_stores_no_date(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(form, services, start_date="2026-05-14")
    assert form.fields.start_field.clear_button.isEnabled()
    assert not form.fields.end_field.clear_button.isEnabled()
    assert form.fields.end_field.edit.text() == ""
    assert form.fields.end_field.edit.placeholderText() == "Not set"
    qtbot.mouseClick(form.fields.start_field.clear_button, Qt.MouseButton.LeftButton)
    await eventually(lambda: _has(services, trip.id, lambda r: r.start_date is None))
    assert form.fields.start_field.edit.text() == ""


async def test_an_assistant_edit_shows_marked_without_clobbering_the_field_being_typed_in(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(form, services)
    await focus(form.fields.origin_edit)
    qtbot.keyClicks(form.fields.origin_edit, "Lisb")

    await services.trips.update(
        trip.id,
        {
            "origin": "Madrid (MAD)",
            "origin_code": "MAD",
            "origin_tz": "Europe/Madrid",
            "travellers": 4,
            "notes": "Pack light",
        },
        context=assistant_edit(),
    )
    await until(lambda: form.fields.travellers_spin.value() == 4)
    assert form.fields.notes_edit.toPlainText() == "Pack light"
    assert form.fields.origin_edit.text() == "Lisb"  # Not clobbered…
    assert QApplication.focusWidget() is form.fields.origin_edit  # …and still being typed in.
    assert "Madrid (MAD)" in form.row("origin").note_text
    for key in ("origin", "travellers", "notes"):
        assert form.is_marked(key), key
    assert not form.is_marked("title")
    assert form.fields.travellers_spin.toolTip() == CHANGED
    assert CHANGED in form.fields.travellers_spin.accessibleDescription()
    assert form.seen_bar.isVisible()
    assert form.seen_bar.label.text() == "The assistant changed Origin, Travellers and Notes."

    qtbot.keyClicks(form.fields.origin_edit, "on")
    qtbot.keyClick(form.fields.origin_edit, Qt.Key.Key_Return)  # The later edit wins.
    await until(lambda: form.fields.origin_edit.text() == "Lisbon (LIS)")
    assert (await stored(services, trip.id)).origin_code == "LIS"
    assert not form.is_marked("origin")

    await focus(form.fields.travellers_spin)  # Looking at a field clears its mark.
    assert not form.is_marked("travellers")
    assert form.fields.travellers_spin.toolTip() == ""
    unseen = await services.history.unseen_assistant_changes(trip.id)
    assert unseen  # Notes is still unseen, so the log keeps the trip unseen.

    await focus(form.fields.notes_edit)  # The last marked field: the trip is now seen.
    assert not form.seen_bar.isVisible()
    await eventually(
        lambda: _unseen_is_empty(services, trip.id),
    )


async def _unseen_is_empty(services: TripServices, trip_id: str) -> bool:
    return not await services.history.unseen_assistant_changes(trip_id)


async def test_a_focused_field_without_edits_follows_the_store_at_once(
    form: TripForm, services: TripServices
) -> None:
    trip = await open_trip(form, services)
    await focus(form.fields.title_edit)  # Focused, nothing typed: nothing to protect.
    await services.trips.rename(trip.id, "Porto and Douro", context=assistant_edit())
    await until(lambda: form.fields.title_edit.text() == "Porto and Douro")
    assert QApplication.focusWidget() is form.fields.title_edit
    assert form.is_marked("title")


async def test_a_new_assistant_change_marks_a_field_again(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(form, services)
    await services.trips.update(
        trip.id, {"travellers": 2, "pace": "packed"}, context=assistant_edit()
    )
    await until(lambda: form.is_marked("travellers"))
    await focus(form.fields.travellers_spin)
    assert not form.is_marked("travellers")
    await focus(form.fields.title_edit)
    await services.trips.update(trip.id, {"travellers": 3}, context=assistant_edit())
    await until(lambda: form.fields.travellers_spin.value() == 3)
    assert form.is_marked("travellers")
    assert form.is_marked("pace")


async def test_mark_as_seen_clears_every_mark(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(form, services)
    await services.trips.update(
        trip.id,
        {"title": "Lisbon and Porto", "interests": "food, tiles"},
        context=assistant_edit(),
    )
    await until(lambda: form.is_marked("title") and form.is_marked("interests"))
    assert form.fields.title_edit.text() == "Lisbon and Porto"
    assert form.fields.interests_edit.text() == "food, tiles"
    qtbot.mouseClick(form.seen_bar.button, Qt.MouseButton.LeftButton)
    assert not form.is_marked("title") and not form.is_marked("interests")
    await eventually(lambda: _unseen_is_empty(services, trip.id))


async def test_a_trip_the_assistant_created_marks_what_it_filled_in(
    form: TripForm, services: TripServices
) -> None:
    trip = (
        await services.trips.create(
            {"title": "Azores", "travellers": 2, "notes": "Whales"}, context=assistant_edit()
        )
    ).record
    form.set_trip(trip.id)
    await until(lambda: form.is_marked("title"))
    marked = {
        key for key in ("title", "travellers", "notes", "pace", "origin") if form.is_marked(key)
    }
    assert marked == {"title", "travellers", "notes"}


async def test_budget_is_exact_and_refused_inline_when_too_precise(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(form, services)
    await type_and_enter(qtbot, form.fields.budget_edit, "1234,5")
    await until(lambda: form.fields.budget_edit.text() == "1234.50")
    assert (await stored(services, trip.id)).budget_amount == Decimal("1234.50")

    replace_text(qtbot, form.fields.budget_edit, "12.345")
    qtbot.keyClick(form.fields.budget_edit, Qt.Key.Key_Return)
    await until(lambda: form.row("budget_amount").error != "")
    assert (
        form.row("budget_amount").error == "12.345 EUR has too many decimals; EUR has 2 decimals."
    )
    assert form.fields.budget_edit.text() == "1234.50"
    assert (await stored(services, trip.id)).budget_amount == Decimal("1234.50")

    replace_text(qtbot, form.fields.budget_edit, "abc")  # The validator lets no letters in.
    assert form.fields.budget_edit.text() == "1234.50"


async def test_currency_accepts_codes_and_explains_unknown_ones(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(form, services)
    assert form.fields.currency_combo.currentText() == "EUR — Euro"
    line = form.fields.currency_combo.lineEdit()
    assert line is not None
    await focus(form.fields.currency_combo)
    replace_text(qtbot, line, "usd")
    qtbot.keyClick(line, Qt.Key.Key_Return)
    await eventually(lambda: _has(services, trip.id, lambda r: r.budget_currency == "USD"))
    await until(lambda: form.fields.currency_combo.currentText() == "USD — US Dollar")

    replace_text(qtbot, line, "dollars")
    qtbot.keyClick(line, Qt.Key.Key_Return)
    await until(lambda: form.row("budget_currency").error != "")
    assert form.row("budget_currency").error.startswith("Unknown currency 'dollars'.")
    assert form.fields.currency_combo.code() == "USD"
    assert (await stored(services, trip.id)).budget_currency == "USD"


async def test_title_cannot_be_emptied(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(form, services)
    await focus(form.fields.title_edit)
    replace_text(qtbot, form.fields.title_edit, "   ")
    qtbot.keyClick(form.fields.title_edit, Qt.Key.Key_Return)
    await until(lambda: form.row("title").error != "")
    assert form.row("title").error == "Title must not be empty."
    assert form.fields.title_edit.text() == "Porto weekend"
    assert (await stored(services, trip.id)).title == "Porto weekend"


async def test_spin_box_and_combo_save_once_after_a_pause(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(form, services)
    written: list[Change] = []
    services.bus.subscribe(written.append)
    await focus(form.fields.travellers_spin)
    replace_text(qtbot, form.fields.travellers_spin, "12")
    await eventually(lambda: _has(services, trip.id, lambda r: r.travellers == 12))
    await form.flush()
    await until(lambda: written)  # Announced from the write's own callback, a moment later.
    assert [c.fields for c in written] == [frozenset({"travellers"})]  # Not 1, then 12.

    form.fields.pace_combo.setCurrentIndex(form.fields.pace_combo.findData("packed"))
    await eventually(lambda: _has(services, trip.id, lambda r: r.pace is Pace.PACKED))


async def test_notes_are_saved_when_switching_trips(
    form: TripForm, services: TripServices, qtbot: QtBot
) -> None:
    first = await open_trip(form, services)
    await focus(form.fields.notes_edit)
    qtbot.keyClicks(form.fields.notes_edit, "Ask about the tram")
    second = (await services.trips.create({"title": "Madrid"})).record
    form.set_trip(second.id)  # Before the notes' pause has passed.
    await until(lambda: form.fields.title_edit.text() == "Madrid")
    await eventually(lambda: _has(services, first.id, lambda r: r.notes == "Ask about the tram"))
    assert (await stored(services, second.id)).notes == ""
    assert form.fields.notes_edit.toPlainText() == ""


async def test_other_writers_update_clean_fields_and_deleting_empties_the_form(
    form: TripForm, services: TripServices
) -> None:
    trip = await open_trip(form, services)
    await services.trips.rename(trip.id, "Porto and Douro")  # E.g. from the trip list.
    await until(lambda: form.fields.title_edit.text() == "Porto and Douro")
    assert not form.is_marked("title")  # The person's own change.
    await services.trips.delete(trip.id)
    await until(lambda: form.stack.currentWidget() is form.placeholder)
    assert form.placeholder.text() == DELETED_TEXT
    await services.history.undo_last(trip.id)
    await until(lambda: form.stack.currentWidget() is form.form_page)
    assert form.fields.title_edit.text() == "Porto and Douro"


async def test_controls_are_named_like_their_labels_in_tab_order(
    form: TripForm, services: TripServices
) -> None:
    await open_trip(form, services)
    expected = [
        "Title",
        "Origin",
        "Start date",
        "End date",
        "Travellers",
        "Budget",
        "Currency",
        "Interests",
        "Pace",
        "Notes",
    ]
    labels = [label.text() for label in form.fields.labels.values()]
    assert labels == expected
    assert form.fields.stops_label.text() == "Stops"
    assert form.fields.stops_label.buddy() is form.fields.stops_editor.add_button
    for label in form.fields.labels.values():
        buddy = label.buddy()
        assert buddy is not None
        assert buddy.accessibleName() == label.text()
    for button in form.findChildren(QAbstractButton):
        if button.objectName().startswith("qt_"):
            continue  # Qt's own, inside the calendar popups.
        if button.text():
            assert button.accessibleName() == button.text()
        else:
            assert button.accessibleName() and button.toolTip(), button.objectName()
    assert form.fields.start_field.clear_button.accessibleName() == "Clear start date"

    names = [w.accessibleName() for w in tab_order(form.fields.title_edit, 13)]
    assert names == [
        "Title",
        "Origin",
        "Add stop",
        "Start date",
        "Clear start date",
        "End date",
        "Clear end date",
        "Travellers",
        "Budget",
        "Currency",
        "Interests",
        "Pace",
        "Notes",
    ]
