"""The GUI-thread collector frees reference cycles from its timer, on the GUI thread."""

from __future__ import annotations

import gc
import threading
import weakref

from pytestqt.qtbot import QtBot

from concierge.ui.garbage import GuiThreadCollector


class _Node:
    def __init__(self) -> None:
        self.other: _Node | None = None


def test_cycles_are_collected_soon_on_the_gui_thread(qtbot: QtBot) -> None:
    collector = GuiThreadCollector()
    collector.start()
    try:
        assert not gc.isenabled()
        freed_on: list[int] = []
        first, second = _Node(), _Node()
        first.other, second.other = second, first
        weakref.finalize(first, lambda: freed_on.append(threading.get_ident()))
        del first, second
        young = [[] for _ in range(2 * gc.get_threshold()[0])]  # Past the young threshold.
        qtbot.waitUntil(lambda: bool(freed_on), timeout=3000)
        assert freed_on == [threading.get_ident()]
        del young
    finally:
        collector.stop()
    assert gc.isenabled()
