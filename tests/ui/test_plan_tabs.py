"""The window's tabs under the trip form: Brief, Goals and Pinned beside Itinerary and
Lookups, switched from the keyboard, following the selected trip, built as they are first
reached; the inspector beside the chat, built as it is first reached or an assistant is
bound; and pinning text selected in the chat."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QKeySequence, QTextCursor
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from concierge.model_server import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL
from concierge.travel.forms import TRIP_BRIEF
from concierge.travel.services import TravelServices, open_services
from concierge.ui.brief import BriefPanel
from concierge.ui.deferred_tabs import PanelPlaceholder
from concierge.ui.goals import GoalsPanel
from concierge.ui.inspector import InspectorPanel
from concierge.ui.main_window import PIN_ALL_TEXT, PIN_TEXT, MainWindow
from tests.composition import loaded_places
from tests.fakes import FakeOpenAIServer, Reply
from tests.fakes.memory_keyring import MemoryKeyring
from tests.fakes.ollama_server import silent_servers
from tests.ui import trips_support
from tests.ui.trips_support import Running, eventually
from tests.ui.waiting import until

connected = trips_support.connected_running


@pytest.fixture
async def window(
    tmp_path: Path, memory_keyring: MemoryKeyring, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[MainWindow]:
    for name in (ENV_BASE_URL, ENV_API_KEY, ENV_MODEL):
        monkeypatch.delenv(name, raising=False)
    services = open_services(tmp_path / "data", places=loaded_places())
    main = MainWindow(services, local_servers=silent_servers())
    failures: list[tuple[str, object]] = []
    for panel in (main.brief_panel, main.goals_panel, main.pins_panel):
        panel.task_failed.connect(lambda name, error: failures.append((name, error)))
    yield main
    await main.shutdown()
    await services.aclose()
    main.deleteLater()
    services.close()
    assert not failures, f"background tasks failed: {failures}"


async def start(window: MainWindow) -> None:
    """Start the window inside the test, not in the fixture: its timers must fire while the
    test's loop runs."""
    window.show()
    window.activateWindow()
    await window.start()
    await until(lambda: window.trip_form.record is not None)


def services_of(window: MainWindow) -> TravelServices:
    return window.services


def tab_titles(window: MainWindow) -> list[str]:
    tabs = window.bottom_tabs
    return [tabs.tabText(i) for i in range(tabs.count())]


async def test_new_tabs_sit_between_itinerary_and_lookups(window: MainWindow) -> None:
    await start(window)
    assert tab_titles(window) == [
        "Itinerary",
        "Brief",
        "Goals",
        "Pinned",
        "Lookups",
        "Money",
        "Documents",
    ]
    assert [a.text() for a in window.tab_actions] == tab_titles(window)
    assert [a.shortcut().toString() for a in window.tab_actions] == [
        "Ctrl+1",
        "Ctrl+2",
        "Ctrl+3",
        "Ctrl+4",
        "Ctrl+5",
        "Ctrl+6",
        "Ctrl+7",
    ]
    taken = {
        action.shortcut().toString()
        for action in window.findChildren(type(window.tab_actions[0]))
        if not action.shortcut().isEmpty() and action not in window.tab_actions
    }
    assert not taken & {f"Ctrl+{n}" for n in range(1, 8)}


async def test_ctrl_digits_switch_tabs_and_focus_them(window: MainWindow, qtbot: QtBot) -> None:
    await start(window)
    window.trip_form.fields.title_edit.setFocus()
    await until(lambda: QApplication.focusWidget() is window.trip_form.fields.title_edit)
    qtbot.keyClick(
        window.trip_form.fields.title_edit, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier
    )
    await until(lambda: window.bottom_tabs.currentWidget() is window.goals_panel)
    await until(lambda: QApplication.focusWidget() is window.goals_panel.new_edit)  # No goals.
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    await until(lambda: window.bottom_tabs.currentWidget() is window.brief_panel)
    brief_first = window.brief_panel.fields.tab_chain()[0]
    await until(lambda: QApplication.focusWidget() is brief_first)
    qtbot.keyClick(brief_first, Qt.Key.Key_4, Qt.KeyboardModifier.ControlModifier)
    await until(lambda: window.bottom_tabs.currentWidget() is window.pins_panel)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    await until(lambda: window.bottom_tabs.currentWidget() is window.itinerary)


async def test_the_new_panels_follow_the_selected_trip(window: MainWindow) -> None:
    await start(window)
    services = services_of(window)
    first = window.trip_form.trip_id
    lisbon = (await services.trips.create({"title": "Lisbon"})).record
    await services.goals.add(lisbon.id, "Tram 28")
    window.trip_list.set_trip(lisbon.id)
    panels = (window.brief_panel, window.goals_panel, window.pins_panel)
    await until(lambda: all(panel.trip_id == lisbon.id for panel in panels))
    await until(lambda: [g.title for g in window.goals_panel.model.records] == ["Tram 28"])
    window.trip_list.set_trip(first)
    await until(lambda: all(panel.trip_id == first for panel in panels))
    await until(lambda: window.goals_panel.loaded and not window.goals_panel.model.records)


async def test_ctrl_z_undoes_a_goal_removed_in_the_panel(window: MainWindow, qtbot: QtBot) -> None:
    await start(window)
    services = services_of(window)
    trip_id = window.trip_form.trip_id
    assert trip_id is not None
    await services.goals.add(trip_id, "Flights booked")
    panel = window.goals_panel
    window.show_tab(panel)
    await until(lambda: panel.model.rowCount() == 1)
    panel.select(panel.model.records[0].id)
    panel.view.setFocus()
    await until(lambda: QApplication.focusWidget() is panel.view)
    qtbot.keyClick(panel.view, Qt.Key.Key_Delete)
    await until(lambda: panel.model.rowCount() == 0)
    await until(lambda: window.undo_action.isEnabled())
    assert window.undo_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Undo)
    window.undo_action.trigger()
    await until(lambda: panel.model.rowCount() == 1)
    assert [g.title for g in await services.goals.list_for_trip(trip_id)] == ["Flights booked"]


def select_in_transcript(window: MainWindow, word: str) -> None:
    view = window.chat.transcript
    start = view.toPlainText().index(word)
    cursor = QTextCursor(view.document())
    cursor.setPosition(start)
    cursor.setPosition(start + len(word), QTextCursor.MoveMode.KeepAnchor)
    view.setTextCursor(cursor)


async def test_pin_selected_text_from_the_chat(window: MainWindow) -> None:
    await start(window)
    services = services_of(window)
    trip_id = window.trip_form.trip_id
    assert trip_id is not None
    window.chat.transcript.show_blocks(["### You", "We are vegetarian and hate red-eye flights."])
    assert not window.pin_action.isEnabled()  # Nothing selected yet.
    select_in_transcript(window, "vegetarian")
    assert window.pin_action.isEnabled()
    window.pin_action.trigger()
    await eventually(lambda: _pins(services, trip_id, [("vegetarian", False)]))
    await until(lambda: window.bottom_tabs.currentWidget() is window.pins_panel)
    assert window.statusBar().currentMessage() == "Pinned “vegetarian” for this trip."

    select_in_transcript(window, "hate red-eye flights")
    window.pin_all_action.trigger()
    await eventually(
        lambda: _pins(services, trip_id, [("hate red-eye flights", True), ("vegetarian", False)])
    )
    await until(lambda: len(window.pins_panel.model.records) == 2)


async def _pins(services: TravelServices, trip_id: str, expected: list[tuple[str, bool]]) -> bool:
    return [(p.text, p.all_trips) for p in await services.pins.list_for_trip(trip_id)] == expected


async def test_the_transcript_menu_offers_pinning_before_its_own_actions(
    window: MainWindow,
) -> None:
    await start(window)
    view = window.chat.transcript
    view.show_blocks(["### You", "Vegetarian, please."])
    select_in_transcript(window, "Vegetarian")
    view.customContextMenuRequested.emit(QPoint(4, 4))
    await until(lambda: isinstance(QApplication.activePopupWidget(), QMenu))
    menu = QApplication.activePopupWidget()
    assert isinstance(menu, QMenu)
    texts = [action.text() for action in menu.actions()]
    assert texts[:2] == [PIN_TEXT, PIN_ALL_TEXT]
    assert texts[2] == ""  # A separator, then the view's own actions (Copy, …).
    assert any("Copy" in text for text in texts[3:])
    menu.close()


async def test_tabs_not_built_at_start_up_work_as_the_person_first_reaches_them(
    tmp_path: Path, memory_keyring: MemoryKeyring, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    """As the app comes up: the session restored, the plan tabs other than the itinerary not
    built yet (`deferred_tabs`). A tab reached by its key or by a click on its title is
    built there and then, shows the trip and takes what the person types."""
    for name in (ENV_BASE_URL, ENV_API_KEY, ENV_MODEL):
        monkeypatch.delenv(name, raising=False)
    services = open_services(tmp_path / "data", places=loaded_places())
    window = MainWindow(services)
    try:
        window.show()
        window.activateWindow()
        await window.restore_session()
        await until(lambda: window.trip_form.record is not None)
        trip_id = window.trip_form.trip_id
        assert trip_id is not None
        tabs = window.bottom_tabs
        titles = tab_titles(window)
        assert [isinstance(tabs.widget(i), PanelPlaceholder) for i in range(tabs.count())] == [
            False,
            *[True] * (tabs.count() - 1),
        ]

        title_edit = window.trip_form.fields.title_edit
        title_edit.setFocus()
        await until(lambda: QApplication.focusWidget() is title_edit)
        qtbot.keyClick(title_edit, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
        await until(lambda: isinstance(tabs.currentWidget(), GoalsPanel))
        goals = tabs.currentWidget()
        assert isinstance(goals, GoalsPanel)
        await until(lambda: QApplication.focusWidget() is goals.new_edit)  # No goals.
        qtbot.keyClicks(goals.new_edit, "Book the Douro train")
        qtbot.keyClick(goals.new_edit, Qt.Key.Key_Return)
        await eventually(
            lambda: _goal_titles(services, trip_id, ["Book the Douro train"]),
        )

        bar = tabs.tabBar()
        qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(1).center())
        await until(lambda: isinstance(tabs.currentWidget(), BriefPanel))
        brief = tabs.currentWidget()
        assert isinstance(brief, BriefPanel)
        ages = brief.fields.editors["ages"].widget
        await until(ages.isVisible)
        ages.setFocus()
        await until(lambda: QApplication.focusWidget() is ages)
        qtbot.keyClicks(ages, "41, 39")
        qtbot.keyClick(ages, Qt.Key.Key_Tab)
        await eventually(lambda: _ages(services, trip_id, [41, 39]))

        assert tab_titles(window) == titles
        assert window.goals_panel is goals and window.brief_panel is brief
        assert isinstance(tabs.widget(3), PanelPlaceholder)  # Pinned: not reached yet.
    finally:
        await window.shutdown()
        await services.aclose()
        window.deleteLater()
        services.close()


async def _goal_titles(services: TravelServices, trip_id: str, expected: list[str]) -> bool:
    return [g.title for g in await services.goals.list_for_trip(trip_id)] == expected


async def _ages(services: TravelServices, trip_id: str, expected: list[int]) -> bool:
    return (await services.forms.answers(trip_id, TRIP_BRIEF.id)).get("ages") == expected


async def test_the_inspector_not_built_at_start_up_shows_the_trip_when_first_reached(
    tmp_path: Path, memory_keyring: MemoryKeyring, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    """As the app comes up without a model: "What the assistant sees" holds its place
    beside the chat, unbuilt; a click on its title builds it there, for the selected trip."""
    for name in (ENV_BASE_URL, ENV_API_KEY, ENV_MODEL):
        monkeypatch.delenv(name, raising=False)
    services = open_services(tmp_path / "data", places=loaded_places())
    await services.trips.create({"title": "Tokyo", "notes": "Passport P1234567"})
    window = MainWindow(services, local_servers=silent_servers())
    try:
        window.show()
        window.activateWindow()
        await window.restore_session()
        await window.bind_assistant()
        await until(lambda: window.trip_form.record is not None)
        tabs = window.side_tabs
        titles = [tabs.tabText(i) for i in range(tabs.count())]
        assert isinstance(tabs.widget(1), PanelPlaceholder)

        bar = tabs.tabBar()
        qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(1).center())
        await until(lambda: isinstance(tabs.currentWidget(), InspectorPanel))
        inspector = tabs.currentWidget()
        assert isinstance(inspector, InspectorPanel)
        assert window.inspector is inspector and window.session.inspector is inspector
        assert [tabs.tabText(i) for i in range(tabs.count())] == titles
        await until(lambda: [value.value for value in inspector.held_back.values] == ["P1234567"])
        assert inspector.totals.text() == "No model calls yet."
        assert not inspector.bound
    finally:
        await window.shutdown()
        await services.aclose()
        window.deleteLater()
        services.close()


async def test_the_inspector_follows_a_bound_assistant_from_its_first_call_unseen(
    connected: Running, fake_openai: FakeOpenAIServer, qtbot: QtBot
) -> None:
    """In the app's order (the session restored, then the assistant bound, the other panels
    not built yet), the inspector is built as the assistant is bound, so the usage of a call
    made before the person ever opens it is there when they do."""
    window = connected.window
    window.show()
    await window.restore_session()
    await window.bind_assistant()
    await until(lambda: window.session.agent is not None)
    assert isinstance(window.side_tabs.widget(1), InspectorPanel)
    assert window.side_tabs.currentWidget() is window.chat
    fake_openai.script(Reply.text("Porto in May is mild."))
    await until(lambda: window.chat.runnable is not None and not window.chat.loading)
    qtbot.keyClicks(window.chat.composer.edit, "How warm is Porto in May?")
    qtbot.keyClick(
        window.chat.composer.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier
    )
    await until(lambda: window.inspector.usage.rowCount() == 1)
    agent = window.session.agent
    assert agent is not None
    assert window.inspector.system_prompt.toPlainText() == agent.system_prompt
