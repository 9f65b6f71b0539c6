"""The itinerary with kinds and real times: items that span days show on each, timed items
in time order with untimed ones in their places, times in other zones named; and the item
dialog edits kinds, ends and details from the keyboard alone."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import date, time
from decimal import Decimal

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from concierge.store import ItemKind, TripRecord
from concierge.ui.trips import ItineraryView
from concierge.ui.trips.item_editor import normalize_zone, parse_duration
from concierge.ui.trips.itinerary_model import unseen_reason
from concierge.ui.trips.itinerary_view import TIME_SHARE
from tests.ui import trips_support
from tests.ui.trips_support import (
    TripServices,
    add_item_dialog,
    focus,
    on_screen,
    press,
    tab,
    type_text,
)
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services


@pytest.fixture
async def view(services: TripServices) -> AsyncIterator[ItineraryView]:
    widget = ItineraryView(services)
    async with on_screen(widget, 900, 600):
        yield widget


async def tokyo_trip(services: TripServices) -> TripRecord:
    trip = (
        await services.trips.create(
            {"title": "Japan", "start_date": "2026-05-01", "end_date": "2026-05-04"}
        )
    ).record
    await services.stops.add(
        trip.id, {"place": "Tokyo (NRT)", "place_code": "NRT", "timezone": "Asia/Tokyo"}
    )
    return trip


def rows(view: ItineraryView) -> list[list[tuple[str, ...]]]:
    """Each day's rows as their four cells."""
    model = view.model
    shown = []
    for day_row in range(model.rowCount()):
        day = model.index(day_row, 0)
        shown.append(
            [
                tuple(str(model.index(row, column, day).data()) for column in range(4))
                for row in range(model.rowCount(day))
            ]
        )
    return shown


async def test_spanning_items_show_on_each_day_in_time_order(
    view: ItineraryView, services: TripServices
) -> None:
    trip = await tokyo_trip(services)
    add = services.itinerary.add
    await add(trip.id, {"day": "2026-05-02", "title": "Buy a SIM card"})
    await add(
        trip.id,
        {
            "day": "2026-05-01",
            "title": "Lisbon to Tokyo",
            "kind": "flight",
            "start_time": "13:45",
            "timezone": "Europe/Lisbon",
            "end_day": "2026-05-02",
            "end_time": "09:05",
            "end_timezone": "Asia/Tokyo",
            "carrier": "TAP",
            "service_number": "TP 88",
            "from_place": "LIS",
            "to_place": "NRT",
            "cost_amount": "812.40",
            "cost_currency": "EUR",
        },
    )
    await add(
        trip.id,
        {
            "day": "2026-05-02",
            "title": "Gracery",
            "kind": "lodging",
            "start_time": "15:00",
            "timezone": "Asia/Tokyo",
            "end_day": "2026-05-04",
            "end_time": "11:00",
            "address": "Kabukicho 1-19-1",
        },
    )
    await add(
        trip.id,
        {
            "day": "2026-05-04",
            "title": "Tsukiji breakfast",
            "kind": "meal",
            "start_time": "08:00",
            "timezone": "Asia/Tokyo",
        },
    )
    view.set_trip(trip.id)
    await until(lambda: view.model.rowCount() == 4)
    assert rows(view) == [
        [
            (
                "departs 13:45 Lisbon",
                "Flight · Lisbon to Tokyo",
                "LIS → NRT",
                "TAP TP 88 · 812.40 EUR",
            )
        ],
        [
            # The arrival (09:05) and check-in (15:00) are timed: they fill the timed places
            # in time order; the untimed errand keeps its own place.
            (
                "arrives 09:05 Tokyo",
                "Flight · Lisbon to Tokyo",
                "LIS → NRT",
                "TAP TP 88 · 812.40 EUR",
            ),
            ("", "Buy a SIM card", "", ""),
            ("check-in 15:00", "Lodging · Gracery", "Kabukicho 1-19-1", ""),
        ],
        [("continues", "Lodging · Gracery", "Kabukicho 1-19-1", "")],
        [
            ("08:00", "Meal · Tsukiji breakfast", "", ""),
            ("check-out 11:00", "Lodging · Gracery", "Kabukicho 1-19-1", ""),
        ],
    ]


async def test_a_flight_is_entered_from_the_keyboard_alone(
    view: ItineraryView, services: TripServices, qtbot: QtBot
) -> None:
    trip = await tokyo_trip(services)
    view.set_trip(trip.id)
    await until(lambda: view.model.rowCount() == 4)
    editor = await add_item_dialog(view, qtbot)
    # A plain activity asks for no travel details.
    assert not editor.detail_edits["carrier"].isVisibleTo(editor)
    assert editor.zone_edit.text() == "Asia/Tokyo"

    type_text(qtbot, "Lisbon to Tokyo")
    press(qtbot, Qt.Key.Key_Backtab)
    assert QApplication.focusWidget() is editor.kind_combo
    press(qtbot, Qt.Key.Key_F)  # The first kind starting with F: Flight.
    assert editor.kind() is ItemKind.FLIGHT
    assert editor.detail_edits["carrier"].isVisibleTo(editor)
    assert editor.labels["from_place"].text() == "From"

    tab(qtbot, 6)  # Title, the day's three parts (day, month, year), All day, Start time.
    assert QApplication.focusWidget() is editor.time_edit
    type_text(qtbot, "1345")
    tab(qtbot)
    assert QApplication.focusWidget() is editor.zone_edit
    press(qtbot, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    type_text(qtbot, "Europe/Lisbon")
    tab(qtbot)
    assert QApplication.focusWidget() is editor.end_day_edit
    type_text(qtbot, "2026-05-02")
    tab(qtbot)
    type_text(qtbot, "9:05")
    tab(qtbot)
    assert QApplication.focusWidget() is editor.end_zone_edit
    type_text(qtbot, "tokyo")  # A city's name is enough.
    tab(qtbot, 2)  # Past the duration.
    assert QApplication.focusWidget() is editor.detail_edits["carrier"]
    type_text(qtbot, "TAP")
    tab(qtbot)
    type_text(qtbot, "TP 88")
    tab(qtbot)
    type_text(qtbot, "LIS")
    tab(qtbot)
    type_text(qtbot, "NRT")
    tab(qtbot)
    type_text(qtbot, "23A")
    tab(qtbot, 2)  # Past the place.
    assert QApplication.focusWidget() is editor.detail_edits["confirmation_code"]
    type_text(qtbot, " X7QZ2P ")
    tab(qtbot, 4)  # Provider, address, link.
    assert QApplication.focusWidget() is editor.cost_edit
    type_text(qtbot, "812.40")
    press(qtbot, Qt.Key.Key_Return)  # Save is the default button.

    await until(lambda: view.editor is None)
    [flight] = await services.itinerary.items(trip.id)
    assert (flight.kind, flight.title, flight.day, flight.start_time, flight.timezone) == (
        ItemKind.FLIGHT,
        "Lisbon to Tokyo",
        date(2026, 5, 1),
        time(13, 45),
        "Europe/Lisbon",
    )
    assert (flight.end_day, flight.end_time, flight.end_timezone) == (
        date(2026, 5, 2),
        time(9, 5),
        "Asia/Tokyo",
    )
    assert (flight.carrier, flight.service_number, flight.from_place, flight.to_place) == (
        "TAP",
        "TP 88",
        "LIS",
        "NRT",
    )
    assert (flight.seat, flight.confirmation_code) == ("23A", "X7QZ2P")
    assert (flight.cost_amount, flight.cost_currency) == (Decimal("812.40"), "EUR")
    await until(lambda: [len(g.items) for g in view.model.days] == [1, 1, 0, 0])
    assert rows(view)[0][0][:2] == ("departs 13:45 Lisbon", "Flight · Lisbon to Tokyo")


async def test_a_refused_end_keeps_everything_typed_and_goes_to_the_field(
    view: ItineraryView, services: TripServices, qtbot: QtBot
) -> None:
    trip = await tokyo_trip(services)
    view.set_trip(trip.id)
    await until(lambda: view.model.rowCount() == 4)
    view.add_item()
    editor = view.editor
    assert editor is not None
    await until(lambda: QApplication.focusWidget() is editor.title_edit)
    type_text(qtbot, "Museum")
    tab(qtbot, 5)  # The day's three parts, All day, Start time.
    type_text(qtbot, "10:00")
    tab(qtbot, 3)
    assert QApplication.focusWidget() is editor.end_time_edit
    type_text(qtbot, "9:00")
    press(qtbot, Qt.Key.Key_Return)
    await until(lambda: editor.error_label.isVisible())
    assert "The end (1 May 2026 09:00 Asia/Tokyo) is before the start" in (
        editor.error_label.text()
    )
    assert QApplication.focusWidget() is editor.end_time_edit
    assert (editor.title_edit.text(), editor.time_edit.text()) == ("Museum", "10:00")
    press(qtbot, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    press(qtbot, Qt.Key.Key_Backspace)
    tab(qtbot, 2)
    assert QApplication.focusWidget() is editor.duration_edit
    type_text(qtbot, "1h30")
    press(qtbot, Qt.Key.Key_Return)
    await until(lambda: view.editor is None)
    [museum] = await services.itinerary.items(trip.id)
    assert (museum.start_time, museum.end_time, museum.duration_minutes) == (time(10), None, 90)
    await until(lambda: rows(view)[0] != [])
    assert rows(view)[0][0][:2] == ("10:00–11:30", "Museum")


async def test_an_all_day_hotel_hides_the_times_and_labels_check_in_and_out(
    view: ItineraryView, services: TripServices, qtbot: QtBot
) -> None:
    trip = await tokyo_trip(services)
    view.set_trip(trip.id)
    await until(lambda: view.model.rowCount() == 4)
    view.add_item()
    editor = view.editor
    assert editor is not None
    await until(lambda: QApplication.focusWidget() is editor.title_edit)
    type_text(qtbot, "Ryokan")
    press(qtbot, Qt.Key.Key_Backtab)
    press(qtbot, Qt.Key.Key_L)  # Lodging.
    assert editor.kind() is ItemKind.LODGING
    assert (editor.labels["day"].text(), editor.labels["end_day"].text()) == (
        "Check-in day",
        "Check-out day",
    )
    assert editor.labels["start_time"].text() == "Check-in"
    tab(qtbot, 5)  # Title, the day's three parts, All day.
    assert QApplication.focusWidget() is editor.all_day_check
    press(qtbot, Qt.Key.Key_Space)
    assert not editor.time_edit.isVisibleTo(editor)
    tab(qtbot)
    assert QApplication.focusWidget() is editor.end_day_edit  # The hidden times are skipped.
    type_text(qtbot, "2026-05-03")
    press(qtbot, Qt.Key.Key_Return)
    await until(lambda: view.editor is None)
    [ryokan] = await services.itinerary.items(trip.id)
    assert (ryokan.kind, ryokan.all_day, ryokan.end_day) == (
        ItemKind.LODGING,
        True,
        date(2026, 5, 3),
    )
    await until(lambda: [len(g.items) for g in view.model.days] == [1, 1, 1, 0])
    assert [day[0][:2] for day in rows(view)[:3]] == [
        ("check-in", "Lodging · Ryokan"),
        ("continues", "Lodging · Ryokan"),
        ("check-out", "Lodging · Ryokan"),
    ]


async def test_turning_a_timed_item_all_day_saves_it_without_its_times(
    view: ItineraryView, services: TripServices, qtbot: QtBot
) -> None:
    trip = await tokyo_trip(services)
    museum = (
        await services.itinerary.add(
            trip.id,
            {"day": "2026-05-02", "title": "Museum", "start_time": "10:00", "duration_minutes": 90},
        )
    ).record
    view.set_trip(trip.id)
    await until(lambda: view.model.rowCount() == 4)
    view.select_items([museum.id])
    await focus(view.tree)
    press(qtbot, Qt.Key.Key_Return)
    await until(lambda: view.editor is not None and view.editor.isVisible())
    editor = view.editor
    assert editor is not None and editor.duration_edit.text() == "90"
    await until(lambda: QApplication.focusWidget() is editor.title_edit)
    tab(qtbot, 4)  # The day's three parts, All day.
    assert QApplication.focusWidget() is editor.all_day_check
    press(qtbot, Qt.Key.Key_Space)
    press(qtbot, Qt.Key.Key_Return)
    await until(lambda: view.editor is None)
    saved = await services.itinerary.get(museum.id)
    assert saved is not None
    assert (saved.all_day, saved.start_time, saved.duration_minutes) == (True, None, None)
    await until(lambda: rows(view)[1] == [("All day", "Museum", "", "")])


def test_typed_zones_and_durations_are_read_as_people_write_them() -> None:
    assert [normalize_zone(t) for t in ("tokyo", "asia/tokyo", "New York", " ", "Mars")] == [
        "Asia/Tokyo",
        "Asia/Tokyo",
        "America/New_York",
        None,
        "Mars",  # Left as typed: the store says what a zone looks like.
    ]
    assert [parse_duration(t) for t in ("90", "1:30", "1h30", "1 h 30 min", "2h", "")] == [
        90,
        90,
        90,
        90,
        120,
        None,
    ]
    assert parse_duration("an hour") == "an hour"


def test_the_assistant_s_changes_to_the_new_fields_are_named_in_the_mark() -> None:
    reason = unseen_reason(frozenset({"kind", "end_time", "cost_amount", "position"}))
    assert reason == "Changed by the assistant: kind, end time, cost"


async def test_long_times_leave_the_titles_room_in_a_narrow_list(
    view: ItineraryView, services: TripServices
) -> None:
    trip = await tokyo_trip(services)
    await services.itinerary.add(
        trip.id,
        {
            "day": "2026-05-01",
            "title": "Lisbon to Tokyo",
            "kind": "flight",
            "start_time": "13:45",
            "timezone": "Europe/Lisbon",
            "end_day": "2026-05-02",
            "end_time": "09:05",
            "end_timezone": "Asia/Tokyo",
        },
    )
    view.set_trip(trip.id)
    await until(lambda: view.model.rowCount() > 0)
    view.splitter.setSizes([300, 600])  # A wide timeline beside a narrow list.
    tree = view.tree
    await until(lambda: tree.width() < 400)
    await until(lambda: tree.columnWidth(0) <= round(tree.width() * TIME_SHARE))
    assert tree.columnWidth(1) >= tree.width() * 0.2  # The title keeps a fifth or more.
    view.splitter.setSizes([900, 0])
    await until(lambda: tree.width() > 600)
    await until(lambda: tree.columnWidth(0) >= tree.sizeHintForColumn(0))  # Whole again.
