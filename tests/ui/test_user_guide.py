"""Help ▸ User guide from the keyboard: the shipped guide opens offline with every heading of
docs/user-guide.md, its links between sections move to the section, Ctrl+F finds words, and
the window speaks the person's language."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from concierge.ui.main_window import MainWindow
from concierge.ui.user_guide import GUIDE, UserGuideDialog
from tests.fakes.memory_keyring import MemoryKeyring
from tests.markdown import headings
from tests.ui.trips_support import Running
from tests.ui.visible_text import untranslated
from tests.ui.waiting import until

DOCS_GUIDE = Path(__file__).resolve().parents[2] / "docs" / "user-guide.md"


@pytest.fixture
async def window(
    tmp_path: Path, memory_keyring: MemoryKeyring, qtbot: QtBot
) -> AsyncIterator[MainWindow]:
    running = Running(tmp_path / "data")
    main = await running.start()
    main.activateWindow()
    await until(lambda: QApplication.activeWindow() is main)
    yield main
    await running.close()


async def open_guide(window: MainWindow) -> UserGuideDialog:
    """Shift+F1, the key the Help menu shows beside *User guide*."""
    QTest.keyClick(window, Qt.Key.Key_F1, Qt.KeyboardModifier.ShiftModifier)
    await until(lambda: window.user_guide is not None and window.user_guide.isVisible())
    guide = window.user_guide
    assert guide is not None
    await until(lambda: QApplication.activeWindow() is guide)
    return guide


def help_menu(window: MainWindow) -> QMenu:
    """The menu bar's last menu, where desktops put Help."""
    menu = window.menuBar().actions()[-1].menu()
    assert isinstance(menu, QMenu)
    return menu


async def test_shift_f1_opens_the_shipped_guide_with_every_heading(window: MainWindow) -> None:
    assert help_menu(window).title() == "&Help"
    entry = next(a for a in help_menu(window).actions() if a.text() == "&User guide")
    assert entry.shortcut().toString() == "Shift+F1"
    assert GUIDE.resolve() == DOCS_GUIDE.resolve()

    guide = await open_guide(window)

    assert not guide.isModal() and window.isEnabled()
    expected = headings(DOCS_GUIDE)
    assert expected[0] == (1, "Concierge user guide") and len(expected) > 10
    assert guide.headings() == expected
    text = guide.browser.toPlainText()
    assert "Ctrl+Z" in text and "](#" not in text  # rendered Markdown, not its source
    guide.close()
    window.activateWindow()
    await until(lambda: QApplication.activeWindow() is window)
    assert await open_guide(window) is guide  # opened again: the same window


async def test_a_link_in_the_contents_goes_to_its_section(window: MainWindow) -> None:
    guide = await open_guide(window)
    browser = guide.browser
    browser.setFocus()
    await until(browser.hasFocus)
    bar = browser.verticalScrollBar()
    assert bar.value() == 0 and bar.maximum() > 0

    QTest.keyClick(browser, Qt.Key.Key_Tab)  # the first link: the contents' first entry
    focused = browser.textCursor()
    assert focused.hasSelection() and focused.charFormat().anchorHref().startswith("#")
    section = focused.selectedText()
    QTest.keyClick(browser, Qt.Key.Key_Return)

    await until(lambda: bar.value() > 0)
    top = browser.cursorForPosition(browser.viewport().rect().topLeft()).block()
    assert section in (top.text(), top.next().text())
    assert top.blockFormat().headingLevel() or top.next().blockFormat().headingLevel()


async def test_ctrl_f_finds_each_match_in_turn(window: MainWindow) -> None:
    guide = await open_guide(window)
    word = "keyring"
    matches = guide.browser.toPlainText().casefold().count(word)
    assert matches >= 2

    QTest.keyClick(guide, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    await until(guide.find_field.hasFocus)
    QTest.keyClicks(guide.find_field, word)
    QTest.keyClick(guide.find_field, Qt.Key.Key_Return)
    first = guide.browser.textCursor()
    assert first.selectedText().casefold() == word
    QTest.keyClick(guide.find_field, Qt.Key.Key_Return)
    second = guide.browser.textCursor()
    assert second.selectedText().casefold() == word
    assert second.position() > first.position()
    QTest.keyClick(guide.find_field, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert guide.browser.textCursor().position() == first.position()
    assert not guide.not_found.isVisible()

    QTest.keyClicks(guide.find_field, " no such words anywhere")
    QTest.keyClick(guide.find_field, Qt.Key.Key_Return)
    assert guide.not_found.isVisible()


async def test_the_guide_window_speaks_portuguese(portuguese: None, window: MainWindow) -> None:
    assert help_menu(window).title() == "Aj&uda"
    entries = [a.text() for a in help_menu(window).actions() if not a.isSeparator()]
    assert "&Guia do usuário" in entries
    guide = await open_guide(window)
    assert guide.windowTitle() == "Guia do usuário"
    assert guide.find_field.accessibleName() == "Localizar no guia"


async def test_every_text_of_the_guide_window_is_translated(
    pseudo: None, window: MainWindow
) -> None:
    guide = await open_guide(window)
    assert untranslated(guide) == []
