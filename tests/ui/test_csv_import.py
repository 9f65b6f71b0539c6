"""CSV files and the review queue in the real window, with real keys and files the tests
write: a dropped CSV opens the column choices (preselected from its header, the preview of
its first rows and their problems following each choice), Enter queues it with the chosen
mapping and Esc imports nothing; undoing an accepted import puts its record back in the
queue and redoing accepts it again; a record the reader warned about shows the warning."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox
from pytestqt.qtbot import QtBot

from concierge.travel.services import TravelServices
from concierge.ui.imports.mapping_dialog import FINE, IGNORE_TEXT, CsvMappingDialog
from concierge.ui.main_window import MainWindow
from tests.cli.test_import_bookings import calendar
from tests.ui.test_import_queue import drop
from tests.ui.test_import_queue import services as services
from tests.ui.trips_support import shown_window
from tests.ui.waiting import until

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
PLAN = (
    "Date,Time,Activity name,Memo\n"
    "2027-04-11,7:30 pm,Fado at Clube,bring cash\n"
    "2027-04-12,10:00,Tram 28,\n"
)


@pytest.fixture
async def window(services: TravelServices) -> AsyncIterator[MainWindow]:
    async with shown_window(services) as main:
        yield main
        await until(lambda: len(main.imports_panel.tasks) == 0 and len(main.tasks) == 0)
        await until(lambda: main.imports_panel.idle and main.itinerary.idle)


def plan(tmp_path: Path) -> Path:
    file = tmp_path / "plan.csv"
    file.write_text(PLAN, encoding="utf-8")
    return file


async def mapping_dialog(window: MainWindow) -> CsvMappingDialog:
    await until(lambda: window.mapping_dialog is not None and window.mapping_dialog.isVisible())
    dialog = window.mapping_dialog
    assert dialog is not None
    return dialog


def choose(qtbot: QtBot, combo: QComboBox, field: str) -> None:
    """Pick `field` in a closed combo box with the arrow keys, as a keyboard user does."""
    while combo.currentData() != field:
        key = Qt.Key.Key_Down if combo.currentIndex() < combo.findData(field) else Qt.Key.Key_Up
        qtbot.keyClick(combo, key)


def preview_rows(dialog: CsvMappingDialog) -> list[list[str]]:
    tree = dialog.preview
    return [
        [tree.topLevelItem(row).text(column) for column in range(tree.columnCount())]
        for row in range(tree.topLevelItemCount())
    ]


async def test_a_dropped_csv_is_mapped_with_keys_and_queued_with_that_mapping(
    window: MainWindow,
    services: TravelServices,
    qtbot: QtBot,
    tmp_path: Path,
) -> None:
    trip_id = window.trip_form.trip_id
    assert trip_id is not None
    assert drop(window, plan(tmp_path))
    dialog = await mapping_dialog(window)
    combos = dialog.combos
    assert [combos[c].currentText() for c in ("Date", "Time", "Activity name", "Memo")] == [
        "Day",
        "Start time",
        IGNORE_TEXT,
        IGNORE_TEXT,
    ]
    assert preview_rows(dialog)[0][:3] == ["2", "2027-04-11", "19:30"]
    assert preview_rows(dialog)[0][-1] == "Warning: The record had no title."
    assert dialog.problem.isHidden()

    await until(lambda: QApplication.focusWidget() is combos["Date"])
    qtbot.keyClick(combos["Date"], Qt.Key.Key_Tab)
    qtbot.keyClick(combos["Time"], Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is combos["Activity name"]
    choose(qtbot, combos["Activity name"], "title")
    assert preview_rows(dialog) == [
        ["2", "2027-04-11", "19:30", "Fado at Clube", FINE],
        ["3", "2027-04-12", "10:00", "Tram 28", FINE],
    ]
    assert dialog.problem.isHidden()
    qtbot.keyClick(combos["Activity name"], Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is combos["Memo"]
    choose(qtbot, combos["Memo"], "notes")
    assert preview_rows(dialog)[0][4] == "bring cash"

    qtbot.keyClick(combos["Memo"], Qt.Key.Key_Backtab)
    qtbot.keyClick(combos["Activity name"], Qt.Key.Key_Backtab)
    qtbot.keyClick(combos["Time"], Qt.Key.Key_Backtab)
    assert QApplication.focusWidget() is combos["Date"]
    choose(qtbot, combos["Date"], "start_time")  # two columns for one field: OK waits
    assert "more than one column is mapped to start_time" in dialog.problem.text()
    assert preview_rows(dialog) == [] and not dialog.ok_button.isEnabled()
    qtbot.keyClick(combos["Date"], Qt.Key.Key_Return)
    assert dialog.isVisible()
    choose(qtbot, combos["Date"], "day")
    assert dialog.problem.isHidden() and dialog.ok_button.isEnabled()

    qtbot.keyClick(combos["Date"], Qt.Key.Key_Return)
    panel = window.imports_panel
    await until(lambda: panel.isVisible() and panel.list.topLevelItemCount() == 2)
    assert window.mapping_dialog is None
    fado, tram = await services.imports.pending(trip_id)
    assert (fado.title, fado.values["notes"], str(fado.values["start_time"])) == (
        "Fado at Clube",
        "bring cash",
        "19:30:00",
    )
    assert tram.title == "Tram 28" and "notes" not in tram.values


async def test_escape_in_the_column_choices_imports_nothing(
    window: MainWindow,
    services: TravelServices,
    qtbot: QtBot,
    tmp_path: Path,
) -> None:
    trip_id = window.trip_form.trip_id
    assert trip_id is not None
    window.import_files([plan(tmp_path)])
    dialog = await mapping_dialog(window)
    await until(lambda: QApplication.focusWidget() is dialog.combos["Date"])
    qtbot.keyClick(dialog.combos["Date"], Qt.Key.Key_Escape)
    await until(lambda: window.mapping_dialog is None)
    assert window.statusBar().currentMessage() == "plan.csv was not imported (cancelled)."
    assert await services.imports.pending(trip_id) == []
    assert not window.import_runner.busy


async def test_undo_returns_an_accepted_record_to_the_queue_and_redo_accepts_it_again(
    window: MainWindow,
    services: TravelServices,
    qtbot: QtBot,
    tmp_path: Path,
) -> None:
    trip_id = window.trip_form.trip_id
    assert trip_id is not None
    panel = window.imports_panel
    window.import_files([calendar(tmp_path / "trip.ics", "flight", "hotel")])
    await until(lambda: panel.list.topLevelItemCount() == 2)
    await until(lambda: QApplication.focusWidget() is panel.list)
    qtbot.keyClick(panel.list, Qt.Key.Key_Space)  # untick the flight: Enter takes the hotel
    qtbot.keyClick(panel.list, Qt.Key.Key_Return)
    await until(lambda: panel.list.topLevelItemCount() == 1)
    label = "Import 1 item from trip.ics"
    await until(lambda: window.undo_action.text() == f"&Undo {label}")

    qtbot.keyClick(panel.list, Qt.Key.Key_Z, CTRL)
    await until(lambda: panel.list.topLevelItemCount() == 2)
    titles = [panel.list.topLevelItem(row).text(1) for row in range(2)]
    assert titles == ["Flight TP 1943 Lisbon to Porto", "Hotel Infante Sagres"]
    assert await services.itinerary.items(trip_id) == []
    assert [c.status for c in await services.imports.pending(trip_id)] == ["pending"] * 2

    await until(lambda: window.redo_action.isEnabled())
    qtbot.keyClick(panel.list, Qt.Key.Key_Z, CTRL | SHIFT)
    await until(lambda: panel.list.topLevelItemCount() == 1)
    assert panel.list.topLevelItem(0).text(1) == "Flight TP 1943 Lisbon to Porto"
    assert [i.title for i in await services.itinerary.items(trip_id)] == ["Hotel Infante Sagres"]


async def test_a_record_the_reader_warned_about_shows_the_warning(
    window: MainWindow, tmp_path: Path
) -> None:
    file = calendar(tmp_path / "floating.ics", "flight")
    file.write_text(
        file.read_text(encoding="utf-8")
        .replace("DTSTART;TZID=Europe/Lisbon:", "DTSTART:")
        .replace("DTEND;TZID=Europe/Lisbon:", "DTEND:")
        .replace("Flight TP 1943 Lisbon to Porto", "Walking tour"),
        encoding="utf-8",
    )
    window.import_files([file, calendar(tmp_path / "hotel.ics", "hotel")])
    panel = window.imports_panel
    await until(lambda: panel.list.topLevelItemCount() == 2)
    warned, plain = panel.list.topLevelItem(0), panel.list.topLevelItem(1)
    assert warned.text(1) == "Walking tour"
    tip = warned.toolTip(1)
    assert tip.startswith("From floating.ics (VEVENT 1)\nWarning: ")
    spoken = warned.data(1, Qt.ItemDataRole.AccessibleTextRole)
    assert spoken.startswith("Walking tour. Warning: ")
    assert not warned.icon(1).isNull()
    assert plain.icon(1).isNull() and "Warning" not in plain.toolTip(1)
