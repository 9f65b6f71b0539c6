"""From first launch to the first answer: the window finds a local server (a fake Ollama on
the loopback), one click connects it, the model's verdict shows beside its name, and a
suggestion sends as typed text would. With no server, the chat says which servers it looked
for and how to start each. Real clicks and keys, offscreen."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from concierge.model.settings import MODEL_NAME, MODEL_TOOL_USE, ToolUse
from concierge.model_server import (
    ENV_API_KEY,
    ENV_BASE_URL,
    ENV_MODEL,
    Preset,
    load_profile,
)
from concierge.travel.assistant.suggestions import chat_suggestions
from concierge.travel.forms import TRIP_BRIEF
from concierge.travel.services import TravelServices, open_services
from concierge.ui.main_window import MainWindow
from concierge.ui.settings import SettingsDialog
from concierge.ui.settings.status import Kind
from tests.composition import loaded_places, opened_services
from tests.fakes import FakeOllama, Reply, ToolCallSpec
from tests.fakes.memory_keyring import MemoryKeyring
from tests.fakes.ollama_server import preset_at, silent_preset, silent_servers
from tests.ui.waiting import until

CALLS_THE_TOOL = ToolCallSpec("add_stop", {"place": "Lisbon"})
EDITS_LINE = "llama3.1:8b: Can edit your trip"


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, memory_keyring: MemoryKeyring) -> None:
    for name in (ENV_API_KEY, ENV_BASE_URL, ENV_MODEL):
        monkeypatch.delenv(name, raising=False)


@asynccontextmanager
async def first_launch(
    data: Path, servers: Sequence[Preset] = (), hosted: Preset | None = None
) -> AsyncIterator[tuple[MainWindow, TravelServices]]:
    """The window on an empty data folder, shown and started as the app starts it."""
    services = open_services(data, places=loaded_places())
    window = MainWindow(
        services,
        local_servers=servers or silent_servers(),
        hosted_server=hosted or silent_preset("openai"),
    )
    window.show()
    window.activateWindow()
    try:
        await window.start()
        await until(lambda: window.trip_form.record is not None)
        yield window, services
    finally:
        await window.shutdown()
        window.deleteLater()
        await services.aclose()
        services.close()


async def test_first_launch_finds_ollama_and_answers_after_two_clicks(
    tmp_path: Path, qtbot: QtBot
) -> None:
    with FakeOllama() as ollama:
        servers = [preset_at("ollama", ollama.base_url), silent_preset("lmstudio")]
        async with first_launch(tmp_path / "data", servers) as (window, services):
            chat, found = window.chat, window.chat.notice.found
            await until(found.connect_button.isVisible)
            assert found.label.text() == "Found on this computer: Ollama: llama3.1:8b, qwen2.5:7b."
            assert found.models.currentText() == "Ollama: llama3.1:8b"
            assert {r.path for r in ollama.requests} == {"/api/tags", "/v1/models"}

            actions = 0
            ollama.script(Reply.tool_calls(CALLS_THE_TOOL))
            qtbot.mouseClick(found.connect_button, Qt.MouseButton.LeftButton)
            actions += 1
            # The SDK's first import (off the loop) comes first: a generous deadline.
            await until(lambda: chat.model_line.text() == EDITS_LINE, timeout=60)
            assert not chat.notice.isVisible() and chat.model_line.isVisible()
            assert await services.settings.get(MODEL_NAME) == "llama3.1:8b"
            assert await services.settings.get(MODEL_TOOL_USE) is ToolUse.EDITS
            profile = await load_profile(services.settings, services.secrets)
            assert profile.tool_use is ToolUse.EDITS  # kept with the profile

            await until(chat.suggestions.isVisible)
            assert chat.suggestions.texts == [
                "Suggest a route for this trip",
                "Help me fill in the trip's brief",
                "What should I book first?",
            ]
            ollama.script(Reply.text("Start in Lisbon, then take the train to Porto."))
            qtbot.mouseClick(chat.suggestions.buttons[0], Qt.MouseButton.LeftButton)
            actions += 1
            await until(lambda: "take the train to Porto" in chat.transcript.toPlainText())
            assert "Suggest a route for this trip" in chat.transcript.toPlainText()
            sent = [str(m.get("content")) for m in ollama.chat_requests[-1]["messages"]]
            assert any("Suggest a route for this trip" in content for content in sent)
            assert not chat.suggestions.isVisible()  # the chat is no longer empty
            assert actions == 2  # from first launch to the first answered message


async def test_first_launch_without_a_server_says_what_it_looked_for(
    tmp_path: Path, qtbot: QtBot
) -> None:
    servers = [silent_preset("ollama"), silent_preset("llamacpp")]
    async with first_launch(tmp_path / "data", servers) as (window, _services):
        found = window.chat.notice.found
        await until(found.search_button.isVisible)
        lines = found.label.text().splitlines()
        assert lines[0] == "No model server answered on this computer. Looked for:"
        assert lines[1].startswith("Ollama (port ")
        assert lines[1].endswith("): Install it from ollama.com, then: ollama pull llama3.1")
        assert lines[2].endswith("): llama-server --jinja -m your-model.gguf")
        assert not found.connect_button.isVisible() and not found.models.isVisible()
        assert window.chat.notice.isVisible() and not window.chat.model_line.isVisible()
        assert not window.chat.suggestions.isVisible()  # nothing could answer them


async def test_settings_uses_a_found_model_and_keeps_its_verdict(
    tmp_path: Path, qtbot: QtBot
) -> None:
    with FakeOllama() as ollama:
        async with opened_services(tmp_path / "data") as services:
            profile = await load_profile(services.settings, services.secrets)
            servers = [preset_at("ollama", ollama.base_url)]
            host = QWidget()  # Closing the last window would end the app's loop.
            qtbot.addWidget(host)
            host.show()
            dialog = SettingsDialog(
                profile, services.settings, services.secrets, host, local_servers=servers
            )
            qtbot.addWidget(dialog)
            dialog.open()
            await until(dialog.found.connect_button.isVisible)
            assert dialog.found.connect_button.text() == "Use"
            ollama.script(Reply.text("I have added Lisbon."))  # talks instead of calling
            dialog.found.models.setFocus(Qt.FocusReason.OtherFocusReason)
            qtbot.keyClick(dialog.found.models, Qt.Key.Key_Down)  # qwen2.5:7b
            qtbot.keyClick(dialog.found.models, Qt.Key.Key_Tab)
            assert QApplication.focusWidget() is dialog.found.connect_button
            qtbot.keyClick(dialog.found.connect_button, Qt.Key.Key_Space)
            await until(lambda: dialog.connection_status.kind is Kind.WARNING, timeout=60)
            assert dialog.base_url_edit.text() == ollama.base_url
            assert dialog.model_combo.currentText() == "qwen2.5:7b"
            assert dialog.connection_status.text().endswith(
                "Context window: 131,072 tokens. Can talk, but did not use the app's tools: "
                "it cannot change your trip."
            )
            qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
            await until(lambda: not dialog.isVisible())
            saved = await load_profile(services.settings, services.secrets)
            assert (saved.preset, saved.model, saved.tool_use) == (
                "ollama",
                "qwen2.5:7b",
                ToolUse.TALKS,
            )
            await dialog.shutdown()


async def test_suggestions_follow_the_trip(tmp_path: Path) -> None:
    async with opened_services(tmp_path / "data") as services:
        trip = (await services.trips.create({"title": "Japan"})).record
        await services.stops.add(trip.id, {"place": "Kyoto"})
        await services.itinerary.add(
            trip.id,
            {"day": date(2027, 4, 2), "title": "Shinkansen", "kind": "train"},
        )
        await services.form_filler.fill(trip.id, TRIP_BRIEF, {"party": "couple"})
        assert await chat_suggestions(services, trip.id) == [
            "Plan my first day in Kyoto",
            "Check my connections",
            "What's still missing from the brief?",
            "What should I book first?",
        ]


async def test_a_suggestion_is_picked_with_the_keyboard(tmp_path: Path, qtbot: QtBot) -> None:
    with FakeOllama() as ollama:
        servers = [preset_at("ollama", ollama.base_url)]
        async with first_launch(tmp_path / "data", servers) as (window, _services):
            chat, found = window.chat, window.chat.notice.found
            await until(found.connect_button.isVisible)
            ollama.script(Reply.tool_calls(CALLS_THE_TOOL))
            found.models.setFocus(Qt.FocusReason.OtherFocusReason)
            qtbot.keyClick(found.models, Qt.Key.Key_Tab)
            qtbot.keyClick(found.connect_button, Qt.Key.Key_Return)
            await until(lambda: chat.model_line.text() == EDITS_LINE, timeout=60)
            await until(chat.suggestions.isVisible)
            qtbot.keyClicks(chat.composer.edit, "W")
            assert not chat.suggestions.isVisible()  # picking one would replace the draft
            qtbot.keyClick(chat.composer.edit, Qt.Key.Key_Backspace)
            assert chat.suggestions.isVisible()
            chat.transcript.setFocus(Qt.FocusReason.OtherFocusReason)
            for _ in range(10):  # Tab from the transcript to the first suggestion
                focused = QApplication.focusWidget()
                if isinstance(focused, QPushButton) and focused in chat.suggestions.buttons:
                    break
                qtbot.keyClick(focused, Qt.Key.Key_Tab)
            assert QApplication.focusWidget() is chat.suggestions.buttons[0]
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
            ollama.script(Reply.text("Book the flights first."))
            qtbot.keyClick(chat.suggestions.buttons[1], Qt.Key.Key_Return)
            await until(lambda: "Book the flights first." in chat.transcript.toPlainText())
            assert "Help me fill in the trip's brief" in chat.transcript.toPlainText()
