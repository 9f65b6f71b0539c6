"""Help ▸ Connect another assistant from the keyboard: each client's configuration starts
`concierge mcp` on this window's data folder from this installation, and Copy puts it on the
clipboard as shown."""

from __future__ import annotations

import json
import shlex
import sys

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from concierge.ui.connect_assistant import ConnectAssistantDialog
from concierge.ui.main_window import MainWindow
from tests.ui.test_about import popup, window  # noqa: F401 - the window fixture
from tests.ui.waiting import until


async def open_connect(window: MainWindow, qtbot: QtBot) -> ConnectAssistantDialog:  # noqa: F811
    """Alt+H, C: the keys a person presses."""
    qtbot.keyClick(window, Qt.Key.Key_H, Qt.KeyboardModifier.AltModifier)
    await until(lambda: popup() is not None)
    help_menu = popup()
    assert help_menu is not None and help_menu.title() == "&Help"
    qtbot.keyClick(help_menu, Qt.Key.Key_C)
    await until(lambda: window.connect_dialog is not None and window.connect_dialog.isVisible())
    dialog = window.connect_dialog
    assert dialog is not None
    await until(lambda: QApplication.activeWindow() is dialog)
    return dialog


async def test_each_clients_configuration_starts_this_installation_on_this_folder(
    window: MainWindow,  # noqa: F811
    qtbot: QtBot,
) -> None:
    dialog = await open_connect(window, qtbot)
    folder = str(window.services.data_dir)
    command = [sys.executable, "-m", "concierge", "mcp", "--data-dir", folder]

    desktop = json.loads(dialog.configuration.toPlainText())
    assert desktop == {"mcpServers": {"concierge": {"command": command[0], "args": command[1:]}}}
    assert "claude_desktop_config.json" in dialog.where.text()

    qtbot.keyClick(dialog, Qt.Key.Key_A, Qt.KeyboardModifier.AltModifier)
    await until(lambda: dialog.client_box.hasFocus())
    qtbot.keyClick(dialog.client_box, Qt.Key.Key_Down)
    await until(lambda: dialog.client_box.currentText() == "Claude Code")
    shown = dialog.configuration.toPlainText()
    assert shown == f"claude mcp add concierge -- {shlex.join(command)}"

    qtbot.keyClick(dialog, Qt.Key.Key_C, Qt.KeyboardModifier.AltModifier)
    await until(lambda: dialog.copied.isVisible())
    assert QGuiApplication.clipboard().text() == shown
    assert "Claude Code" in dialog.copied.text()

    qtbot.keyClick(dialog.client_box, Qt.Key.Key_Down)
    await until(lambda: dialog.client_box.currentText() == "VS Code")
    vs_code = json.loads(dialog.configuration.toPlainText())["servers"]["concierge"]
    assert vs_code == {"type": "stdio", "command": command[0], "args": command[1:]}
    assert not dialog.copied.isVisible()

    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    await until(lambda: not dialog.isVisible())
