"""The Documents tab, the import review queue and the CSV column choices speak the window's
language: every text they show goes through the translation system (the pseudo-language
marks each one), and in Portuguese the CSV dialog is driven with keys in Portuguese."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from concierge.store.validation import ITEM_RULES
from concierge.travel.edits.import_files import import_file
from concierge.travel.imports import CSV_FIELDS
from concierge.travel.imports.csv_table import read_csv_table
from concierge.ui.documents import DocumentsPanel
from concierge.ui.imports.mapping_dialog import CsvMappingDialog
from concierge.ui.imports.panel import ImportsPanel
from tests.cli.test_import_bookings import calendar
from tests.ui import trips_support
from tests.ui.trips_support import TripServices, on_screen
from tests.ui.visible_text import CLOSE, OPEN, untranslated
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services

PLAN = (
    "Date,Time,Activity name,Memo\n"
    "2027-04-11,7:30 pm,Fado at Clube,bring cash\n"
    "2027-04-12,10:00,Tram 28,\n"
)
FIELD_LABELS = {str(ITEM_RULES[field].label) for field in CSV_FIELDS}
"""The item fields' labels: marked by the store helper where they are declared."""


_KEY_LETTER = re.compile(r"[\W\d_]*[A-Z][\W\d_]*")


def key_letter(text: str) -> bool:
    """A tooltip naming its shortcut: "⟦Attach…⟧ (⟦Ctrl⟧⟦+⟧O)"; the key's letter is the same
    in every language."""
    return bool(_KEY_LETTER.fullmatch(re.sub(f"{OPEN}.*?{CLOSE}", "", text)))


@pytest.fixture
def plan(tmp_path: Path) -> Path:
    file = tmp_path / "plan.csv"
    file.write_text(PLAN, encoding="utf-8")
    return file


@pytest.fixture
async def documents_panel(pseudo: None, services: TripServices) -> AsyncIterator[DocumentsPanel]:
    widget = DocumentsPanel(
        services.documents, services.itinerary, services.trips, services.history, services.bus
    )
    async with on_screen(widget, 640, 360):
        yield widget


@pytest.fixture
async def imports_panel(pseudo: None, services: TripServices) -> AsyncIterator[ImportsPanel]:
    widget = ImportsPanel(services.imports, services.itinerary, services.bus)
    async with on_screen(widget, 720, 360):
        yield widget


def csv_dialog(qtbot: QtBot, plan: Path) -> CsvMappingDialog:
    dialog = CsvMappingDialog(read_csv_table(plan), None)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    return dialog


async def test_the_documents_panel_shows_only_translated_text(
    documents_panel: DocumentsPanel, services: TripServices, tmp_path: Path
) -> None:
    assert untranslated(documents_panel, key_letter) == []  # No trip: the placeholder.
    trip = (await services.trips.create({"title": "Japan"})).record
    documents_panel.set_trip(trip.id)
    await until(lambda: documents_panel.box.empty_label.isVisible())
    assert untranslated(documents_panel, key_letter) == []  # A trip without documents.

    ticket = tmp_path / "ticket.pdf"
    ticket.write_bytes(b"%PDF-1.4 ticket")
    documents_panel.box.attach_files([ticket])
    await until(lambda: documents_panel.box.list.count() == 1)
    assert untranslated(documents_panel, key_letter) == []


async def test_the_import_queue_shows_only_translated_text(
    imports_panel: ImportsPanel, services: TripServices, tmp_path: Path
) -> None:
    trip = (await services.trips.create({"title": "Algarve"})).record
    imports_panel.set_trip(trip.id)
    await import_file(services.imports, trip.id, calendar(tmp_path / "trip.ics", "flight", "hotel"))
    await until(lambda: imports_panel.list.topLevelItemCount() == 2)
    assert imports_panel.isVisible()
    assert untranslated(imports_panel, key_letter) == []


async def test_the_csv_mapping_dialog_shows_only_translated_text(
    pseudo: None, qtbot: QtBot, plan: Path
) -> None:
    dialog = csv_dialog(qtbot, plan)
    header = {"Date", "Time", "Activity name", "Memo"}  # The file's own column names.
    assert untranslated(dialog, lambda text: text in header | FIELD_LABELS) == []
    dialog.reject()


async def test_in_portuguese_the_csv_dialog_is_chosen_with_keys(
    portuguese: None, qtbot: QtBot, plan: Path
) -> None:
    dialog = csv_dialog(qtbot, plan)
    assert dialog.windowTitle() == "Importar plan.csv"
    assert dialog.ok_button.text() == "Importar"
    date_combo = dialog.combos["Date"]
    assert date_combo.itemText(0) == "Ignorar"
    assert dialog.preview.headerItem().text(0) == "Linha"
    assert dialog.preview.headerItem().text(dialog.preview.columnCount() - 1) == "Problema"

    date_combo.setFocus(Qt.FocusReason.TabFocusReason)
    while date_combo.currentIndex() > 0:  # Up to "Ignorar": no column gives the day.
        qtbot.keyClick(date_combo, Qt.Key.Key_Up)
    assert dialog.problem.isVisible()
    assert dialog.problem.text().startswith("Não é possível importar com estas escolhas: ")
    assert not dialog.ok_button.isEnabled()
    qtbot.keyClick(date_combo, Qt.Key.Key_Escape)
    assert dialog.result() == QDialog.DialogCode.Rejected
