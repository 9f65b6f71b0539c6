"""The import review queue in the real window, with real keys and real files: a calendar
dropped on the window fills the queue (its duplicate unticked); Delete rejects one, Space
ticks and unticks, Enter accepts the ticked one as one undo step, Ctrl+Z undoes it; F2 edits
a record in the item dialog before it is accepted; a bad file is refused naming it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from concierge.model_server import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL
from concierge.travel.services import TravelServices, open_services
from concierge.ui.main_window import MainWindow
from concierge.ui.trips.item_editor import ItemEditor
from tests.cli.test_import_bookings import calendar
from tests.composition import loaded_places
from tests.fakes import FakeOpenAIServer, Reply
from tests.travel.imports.pdf_files import write_pdf
from tests.ui.trips_support import shown_window
from tests.ui.waiting import until

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
async def services(
    tmp_path: Path, memory_keyring: object, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[TravelServices]:
    for name in (ENV_BASE_URL, ENV_API_KEY, ENV_MODEL):
        monkeypatch.delenv(name, raising=False)
    services = open_services(tmp_path / "data", places=loaded_places())
    yield services
    await services.aclose()
    services.close()


@pytest.fixture
async def window(services: TravelServices) -> AsyncIterator[MainWindow]:
    async with shown_window(services) as main:
        yield main
        await until(lambda: len(main.imports_panel.tasks) == 0)
        await until(lambda: main.imports_panel.idle and main.itinerary.idle)


def drop(window: MainWindow, *files: Path) -> bool:
    """Drag `files` over the window and drop them, as a file manager does; whether the
    window took the drag."""
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(file)) for file in files])
    where = QPointF(window.rect().center())
    buttons, keys = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(where.toPoint(), Qt.DropAction.CopyAction, data, buttons, keys)
    QApplication.sendEvent(window, enter)
    if not enter.isAccepted():
        return False
    QApplication.sendEvent(window, QDropEvent(where, Qt.DropAction.CopyAction, data, buttons, keys))
    return True


async def test_a_dropped_calendar_is_reviewed_with_keys_and_undone(
    window: MainWindow, services: TravelServices, qtbot: QtBot, tmp_path: Path
) -> None:
    panel = window.imports_panel
    trip_id = window.trip_form.trip_id
    assert trip_id is not None and not panel.isVisible()
    await services.itinerary.add(
        trip_id, {"kind": "lodging", "title": "Hotel Infante Sagres", "day": "2027-04-10"}
    )
    file = calendar(tmp_path / "trip.ics", "flight", "hotel")
    dinner = tmp_path / "dinner.ics"
    calendar(dinner, "flight")
    dinner.write_text(
        dinner.read_text(encoding="utf-8").replace("Flight TP 1943 Lisbon to Porto", "Dinner"),
        encoding="utf-8",
    )

    assert drop(window, file, dinner)
    await until(lambda: panel.isVisible() and panel.list.topLevelItemCount() == 3)
    rows = [[panel.list.topLevelItem(row).text(column) for column in range(5)] for row in range(3)]
    assert rows[0][:3] == [
        "Flight",
        "Flight TP 1943 Lisbon to Porto",
        "Sat 10 Apr 08:05–09:00",
    ]
    assert rows[1][2] == "Sat 10 Apr check-in → Mon 12 Apr check-out"  # The stay's end day.
    assert rows[1][4] == "Duplicate"
    tip = panel.list.topLevelItem(1).toolTip(4)
    assert tip == "The itinerary has it already: “Hotel Infante Sagres”."
    assert rows[2][1] == "Dinner" and rows[2][4] == ""
    ticks = [panel.list.topLevelItem(row).checkState(0) for row in range(3)]
    assert ticks == [Qt.CheckState.Checked, Qt.CheckState.Unchecked, Qt.CheckState.Checked]
    assert len(await services.itinerary.items(trip_id)) == 1  # nothing added yet

    panel.focus_list()
    await until(lambda: QApplication.focusWidget() is panel.list)
    qtbot.keyClick(panel.list, Qt.Key.Key_Down)
    qtbot.keyClick(panel.list, Qt.Key.Key_Down)
    qtbot.keyClick(panel.list, Qt.Key.Key_Delete)  # rejects the dinner
    await until(lambda: panel.list.topLevelItemCount() == 2)
    assert window.statusBar().currentMessage() == "Rejected 1 imported record."
    hotel = panel.list.topLevelItem(1)
    assert panel.list.currentItem() is hotel
    qtbot.keyClick(panel.list, Qt.Key.Key_Space)
    assert hotel.checkState(0) is Qt.CheckState.Checked
    qtbot.keyClick(panel.list, Qt.Key.Key_Space)
    assert hotel.checkState(0) is Qt.CheckState.Unchecked
    qtbot.keyClick(panel.list, Qt.Key.Key_Return)  # accepts the flight; the hotel waits

    await until(lambda: panel.list.topLevelItemCount() == 1)
    items = await services.itinerary.items(trip_id)
    flight = next(item for item in items if item.kind.value == "flight")
    assert flight.notes == "imported from trip.ics"
    label = "Import 1 item from trip.ics"
    await until(lambda: window.undo_action.text() == f"&Undo {label}")
    qtbot.keyClick(panel.list, Qt.Key.Key_Z, CTRL)
    await until(lambda: window.statusBar().currentMessage() == f"Undone: {label}")
    assert [item.title for item in await services.itinerary.items(trip_id)] == [
        "Hotel Infante Sagres"
    ]


async def test_f2_edits_a_record_in_the_item_dialog_and_save_accepts_it(
    window: MainWindow, services: TravelServices, qtbot: QtBot, tmp_path: Path
) -> None:
    panel = window.imports_panel
    trip_id = window.trip_form.trip_id
    assert trip_id is not None
    window.import_files([calendar(tmp_path / "hotel.ics", "hotel")])
    await until(lambda: panel.list.topLevelItemCount() == 1)
    await until(lambda: QApplication.focusWidget() is panel.list)
    qtbot.keyClick(panel.list, Qt.Key.Key_F2)
    await until(lambda: isinstance(panel.editor, ItemEditor) and panel.editor.isVisible())
    editor = panel.editor
    assert editor is not None and editor.title_edit.text() == "Hotel Infante Sagres"
    await until(lambda: QApplication.focusWidget() is editor.title_edit)
    qtbot.keyClick(editor.title_edit, Qt.Key.Key_A, CTRL)
    qtbot.keyClicks(editor.title_edit, "Sagres, two nights")
    qtbot.keyClick(editor.title_edit, Qt.Key.Key_Return)
    await until(lambda: not panel.isVisible())
    (item,) = await services.itinerary.items(trip_id)
    assert (item.title, item.notes) == ("Sagres, two nights", "imported from hotel.ics")
    assert str(item.end_day) == "2027-04-12"


async def test_a_bad_file_is_refused_naming_it_and_nothing_is_queued(
    window: MainWindow, services: TravelServices, tmp_path: Path
) -> None:
    trip_id = window.trip_form.trip_id
    assert trip_id is not None
    broken = tmp_path / "broken.ics"
    broken.write_text("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:x", encoding="utf-8")
    bad_event = calendar(tmp_path / "bad.ics", "flight", "bad date")
    assert drop(window, broken, bad_event)
    await until(
        lambda: window.import_message is not None and "bad.ics" in window.import_message.text()
    )
    message = window.import_message
    assert message is not None and message.text().startswith("bad.ics was not imported")
    assert "VEVENT 2" in message.text()
    assert await services.imports.pending(trip_id) == []
    assert not window.imports_panel.isVisible()


async def test_a_dropped_pdf_goes_to_the_assistant_as_a_message_asking_for_items(
    tmp_path: Path,
    memory_keyring: object,
    monkeypatch: pytest.MonkeyPatch,
    fake_openai: FakeOpenAIServer,
) -> None:
    monkeypatch.setenv(ENV_BASE_URL, fake_openai.base_url)
    monkeypatch.setenv(ENV_API_KEY, "test-key")
    monkeypatch.setenv(ENV_MODEL, "fake-model")
    fake_openai.script(Reply.text("I see one flight."))
    services = open_services(tmp_path / "data", places=loaded_places())
    pdf = write_pdf(tmp_path / "itinerary.pdf", [["TAP Air Portugal TP 1943", "LIS 08:05 OPO"]])
    try:
        async with shown_window(services) as window:
            await until(lambda: window.chat.runnable is not None and not window.chat.loading)
            assert drop(window, pdf)
            await until(lambda: bool(chat_requests(fake_openai)))
            await until(lambda: window.chat.busy is False)
            last_user = next(
                m
                for m in reversed(chat_requests(fake_openai)[0]["messages"])
                if m["role"] == "user" and "itinerary.pdf" in str(m["content"])
            )
            text = str(last_user["content"])
            assert "Please propose the itinerary items" in text
            assert "TAP Air Portugal TP 1943" in text
            assert await services.imports.pending(window.session.trip_id or "") == []
    finally:
        await services.aclose()
        services.close()


def chat_requests(server: FakeOpenAIServer) -> list[dict[str, Any]]:
    return [
        request.body
        for request in server.requests
        if request.path.endswith("/chat/completions") and request.body is not None
    ]


async def test_ctrl_enter_accepts_all_new_and_ctrl_delete_rejects_the_rest(
    window: MainWindow, services: TravelServices, qtbot: QtBot, tmp_path: Path
) -> None:
    panel = window.imports_panel
    trip_id = window.trip_form.trip_id
    assert trip_id is not None
    await services.itinerary.add(
        trip_id, {"kind": "lodging", "title": "Hotel Infante Sagres", "day": "2027-04-10"}
    )
    window.import_files([calendar(tmp_path / "trip.ics", "flight", "hotel")])
    await until(lambda: panel.list.topLevelItemCount() == 2)
    await until(lambda: QApplication.focusWidget() is panel.list)
    qtbot.keyClick(panel.list, Qt.Key.Key_Return, CTRL)
    await until(lambda: panel.list.topLevelItemCount() == 1)
    assert panel.list.topLevelItem(0).text(1) == "Hotel Infante Sagres"  # the duplicate waits
    assert len(await services.itinerary.items(trip_id)) == 2
    panel.focus_list()
    await until(lambda: QApplication.focusWidget() is panel.list)
    qtbot.keyClick(panel.list, Qt.Key.Key_Delete, CTRL)
    await until(lambda: not panel.isVisible())
    assert await services.imports.pending(trip_id) == []
    assert len(await services.itinerary.items(trip_id)) == 2
