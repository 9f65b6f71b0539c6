"""The window's layout: it fits the screen with its frame, nothing shifts or scrolls
sideways, long titles do not wrap a word per line, and the colours come from the palette."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import keyring
import pytest
from keyring.errors import NoKeyringError
from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence, QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QMenu,
    QStyleFactory,
    QStyleOptionTab,
    QToolButton,
    QWidget,
)
from pytestqt.qtbot import QtBot

from concierge.model_server import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL
from concierge.ui.colours import (
    Tone,
    colour,
    contrast,
    dark_palette,
    follow_colour_scheme,
    is_dark,
    mark_tint,
)
from concierge.ui.main_window import MainWindow
from concierge.ui.screen_fit import fit_to_screen, fitted
from concierge.ui.settings import SettingsDialog
from concierge.ui.settings.status import Kind, StatusLabel
from concierge.ui.views.undo_bar import UndoBar
from tests.fakes.memory_keyring import MemoryKeyring
from tests.model_server.test_secrets import RaisingKeyring
from tests.ui.trips_support import Running
from tests.ui.waiting import until

OPENBOX_FRAME = QMargins(1, 21, 1, 5)
"""What Openbox's default theme puts around a window (title bar and bottom handle)."""


@pytest.fixture
async def running(
    tmp_path: Path, memory_keyring: MemoryKeyring, qtbot: QtBot
) -> AsyncIterator[Running]:
    app = Running(tmp_path / "data")
    yield app
    await app.close()


@pytest.fixture
def dark(qapp: QApplication) -> Iterator[QPalette]:
    """The application in a dark palette, as on a dark desktop; the light one after."""
    light = QPalette(qapp.palette())
    qapp.setPalette(dark_palette())
    yield qapp.palette()
    qapp.setPalette(light)


# -- fitting the screen ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("screen", "panel"),
    [(QSize(1280, 800), 0), (QSize(1024, 640), 0), (QSize(1280, 800), 28)],
)
def test_a_full_size_window_and_its_frame_fit_the_available_area(screen: QSize, panel: int) -> None:
    available = QRect(QPoint(0, panel), QSize(screen.width(), screen.height() - panel))
    client = fitted(QRect(0, 0, 1280, 800), OPENBOX_FRAME, available, QSize(880, 560))
    frame = client + OPENBOX_FRAME
    assert available.contains(frame), (frame, available)
    assert frame.height() == available.height()  # as large as fits, not smaller
    assert frame.width() == available.width()


def test_a_window_restored_off_screen_comes_back_whole() -> None:
    available = QRect(0, 0, 1024, 640)
    saved = QRect(700, 400, 1200, 700)  # from a larger screen
    client = fitted(saved, OPENBOX_FRAME, available, QSize(880, 560))
    assert available.contains(client + OPENBOX_FRAME)
    inside = QRect(40, 60, 900, 560)  # already fits: left alone
    assert fitted(inside, OPENBOX_FRAME, available, QSize(880, 560)) == inside


def test_a_window_keeps_its_frame_guess_inside_the_screen(qtbot: QtBot) -> None:
    widget = QWidget()
    qtbot.addWidget(widget)
    available = widget.screen().availableGeometry()
    widget.setGeometry(available.adjusted(200, 200, 200, 200))
    fit_to_screen(widget, OPENBOX_FRAME)  # not framed yet (offscreen): the guess counts
    assert available.contains(widget.geometry() + OPENBOX_FRAME)


async def test_the_status_bar_is_there_from_the_start_and_shifts_nothing(
    running: Running,
) -> None:
    window = await running.start()
    status = window.statusBar()
    assert status.isVisible()
    central = window.centralWidget()
    before = central.geometry()
    window.undo()  # Undoes the first trip's creation.
    await until(lambda: status.currentMessage() != "")
    await until(lambda: window.trip_form.record is None)
    assert central.geometry() == before


async def test_the_trip_form_needs_no_sideways_scrolling_at_1024_wide(running: Running) -> None:
    window = await running.start()
    window.resize(1024, 640)
    window.trip_form.set_lookup_starter(lambda *_: None)
    fields = window.trip_form.fields
    scroll = window.trip_form.form_page
    viewport = scroll.viewport()
    await until(lambda: fields.holidays_button.isVisible())
    await until(lambda: fields.width() <= viewport.width())
    assert not scroll.horizontalScrollBar().isVisible()
    for button in (fields.holidays_button, fields.convert_button, fields.end_field.clear_button):
        right = button.mapTo(viewport, QPoint(button.width(), 0)).x()
        assert 0 < right <= viewport.width(), button.text()


async def test_the_assistants_usage_headers_read_whole_at_1024_wide(running: Running) -> None:
    window = await running.start()
    window.resize(1024, 640)
    window.side_tabs.setCurrentWidget(window.inspector)
    table = window.inspector.usage_table
    header = table.horizontalHeader()
    await until(lambda: table.isVisible() and header.width() < 400)
    metrics = header.fontMetrics()
    for section in range(header.count()):
        text = str(table.model().headerData(section, Qt.Orientation.Horizontal))
        assert header.sectionSize(section) > metrics.horizontalAdvance(text), text


@pytest.fixture
def larger_font(qapp: QApplication) -> Iterator[None]:
    """A desktop font a step larger than Qt's default (GTK's theme under Openbox)."""
    font = qapp.font()
    larger = qapp.font()
    larger.setPointSizeF(font.pointSizeF() * 1.2)
    qapp.setFont(larger)
    yield
    qapp.setFont(font)


async def test_the_trip_list_never_scrolls_sideways_at_1024_wide_in_a_larger_font(
    larger_font: None, running: Running
) -> None:
    window = await running.start()
    window.resize(1024, 640)
    trips = window.trip_list.view
    await until(lambda: trips.isVisible() and window.width() == 1024)
    await until(lambda: trips.model().rowCount() > 0)
    assert trips.horizontalScrollBar().maximum() == 0
    assert not trips.horizontalScrollBar().isVisible()


@pytest.fixture(params=QStyleFactory.keys())
def app_style(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    """The application in each style Qt has here; the one before (and its palette) after."""
    before, palette = qapp.style().name(), QPalette(qapp.palette())
    qapp.setStyle(request.param)
    yield str(request.param)
    qapp.setStyle(before)
    if qapp.palette() != palette:
        qapp.setPalette(palette)


@pytest.fixture(params=[1.0, 1.2], ids=["default font", "larger font"])
def font_scale(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[float]:
    """Qt's default font, and one a step larger (GTK's theme under Openbox)."""
    font = qapp.font()
    scaled = qapp.font()
    scaled.setPointSizeF(font.pointSizeF() * request.param)
    qapp.setFont(scaled)
    yield float(request.param)
    qapp.setFont(font)


@pytest.fixture
async def styled(
    app_style: str, font_scale: float, tmp_path: Path, memory_keyring: MemoryKeyring
) -> AsyncIterator[Running]:
    """The app built after the style and font are set, as it starts on such a desktop."""
    app = Running(tmp_path / "data")
    yield app
    await app.close()


def whole_titles(window: MainWindow) -> list[str]:
    """The plan tabs shown whole inside the bar, without scrolling: not elided, with at
    least an "m" of space beside the title."""
    bar = window.bottom_tabs.tabBar()
    metrics = bar.fontMetrics()
    whole: list[str] = []
    for index in range(bar.count()):
        option = QStyleOptionTab()
        bar.initStyleOption(option, index)
        title, rect = bar.tabText(index), bar.tabRect(index)
        wide = rect.width() >= metrics.horizontalAdvance(title) + metrics.horizontalAdvance("m")
        if bar.rect().contains(rect) and option.text == title and wide:
            whole.append(title)
    return whole


async def test_every_plan_tab_title_is_whole_and_in_sight_at_1024_by_640(
    styled: Running,
) -> None:
    window = await styled.start()
    window.resize(1024, 640)
    bar = window.bottom_tabs.tabBar()
    titles = [bar.tabText(i) for i in range(bar.count())]
    await until(lambda: bar.isVisible() and window.width() == 1024)
    await until(lambda: whole_titles(window) == titles)
    assert not [button for button in bar.findChildren(QToolButton) if button.isVisible()]


async def test_plan_tabs_keep_the_styles_padding_when_there_is_room(styled: Running) -> None:
    window = await styled.start()
    window.resize(1280, 800)
    bar = window.bottom_tabs.tabBar()
    await until(lambda: bar.isVisible() and window.width() == 1280)
    await until(lambda: len(whole_titles(window)) == bar.count())
    assert not window.bottom_tabs.compact


# -- the undo bar ----------------------------------------------------------------------------


def test_a_long_title_in_the_undo_bar_is_elided_on_one_line(qtbot: QtBot) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    bar = UndoBar(host)
    bar.offer("Deleted “Porto”.")
    one_line = bar.sizeHint().height()
    title = "A long weekend of port wine cellars and tiled churches along the Douro"
    bar.offer(f"Deleted “{title}”.")
    bar.resize(320, bar.sizeHint().height())
    host.show()
    assert bar.sizeHint().height() == one_line
    assert bar.minimumSizeHint().width() < 320
    shown = bar.label.text()
    assert shown.endswith("…") and shown.startswith("Deleted “A long")
    assert bar.text == f"Deleted “{title}”."
    assert bar.label.toolTip() == bar.text == bar.label.accessibleDescription()
    bar.resize(2000, bar.height())
    assert bar.label.text() == bar.text  # room again: whole


# -- colours ---------------------------------------------------------------------------------


def test_each_tone_reads_on_light_and_dark_palettes(qapp: QApplication) -> None:
    light = qapp.style().standardPalette()
    night = dark_palette()
    assert not is_dark(light) and is_dark(night)
    for tone in Tone:
        on_light, on_dark = colour(tone, light), colour(tone, night)
        assert on_light != on_dark, tone
        for shade, palette in ((on_light, light), (on_dark, night)):
            for role in (QPalette.ColorRole.Window, QPalette.ColorRole.Base):
                least = 3.0 if tone is Tone.MARK else 4.5
                assert contrast(shade, palette.color(role)) >= least, (tone, role)
    assert mark_tint(light) != mark_tint(night)


def test_coloured_text_follows_a_switch_to_a_dark_palette(qtbot: QtBot, qapp: QApplication) -> None:
    label = StatusLabel("Status")
    qtbot.addWidget(label)
    label.show_message("Cannot reach the server", Kind.ERROR)
    role = QPalette.ColorRole.WindowText
    assert label.palette().color(role) == colour(Tone.ERROR, QGuiApplication.palette())
    light = QPalette(qapp.palette())
    qapp.setPalette(dark_palette())
    try:
        qtbot.waitUntil(lambda: label.palette().color(role) == colour(Tone.ERROR, dark_palette()))
        assert label.palette().color(role) != colour(Tone.ERROR, light)
    finally:
        qapp.setPalette(light)
    qtbot.waitUntil(lambda: label.palette().color(role) == colour(Tone.ERROR, light))


async def test_the_window_in_a_dark_palette_marks_and_notes_in_readable_colours(
    dark: QPalette, running: Running
) -> None:
    window = await running.start()
    row = window.trip_form.binding("origin").row
    row.set_error("No place called Atlantis")
    row.set_marked(True)
    window_colour = dark.color(QPalette.ColorRole.Window)
    assert row.note.palette().color(QPalette.ColorRole.WindowText) == colour(Tone.ERROR, dark)
    assert row.marker.palette().color(QPalette.ColorRole.Window) == colour(Tone.MARK, dark)
    assert contrast(colour(Tone.ERROR, dark), window_colour) >= 4.5


# -- Help ▸ Keyboard shortcuts ---------------------------------------------------------------


async def test_the_shortcuts_dialog_lists_every_action_with_a_shortcut(running: Running) -> None:
    window = await running.start()
    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
    assert isinstance(help_menu, QMenu)
    entry = next(a for a in help_menu.actions() if a.text() == "&Keyboard shortcuts")
    entry.trigger()
    dialog = window.shortcuts_dialog
    assert dialog is not None
    await until(dialog.isVisible)
    assert not dialog.isModal() and window.isEnabled()
    rows = dialog.shown_rows()
    native = QKeySequence.SequenceFormat.NativeText
    expected = {
        (action.text().replace("&", "").rstrip("…"), action.shortcut().toString(native))
        for action in window.findChildren(QAction)
        if not action.shortcut().isEmpty() and action.text()
    }
    listed = {(name, keys.split(" or ")[0]) for _, name, keys in rows}
    assert expected <= listed
    groups = {(group, name) for group, name, _ in rows}
    assert ("File", "New trip") in groups and ("Edit", "Undo Create a first trip") in groups
    assert ("Itinerary", "Move to next day") in groups and ("Trips", "Rename") in groups
    assert ("Assistant chat", "Stop the answer") in groups
    assert ("Assistant chat", "Send the message", "Ctrl+Return or Ctrl+Enter") in rows
    assert ("Itinerary", "Move to next day", "Alt+PgDown or Alt+Shift+Down") in rows

    QTest.keyClicks(dialog.search, "next day")
    assert dialog.shown_rows() == [
        ("Itinerary", "Move to next day", "Alt+PgDown or Alt+Shift+Down")
    ]
    QTest.keyClicks(dialog.search, " nothing like this")
    assert dialog.shown_rows() == [] and dialog.empty.isVisible()
    dialog.close()
    window.show_shortcuts()  # opened again: the same dialog, the list read afresh
    assert window.shortcuts_dialog is dialog and dialog.isVisible()


def test_the_palette_follows_the_systems_colour_scheme(qapp: QApplication) -> None:
    light = QPalette(qapp.palette())
    hints = qapp.styleHints()
    follow_colour_scheme(qapp)
    try:
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)  # as a desktop switching to dark
        assert is_dark(qapp.palette())
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
        assert not is_dark(qapp.palette())
    finally:
        qapp.setPalette(light)


async def test_itinerary_titles_keep_room_in_a_narrow_window(running: Running) -> None:
    window = await running.start()
    tree = window.itinerary.tree
    header = tree.header()
    window.resize(1024, 640)
    await until(lambda: window.width() == 1024 and tree.isVisible())

    def sizes() -> tuple[int, ...]:
        return tuple(header.sectionSize(column) for column in (1, 2, 3))

    await until(lambda: sizes()[0] >= max(sizes()[1:]))  # the title, widest
    assert sum(sizes()) <= header.width()


async def test_settings_close_on_the_first_ok_and_the_keyring_notice_shows_in_the_status_bar(
    running: Running, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in (ENV_API_KEY, ENV_BASE_URL, ENV_MODEL):
        monkeypatch.delenv(name, raising=False)
    window = await running.start()
    keyring.set_keyring(RaisingKeyring(NoKeyringError("No recommended backend")))
    window.open_settings()
    await until(lambda: window.findChild(SettingsDialog) is not None)
    dialog = window.findChild(SettingsDialog)
    assert dialog is not None
    await until(dialog.isVisible)
    dialog.preset_combo.setCurrentIndex(dialog.preset_combo.findData("openai"))
    qtbot.keyClicks(dialog.model_combo.lineEdit(), "gpt-4o-mini")
    qtbot.keyClicks(dialog.key_edit, "sk-session")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    await until(lambda: not dialog.isVisible())
    await until(lambda: "only until Concierge quits" in window.statusBar().currentMessage())
