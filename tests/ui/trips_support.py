"""Real services for the trip view tests: a SQLite file per test, repositories, the change
bus and undo history over it, and one loaded `PlaceIndex` for the whole session
(`tests.composition`); plus small
helpers the view tests share (a view on screen for one test, focus, tab order).

A test module takes the fixtures by naming them at module level
(`services = trips_support.services`), which is how pytest finds them.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Protocol, TypeVar

import pytest
from PySide6.QtCore import QEvent, QItemSelectionModel, Qt, SignalInstance
from PySide6.QtWidgets import QAbstractItemView, QApplication, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from concierge.model_server import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL
from concierge.store import Actor, ChangeContext, TripRecord
from concierge.travel.places.index import PlaceIndex
from concierge.travel.services import TravelServices, open_services
from concierge.ui.colours import Tone, colour
from concierge.ui.forms.field_row import FieldRow
from concierge.ui.main_window import MainWindow
from concierge.ui.trips import ItemEditor, ItineraryView
from tests.composition import loaded_places
from tests.fakes import FakeOpenAIServer
from tests.fakes.memory_keyring import MemoryKeyring
from tests.fakes.ollama_server import silent_servers
from tests.ui.waiting import until

TripServices = TravelServices
"""The app's own services: what the trip views are built with in the app."""


def assistant_edit() -> ChangeContext:
    """The context an assistant tool call writes in."""
    return ChangeContext(actor=Actor.ASSISTANT, label="Assistant edit")


@pytest.fixture(scope="session")
def place_index() -> PlaceIndex:
    return loaded_places()


@pytest.fixture
def services(tmp_path: Path, place_index: PlaceIndex) -> Iterator[TravelServices]:
    """Everything the trip views need, over a real SQLite file under `tmp_path`."""
    opened = open_services(tmp_path, places=place_index)
    try:
        yield opened
    finally:
        opened.close()


# ASYNC109: a timeout argument reads better in tests than wrapping each call in a scope.
async def eventually(check: Callable[[], Awaitable[bool]], timeout: float = 5.0) -> None:  # noqa: ASYNC109
    """Like `until`, for a condition that has to ask the store (an awaitable check)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not await check():
        if loop.time() >= deadline:
            raise TimeoutError("the store never reached the expected state")
        await asyncio.sleep(0.01)


async def until_stored(
    services: TripServices, trip_id: str, test: Callable[[TripRecord], bool]
) -> None:
    """Wait until the stored trip passes `test` (typed edits are written a moment later)."""

    async def check() -> bool:
        record = await services.trips.get(trip_id)
        return record is not None and test(record)

    await eventually(check)


def tab_order(start: QWidget, count: int) -> list[QWidget]:
    """The first `count` widgets Tab reaches from `start`, skipping what takes no focus
    and the inner editors of spin boxes and combos (they pass focus to their owner)."""
    order: list[QWidget] = []
    widget: QWidget | None = start
    while widget is not None and len(order) < count:
        order.append(widget)
        widget = widget.nextInFocusChain()
        while widget is not None and (
            widget.focusPolicy() == Qt.FocusPolicy.NoFocus or widget.focusProxy() is not None
        ):
            widget = widget.nextInFocusChain()
    return order


class View(Protocol):
    """A trip view: a widget with background tasks, shut down before it goes."""

    @property
    def task_failed(self) -> SignalInstance: ...

    async def shutdown(self) -> None: ...

    def resize(self, width: int, height: int, /) -> None: ...

    def show(self) -> None: ...

    def activateWindow(self) -> None: ...

    def close(self) -> bool: ...

    def deleteLater(self) -> None: ...


V = TypeVar("V", bound=View)


@asynccontextmanager
async def on_screen(view: V, width: int, height: int) -> AsyncIterator[V]:
    """`view` shown at this size in an active window; afterwards shut down and deleted. A
    failure in any of its background tasks fails the test."""
    failures: list[tuple[str, BaseException]] = []
    view.task_failed.connect(lambda name, error: failures.append((name, error)))
    view.resize(width, height)
    view.show()
    view.activateWindow()
    yield view
    # Shut down before the widget goes: pytest-qt's addWidget would delete it first.
    await view.shutdown()
    view.close()
    view.deleteLater()
    assert not failures, f"background tasks failed: {failures}"


async def focus(widget: QWidget) -> None:
    """Give `widget` the focus, as Tab would, and wait until it has it."""
    widget.setFocus(Qt.FocusReason.TabFocusReason)
    await until(lambda: QApplication.focusWidget() is widget)


def keyboard_target() -> QWidget:
    """Where the window system delivers a key press: to the open popup (a completion list
    or calendar takes the keyboard while it is shown) or its focused part, else to the
    focused widget."""
    popup = QApplication.activePopupWidget()
    target = (popup.focusWidget() or popup) if popup is not None else QApplication.focusWidget()
    assert target is not None, "nothing has the keyboard"
    return target


def press(
    qtbot: QtBot, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
) -> None:
    """Press `key` as the person would: it goes where the window system sends it."""
    qtbot.keyClick(keyboard_target(), key, modifier)


def type_text(qtbot: QtBot, text: str) -> None:
    """Type `text` key by key, each key where the window system sends it (a completion
    list opens after the first letters and takes the keys that follow)."""
    for character in text:
        qtbot.keyClicks(keyboard_target(), character)


def tab(qtbot: QtBot, times: int = 1) -> None:
    """Tab as the person presses it; a completion list still open is closed first, as
    Escape would (Tab only moves on once the list is gone)."""
    for _ in range(times):
        if QApplication.activePopupWidget() is not None:
            press(qtbot, Qt.Key.Key_Escape)
        press(qtbot, Qt.Key.Key_Tab)


async def add_item_dialog(view: ItineraryView, qtbot: QtBot) -> ItemEditor:
    """Open Add item as the person does (Space on the toolbar's Add) and wait until the
    dialog's title field has the focus."""
    await focus(view.toolbar.add_button)
    press(qtbot, Qt.Key.Key_Space)
    await until(lambda: view.editor is not None and view.editor.isVisible())
    editor = view.editor
    assert editor is not None
    await until(lambda: QApplication.focusWidget() is editor.title_edit)
    return editor


def click(qtbot: QtBot, widget: QWidget) -> None:
    """Click the middle of `widget` as the window system delivers it: to the widget, or
    to the open popup when there is one (it takes every press while shown)."""
    centre = widget.rect().center()
    popup = QApplication.activePopupWidget()
    if popup is None:
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=centre)
        return
    qtbot.mousePress(
        popup, Qt.MouseButton.LeftButton, pos=popup.mapFromGlobal(widget.mapToGlobal(centre))
    )
    # Whatever the press was passed on to arrives before the release, as on screen.
    QApplication.sendPostedEvents(widget.window().windowHandle(), QEvent.Type.MouseButtonPress)
    qtbot.mouseRelease(widget, Qt.MouseButton.LeftButton, pos=centre)


def shows_mark(row: FieldRow) -> bool:
    """Whether the strip beside a form field is painted in the assistant's colour, as the
    person sees it (a row can say it is unmarked and still look marked)."""
    image = row.grab().toImage()
    centre = row.marker.geometry().center()
    return image.pixelColor(centre.x(), centre.y()) == colour(Tone.MARK, row.palette())


async def type_and_enter(qtbot: QtBot, widget: QWidget, text: str) -> None:
    """Focus `widget`, type `text` into it and press Enter, as the person would."""
    await focus(widget)
    qtbot.keyClicks(widget, text)
    qtbot.keyClick(widget, Qt.Key.Key_Return)


class RecordList(Protocol):
    """A list panel (goals, pins): its view over its records' model."""

    @property
    def view(self) -> QAbstractItemView: ...


async def select_row(panel: RecordList, row: int) -> None:
    """Make `row` the selected and current row, with the focus in the list."""
    model = panel.view.model()
    panel.view.selectionModel().setCurrentIndex(
        model.index(row, 0),
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
    )
    await focus(panel.view)


async def edit_in_place(panel: RecordList, qtbot: QtBot) -> QLineEdit:
    """Open the selected row's editor with F2; returns it, its text selected."""
    qtbot.keyClick(panel.view, Qt.Key.Key_F2)
    await until(lambda: isinstance(QApplication.focusWidget(), QLineEdit))
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    return editor


@asynccontextmanager
async def shown_window(services: TravelServices) -> AsyncIterator[MainWindow]:
    """The app's window on `services`, shown and started as the app starts it, until the
    trip form shows the last trip; shut down afterwards."""
    main = MainWindow(services, local_servers=silent_servers())
    main.show()
    main.activateWindow()
    await main.start()
    await until(lambda: main.trip_form.record is not None)
    try:
        yield main
    finally:
        await main.shutdown()
        main.deleteLater()


class Running:
    """A started window over services in `data_dir`; `close()` shuts it down like the app."""

    def __init__(self, data_dir: Path) -> None:
        self.services: TravelServices = open_services(data_dir, places=loaded_places())
        self.window = MainWindow(self.services, local_servers=silent_servers())

    async def start(self) -> MainWindow:
        self.window.show()
        await self.window.start()
        await until(lambda: self.window.trip_form.record is not None)
        return self.window

    async def close(self) -> None:
        await self.window.shutdown()
        self.window.deleteLater()
        self.services.close()


@pytest.fixture
async def connected_running(
    tmp_path: Path,
    memory_keyring: MemoryKeyring,
    monkeypatch: pytest.MonkeyPatch,
    fake_openai: FakeOpenAIServer,
) -> AsyncIterator[Running]:
    """A window over `tmp_path / "data"` whose model is the loopback server, named in the
    environment as `OPENAI_BASE_URL` users name theirs."""
    monkeypatch.setenv(ENV_BASE_URL, fake_openai.base_url)
    monkeypatch.setenv(ENV_API_KEY, "test-key")
    monkeypatch.setenv(ENV_MODEL, "fake-model")
    app = Running(tmp_path / "data")
    yield app
    await app.close()
