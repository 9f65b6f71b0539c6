"""In the assembled window: weather is disabled in the Look up menu while online lookups are
off, its "turn on in Settings" entry opens Settings on the weather switch, and once that is
turned on (Space, then OK) the menu offers weather again."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from concierge.model.settings import (
    LOOKUPS_ONLINE_WEATHER,
)
from concierge.model_server import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL
from concierge.ui.lookups import LookupsPanel
from concierge.ui.main_window import MainWindow
from concierge.ui.settings import SettingsDialog
from tests.fakes.memory_keyring import MemoryKeyring
from tests.ui.trips_support import Running, eventually, focus
from tests.ui.waiting import until


@pytest.fixture
async def running(
    tmp_path: Path, memory_keyring: MemoryKeyring, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[Running]:
    for name in (ENV_BASE_URL, ENV_API_KEY, ENV_MODEL):
        monkeypatch.delenv(name, raising=False)
    app = Running(tmp_path / "data")
    yield app
    await app.close()


def shown_settings(window: MainWindow) -> SettingsDialog | None:
    dialog = window.findChild(SettingsDialog)
    return dialog if dialog is not None and dialog.isVisible() else None


async def open_look_up_menu(panel: LookupsPanel, qtbot: QtBot) -> None:
    await focus(panel.look_up_button)
    qtbot.keyClick(panel.look_up_button, Qt.Key.Key_Space)
    await until(lambda: panel.look_up_menu.isVisible())


async def test_weather_is_disabled_until_turned_on_in_settings(
    running: Running, qtbot: QtBot
) -> None:
    window = await running.start()
    panel = window.lookups_panel
    window.show_tab(panel)
    await open_look_up_menu(panel, qtbot)
    assert not panel.start_actions["weather"].isEnabled()
    assert panel.online_settings_action.isVisible()
    panel.look_up_menu.setActiveAction(panel.online_settings_action)
    qtbot.keyClick(panel.look_up_menu, Qt.Key.Key_Return)

    await until(lambda: shown_settings(window) is not None)
    dialog = shown_settings(window)
    assert dialog is not None
    await until(lambda: QApplication.focusWidget() is dialog.control(LOOKUPS_ONLINE_WEATHER))
    qtbot.keyClick(dialog.control(LOOKUPS_ONLINE_WEATHER), Qt.Key.Key_Space)
    assert dialog.control(LOOKUPS_ONLINE_WEATHER).isChecked()
    qtbot.keyClick(dialog.ok_button, Qt.Key.Key_Return)

    async def weather_on() -> bool:
        return bool(await running.services.settings.get(LOOKUPS_ONLINE_WEATHER))

    await eventually(weather_on)
    await until(lambda: shown_settings(window) is None)
    window.activateWindow()
    await until(lambda: QApplication.activeWindow() is window)
    await open_look_up_menu(panel, qtbot)
    assert panel.start_actions["weather"].isEnabled()
    assert not panel.online_settings_action.isVisible()
    panel.look_up_menu.hide()
