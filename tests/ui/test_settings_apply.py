"""In the assembled window: the timeouts, the longest answer, the snapshot layout and the
undo depth set in Settings (keys, then OK) are what the next model call and the next logged
write use, and the context window the server reports bounds the budget."""

from __future__ import annotations

import threading

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from concierge.agent import SnapshotLayout, budget_for_window
from concierge.agent.openai_model import OpenAIChatModel
from concierge.model.settings import (
    ASSISTANT_ANSWER_CAP,
    ASSISTANT_CONTEXT_BUDGET,
    LOOKUPS_ONLINE_WEATHER,
    MODEL_CONNECT_TIMEOUT,
    MODEL_IDLE_TIMEOUT,
    MODEL_MERGE_USER_TURNS,
    MODEL_PRESET,
    MODEL_SNAPSHOT_LAYOUT,
    UNDO_DEPTH,
)
from concierge.ui.main_window import MainWindow
from concierge.ui.settings import SettingsDialog
from tests.agent.support import snapshot_of
from tests.fakes import FakeOpenAIServer, Reply
from tests.store.support import log_rows
from tests.ui import trips_support
from tests.ui.test_settings_dialog import tab_to, type_into
from tests.ui.trips_support import Running
from tests.ui.waiting import until

running = trips_support.connected_running


def model_of(window: MainWindow) -> OpenAIChatModel:
    model = window.session._model
    assert model is not None
    return model


async def settings_dialog(window: MainWindow, qtbot: QtBot) -> SettingsDialog:
    """File ▸ Settings… by its shortcut; the dialog once its stored values are shown."""
    window.activateWindow()
    await until(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(window, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    await until(lambda: window._settings_dialog is not None)
    dialog = window._settings_dialog
    assert dialog is not None
    await until(dialog.control(UNDO_DEPTH).isEnabled)
    return dialog


async def test_the_next_model_call_waits_as_long_as_the_idle_timeout_typed_in_settings(
    running: Running, qtbot: QtBot, fake_openai: FakeOpenAIServer, never: threading.Event
) -> None:
    window = await running.start()
    await until(lambda: window.chat.runnable is not None and not window.chat.loading)
    assert (model_of(window).connect_timeout, model_of(window).idle_timeout) == (10.0, 60.0)

    dialog = await settings_dialog(window, qtbot)
    await tab_to(
        qtbot, dialog.control(ASSISTANT_CONTEXT_BUDGET), dialog.control(MODEL_CONNECT_TIMEOUT)
    )
    qtbot.keyClicks(dialog.control(MODEL_CONNECT_TIMEOUT), "4")
    qtbot.keyClick(dialog.control(MODEL_CONNECT_TIMEOUT), Qt.Key.Key_Tab)
    qtbot.keyClicks(dialog.control(MODEL_IDLE_TIMEOUT), "1")
    qtbot.keyClick(dialog.ok_button, Qt.Key.Key_Return)
    await until(lambda: window._settings_dialog is None)

    assert await running.services.settings.get(MODEL_IDLE_TIMEOUT) == 1.0
    model = model_of(window)
    assert (model.connect_timeout, model.idle_timeout) == (4.0, 1.0)
    assert window.session.agent is not None and window.session.agent._model is model

    # A server that never answers now fails the turn after one second, not a minute
    # (the client asks twice: it retries once).
    fake_openai.script(*[Reply.text("never sent", wait_for=never)] * 2)
    await until(lambda: window.chat.runnable is not None and not window.chat.loading)
    qtbot.keyClicks(window.chat.composer.edit, "Anyone there?")
    qtbot.keyClick(
        window.chat.composer.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier
    )
    await until(lambda: window.chat.error_bar.isVisible(), timeout=10)
    assert window.chat.error_bar.text == (
        f"The model server at {fake_openai.base_url} did not answer within 1 second. "
        "It may be busy or stuck; Retry asks again."
    )


async def test_the_next_logged_write_keeps_as_many_steps_as_the_undo_depth_typed(
    running: Running, qtbot: QtBot
) -> None:
    window = await running.start()
    trip_id = window.session.trip_id
    assert trip_id is not None
    dialog = await settings_dialog(window, qtbot)
    await tab_to(qtbot, dialog.control(LOOKUPS_ONLINE_WEATHER), dialog.control(UNDO_DEPTH))
    type_into(qtbot, dialog.control(UNDO_DEPTH), "2")
    qtbot.keyClick(dialog.ok_button, Qt.Key.Key_Return)
    await until(lambda: window._settings_dialog is None)
    assert await running.services.settings.get(UNDO_DEPTH) == 2

    for number in range(5):
        await running.services.trips.update(trip_id, {"notes": f"note {number}"})
    groups = {row.group_id for row in log_rows(running.services.database)}
    assert len(groups) == 2


async def test_the_reported_window_and_the_longest_answer_typed_bound_the_next_call(
    running: Running, qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    fake_openai.context_window = 20_000
    await running.services.settings.set(MODEL_PRESET, "llamacpp")
    window = await running.start()

    def window_read() -> bool:
        agent = window.session.agent
        return agent is not None and agent.context_window == 20_000

    await until(window_read)  # read in the background once the model was set up
    agent = window.session.agent
    assert agent is not None
    assert agent.context_budget == budget_for_window(24_000, 20_000, 2_048) < 24_000
    assert model_of(window).answer_cap == 2_048

    dialog = await settings_dialog(window, qtbot)
    await until(dialog.window_status.isVisible)
    assert dialog.window_status.text().startswith("Context window: 20,000 tokens")
    await tab_to(
        qtbot, dialog.control(ASSISTANT_CONTEXT_BUDGET), dialog.control(ASSISTANT_ANSWER_CAP)
    )
    qtbot.keyClicks(dialog.control(ASSISTANT_ANSWER_CAP), "512")
    qtbot.keyClick(dialog.ok_button, Qt.Key.Key_Return)
    await until(lambda: window._settings_dialog is None)
    await until(window_read)
    agent = window.session.agent
    assert agent is not None
    assert agent.context_budget == budget_for_window(24_000, 20_000, 512)

    fake_openai.script(Reply.text("Hello."))
    await until(lambda: window.chat.runnable is not None and not window.chat.loading)
    qtbot.keyClicks(window.chat.composer.edit, "Hi")
    qtbot.keyClick(
        window.chat.composer.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier
    )
    await fake_openai.until(lambda: len(fake_openai.chat_requests) == 1)
    assert fake_openai.chat_requests[0]["max_tokens"] == 512


async def test_sending_the_state_ahead_ticked_in_settings_shapes_the_next_request(
    running: Running, qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    window = await running.start()
    await until(lambda: window.chat.runnable is not None and not window.chat.loading)
    dialog = await settings_dialog(window, qtbot)
    was = dialog.control(MODEL_SNAPSHOT_LAYOUT).isChecked()
    await tab_to(
        qtbot, dialog.control(MODEL_MERGE_USER_TURNS), dialog.control(MODEL_SNAPSHOT_LAYOUT)
    )
    qtbot.keyClick(dialog.control(MODEL_SNAPSHOT_LAYOUT), Qt.Key.Key_Space)
    qtbot.keyClick(dialog.ok_button, Qt.Key.Key_Return)
    await until(lambda: window._settings_dialog is None)
    layout = SnapshotLayout.TRAILING if was else SnapshotLayout.LEADING
    assert await running.services.settings.get(MODEL_SNAPSHOT_LAYOUT) is layout
    assert window.session.agent is not None
    assert window.session.agent.snapshot_layout is layout

    fake_openai.script(Reply.text("Noted."))
    await until(lambda: window.chat.runnable is not None and not window.chat.loading)
    qtbot.keyClicks(window.chat.composer.edit, "Where do we start?")
    qtbot.keyClick(
        window.chat.composer.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier
    )
    await until(lambda: len(fake_openai.chat_requests) == 1 and not window.chat.busy)
    last = fake_openai.chat_requests[0]["messages"][-1]
    assert snapshot_of(fake_openai.chat_requests[0]) is not None
    if layout is SnapshotLayout.LEADING:
        assert last["content"][1:] == [{"type": "text", "text": "Where do we start?"}]
    else:
        assert fake_openai.chat_requests[0]["messages"][-2] == {
            "role": "user",
            "content": "Where do we start?",
        }
