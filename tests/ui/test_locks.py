"""Locks in the window, with real keys: Ctrl+L on an itinerary item, a day or a stop locks
it (a padlock, "locked" for screen readers), the assistant's tool call on it is refused and
the refusal shows in the chat; Ctrl+L unlocks, and elsewhere still moves to the chat."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from concierge.model_server import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL
from concierge.store import LockKind
from concierge.ui.main_window import MainWindow
from concierge.ui.shortcuts import shortcuts_of
from concierge.ui.trips.itinerary_model import LOCKED_ROLE
from concierge.ui.views.locks import LOCKED_TEXT
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec
from tests.fakes.memory_keyring import MemoryKeyring
from tests.ui.trips_support import Running, focus
from tests.ui.waiting import until

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def connected(monkeypatch: pytest.MonkeyPatch, fake_openai: FakeOpenAIServer) -> None:
    monkeypatch.setenv(ENV_BASE_URL, fake_openai.base_url)
    monkeypatch.setenv(ENV_API_KEY, "test-key")
    monkeypatch.setenv(ENV_MODEL, "fake-model")


@pytest.fixture
async def running(
    tmp_path: Path, memory_keyring: MemoryKeyring, qtbot: QtBot
) -> AsyncIterator[Running]:
    app = Running(tmp_path / "data")
    yield app
    await app.close()


async def _send(window: MainWindow, qtbot: QtBot, text: str) -> None:
    await until(lambda: window.chat.runnable is not None and not window.chat.loading)
    qtbot.keyClicks(window.chat.composer.edit, text)
    qtbot.keyClick(window.chat.composer.edit, Qt.Key.Key_Return, CTRL)


async def test_ctrl_l_locks_an_item_the_assistant_is_then_refused_and_ctrl_l_unlocks(
    running: Running, connected: None, fake_openai: FakeOpenAIServer, qtbot: QtBot
) -> None:
    services = running.services
    window = await running.start()
    trip_id = window.session.trip_id
    assert trip_id is not None
    item = (
        await services.itinerary.add(trip_id, {"day": "2026-05-15", "title": "Ryokan Kyoto"})
    ).record
    view = window.itinerary
    window.show_tab(view)
    await until(lambda: view.model.index_of_item(item.id).isValid())
    view.select_items((item.id,))
    await focus(view.tree)

    qtbot.keyClick(view.tree, Qt.Key.Key_L, CTRL)
    await until(lambda: bool(view.model.index_of_item(item.id, 1).data(LOCKED_ROLE)))
    title = view.model.index_of_item(item.id, 1)
    padlock = view.model.index_of_item(item.id, 0)  # by the time; the title has problem icons
    assert padlock.data(Qt.ItemDataRole.DecorationRole) is not None
    assert title.data(Qt.ItemDataRole.AccessibleTextRole) == f"Ryokan Kyoto, {LOCKED_TEXT}"
    (lock,) = await services.locks.locks(trip_id)
    assert (lock.kind, lock.target) == (LockKind.ITEM, item.id)
    assert view.tree.hasFocus()  # the key locked here; it did not go to the chat

    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec(
                "edit_itinerary", {"action": "update", "item_id": item.id[:8], "title": "Hotel"}
            )
        ),
        Reply.text("That item is locked; shall I leave it?"),
    )
    await _send(window, qtbot, "Rename the ryokan")
    await until(lambda: len(fake_openai.chat_requests) == 2 and not window.chat.busy)
    refusal = "Item “Ryokan Kyoto” is locked by the person; ask them to unlock it."
    await until(lambda: refusal in window.chat.transcript.toPlainText())
    await until(lambda: len(fake_openai.chat_requests) == 2 and not window.chat.busy)
    assert (await services.itinerary.get(item.id)).title == "Ryokan Kyoto"  # type: ignore[union-attr]

    await focus(view.tree)
    qtbot.keyClick(view.tree, Qt.Key.Key_L, CTRL)
    await until(lambda: not view.model.index_of_item(item.id, 1).data(LOCKED_ROLE))
    assert view.model.index_of_item(item.id, 0).data(Qt.ItemDataRole.DecorationRole) is None
    assert await services.locks.locks(trip_id) == []


async def test_ctrl_l_on_a_day_heading_locks_the_day_and_undo_takes_it_back(
    running: Running, connected: None, qtbot: QtBot
) -> None:
    services = running.services
    window = await running.start()
    trip_id = window.session.trip_id
    assert trip_id is not None
    await services.itinerary.add(trip_id, {"day": "2026-05-15", "title": "Tea"})
    view = window.itinerary
    window.show_tab(view)
    await until(lambda: view.model.rowCount() > 0)
    day = view.model.index(0, 0)
    flags = QItemSelectionModel.SelectionFlag
    view.tree.selectionModel().setCurrentIndex(day, flags.ClearAndSelect | flags.Rows)
    await focus(view.tree)

    qtbot.keyClick(view.tree, Qt.Key.Key_L, CTRL)
    await until(lambda: bool(view.model.index(0, 0).data(LOCKED_ROLE)))
    assert LOCKED_TEXT in view.model.index(0, 0).data(Qt.ItemDataRole.AccessibleTextRole)
    await until(lambda: "Lock day" in window.undo_action.text())
    window.undo_action.trigger()
    await until(lambda: not view.model.index(0, 0).data(LOCKED_ROLE))
    assert await services.locks.locks(trip_id) == []


async def test_ctrl_l_in_a_stop_locks_it_and_elsewhere_moves_to_the_chat(
    running: Running, connected: None, fake_openai: FakeOpenAIServer, qtbot: QtBot
) -> None:
    services = running.services
    window = await running.start()
    trip_id = window.session.trip_id
    assert trip_id is not None
    kyoto = (await services.stops.add(trip_id, {"place": "Kyoto"})).record
    stops = window.trip_form.fields.stops_editor
    await until(lambda: len(stops.saved_rows()) == 1)
    row = stops.saved_rows()[0]
    await focus(row.arrive.edit)

    qtbot.keyClick(row.arrive.edit, Qt.Key.Key_L, CTRL)
    await until(lambda: row.locked and row.padlock.isVisible())
    assert LOCKED_TEXT in row.place.accessibleDescription()
    (lock,) = await services.locks.locks(trip_id)
    assert (lock.kind, lock.target) == (LockKind.STOP, kyoto.id)

    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec("edit_stops", {"action": "update", "stop": 1, "place": "Osaka"})
        ),
        Reply.text("Kyoto is locked."),
    )
    await _send(window, qtbot, "Make it Osaka")
    refusal = "Stop “Kyoto” is locked by the person; ask them to unlock it."
    await until(lambda: refusal in window.chat.transcript.toPlainText())
    await until(lambda: len(fake_openai.chat_requests) == 2 and not window.chat.busy)

    await focus(window.trip_list.view)
    qtbot.keyClick(window.trip_list.view, Qt.Key.Key_L, CTRL)
    await until(lambda: window.chat.composer.edit.hasFocus())
    assert len(await services.locks.locks(trip_id)) == 1


async def test_lock_is_in_the_edit_menu_and_the_shortcuts_list(
    running: Running, connected: None, qtbot: QtBot
) -> None:
    window = await running.start()
    edit = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Edit")
    assert any(action is window.lock_action for action in edit.actions())  # type: ignore[union-attr]
    listed = shortcuts_of(window)
    locks = {s.group for s in listed if (s.name, s.keys) == ("Lock or unlock", "Ctrl+L")}
    timeline = next(s.group for s in listed if s.name == "Timeline")
    assert locks == {timeline, "Trip"}  # the itinerary's group, and the trip form's stops


async def test_a_trip_field_locks_from_its_context_menu_with_keys(
    running: Running, connected: None, fake_openai: FakeOpenAIServer, qtbot: QtBot
) -> None:
    services = running.services
    window = await running.start()
    trip_id = window.session.trip_id
    assert trip_id is not None
    title = window.trip_form.fields.title_edit
    await focus(title)

    # What the platform sends for the Menu key (offscreen has no platform key handling).
    where = title.rect().center()
    QApplication.sendEvent(
        title, QContextMenuEvent(QContextMenuEvent.Reason.Keyboard, where, title.mapToGlobal(where))
    )
    await until(lambda: isinstance(QApplication.activePopupWidget(), QMenu))
    menu = QApplication.activePopupWidget()
    assert menu is not None
    qtbot.keyClick(menu, Qt.Key.Key_Up)  # the last entry: Lock field
    qtbot.keyClick(menu, Qt.Key.Key_Return)
    row = window.trip_form.row("title")
    await until(lambda: row.locked and row.padlock.isVisible())
    assert LOCKED_TEXT in title.accessibleDescription()
    (lock,) = await services.locks.locks(trip_id)
    assert (lock.kind, lock.field) == (LockKind.FIELD, "title")

    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("update_trip", {"title": "Elsewhere"})),
        Reply.text("The title is locked."),
    )
    await _send(window, qtbot, "Rename the trip")
    refusal = "The trip’s title is locked by the person; ask them to unlock it."
    await until(lambda: refusal in window.chat.transcript.toPlainText())
    await until(lambda: len(fake_openai.chat_requests) == 2 and not window.chat.busy)
    window.activateWindow()  # offscreen, the closed menu leaves no window active
    await until(window.isActiveWindow)
    await focus(title)
    window.lock_action.trigger()  # Edit ▸ Lock or unlock, on the focused field
    await until(lambda: not row.locked)
    assert await services.locks.locks(trip_id) == []


async def test_an_item_field_locks_from_its_context_menu_in_the_item_dialog(
    running: Running, connected: None, fake_openai: FakeOpenAIServer, qtbot: QtBot
) -> None:
    services = running.services
    window = await running.start()
    trip_id = window.session.trip_id
    assert trip_id is not None
    item = (
        await services.itinerary.add(
            trip_id, {"day": "2026-05-15", "title": "Ryokan Kyoto", "start_time": "15:00"}
        )
    ).record
    view = window.itinerary
    window.show_tab(view)
    await until(lambda: view.model.index_of_item(item.id).isValid())
    view.select_items((item.id,))
    await focus(view.tree)
    qtbot.keyClick(view.tree, Qt.Key.Key_Return)
    await until(lambda: view.editor is not None and view.editor.isVisible())
    editor = view.editor
    assert editor is not None
    time_edit = editor.fields["start_time"]
    await focus(time_edit)

    where = time_edit.rect().center()
    QApplication.sendEvent(
        time_edit,
        QContextMenuEvent(QContextMenuEvent.Reason.Keyboard, where, time_edit.mapToGlobal(where)),
    )
    await until(lambda: isinstance(QApplication.activePopupWidget(), QMenu))
    menu = QApplication.activePopupWidget()
    assert menu is not None
    qtbot.keyClick(menu, Qt.Key.Key_Up)
    qtbot.keyClick(menu, Qt.Key.Key_Return)
    await until(lambda: time_edit.accessibleDescription() == LOCKED_TEXT)
    assert any(a.objectName() == "fieldLock" for a in time_edit.actions())
    (lock,) = await services.locks.locks(trip_id)
    assert (lock.kind, lock.target, lock.field) == (LockKind.FIELD, item.id, "start_time")
    editor.reject()

    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec(
                "edit_itinerary",
                {"action": "update", "item_id": item.id[:8], "start_time": "16:00"},
            )
        ),
        Reply.text("Its start time is locked."),
    )
    window.activateWindow()
    await until(window.isActiveWindow)
    await _send(window, qtbot, "Check in at four")
    refusal = "The start time of “Ryokan Kyoto” is locked by the person; ask them to unlock it."
    await until(lambda: refusal in window.chat.transcript.toPlainText())
    await until(lambda: len(fake_openai.chat_requests) == 2 and not window.chat.busy)
