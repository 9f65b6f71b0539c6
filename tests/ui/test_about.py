"""Help ▸ About from the keyboard: it names this version, the licences and the folders this
run uses, and its buttons open those folders in the file manager (the one stub: opening a
URL, recorded instead of starting a file manager)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import QApplication, QLabel, QMenu, QPlainTextEdit
from pytestqt.qtbot import QtBot

from concierge import __version__
from concierge.model_server import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL
from concierge.travel.services import open_services
from concierge.ui import about
from concierge.ui.about import AboutDialog
from concierge.ui.main_window import MainWindow
from tests.composition import loaded_places
from tests.fakes.memory_keyring import MemoryKeyring
from tests.fakes.ollama_server import silent_servers
from tests.ui.waiting import until


@pytest.fixture
async def window(
    tmp_path: Path, memory_keyring: MemoryKeyring, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[MainWindow]:
    for name in (ENV_BASE_URL, ENV_API_KEY, ENV_MODEL):
        monkeypatch.delenv(name, raising=False)
    services = open_services(tmp_path / "data", places=loaded_places())
    main = MainWindow(services, log_folder=tmp_path / "logs here", local_servers=silent_servers())
    main.show()
    main.activateWindow()
    await main.start()
    await until(lambda: main.trip_form.record is not None)
    yield main
    await main.shutdown()
    await services.aclose()
    main.deleteLater()
    services.close()


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[QUrl]:
    urls: list[QUrl] = []

    def record(url: QUrl) -> bool:
        urls.append(url)
        return True

    monkeypatch.setattr(about.QDesktopServices, "openUrl", record)
    return urls


def popup() -> QMenu | None:
    shown = QApplication.activePopupWidget()
    return shown if isinstance(shown, QMenu) else None


async def open_about(window: MainWindow, qtbot: QtBot) -> AboutDialog:
    """Alt+H, A: the keys a person presses."""
    qtbot.keyClick(window, Qt.Key.Key_H, Qt.KeyboardModifier.AltModifier)
    await until(lambda: popup() is not None)
    help_menu = popup()
    assert help_menu is not None and help_menu.title() == "&Help"
    qtbot.keyClick(help_menu, Qt.Key.Key_A)
    await until(lambda: window.about_dialog is not None and window.about_dialog.isVisible())
    dialog = window.about_dialog
    assert dialog is not None
    await until(lambda: QApplication.activeWindow() is dialog)
    return dialog


def label_text(dialog: AboutDialog, name: str) -> str:
    label = dialog.findChild(QLabel, name)
    assert label is not None
    return label.text()


async def test_about_shows_the_version_licences_and_folders(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, opened: list[QUrl]
) -> None:
    dialog = await open_about(window, qtbot)
    assert __version__ in label_text(dialog, "aboutTitle")
    assert "LGPL" in label_text(dialog, "aboutQt")
    assert label_text(dialog, "aboutDataFolder") == str(tmp_path / "data")
    assert label_text(dialog, "aboutLogFolder") == str(tmp_path / "logs here")

    qtbot.keyClick(dialog, Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)
    await until(lambda: len(opened) == 1)
    qtbot.keyClick(dialog, Qt.Key.Key_L, Qt.KeyboardModifier.AltModifier)
    await until(lambda: len(opened) == 2)
    assert [url.toLocalFile() for url in opened] == [
        str(tmp_path / "data"),
        str(tmp_path / "logs here"),
    ]
    assert (tmp_path / "logs here").is_dir()  # Made so the file manager has it to show.

    qtbot.keyClick(dialog, Qt.Key.Key_N, Qt.KeyboardModifier.AltModifier)
    await until(lambda: dialog.licences is not None and dialog.licences.isVisible())
    assert dialog.licences is not None
    text = dialog.licences.findChild(QPlainTextEdit, "licencesText")
    assert text is not None
    assert text.toPlainText().startswith("MIT License")
    assert "The Concierge authors" in text.toPlainText()
    dialog.licences.close()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    await until(lambda: not dialog.isVisible())


async def test_a_folder_no_file_manager_opens_is_named(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(about.QDesktopServices, "openUrl", lambda _url: False)
    dialog = await open_about(window, qtbot)
    qtbot.keyClick(dialog, Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)
    problem = dialog.findChild(QLabel, "aboutProblem")
    assert problem is not None
    await until(problem.isVisible)
    assert str(window.services.data_dir) in problem.text()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    await until(lambda: not dialog.isVisible())
