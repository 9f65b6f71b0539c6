"""The window's own text in the person's language: the menus, tabs and status bar, Settings
(with its Language choice, applied at the next start), About, the shortcuts list and the
damaged-database box. The panels inside the window are their own modules' tests."""

from __future__ import annotations

import os
import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from concierge.app_identity import APP_NAME, COPYRIGHT, VERSION
from concierge.model.settings import (
    ASSISTANT_ANSWER_CAP,
    ASSISTANT_CONTEXT_BUDGET,
    MODEL_BASE_URL,
    MODEL_CONNECT_TIMEOUT,
    UI_LANGUAGE,
    VOICE_MODEL,
    VOICE_TRANSCRIPTION_MODEL,
)
from concierge.model_server import (
    ENV_API_KEY,
    ENV_BASE_URL,
    ENV_MODEL,
    PRESETS,
    SecretStore,
    load_profile,
)
from concierge.store import CorruptDatabaseError, Database, Settings
from concierge.travel.services import open_services
from concierge.ui.about import AboutDialog
from concierge.ui.damaged_database import damaged_database_box
from concierge.ui.i18n import available_languages
from concierge.ui.main_window import MainWindow
from concierge.ui.settings import SettingsDialog
from concierge.ui.shortcuts import ShortcutsDialog
from tests.app_process import start_app
from tests.composition import loaded_places
from tests.fakes.memory_keyring import MemoryKeyring
from tests.fakes.ollama_server import silent_servers
from tests.ui.visible_text import (
    CLOSE,
    OPEN,
    is_marked,
    plain,
    texts_of,
    untranslated,
)
from tests.ui.waiting import until

PORTUGUESE_MENUS = "Arquivo, Editar, Viagem, Exibir, Assistente, Ajuda"


def marked(text: str) -> bool:
    """`is_marked`, and also a translated template holding translated values (marks within
    marks, which `is_marked`'s one level does not take apart)."""
    if is_marked(text):
        return True
    text = plain(text)
    while (inner := re.sub(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", "", text)) != text:
        text = inner
    return is_marked(text)


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, memory_keyring: MemoryKeyring) -> None:
    for name in (ENV_BASE_URL, ENV_API_KEY, ENV_MODEL):
        monkeypatch.delenv(name, raising=False)


async def open_window(tmp_path: Path) -> AsyncIterator[MainWindow]:
    services = open_services(tmp_path / "data", places=loaded_places())
    window = MainWindow(services, log_folder=tmp_path / "logs", local_servers=silent_servers())
    window.show()
    window.activateWindow()
    await window.start()
    await until(lambda: window.trip_form.record is not None)
    yield window
    await window.shutdown()
    await services.aclose()
    window.deleteLater()
    services.close()


@pytest.fixture
async def pseudo_window(pseudo: None, tmp_path: Path) -> AsyncIterator[MainWindow]:
    async for window in open_window(tmp_path):
        yield window


@pytest.fixture
async def portuguese_window(portuguese: None, tmp_path: Path) -> AsyncIterator[MainWindow]:
    async for window in open_window(tmp_path):
        yield window


def others_actions(window: MainWindow) -> set[str]:
    """The menu entries other modules make (the trip list's, the exports', the lock's): their
    own tests cover them."""
    actions: list[QAction] = [
        window.trip_list.new_action,
        window.trip_list.duplicate_action,
        window.exports.menu.menuAction(),
        *window.exports.menu.actions(),
        window.exports.print_action,
        window.exports.preview_action,
        window.lock_action,  # its words are views.locks' (marked by the views helper)
    ]
    return {plain(action.text()) for action in actions}


def main_window_menu_bar_and_chrome(window: MainWindow) -> list[str]:
    """What the window itself shows around its panels, untranslated: its menus, the tab
    titles, the status bar's problems button and the empty-state text."""
    allowed = others_actions(window)

    def others(text: str) -> bool:  # an entry's text, or its tool tip: the text and its keys
        return any(text.startswith(entry.rstrip("…")) for entry in allowed)

    found: list[str] = []
    chrome: list[QWidget] = [
        window,
        window.bottom_tabs.tabBar(),
        window.side_tabs.tabBar(),
        window.problems_button,
    ]
    for widget in chrome:
        for what, text in texts_of(widget):
            if what.endswith("window title") and text == APP_NAME:
                continue  # the app's name is the same in every language
            if what == "button" and widget is window.problems_button:
                continue  # the count is the problems panel's (problems.count_text)
            if text and not marked(text) and not others(plain(text)):
                found.append(f"{what}: {text!r}")
    if not is_marked(window.empty_state.text()):
        found.append(f"empty state: {window.empty_state.text()!r}")
    return found


async def test_the_window_s_menus_tabs_and_status_bar_go_through_translation(
    pseudo_window: MainWindow,
) -> None:
    window = pseudo_window
    await until(lambda: window.problems_button.isVisible())
    found = main_window_menu_bar_and_chrome(window)
    assert found == [], "\n".join(found)
    window.undo()  # nothing to undo yet: the status bar says so
    await until(lambda: bool(window.statusBar().currentMessage()))
    assert is_marked(window.statusBar().currentMessage()), window.statusBar().currentMessage()


async def test_the_about_dialog_and_its_licences_go_through_translation(
    pseudo: None, tmp_path: Path, qtbot: QtBot
) -> None:
    dialog = AboutDialog(tmp_path / "data", tmp_path / "logs")
    qtbot.addWidget(dialog)
    dialog.show()

    def own_data(text: str) -> bool:
        # The name and version, the folders' paths, and the copyright line (a legal notice,
        # kept as written) after the translated summary.
        return text in {
            f"{APP_NAME} {VERSION}",
            str(tmp_path / "data"),
            str(tmp_path / "logs"),
        } or (text.endswith(f"{COPYRIGHT}.") and is_marked(text.removesuffix(f"{COPYRIGHT}.")))

    assert untranslated(dialog, own_data) == []
    dialog.show_licences()
    assert dialog.licences is not None
    assert untranslated(dialog.licences, lambda _text: True) == []  # the licences are English
    assert is_marked(dialog.licences.windowTitle())
    (tmp_path / "a file").write_text("")
    dialog.open_folder(tmp_path / "a file" / "below")  # cannot be made: says why
    assert dialog.problem.isVisibleTo(dialog) and marked(dialog.problem.text())


async def test_the_shortcuts_list_goes_through_translation(pseudo_window: MainWindow) -> None:
    dialog = ShortcutsDialog(pseudo_window)
    dialog.show()
    assert untranslated(dialog) == []
    dialog.search.setFocus()
    QTest.keyClicks(dialog.search, "zzzz")
    assert dialog.empty.isVisibleTo(dialog) and is_marked(dialog.empty.text())
    dialog.close()


@pytest.mark.parametrize("with_backup", [True, False])
def test_the_damaged_database_box_goes_through_translation(
    pseudo: None, tmp_path: Path, qtbot: QtBot, with_backup: bool
) -> None:
    backup = tmp_path / "concierge.db.bak"
    backup.write_text("")
    error = CorruptDatabaseError(
        tmp_path / "concierge.db",
        ("database disk image is malformed",),
        backup if with_backup else None,
    )
    box = damaged_database_box(error)
    qtbot.addWidget(box)
    box.show()
    assert untranslated(box) == []
    assert all(is_marked(line) for line in box.detailedText().splitlines())
    assert box.defaultButton() is not None and is_marked(box.defaultButton().text())


# -- Settings ----------------------------------------------------------------------------


@pytest.fixture
def settings(tmp_path: Path, qapp: QApplication) -> Iterator[Settings]:
    """The settings of a dialog without a main window: closing it must not quit the loop."""
    quits = qapp.quitOnLastWindowClosed()
    qapp.setQuitOnLastWindowClosed(False)
    with Database.open(tmp_path / "concierge.db") as database:
        yield Settings(database)
    qapp.setQuitOnLastWindowClosed(quits)


def store_text(text: str) -> bool:
    """The servers' names and hints, declared in model_server.presets (marked by the store
    helper), and each language by its own name (the same in every language, by design)."""
    presets = {plain(preset.label) for preset in PRESETS} | {plain(p.hint) for p in PRESETS}
    names = {language.name for language in available_languages()}
    models = {VOICE_MODEL.default, VOICE_TRANSCRIPTION_MODEL.default}  # model names: data
    return (
        text in presets
        or text in names
        or text in models
        or text == MODEL_BASE_URL.default
        or marked(text)
    )


async def test_every_part_of_settings_goes_through_translation(
    pseudo: None, settings: Settings, qtbot: QtBot
) -> None:
    secrets = SecretStore()
    dialog = SettingsDialog(
        await load_profile(settings, secrets, {}),
        settings,
        secrets,
        environ={},
        local_servers=silent_servers(),
    )
    qtbot.addWidget(dialog)
    dialog.show()
    await until(dialog.control(UI_LANGUAGE).isEnabled)
    found = untranslated(dialog, store_text)
    assert found == [], "\n".join(found)
    for spin in (
        dialog.control(ASSISTANT_CONTEXT_BUDGET),
        dialog.control(ASSISTANT_ANSWER_CAP),
        dialog.control(MODEL_CONNECT_TIMEOUT),
    ):
        assert is_marked(spin.suffix()), spin.suffix()
    dialog.control(UI_LANGUAGE).setFocus()
    QTest.keyClick(dialog.control(UI_LANGUAGE), Qt.Key.Key_End)
    await until(dialog.language_note.isVisible)
    assert is_marked(dialog.language_note.text())
    QTest.keyClick(
        dialog.control(MODEL_CONNECT_TIMEOUT), Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier
    )
    QTest.keyClicks(dialog.control(MODEL_CONNECT_TIMEOUT), "0")
    QTest.keyClick(dialog.control(MODEL_CONNECT_TIMEOUT), Qt.Key.Key_Return)
    await until(dialog.problem_label.isVisible)
    assert marked(dialog.problem_label.text()), dialog.problem_label.text()
    dialog.reject()
    await dialog.shutdown()


async def test_language_is_chosen_with_keys_stored_and_shown_after_a_restart(
    portuguese_window: MainWindow, qtbot: QtBot
) -> None:
    window = portuguese_window
    assert window.menu_titles() == PORTUGUESE_MENUS
    assert window.bottom_tabs.tabText(0) == "Roteiro"
    QTest.keyClick(window, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    await until(lambda: window._settings_dialog is not None)
    dialog = window._settings_dialog
    assert dialog is not None
    await until(lambda: QApplication.activeWindow() is dialog)
    assert dialog.windowTitle() == "Configurações"
    await until(dialog.control(UI_LANGUAGE).isEnabled)
    assert dialog.control(UI_LANGUAGE).currentText().startswith("Sistema (")
    assert not dialog.language_note.isVisible()

    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_I, Qt.KeyboardModifier.AltModifier)
    await until(lambda: QApplication.focusWidget() is dialog.control(UI_LANGUAGE))
    QTest.keyClicks(dialog.control(UI_LANGUAGE), "p")
    assert dialog.control(UI_LANGUAGE).currentText() == "português (Brasil)"
    await until(dialog.language_note.isVisible)
    restart = "O Concierge mostra o novo idioma depois de reiniciar."
    assert dialog.language_note.text() == restart

    QTest.keyClick(dialog.control(UI_LANGUAGE), Qt.Key.Key_Return)
    await until(lambda: window._settings_dialog is None)
    assert await window.services.settings.get(UI_LANGUAGE) == "pt_BR"
    assert window.statusBar().currentMessage() == restart


async def test_choosing_the_language_already_stored_asks_for_no_restart(
    settings: Settings, qtbot: QtBot
) -> None:
    await settings.set(UI_LANGUAGE, "pt_BR")
    secrets = SecretStore()
    dialog = SettingsDialog(
        await load_profile(settings, secrets, {}),
        settings,
        secrets,
        environ={},
        local_servers=silent_servers(),
    )
    qtbot.addWidget(dialog)
    languages: list[str] = []
    dialog.language_saved.connect(languages.append)
    dialog.show()
    await until(dialog.control(UI_LANGUAGE).isEnabled)
    assert dialog.control(UI_LANGUAGE).currentData() == "pt_BR"
    assert [dialog.control(UI_LANGUAGE).itemData(i) for i in range(3)] == ["", "en", "pt_BR"]
    assert not dialog.language_note.isVisible()
    dialog.save()
    await until(lambda: dialog.result() == SettingsDialog.DialogCode.Accepted)
    assert languages == []
    await dialog.shutdown()


# -- the real app ------------------------------------------------------------------------


def test_the_app_started_with_language_pt_br_shows_portuguese_menus(tmp_path: Path) -> None:
    app = start_app(tmp_path, arguments=["--language", "pt_BR"])
    try:
        assert app.shows(f"window language pt_BR: {PORTUGUESE_MENUS}", 120), app.log
    finally:
        app.process.kill()
        app.process.wait(30)


async def test_the_language_stored_in_settings_applies_at_the_next_start(tmp_path: Path) -> None:
    services = open_services(tmp_path)
    await services.settings.set(UI_LANGUAGE, "pt_BR")
    await services.aclose()
    services.close()
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen", CONCIERGE_LANGUAGE="")
    app = start_app(tmp_path, environment)
    try:
        assert app.shows(f"window language pt_BR: {PORTUGUESE_MENUS}", 120), app.log
    finally:
        app.process.kill()
        app.process.wait(30)


def test_pip_install_ships_the_compiled_translations() -> None:
    import tomllib

    root = Path(__file__).resolve().parents[2]
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = project["tool"]["setuptools"]["package-data"]["concierge"]
    qm = root / "concierge" / "resources" / "translations" / "concierge_pt_BR.qm"
    assert any(qm.relative_to(root / "concierge").match(pattern) for pattern in shipped)


class UnansweringOwner:
    """A folder held by a Concierge that does not answer (the one case that shows a box)."""

    folder = Path("/data/folder")

    def owner_pid(self) -> int:
        return 4242

    def ask_owner_to_show(self) -> bool:
        return False


def test_the_already_open_box_goes_through_translation(
    pseudo: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from concierge import app

    shown_boxes: list[tuple[str, str]] = []
    monkeypatch.setattr(
        app.QMessageBox,
        "critical",
        lambda _parent, title, text: shown_boxes.append((title, text)),
    )
    assert app.defer_to_owner(UnansweringOwner()) == 1  # type: ignore[arg-type]
    [(title, text)] = shown_boxes
    assert is_marked(title) and is_marked(text), (title, text)
    assert "4242" in text and str(UnansweringOwner.folder) in text
