"""File ▸ Export and printing from the keyboard: the file dialog offers the trip's name, the
file is written and confirmed in the status bar, the PDF's pages render with the plan on
them, a file that cannot be written is named, and Print / Print preview open the
itinerary."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from icalendar import Calendar
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtPrintSupport import QPrintDialog, QPrintPreviewDialog, QPrintPreviewWidget
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit, QMenu
from pytestqt.qtbot import QtBot

from concierge.model_server import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL
from concierge.travel.services import open_services
from concierge.ui.exports import FORMATS
from concierge.ui.main_window import MainWindow
from tests.cli.support import BOOKING_CODE, seed_japan
from tests.composition import loaded_places
from tests.fakes.memory_keyring import MemoryKeyring
from tests.fakes.ollama_server import silent_servers
from tests.poppler import pdf_pages, pdf_pngs, pdf_text
from tests.ui.waiting import until

TITLE = "Kyoto in autumn"
FILE_STEM = "Kyoto in autumn 2027-11-14 to 2027-11-24"


@pytest.fixture
async def window(
    tmp_path: Path, memory_keyring: MemoryKeyring, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[MainWindow]:
    for name in (ENV_BASE_URL, ENV_API_KEY, ENV_MODEL):
        monkeypatch.delenv(name, raising=False)
    services = open_services(tmp_path / "data", places=loaded_places())
    trip = (
        await services.trips.create(
            {"title": TITLE, "start_date": "2027-11-14", "end_date": "2027-11-24"}
        )
    ).record
    await seed_japan(services, trip.id)
    main = MainWindow(services, local_servers=silent_servers())
    failures: list[tuple[str, object]] = []
    main.tasks.failed.connect(lambda name, error: failures.append((name, error)))
    main.exports.folder = tmp_path / "out"
    main.exports.folder.mkdir()
    main.show()
    main.activateWindow()
    await main.start()
    await until(lambda: main.trip_form.record is not None)
    yield main
    views = main.trip_views
    await until(lambda: not any(v._refresher.busy or v._coalesce.isActive() for v in views))
    await main.shutdown()
    await services.aclose()
    main.deleteLater()
    services.close()
    assert not failures, f"background tasks failed: {failures}"


def popup() -> QMenu | None:
    shown = QApplication.activePopupWidget()
    return shown if isinstance(shown, QMenu) else None


async def export_from_the_menu(window: MainWindow, qtbot: QtBot, key: Qt.Key) -> QFileDialog:
    """Alt+F, E (Export), then `key`: the keys a person presses."""
    qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.AltModifier)
    await until(lambda: popup() is not None)
    file_menu = popup()
    assert file_menu is not None and file_menu.title() == "&File"
    qtbot.keyClick(file_menu, Qt.Key.Key_E)
    await until(lambda: popup() is not None and popup() is not file_menu)
    export_menu = popup()
    assert export_menu is window.exports.menu
    qtbot.keyClick(export_menu, key)
    await until(lambda: window.exports.file_dialog is not None)
    dialog = window.exports.file_dialog
    assert dialog is not None
    await until(dialog.isVisible)
    return dialog


def accept_the_offered_name(qtbot: QtBot, dialog: QFileDialog, suffix: str) -> None:
    name = dialog.findChild(QLineEdit, "fileNameEdit")
    assert name is not None
    assert name.text() == f"{FILE_STEM}.{suffix}"
    qtbot.keyClick(name, Qt.Key.Key_Return)


async def test_calendar_export_from_the_keyboard(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    dialog = await export_from_the_menu(window, qtbot, Qt.Key.Key_C)
    assert dialog.windowModality() == Qt.WindowModality.WindowModal
    accept_the_offered_name(qtbot, dialog, "ics")
    target = window.exports.folder / f"{FILE_STEM}.ics"
    await until(lambda: window.statusBar().currentMessage() == f"Calendar exported to {target}.")
    data = target.read_bytes()
    calendar = Calendar.from_ical(data)
    assert len(calendar.walk("VEVENT")) == 4
    assert calendar.get_missing_tzids() == set()
    assert BOOKING_CODE.encode() not in data


async def test_itinerary_pdf_renders_the_plan(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    dialog = await export_from_the_menu(window, qtbot, Qt.Key.Key_I)
    accept_the_offered_name(qtbot, dialog, "pdf")
    target = window.exports.folder / f"{FILE_STEM}.pdf"
    await until(lambda: window.statusBar().currentMessage() == f"Itinerary exported to {target}.")
    pages = pdf_pngs(target, tmp_path / "pages")
    assert len(pages) == pdf_pages(target) >= 1
    for page in pages:
        image = QImage(str(page))
        assert image.width() < image.height()  # Portrait.
        small = image.scaled(60, 85)
        inked = sum(
            1
            for x in range(small.width())
            for y in range(small.height())
            if small.pixelColor(x, y).lightness() < 200
        )
        assert inked > 20, f"{page.name} is blank"
    text = " ".join(pdf_text(target).split())
    assert text.startswith(TITLE)
    for expected in ("Travellers 2", "Monday 22 November 2027 · Osaka", "check-out 11:00"):
        assert expected in text


async def test_a_file_that_cannot_be_written_is_named(window: MainWindow, tmp_path: Path) -> None:
    assert window.trip_form.record is not None
    missing = tmp_path / "gone" / "kyoto.ics"
    assert not await window.exports.write(window.trip_form.record.id, FORMATS[0], missing)
    box = window.exports.error_box
    assert box is not None and box.isVisible()
    assert box.text() == f"Cannot write {missing}: No such file or directory."
    assert window.statusBar().currentMessage() == box.text()
    box.close()


async def test_print_and_print_preview_open_the_itinerary(window: MainWindow, qtbot: QtBot) -> None:
    qtbot.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    await until(lambda: window.exports.print_dialog is not None)
    printing = window.exports.print_dialog
    assert isinstance(printing, QPrintDialog)
    await until(printing.isVisible)
    assert TITLE in printing.windowTitle()
    printing.reject()
    window.exports.preview_action.trigger()
    await until(lambda: window.exports.preview_dialog is not None)
    preview = window.exports.preview_dialog
    assert isinstance(preview, QPrintPreviewDialog)
    await until(preview.isVisible)
    widget = preview.findChild(QPrintPreviewWidget)
    assert widget is not None
    await until(lambda: widget.pageCount() >= 1)
    preview.reject()


async def test_a_long_plan_runs_over_pages_with_the_brief_first(
    window: MainWindow, tmp_path: Path
) -> None:
    services = window.services
    trip = (
        await services.trips.create(
            {"title": "<b>Long</b> & winding", "start_date": "2027-06-01", "end_date": "2027-06-20"}
        )
    ).record
    await services.forms.apply(
        trip.id,
        "trip-brief",
        {
            "party": "family",
            "ages": [41, 9],
            "accessibility": "Step-free access for a pushchair",
            "diet": ["vegetarian", "nut allergy"],
            "avoid": ["long drives", "early starts"],
        },
    )
    for day in range(1, 21):
        for hour in (9, 13, 19):
            await services.itinerary.add(
                trip.id,
                {
                    "day": f"2027-06-{day:02d}",
                    "start_time": f"{hour:02d}:00",
                    "timezone": "Europe/Rome",
                    "title": f"Visit {day}-{hour}",
                    "cost_amount": "12.50",
                    "cost_currency": "EUR",
                },
            )
    target = tmp_path / "long.pdf"
    assert await window.exports.write(trip.id, FORMATS[1], target)
    assert pdf_pages(target) >= 3
    pages = pdf_pngs(target, tmp_path / "long-pages")
    assert len(pages) == pdf_pages(target)
    text = " ".join(pdf_text(target).split())
    assert text.startswith("<b>Long</b> & winding")
    for expected in (
        "Travelling as family",
        "Ages 41, 9",
        "Accessibility needs Step-free access for a pushchair",
        "Dietary needs vegetarian, nut allergy",
        "Things to avoid long drives, early starts",
        "Sunday 20 June 2027",
        "19:00 Rome Visit 20-19",  # No stop says where the reader is: zones named.
        "Total 750.00 EUR",
    ):
        assert expected in text
