"""Edit ▸ Undo and Redo in the real window: Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y both redo,
the menu names what each would do, and the status bar says what was done."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from concierge.model_server import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL
from concierge.store import Actor, ChangeContext
from concierge.travel.services import TravelServices, open_services
from concierge.ui.main_window import MainWindow
from tests.composition import loaded_places
from tests.ui.trips_support import shown_window
from tests.ui.waiting import until

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


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


async def title_of(services: TravelServices, trip_id: str) -> str:
    trip = await services.trips.get(trip_id)
    assert trip is not None
    return trip.title


async def test_ctrl_z_then_ctrl_shift_z_and_ctrl_y_undo_and_redo(
    window: MainWindow, services: TravelServices, qtbot: QtBot
) -> None:
    trip_id = window.trip_form.trip_id
    assert trip_id is not None
    await services.trips.rename(trip_id, "Porto")
    await until(lambda: window.undo_action.text() == "&Undo Rename trip to “Porto”")
    assert not window.redo_action.isEnabled()
    view = window.trip_list.view
    view.setFocus()
    await until(lambda: QApplication.focusWidget() is view)

    qtbot.keyClick(view, Qt.Key.Key_Z, CTRL)
    await until(lambda: window.redo_action.text() == "&Redo Rename trip to “Porto”")
    assert await title_of(services, trip_id) == "My first trip"
    assert window.statusBar().currentMessage() == "Undone: Rename trip to “Porto”"

    qtbot.keyClick(view, Qt.Key.Key_Z, CTRL_SHIFT)
    await until(lambda: window.statusBar().currentMessage() == "Redone: Rename trip to “Porto”")
    assert await title_of(services, trip_id) == "Porto"
    await until(lambda: not window.redo_action.isEnabled())
    assert window.redo_action.text() == "&Redo"

    qtbot.keyClick(view, Qt.Key.Key_Z, CTRL)
    await until(lambda: window.redo_action.isEnabled())
    assert await title_of(services, trip_id) == "My first trip"
    qtbot.keyClick(view, Qt.Key.Key_Y, CTRL)
    await until(lambda: not window.redo_action.isEnabled())
    assert await title_of(services, trip_id) == "Porto"


async def test_redo_brings_back_an_assistant_change_with_its_marks(
    window: MainWindow, services: TravelServices, qtbot: QtBot
) -> None:
    trip_id = window.trip_form.trip_id
    assert trip_id is not None
    call = ChangeContext(Actor.ASSISTANT, "Assistant: update trip")
    await services.trips.update(trip_id, {"travellers": 4}, context=call)
    await until(lambda: window.trip_form.is_marked("travellers"))
    await until(lambda: window.undo_action.isEnabled())
    view = window.trip_list.view
    view.setFocus()
    await until(lambda: QApplication.focusWidget() is view)

    qtbot.keyClick(view, Qt.Key.Key_Z, CTRL)
    await until(lambda: window.trip_form.fields.travellers_spin.value() == 1)
    await until(lambda: window.redo_action.isEnabled())
    qtbot.keyClick(view, Qt.Key.Key_Y, CTRL)
    await until(lambda: window.trip_form.fields.travellers_spin.value() == 4)
    trip = await services.trips.get(trip_id)
    assert trip is not None and trip.travellers == 4
    await until(lambda: window.trip_form.is_marked("travellers"))


def test_redo_answers_both_keys_and_the_platforms_own(window: MainWindow) -> None:
    keys = window.redo_action.shortcuts()
    assert QKeySequence("Ctrl+Shift+Z") in keys
    assert QKeySequence("Ctrl+Y") in keys
    for key in QKeySequence.keyBindings(QKeySequence.StandardKey.Redo):
        assert key in keys
    edit = next(m for m in window.menuBar().actions() if m.text() == "&Edit").menu()
    assert edit is not None
    assert window.redo_action in edit.actions()
