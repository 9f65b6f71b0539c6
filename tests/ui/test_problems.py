"""The Problems list in the window: an overlap typed into the itinerary appears as a problem
(in the list, the status bar, on the tab, as marks on the rows, the day and the timeline),
Enter and F8 go to it, and fixing it (or undoing the fix) is seen at once."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon, QPalette
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from concierge.model_server import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL
from concierge.store import TripRecord
from concierge.travel.checks import run
from concierge.travel.checks.plan import read_plan
from concierge.travel.services import open_services
from concierge.ui.colours import Tone, dark_palette
from concierge.ui.main_window import MainWindow
from concierge.ui.problems.model import KEY_ROLE
from concierge.ui.trips import ItineraryView
from concierge.ui.trips.itinerary_model import PROBLEM_ROLE
from tests.composition import loaded_places
from tests.fakes.memory_keyring import MemoryKeyring
from tests.fakes.ollama_server import silent_servers
from tests.ui.trips_support import assistant_edit, focus
from tests.ui.waiting import until

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
async def window(
    tmp_path: Path, memory_keyring: MemoryKeyring, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[MainWindow]:
    for name in (ENV_BASE_URL, ENV_API_KEY, ENV_MODEL):
        monkeypatch.delenv(name, raising=False)
    services = open_services(tmp_path / "data", places=loaded_places())
    main = MainWindow(services, local_servers=silent_servers())
    failures: list[tuple[str, object]] = []
    for view in main.trip_views:
        view.task_failed.connect(lambda name, error: failures.append((name, error)))
    main.tasks.failed.connect(lambda name, error: failures.append((name, error)))
    yield main
    await idle(main)
    await main.shutdown()
    await services.aclose()
    main.deleteLater()
    services.close()
    assert not failures, f"background tasks failed: {failures}"


async def idle(window: MainWindow) -> None:
    """No view is loading and no check is running (nothing left for the loop to finish)."""
    views = window.trip_views
    await until(lambda: not any(v._refresher.busy or v._coalesce.isActive() for v in views))


async def porto_day(window: MainWindow) -> TripRecord:
    """A one-day trip (no nights to lodge) with a museum visit 10:00–12:00, shown."""
    window.show()
    window.activateWindow()
    await window.start()
    services = window.services
    trip = (
        await services.trips.create(
            {"title": "Porto", "start_date": "2026-05-14", "end_date": "2026-05-14"}
        )
    ).record
    await services.stops.add(
        trip.id, {"place": "Porto (OPO)", "place_code": "OPO", "timezone": "Europe/Lisbon"}
    )
    await services.itinerary.add(
        trip.id,
        {
            "day": "2026-05-14",
            "title": "Museum",
            "start_time": "10:00",
            "end_time": "12:00",
            "timezone": "Europe/Lisbon",  # As the item dialog gives it (the stop's zone).
        },
    )
    window.trip_list.set_trip(trip.id)
    await until(lambda: window.problems_panel.trip_id == trip.id)
    await until(lambda: titles(window.itinerary) == ["Museum"])
    await until(lambda: window.problems_button.text() == "No problems")
    return trip


def titles(view: ItineraryView) -> list[str]:
    return [item.title for group in view.model.days for item in group.items]


def item_id(view: ItineraryView, title: str) -> str:
    return next(i.id for g in view.model.days for i in g.items if i.title == title)


def mark(view: ItineraryView, title: str) -> object:
    """The problem severity the item's title cell shows."""
    return view.model.index_of_item(item_id(view, title), 1).data(PROBLEM_ROLE)


def key(
    qtbot: QtBot, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
) -> None:
    """Press `key` where the window system sends it: the focused widget."""
    target = QApplication.focusWidget()
    assert target is not None, "nothing has the keyboard"
    qtbot.keyClick(target, key, modifier)


async def saved(window: MainWindow) -> None:
    """The item dialog has closed and the window has the keyboard again (offscreen, closing
    a dialog leaves no window active)."""
    await until(lambda: window.itinerary.editor is None)
    window.activateWindow()
    await until(lambda: QApplication.focusWidget() is not None)


async def type_into(qtbot: QtBot, field: QWidget, text: str) -> None:
    await focus(field)
    qtbot.keyClick(field, Qt.Key.Key_A, CTRL)
    qtbot.keyClicks(field, text)


async def test_a_typed_overlap_shows_goes_to_and_goes_away(
    window: MainWindow, qtbot: QtBot
) -> None:
    await porto_day(window)
    itinerary, panel, status = window.itinerary, window.problems_panel, window.statusBar()
    assert window.side_tabs.tabIcon(window.side_tabs.indexOf(panel)).isNull()

    # Add "Lunch" 11:30–13:00 through the item dialog, by keyboard.
    window.show_tab(itinerary)
    itinerary.select_day(itinerary.model.days[0].day)
    qtbot.mouseClick(itinerary.toolbar.add_button, Qt.MouseButton.LeftButton)
    editor = itinerary.editor
    assert editor is not None
    await type_into(qtbot, editor.title_edit, "Lunch")
    await type_into(qtbot, editor.time_edit, "11:30")
    await type_into(qtbot, editor.end_time_edit, "13:00")
    key(qtbot, Qt.Key.Key_Return)
    await until(lambda: titles(itinerary) == ["Museum", "Lunch"])
    await saved(window)

    await until(lambda: window.problems_button.text() == "1 problem")
    [problem] = panel.problems
    assert problem.day is not None
    assert problem.check == "overlaps" and problem.severity == "error"
    assert "“Museum”" in problem.message and "“Lunch”" in problem.message
    assert panel.model.index(0, 1).data() == "Thu 14 May 2026"
    assert not window.side_tabs.tabIcon(window.side_tabs.indexOf(panel)).isNull()
    assert not window.problems_button.icon().isNull()
    await until(
        lambda: mark(itinerary, "Museum") == "error" and mark(itinerary, "Lunch") == "error"
    )
    lunch = itinerary.model.index_of_item(item_id(itinerary, "Lunch"), 1)
    assert problem.text in lunch.data(Qt.ItemDataRole.ToolTipRole)
    assert lunch.data(Qt.ItemDataRole.AccessibleDescriptionRole) == f"Error: {problem.text}"
    day_row = itinerary.model.index_of_day(problem.day)
    assert day_row.data(PROBLEM_ROLE) == "error"
    assert day_row.data(Qt.ItemDataRole.AccessibleTextRole).endswith(", 1 problem")
    timeline = itinerary.timeline
    assert timeline.mark_rect(item_id(itinerary, "Lunch")) is not None
    assert "Error: " in timeline.sentence(item_id(itinerary, "Lunch"))

    # Ctrl+8 opens the list; Enter goes to both items, the status bar says which problem.
    key(qtbot, Qt.Key.Key_8, CTRL)
    await until(lambda: QApplication.focusWidget() is panel.view)
    assert window.side_tabs.currentWidget() is panel
    assert panel.current_problem() == problem
    key(qtbot, Qt.Key.Key_Return)
    await until(lambda: QApplication.focusWidget() is itinerary.tree)
    assert window.bottom_tabs.currentWidget() is itinerary
    assert set(itinerary.selected_item_ids) == set(problem.item_ids)
    assert status.currentMessage() == f"Problem 1 of 1: {problem.text}"
    assert window.side_tabs.currentWidget() is panel  # The list stays in view beside.

    # F8 from anywhere goes to it again.
    await focus(window.trip_form.fields.title_edit)
    status.clearMessage()
    key(qtbot, Qt.Key.Key_F8)
    await until(lambda: status.currentMessage().startswith("Problem 1 of 1: "))
    assert QApplication.focusWidget() is itinerary.tree

    # Fix it: Lunch from 12:00 to 13:00. The problem and every mark go.
    itinerary.select_items([item_id(itinerary, "Lunch")])
    key(qtbot, Qt.Key.Key_Return)
    editor = itinerary.editor
    assert editor is not None and editor.title_edit.text() == "Lunch"
    await type_into(qtbot, editor.time_edit, "12:00")
    key(qtbot, Qt.Key.Key_Return)
    await saved(window)
    await until(lambda: window.problems_button.text() == "No problems")
    assert panel.problems == () and panel.summary.text() == "No problems found in this plan."
    assert window.side_tabs.tabIcon(window.side_tabs.indexOf(panel)).isNull()
    await until(lambda: mark(itinerary, "Lunch") is None and mark(itinerary, "Museum") is None)
    assert itinerary.model.index_of_day(problem.day).data(PROBLEM_ROLE) is None
    assert timeline.mark_rect(item_id(itinerary, "Lunch")) is None

    # Undo (Ctrl+Z) brings the overlap back, and the problem with it.
    await until(lambda: window.undo_action.isEnabled())
    key(qtbot, Qt.Key.Key_Z, CTRL)
    await until(lambda: window.problems_button.text() == "1 problem")
    await until(lambda: mark(itinerary, "Lunch") == "error")


async def test_f8_walks_the_problems_and_the_budget_opens_the_money_tab(
    window: MainWindow, qtbot: QtBot
) -> None:
    trip = await porto_day(window)
    services = window.services
    # The assistant writes: an overlap and an overrun; nobody touches the window.
    await services.itinerary.add(
        trip.id,
        {
            "day": "2026-05-14",
            "title": "Boat trip",
            "start_time": "11:00",
            "end_time": "12:30",
            "timezone": "Europe/Lisbon",
            "cost_amount": "150",
            "cost_currency": "EUR",
        },
        context=assistant_edit(),
    )
    await services.trips.update(
        trip.id, {"budget_amount": "100", "budget_currency": "EUR"}, context=assistant_edit()
    )
    panel, status = window.problems_panel, window.statusBar()
    await until(lambda: window.problems_button.text() == "2 problems")
    assert [p.check for p in panel.problems] == ["overlaps", "budget"]
    assert panel.model.index(1, 1).data() == "Whole trip"

    await focus(window.trip_form.fields.title_edit)
    key(qtbot, Qt.Key.Key_F8)
    await until(lambda: status.currentMessage().startswith("Problem 1 of 2: "))
    assert window.bottom_tabs.currentWidget() is window.itinerary
    key(qtbot, Qt.Key.Key_F8)
    await until(lambda: status.currentMessage().startswith("Problem 2 of 2: "))
    assert window.bottom_tabs.currentWidget() is window.ledger_panel
    key(qtbot, Qt.Key.Key_F8)  # Round the end, back to the first.
    await until(lambda: status.currentMessage().startswith("Problem 1 of 2: "))
    key(qtbot, Qt.Key.Key_F8, SHIFT)
    await until(lambda: status.currentMessage().startswith("Problem 2 of 2: "))
    assert panel.current_row() == 1

    # The status bar's count opens the list; a double-click on a row goes to it.
    qtbot.mouseClick(window.problems_button, Qt.MouseButton.LeftButton)
    await until(lambda: QApplication.focusWidget() is panel.view)
    rect = panel.view.visualRect(panel.model.index(0, 0))
    viewport = panel.view.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=rect.center())  # As a real
    qtbot.mouseDClick(viewport, Qt.MouseButton.LeftButton, pos=rect.center())  # one begins.
    await until(lambda: QApplication.focusWidget() is window.itinerary.tree)
    assert status.currentMessage().startswith("Problem 1 of 2: ")


async def test_no_tab_bar_scrolls_at_1024_wide(window: MainWindow) -> None:
    await porto_day(window)
    window.resize(1024, 640)
    await until(lambda: window.width() == 1024)
    for tabs in (window.bottom_tabs, window.side_tabs):
        bar = tabs.tabBar()
        await until(bar.isVisible)
        last = bar.tabRect(bar.count() - 1)
        assert last.right() <= bar.width(), (tabs.objectName(), last, bar.width())


async def test_the_problems_model_passes_the_model_tester(
    window: MainWindow, qtmodeltester: ModelTester
) -> None:
    trip = await porto_day(window)
    await window.services.itinerary.add(
        trip.id,
        {
            "day": "2026-05-14",
            "title": "Tour",
            "start_time": "11:00",
            "end_time": "11:30",
            "timezone": "Europe/Lisbon",
        },
    )
    await until(lambda: window.problems_button.text() == "1 problem")
    model = window.problems_panel.model
    qtmodeltester.check(model)
    assert model.index(0, 0).data(Qt.ItemDataRole.AccessibleTextRole).startswith("Error: ")
    assert model.index(0, 0).data(KEY_ROLE) == model.problems[0].key
    await window.services.itinerary.add(
        trip.id,
        {
            "day": "2026-05-14",
            "title": "Walk",
            "start_time": "11:15",
            "end_time": "11:45",
            "timezone": "Europe/Lisbon",
        },
    )
    await until(lambda: window.problems_button.text() == "3 problems")
    qtmodeltester.check(model)


def disc_colour(icon: QIcon) -> QColor:
    """The colour of an error mark's disc beside its glyph."""
    return icon.pixmap(16, 16).toImage().pixelColor(3, 8)


async def test_the_marks_follow_a_switch_to_the_dark_palette(
    window: MainWindow, qapp: QApplication
) -> None:
    trip = await porto_day(window)
    await window.services.itinerary.add(
        trip.id,
        {
            "day": "2026-05-14",
            "title": "Tour",
            "start_time": "11:00",
            "end_time": "11:30",
            "timezone": "Europe/Lisbon",
        },
    )
    await until(lambda: window.problems_button.text() == "1 problem")
    itinerary = window.itinerary
    await until(lambda: titles(itinerary) == ["Museum", "Tour"])
    tour = itinerary.model.index_of_item(item_id(itinerary, "Tour"), 1)
    await until(lambda: tour.data(PROBLEM_ROLE) == "error")
    assert disc_colour(window.problems_button.icon()) == QColor(Tone.ERROR.on_light)
    light = QPalette(qapp.palette())
    qapp.setPalette(dark_palette())
    try:
        dark = QColor(Tone.ERROR.on_dark)
        await until(lambda: disc_colour(window.problems_button.icon()) == dark)
        tab_icon = window.side_tabs.tabIcon(window.side_tabs.indexOf(window.problems_panel))
        assert disc_colour(tab_icon) == QColor(Tone.ERROR.on_dark)
        row_icon = tour.data(Qt.ItemDataRole.DecorationRole)
        assert isinstance(row_icon, QIcon) and disc_colour(row_icon) == QColor(Tone.ERROR.on_dark)
        list_icon = window.problems_panel.model.index(0, 0).data(Qt.ItemDataRole.DecorationRole)
        assert disc_colour(list_icon) == QColor(Tone.ERROR.on_dark)
    finally:
        qapp.setPalette(light)


async def test_a_burst_of_changes_is_checked_off_the_gui_thread_once_it_settles(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    trip = await porto_day(window)
    reads: list[int] = []
    checks: list[int] = []
    check_plan = run.check_plan

    def reading(session: object, trip_id: str) -> object:
        reads.append(threading.get_ident())
        return read_plan(session, trip_id)  # type: ignore[arg-type]

    burst_written = threading.Event()

    def checking(*args: object, **kwargs: object) -> object:
        checks.append(threading.get_ident())
        # A run started during the burst lasts until the burst is written, as a slow check
        # would on a loaded machine: the count then does not depend on the machine's speed.
        burst_written.wait(60)
        return check_plan(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(run, "read_plan", reading)
    monkeypatch.setattr(run, "check_plan", checking)
    writes = 8
    for n in range(writes):  # The assistant adds eight overlapping tours in one go.
        added = (
            await window.services.itinerary.add(
                trip.id,
                {
                    "day": "2026-05-14",
                    "title": f"Tour {n}",
                    "start_time": "11:00",
                    "end_time": "11:30",
                    "timezone": "Europe/Lisbon",
                },
                context=assistant_edit(),
            )
        ).record
    burst_written.set()

    def checked_last() -> bool:
        return any(added.id in problem.item_ids for problem in window.problems_panel.problems)

    await until(checked_last)
    await idle(window)
    gui = threading.get_ident()
    assert checks and reads and gui not in checks and gui not in reads
    assert len(checks) < writes
