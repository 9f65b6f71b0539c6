"""Steady scroll bars repaint when their handle moves, not on every range or value change."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QApplication, QTextBrowser
from pytestqt.qtbot import QtBot

from concierge.ui import scroll_bars
from concierge.ui.scroll_bars import SteadyScrollBar, use_steady_scroll_bars


class _Paints(QObject):
    def __init__(self, watched: QObject) -> None:
        super().__init__()
        self.count = 0
        watched.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def _settle(qtbot: QtBot, bar: SteadyScrollBar) -> None:
    """Let the deferred comparison run and any repaint it asked for happen."""
    qtbot.waitUntil(lambda: not bar._settled.isActive())
    QApplication.processEvents()


def test_a_change_that_leaves_the_handle_in_place_is_not_repainted(qtbot: QtBot) -> None:
    bar = SteadyScrollBar(Qt.Orientation.Vertical)
    qtbot.addWidget(bar)
    bar.resize(16, 300)
    bar.setRange(0, 100_000)
    bar.setPageStep(500)
    bar.setValue(100_000)
    bar.show()
    qtbot.waitExposed(bar)
    paints = _Paints(bar)
    _settle(qtbot, bar)
    paints.count = 0

    # A transcript grew by a line and scrolled back to its end: same pixels.
    bar.setRange(0, 100_016)
    bar.setValue(100_016)
    _settle(qtbot, bar)
    assert paints.count == 0

    bar.setValue(0)  # The handle moves to the top.
    qtbot.waitUntil(lambda: paints.count > 0)
    paints.count = 0
    bar.setRange(0, 100)  # The handle grows.
    qtbot.waitUntil(lambda: paints.count > 0)


def test_scroll_areas_get_steady_bars(qtbot: QtBot) -> None:
    browser = QTextBrowser()
    qtbot.addWidget(browser)
    use_steady_scroll_bars(browser)
    assert isinstance(browser.verticalScrollBar(), SteadyScrollBar)
    assert isinstance(browser.horizontalScrollBar(), SteadyScrollBar)
    browser.setPlainText("line\n" * 500)
    browser.resize(200, 150)
    browser.show()
    qtbot.waitExposed(browser)
    bar = browser.verticalScrollBar()
    assert bar.maximum() > 0
    bar.setValue(bar.maximum())
    assert browser.cursorForPosition(browser.viewport().rect().topLeft()).blockNumber() > 0


def test_growth_is_repainted_at_a_limited_rate_and_scrolling_at_once(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(scroll_bars, "GROWTH_REPAINT_SECONDS", 60.0)
    bar = SteadyScrollBar(Qt.Orientation.Vertical)
    qtbot.addWidget(bar)
    bar.resize(16, 300)
    bar.setRange(0, 1_000)
    bar.setPageStep(500)
    bar.show()
    qtbot.waitExposed(bar)
    paints = _Paints(bar)
    _settle(qtbot, bar)
    paints.count = 0

    bar.setRange(0, 2_000)  # Content grew: the handle shrinks, but not yet redrawn.
    assert bar._settled.isActive() and bar._settled.remainingTime() > 1_000
    QApplication.processEvents()
    assert paints.count == 0

    bar._settled.stop()
    bar._range_changed = False
    bar.setValue(1_500)  # Scrolling: shown at once.
    qtbot.waitUntil(lambda: paints.count > 0)
