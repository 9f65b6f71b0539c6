"""The welcome at first launch, with real keys: home and currency typed, the found server
connected and the sample trip opened by one Return on Start; Escape skips and changes
nothing; Help ▸ Welcome opens it again; it is not offered to a folder that already has trips
or an app whose model the environment names."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit
from pytestqt.qtbot import QtBot

from concierge.model.settings import (
    HOME_CURRENCY,
    HOME_PLACE,
    MODEL_NAME,
    UI_LANGUAGE,
    UI_WELCOME_SEEN,
)
from concierge.model_server import ENV_BASE_URL, ENV_MODEL, Preset
from concierge.travel.sample_trip import ITEMS, SAMPLE_LABEL
from concierge.travel.services import TravelServices, open_services
from concierge.ui.main_window import MainWindow
from concierge.ui.settings.status import Kind
from concierge.ui.welcome import WelcomeDialog
from tests.composition import loaded_places
from tests.fakes import FakeOllama, FakeOpenAIServer, Reply, ToolCallSpec
from tests.fakes.memory_keyring import MemoryKeyring
from tests.fakes.ollama_server import preset_at
from tests.ui.test_first_run import EDITS_LINE, first_launch
from tests.ui.test_first_run import _isolated as _isolated  # the environment names no model
from tests.ui.test_window_language import store_text
from tests.ui.trips_support import eventually
from tests.ui.visible_text import untranslated
from tests.ui.waiting import until


@asynccontextmanager
async def launched(
    data: Path, servers: Sequence[Preset] = (), hosted: Preset | None = None
) -> AsyncIterator[tuple[MainWindow, TravelServices]]:
    """The window started on `data` as the app starts it, the welcome offered last."""
    async with first_launch(data, servers, hosted) as (window, services):
        await window.welcome_once()
        yield window, services


def press(qtbot: QtBot, key: Qt.Key) -> None:
    focused = QApplication.focusWidget()
    assert focused is not None
    qtbot.keyClick(focused, key)


async def shown_welcome(window: MainWindow) -> WelcomeDialog:
    await until(lambda: window.welcome is not None and window.welcome.rows.loaded)
    assert window.welcome is not None
    return window.welcome


async def test_start_keeps_home_connects_the_server_and_opens_the_sample(
    tmp_path: Path, qtbot: QtBot
) -> None:
    with FakeOllama() as ollama:
        async with launched(tmp_path / "data", [preset_at("ollama", ollama.base_url)]) as (
            window,
            services,
        ):
            welcome = await shown_welcome(window)
            assert welcome.isVisible() and welcome.start_button.isDefault()
            await until(welcome.found.connect_button.isVisible)
            assert welcome.found.models.currentText() == "Ollama: llama3.1:8b"
            assert isinstance(QApplication.focusWidget(), QComboBox)  # the language first
            press(qtbot, Qt.Key.Key_Tab)
            home = QApplication.focusWidget()
            assert isinstance(home, QLineEdit) and home.accessibleName() == "Home"
            qtbot.keyClicks(home, "Lisbon")
            press(qtbot, Qt.Key.Key_Tab)
            currency = QApplication.focusWidget()  # a list of currencies, also typed in
            assert isinstance(currency, QComboBox) and currency.accessibleName() == "Home currency"
            qtbot.keyClick(currency, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
            qtbot.keyClicks(currency, "brl")
            while QApplication.focusWidget() is not welcome.sample_box:
                press(qtbot, Qt.Key.Key_Tab)
            press(qtbot, Qt.Key.Key_Space)
            assert welcome.sample_box.isChecked()
            ollama.script(Reply.tool_calls(ToolCallSpec("add_stop", {"place": "Lisbon"})))
            press(qtbot, Qt.Key.Key_Tab)
            assert QApplication.focusWidget() is welcome.start_button
            press(qtbot, Qt.Key.Key_Return)

            await until(lambda: window.welcome is None)
            assert await services.settings.get(UI_WELCOME_SEEN)
            assert await services.settings.get(HOME_PLACE) == "Lisbon"
            assert await services.settings.get(HOME_CURRENCY) == "BRL"
            assert await services.settings.get(UI_LANGUAGE) == ""  # left at the system's

            async def first_trip_from_home() -> bool:
                trips = {t.title: t for t in await services.trips.all()}
                first = trips["My first trip"]
                return first.budget_currency == "BRL" and first.origin.startswith("Lisbon")

            await eventually(first_trip_from_home, timeout=30)  # made before home was known
            await until(lambda: window.chat.model_line.text() == EDITS_LINE, timeout=60)
            assert await services.settings.get(MODEL_NAME) == "llama3.1:8b"

            await until(
                lambda: (
                    window.trip_form.record is not None
                    and window.trip_form.record.title.startswith("Sample")
                )
            )
            trips = await services.trips.all()
            assert [t.title for t in trips] == ["My first trip", "Sample: a week in Portugal"]
            assert window.session.trip_id == trips[1].id
            assert len(await services.itinerary.items(trips[1].id)) == len(ITEMS)
            assert (trips[1].origin_code, trips[0].origin_code) == ("LIS", "LIS")

            await until(lambda: window.undo_action.text() == f"&Undo {SAMPLE_LABEL}")
            window.undo_action.trigger()  # one step takes the whole sample away
            await until(lambda: window.trip_list.model.rowCount() == 1)
            assert [t.title for t in await services.trips.all()] == ["My first trip"]


async def test_escape_skips_the_welcome_and_changes_nothing(tmp_path: Path, qtbot: QtBot) -> None:
    async with launched(tmp_path / "data") as (window, services):
        welcome = await shown_welcome(window)
        press(qtbot, Qt.Key.Key_Tab)
        home = QApplication.focusWidget()
        assert isinstance(home, QLineEdit)
        qtbot.keyClicks(home, "Oslo")
        press(qtbot, Qt.Key.Key_Escape)
        await until(lambda: window.welcome is None)
        assert not shiboken6.isValid(welcome) or not welcome.isVisible()  # closed, maybe deleted
        assert await services.settings.get(UI_WELCOME_SEEN)
        assert await services.settings.get(HOME_PLACE) == ""
        assert [t.title for t in await services.trips.all()] == ["My first trip"]
        await window.welcome_once()
        assert window.welcome is None  # once

        window.welcome_action.trigger()  # Help ▸ Welcome runs it again
        again = await shown_welcome(window)
        assert again.rows[HOME_PLACE].read() == ""
        press(qtbot, Qt.Key.Key_Escape)
        await until(lambda: window.welcome is None)


async def test_the_welcome_is_not_offered_to_a_folder_with_trips(tmp_path: Path) -> None:
    services = open_services(tmp_path / "data", places=loaded_places())
    await services.trips.create({"title": "Rome"})
    await services.aclose()
    services.close()
    async with launched(tmp_path / "data") as (window, services):
        assert window.welcome is None
        assert await services.settings.get(UI_WELCOME_SEEN)


async def test_the_welcome_is_not_offered_when_the_environment_names_the_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV_BASE_URL, "http://127.0.0.1:9/v1")
    monkeypatch.setenv(ENV_MODEL, "fake-model")
    async with launched(tmp_path / "data") as (window, services):
        assert window.welcome is None
        assert await services.settings.get(UI_WELCOME_SEEN)


async def test_a_pasted_key_is_checked_and_its_model_connected_by_start(
    tmp_path: Path, qtbot: QtBot, memory_keyring: MemoryKeyring
) -> None:
    right, wrong = "sk-proj-right-key-0123456789", "sk-proj-wrong-key-9876543210"
    models = ("babbage-002", "gpt-4.1-mini", "gpt-4o")
    with FakeOpenAIServer(models=models, api_keys={right}) as openai:
        hosted = preset_at("openai", openai.base_url)
        async with launched(tmp_path / "data", hosted=hosted) as (window, _services):
            welcome = await shown_welcome(window)
            await until(welcome.found.search_button.isVisible)  # nothing found here
            key = welcome.hosted.edit
            while QApplication.focusWidget() is not key:
                press(qtbot, Qt.Key.Key_Tab)
            assert key.accessibleName() == "OpenAI API key"
            clipboard = QApplication.clipboard()
            clipboard.setText(wrong)
            qtbot.keyClick(key, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
            status = welcome.hosted.status
            await until(lambda: status.kind is Kind.ERROR)
            assert status.text().startswith("OpenAI does not accept this API key: it is wrong")
            assert memory_keyring.passwords == {}
            assert not welcome.found.connect_button.isVisible()

            clipboard.setText(right)
            qtbot.keyClick(key, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
            qtbot.keyClick(key, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
            await until(lambda: status.kind is Kind.SUCCESS)
            assert status.text().startswith("Key accepted: 3 models to choose from.")
            assert memory_keyring.passwords == {("Concierge", openai.base_url): right}
            assert welcome.found.models.currentText() == "OpenAI: gpt-4.1-mini"  # suggested
            assert welcome.found.label.text().startswith("No model server answered")

            openai.script(Reply.tool_calls(ToolCallSpec("add_stop", {"place": "Lisbon"})))
            press(qtbot, Qt.Key.Key_Return)  # Start, the default button
            await until(lambda: window.welcome is None)
            line = "gpt-4.1-mini: Can edit your trip"
            await until(lambda: window.chat.model_line.text() == line, timeout=60)
            profile = window.session.profile
            assert profile is not None
            assert (profile.preset, profile.model, profile.api_key) == (
                "openai",
                "gpt-4.1-mini",
                right,
            )
            assert openai.chat_requests[-1]["model"] == "gpt-4.1-mini"


async def test_every_part_of_the_welcome_goes_through_translation(
    pseudo: None, tmp_path: Path, qtbot: QtBot
) -> None:
    async with launched(tmp_path / "data") as (window, _services):
        welcome = await shown_welcome(window)
        await until(welcome.found.search_button.isVisible)
        found = untranslated(welcome, store_text)
        assert found == [], "\n".join(found)
        welcome.skip_button.setFocus(Qt.FocusReason.OtherFocusReason)
        qtbot.keyClick(welcome.skip_button, Qt.Key.Key_Space)  # Skip closes it as Escape does
        await until(lambda: window.welcome is None)
