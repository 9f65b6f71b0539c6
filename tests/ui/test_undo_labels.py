"""Edit ▸ Undo names the step in the window's language: a write's label is logged in English
with its template, and the menu shows it translated; the model still reads English."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QLineEdit
from pytestqt.qtbot import QtBot

from concierge.model_server import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL
from concierge.travel.services import TravelServices, open_services
from concierge.ui.main_window import MainWindow
from tests.composition import loaded_places
from tests.ui.trips_support import shown_window
from tests.ui.visible_text import is_marked, pseudo_language
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


async def rename_with_keys(window: MainWindow, qtbot: QtBot, title: str) -> None:
    """F2 on the selected trip, type the new title, Enter."""
    view = window.trip_list.view
    view.setFocus()
    await until(lambda: QApplication.focusWidget() is view)
    qtbot.keyClick(view, Qt.Key.Key_F2)
    await until(lambda: view.state() == QAbstractItemView.State.EditingState)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    qtbot.keyClicks(editor, title)
    qtbot.keyClick(editor, Qt.Key.Key_Return)


async def test_the_undo_menu_names_a_rename_in_portuguese(
    portuguese: None, services: TravelServices, qtbot: QtBot
) -> None:
    async with shown_window(services) as window:
        await until(lambda: window.undo_action.text() == "&Desfazer Criar uma primeira viagem")
        await rename_with_keys(window, qtbot, "Porto")
        await until(lambda: window.undo_action.text() == "&Desfazer Renomear viagem para “Porto”")
        stored = await services.history.undo_label()
        assert stored == "Rename trip to “Porto”"  # The log and the model keep English.

        view = window.trip_list.view
        view.setFocus()
        await until(lambda: QApplication.focusWidget() is view)
        qtbot.keyClick(view, Qt.Key.Key_Z, CTRL)
        await until(
            lambda: window.statusBar().currentMessage() == "Desfeito: Renomear viagem para “Porto”"
        )
        await until(lambda: window.redo_action.text() == "&Refazer Renomear viagem para “Porto”")


async def test_the_undo_entry_is_marked_for_translation_through_and_through(
    services: TravelServices, qtbot: QtBot
) -> None:
    with pseudo_language():
        async with shown_window(services) as window:
            await rename_with_keys(window, qtbot, "Porto")
            await until(lambda: "Rename trip" in window.undo_action.text())
            await until(lambda: is_marked(window.undo_action.text()))
            text = window.undo_action.text()
            assert "⟦Rename trip to “Porto”⟧" in text, text
