"""Session-wide test set-up: offscreen Qt, the fake OpenAI server, async tests on a Qt loop.

Async tests under ``tests/ui`` (or marked ``@pytest.mark.qt_async``) run on the app's
``QtEventLoop`` (qasync's) over the pytest-qt ``QApplication``, so widgets, QTimers and the
agent's HTTP calls share one loop, as in the app. Every other async test keeps a plain
asyncio loop. Both come from pytest-asyncio's ``pytest_asyncio_loop_factories`` hook.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import asyncio
import gc
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from pytest_asyncio import is_async_test

from concierge.ui.async_support import QtEventLoop
from tests.fakes.fixtures import fake_openai, never
from tests.fakes.memory_keyring import memory_keyring

__all__ = ["fake_openai", "memory_keyring", "never"]

settings.register_profile(
    "repeatable",
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("explore", max_examples=1_000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))
"""By default property tests draw the same examples on every run and ignore how fast a busy
machine generates them, so a test run passes or fails for the code alone;
`HYPOTHESIS_PROFILE=explore` searches wider and at random."""

QT_ASYNC_MARK = "qt_async"
_UI_TESTS = Path(__file__).resolve().parent / "ui"

_loop_errors: list[dict[str, Any]] = []
"""Unhandled exceptions the Qt loop reported during the current test."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{QT_ASYNC_MARK}: run this async test on the app's QtEventLoop over the pytest-qt "
        "QApplication (automatic for tests under tests/ui).",
    )


def wants_qt_loop(item: pytest.Item) -> bool:
    """Whether `item` runs on the Qt event loop: it lives under tests/ui or is marked."""
    if item.get_closest_marker(QT_ASYNC_MARK) is not None:
        return True
    return _UI_TESTS in Path(item.path).resolve().parents


def _record_loop_error(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    _loop_errors.append(context)
    loop.default_exception_handler(context)


def _qt_event_loop() -> asyncio.AbstractEventLoop:
    app = QApplication.instance()
    if app is None:  # The autouse fixture below creates it first; this is a guard.
        raise RuntimeError("A Qt-loop test needs the pytest-qt QApplication (qapp fixture).")
    loop: asyncio.AbstractEventLoop = QtEventLoop(app)
    loop.set_exception_handler(_record_loop_error)
    return loop


def pytest_asyncio_loop_factories(
    config: pytest.Config, item: pytest.Item
) -> Mapping[str, Callable[[], asyncio.AbstractEventLoop]]:
    """One loop factory per async test: qasync for Qt tests, plain asyncio for the rest.

    pytest-asyncio parametrizes each async test over the returned factories; with a single
    factory the parameter stays hidden from the test id. The hook must return a mapping for
    every async test once it is implemented, hence the explicit asyncio factory.
    """
    if wants_qt_loop(item):
        return {"qasync": _qt_event_loop}
    return {"asyncio": asyncio.new_event_loop}


def _collect_on_the_gui_thread() -> None:
    """Destroy this test's Qt objects here, on the GUI thread, then let the collector run.

    The test's widgets wait for `deleteLater`, and its closed qasync loop holds a timer object
    whose Qt timers stay registered. If Python's cyclic collector freed them later from a
    worker thread (the fake server's, the database's), Qt would fire a timer on a deleted
    object and crash. So automatic collection is off during a Qt-loop test and runs here.
    """
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()
    gc.enable()


@pytest.fixture(autouse=True)
def _no_keys_held() -> Iterator[None]:
    """After each test, no modifier key counts as held. `QTest.keyClick(w, key, Ctrl)` leaves
    Qt believing Ctrl is still down (no key event says otherwise), and the next test's
    `selectRow` then toggles a row instead of selecting it: an order-dependent failure."""
    yield
    if QApplication.instance() is not None and QGuiApplication.keyboardModifiers():
        QTest.keyRelease(QWidget(), Qt.Key.Key_Control)  # its modifiers: none


@pytest.fixture(autouse=True)
def _qt_loop_guard(request: pytest.FixtureRequest) -> Iterator[None]:
    """Create the QApplication before the Qt loop, collect garbage only on the GUI thread,
    and fail on errors the loop swallowed.

    An exception in a task nobody awaited, or in a loop callback, only reaches the loop's
    exception handler; without this check such a test would pass.
    """
    item = request.node
    if not (isinstance(item, pytest.Function) and is_async_test(item) and wants_qt_loop(item)):
        yield
        return
    request.getfixturevalue("qapp")
    _loop_errors.clear()
    gc.collect()
    gc.freeze()  # What survives so far is never scanned again: teardown collection stays fast.
    gc.disable()
    try:
        yield
    finally:
        _collect_on_the_gui_thread()
    errors, _loop_errors[:] = list(_loop_errors), []
    if errors:
        messages = "\n".join(
            f"{c.get('message', 'unhandled')}: {c.get('exception')!r}" for c in errors
        )
        pytest.fail(f"The Qt event loop reported unhandled errors:\n{messages}", pytrace=False)
