"""Spreadsheets from other locales in the real window's column choices, with real keys: the
dialog says how the file is read (encoding, separator, decimal mark, date order) over the
values it read; choosing another separator splits the columns again (a wrong one says what
it found and which separator gives a date, and OK waits); dates the file does not decide
are flagged until a date format is chosen, and the choice is what the import reads."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from concierge.travel.services import TravelServices
from concierge.ui.main_window import MainWindow
from tests.travel.imports.spreadsheets import GERMAN_CALC, UNDECIDED, write
from tests.ui.test_csv_import import choose, mapping_dialog, preview_rows
from tests.ui.test_csv_import import window as window
from tests.ui.test_import_queue import drop
from tests.ui.test_import_queue import services as services
from tests.ui.waiting import until


async def test_a_german_file_is_read_as_found_and_the_separator_chosen_with_keys(
    window: MainWindow, services: TravelServices, qtbot: QtBot, tmp_path: Path
) -> None:
    trip_id = window.trip_form.trip_id
    assert trip_id is not None
    file = write(tmp_path, "reise.csv", GERMAN_CALC.replace(b'"Datum"', b'"Date"'))
    assert drop(window, file)
    dialog = await mapping_dialog(window)
    assert list(dialog.combos) == ["Date", "Uhrzeit", "Titel", "Typ", "Preis", "Währung", "Notiz"]
    await until(lambda: QApplication.focusWidget() is dialog.combos["Date"])
    for column, field in (("Date", None), ("Uhrzeit", "start_time"), ("Titel", "title"),
                          ("Typ", "kind"), ("Preis", "cost_amount"), ("Währung", "cost_currency"),
                          ("Notiz", "notes")):  # fmt: skip
        if field is not None:
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
            assert QApplication.focusWidget() is dialog.combos[column]
            choose(qtbot, dialog.combos[column], field)
    assert dialog.reading.text() == (
        "Read as UTF-8 with a byte-order mark, with a semicolon (;) between cells (found in "
        "the file); decimal mark: comma (found in the file); dates: day first, like "
        "14.05.2026 (found in the file). Month names in German."
    )
    rows = preview_rows(dialog)
    assert rows[0][:6] == ["2", "2027-05-14", "06:05", "Flug LH 1173; Frankfurt → Lissabon",
                           "Flight", "1234.56"]  # fmt: skip
    assert rows[1][1] == "2027-03-12" and rows[1][-2] == "Zimmer 12\nFrühstück inklusive"
    assert rows[2][5] == "1250" and rows[2][-1] == "—"

    qtbot.keyClick(dialog.combos["Notiz"], Qt.Key.Key_Tab)  # past the columns: OK
    for _ in range(len(dialog.combos) + 3):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Backtab)
        if QApplication.focusWidget() is dialog.separator:
            break
    assert QApplication.focusWidget() is dialog.separator
    choose(qtbot, dialog.separator, ",")
    assert list(dialog.combos) == ['Date;"Uhrzeit";"Titel";"Typ";"Preis";"Währung";"Notiz"']
    problem = dialog.problem.text()
    assert "no column gives the date" in problem
    assert "With a semicolon (;) between cells, column “Date” gives the date" in problem
    assert not dialog.ok_button.isEnabled() and preview_rows(dialog) == []
    assert QApplication.focusWidget() is dialog.separator

    choose(qtbot, dialog.separator, ";")
    assert dialog.ok_button.isEnabled() and dialog.problem.isHidden()
    qtbot.keyClick(dialog.separator, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is dialog.date_format
    qtbot.keyClick(dialog.date_format, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is dialog.combos["Date"]
    qtbot.keyClick(dialog.combos["Date"], Qt.Key.Key_Return)
    panel = window.imports_panel
    await until(lambda: panel.isVisible() and panel.list.topLevelItemCount() == 3)
    pending = await services.imports.pending(trip_id)
    assert [
        (c.values["day"], c.values["cost_amount"], c.values.get("notes", "")) for c in pending
    ] == [
        (date(2027, 5, 14), Decimal("1234.56"), "Sitz 14C"),
        (date(2027, 3, 12), Decimal("312.40"), "Zimmer 12\nFrühstück inklusive"),
        (date(2027, 4, 3), Decimal(1250), ""),
    ]  # split again the same way, the columns keep their choices


async def test_undecided_dates_are_flagged_until_a_date_format_is_chosen(
    window: MainWindow, services: TravelServices, qtbot: QtBot, tmp_path: Path
) -> None:
    trip_id = window.trip_form.trip_id
    assert trip_id is not None
    window.import_files([write(tmp_path, "plan.csv", UNDECIDED)])
    dialog = await mapping_dialog(window)
    dialog.date_pattern = "M/d/yyyy"  # the window's locale, whatever the test machine's is
    await until(lambda: QApplication.focusWidget() is dialog.combos["Date"])
    qtbot.keyClick(dialog.combos["Date"], Qt.Key.Key_Backtab)
    assert QApplication.focusWidget() is dialog.date_format
    choose(qtbot, dialog.date_format, "MM/dd/yyyy")
    choose(qtbot, dialog.date_format, "")
    tram = preview_rows(dialog)[0]
    assert tram[1] == "2027-03-04"
    assert "'03/04/2027' could be 4 March 2027 or 3 April 2027" in tram[-1]
    assert "The cost '1.250' could be 1.25 or 1250" in tram[-1]
    assert "(as your language writes it)" in dialog.reading.text()

    choose(qtbot, dialog.date_format, "dd/MM/yyyy")
    tram = preview_rows(dialog)[0]
    assert tram[1] == "2027-04-03" and "could be 4 March" not in tram[-1]
    assert "dates: day first, like 14/05/2026 (as chosen)" in dialog.reading.text()
    qtbot.keyClick(dialog.date_format, Qt.Key.Key_Return)

    panel = window.imports_panel
    await until(lambda: panel.isVisible() and panel.list.topLevelItemCount() == 2)
    pending = await services.imports.pending(trip_id)
    assert [(c.values["day"], c.values["cost_amount"]) for c in pending] == [
        (date(2027, 4, 3), Decimal("1.25")),
        (date(2027, 6, 5), Decimal("2.5")),
    ]
    listed = panel.list.topLevelItem(0)
    assert listed is not None
    assert "The cost '1.250' could be 1.25 or 1250" in listed.toolTip(1)
