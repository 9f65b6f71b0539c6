from __future__ import annotations

from pytestqt.qtbot import QtBot

from concierge.ui.main_window import MainWindow


def test_closing_the_window_asks_main_to_finish(qtbot: QtBot) -> None:
    closed: list[bool] = []
    window = MainWindow(on_close=lambda: closed.append(True))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.close()
    assert closed == [True]
    assert not window.isVisible()
