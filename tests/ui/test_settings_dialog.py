"""The settings dialog against real loopback servers, a real SQLite file and an in-memory
keyring: presets, model lists, connection tests, saving, environment overrides, access, and
the context window the server reports with the budget in use."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Annotated, Any

import keyring
import keyring.core
import pytest
from keyring.backend import KeyringBackend
from keyring.backends.null import Keyring as NullKeyring
from keyring.errors import NoKeyringError
from pydantic import Field
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QCheckBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)
from pytestqt.qtbot import QtBot

from concierge.agent import SnapshotLayout
from concierge.model.settings import (
    ASSISTANT_ANSWER_CAP,
    ASSISTANT_CONTEXT_BUDGET,
    ASSISTANT_EDITS,
    HOME_CURRENCY,
    HOME_PLACE,
    LOOKUPS_ONLINE_WEATHER,
    LOOKUPS_WEATHER_URL,
    MODEL_API_KEY,
    MODEL_BASE_URL,
    MODEL_CONNECT_TIMEOUT,
    MODEL_CONTEXT_UPDATES,
    MODEL_IDLE_TIMEOUT,
    MODEL_MERGE_USER_TURNS,
    MODEL_NAME,
    MODEL_PRESET,
    MODEL_SNAPSHOT_LAYOUT,
    SETTINGS,
    UI_LANGUAGE,
    UNDO_DEPTH,
    VOICE_INPUT_DEVICE,
    VOICE_MODEL,
    VOICE_OUTPUT_DEVICE,
    VOICE_TALK_KEY,
    VOICE_TRANSCRIPTION_MODEL,
    EditMode,
    Editor,
    Section,
    Setting,
    ToolUse,
    declare,
)
from concierge.model_server import (
    ENV_API_KEY,
    ENV_BASE_URL,
    ENV_MODEL,
    ModelProfile,
    SecretSource,
    SecretStore,
    load_profile,
    save_profile,
)
from concierge.model_server.secrets import SERVICE
from concierge.store import Database, Settings
from concierge.text import QT_TRANSLATE_NOOP
from concierge.ui.settings import Kind, SettingsDialog, edit_model_settings
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec
from tests.fakes.memory_keyring import MemoryKeyring
from tests.fakes.ollama_server import silent_servers
from tests.model_server.test_secrets import RaisingKeyring
from tests.ui.support import closed_port_url
from tests.ui.waiting import until

OPENAI_URL = "https://api.openai.com/v1"
MakeDialog = Callable[..., Awaitable[SettingsDialog]]


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, memory_keyring: MemoryKeyring) -> None:
    for name in (ENV_API_KEY, ENV_BASE_URL, ENV_MODEL):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Database]:
    with Database.open(tmp_path / "concierge.db") as database:
        yield database


@pytest.fixture
def settings(database: Database) -> Settings:
    return Settings(database)


@pytest.fixture
def secrets() -> SecretStore:
    return SecretStore()


class Opened:
    """Dialogs a test opened, with what they saved and any task that failed."""

    def __init__(self) -> None:
        self.dialogs: list[SettingsDialog] = []
        self.saved: list[ModelProfile] = []
        self.failures: list[tuple[str, BaseException]] = []


@pytest.fixture
async def opened() -> AsyncIterator[Opened]:
    record = Opened()
    yield record
    for dialog in record.dialogs:
        await dialog.shutdown()
    assert not record.failures, f"background tasks failed: {record.failures}"


@pytest.fixture
def host(qtbot: QtBot, qapp: QApplication) -> Iterator[QWidget]:
    """A shown window to own the dialogs, as the main window does in the app.

    As in the app, closing the last window must not quit: that would stop the test's loop.
    """
    quits = qapp.quitOnLastWindowClosed()
    qapp.setQuitOnLastWindowClosed(False)
    window = QWidget()
    qtbot.addWidget(window)
    window.show()
    yield window
    qapp.setQuitOnLastWindowClosed(quits)


@pytest.fixture
def make_dialog(
    qtbot: QtBot, host: QWidget, settings: Settings, secrets: SecretStore, opened: Opened
) -> MakeDialog:
    """Load the stored profile under `environ` and open a dialog on it."""

    async def make(environ: Mapping[str, str] | None = None) -> SettingsDialog:
        env = dict(environ or {})
        profile = await load_profile(settings, secrets, env)
        dialog = SettingsDialog(
            profile, settings, secrets, host, environ=env, local_servers=silent_servers()
        )
        qtbot.addWidget(dialog)
        dialog.saved.connect(opened.saved.append)
        dialog.task_failed.connect(lambda name, error: opened.failures.append((name, error)))
        opened.dialogs.append(dialog)
        dialog.open()
        return dialog

    return make


def choose(dialog: SettingsDialog, preset: str) -> None:
    dialog.preset_combo.setCurrentIndex(dialog.preset_combo.findData(preset))


def click(qtbot: QtBot, button: QAbstractButton) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


@contextmanager
def held_models_server(models: list[str]) -> Iterator[tuple[str, threading.Event]]:
    """A server whose GET /v1/models answers only once the yielded event is set."""
    release = threading.Event()
    body = json.dumps({"object": "list", "data": [{"id": m, "object": "model"} for m in models]})

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            release.wait(10)
            data = body.encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.01})
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1", release
    finally:
        release.set()
        server.shutdown()
        server.server_close()
        thread.join()


def model_items(dialog: SettingsDialog) -> list[str]:
    return [dialog.model_combo.itemText(i) for i in range(dialog.model_combo.count())]


# -- presets ---------------------------------------------------------------------------------


async def test_choosing_a_preset_fills_the_base_url_and_hint(make_dialog: MakeDialog) -> None:
    dialog = await make_dialog()
    assert dialog.preset_combo.currentText() == "Ollama"
    assert dialog.base_url_edit.text() == "http://localhost:11434/v1"
    choose(dialog, "lmstudio")
    assert dialog.base_url_edit.text() == "http://localhost:1234/v1"
    choose(dialog, "vllm")
    assert dialog.base_url_edit.text() == "http://localhost:8000/v1"
    assert "--enable-auto-tool-choice" in dialog.hint_label.text()
    choose(dialog, "llamacpp")
    assert dialog.base_url_edit.text() == "http://127.0.0.1:8080/v1"
    choose(dialog, "openai")
    assert dialog.base_url_edit.text() == OPENAI_URL
    assert dialog.key_edit.placeholderText() == "Required for OpenAI"
    choose(dialog, "custom")
    assert dialog.base_url_edit.text() == OPENAI_URL  # Custom keeps what is there
    assert [dialog.preset_combo.itemText(i) for i in range(dialog.preset_combo.count())] == [
        "OpenAI", "Ollama", "LM Studio", "llama.cpp server", "vLLM", "Jan", "LocalAI", "Custom",
    ]  # fmt: skip


async def test_each_server_gets_its_own_stored_key_back(
    make_dialog: MakeDialog, qtbot: QtBot, secrets: SecretStore
) -> None:
    await secrets.set(OPENAI_URL, "sk-openai")
    dialog = await make_dialog()
    assert dialog.key_edit.text() == ""
    choose(dialog, "openai")
    await until(lambda: dialog.key_edit.text() == "sk-openai")
    choose(dialog, "ollama")
    await until(lambda: dialog.key_edit.text() == "")
    qtbot.keyClicks(dialog.key_edit, "typed-key")
    choose(dialog, "openai")
    await asyncio.sleep(0.05)
    assert dialog.key_edit.text() == "typed-key"  # a typed key is never replaced


async def test_the_key_is_hidden_until_shown(make_dialog: MakeDialog, qtbot: QtBot) -> None:
    dialog = await make_dialog()
    assert dialog.key_edit.echoMode() == QLineEdit.EchoMode.Password
    click(qtbot, dialog.key_field.toggle)
    assert dialog.key_edit.echoMode() == QLineEdit.EchoMode.Normal
    assert dialog.key_field.toggle.text() == dialog.key_field.toggle.accessibleName() == "Hide key"
    click(qtbot, dialog.key_field.toggle)
    assert dialog.key_edit.echoMode() == QLineEdit.EchoMode.Password
    assert dialog.key_field.toggle.accessibleName() == "Show key"


# -- models ----------------------------------------------------------------------------------


async def test_refresh_models_fills_the_model_box(
    make_dialog: MakeDialog, qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    fake_openai.models = ["qwen2.5", "llama3.1", "mistral"]
    dialog = await make_dialog()
    dialog.base_url_edit.setText(fake_openai.base_url)
    click(qtbot, dialog.refresh_button)
    assert dialog.models_busy.isVisible()
    await until(lambda: dialog.model_combo.count() == 3)
    assert model_items(dialog) == ["llama3.1", "mistral", "qwen2.5"]
    assert dialog.model_combo.currentText() == "llama3.1"  # nothing typed: the first
    assert not dialog.models_busy.isVisible()
    assert dialog.models_status.text() == "3 models found."
    assert dialog.models_status.kind is Kind.SUCCESS
    [request] = fake_openai.requests
    assert (request.method, request.path) == ("GET", "/v1/models")
    assert "authorization" not in request.headers  # no key typed: none is sent

    dialog.model_combo.setEditText("phi4")
    click(qtbot, dialog.refresh_button)
    await until(lambda: len(fake_openai.requests) == 2 and not dialog.models_busy.isVisible())
    assert dialog.model_combo.currentText() == "phi4"  # what was typed stays
    assert dialog.models_status.text() == "3 models found; phi4 is not one of them."


async def test_a_pasted_key_is_tried_on_the_server_at_once(
    make_dialog: MakeDialog, qtbot: QtBot
) -> None:
    """A wrong key says so under the model box as soon as typing pauses; the right one lists
    the models it can use, with no click on Refresh."""
    with FakeOpenAIServer(models=["gpt-4.1-mini", "gpt-4.1"], api_keys={"sk-right"}) as openai:
        dialog = await make_dialog()
        dialog.base_url_edit.setText(openai.base_url)
        dialog.key_edit.setFocus()
        qtbot.keyClicks(dialog.key_edit, "sk-wrong")
        await until(lambda: dialog.models_status.kind is Kind.ERROR)
        assert "refused the API key" in dialog.models_status.text()
        assert model_items(dialog) == []
        dialog.key_edit.selectAll()
        qtbot.keyClicks(dialog.key_edit, "sk-right")
        await until(lambda: model_items(dialog) == ["gpt-4.1", "gpt-4.1-mini"])
        assert dialog.models_status.kind is Kind.SUCCESS
        assert [r.headers.get("authorization") for r in openai.requests] == [
            "Bearer sk-wrong",
            "Bearer sk-right",
        ]


async def test_a_closed_port_shows_a_readable_error_inline(
    make_dialog: MakeDialog, qtbot: QtBot
) -> None:
    dialog = await make_dialog()
    url = closed_port_url()
    dialog.base_url_edit.setText(url)
    click(qtbot, dialog.refresh_button)
    await until(lambda: dialog.models_status.kind is Kind.ERROR)
    assert dialog.models_status.text().startswith(f"Cannot reach the model server at {url}: ")
    assert dialog.models_status.isVisible()
    assert not dialog.models_busy.isVisible()
    assert dialog.isVisible()


async def test_a_model_list_for_a_changed_url_is_ignored(
    make_dialog: MakeDialog, qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    dialog = await make_dialog()
    with held_models_server(["stale-model"]) as (slow_url, release):
        dialog.base_url_edit.setText(slow_url)
        click(qtbot, dialog.refresh_button)
        await asyncio.sleep(0.05)
        dialog.base_url_edit.setText(fake_openai.base_url)
        assert not dialog.models_busy.isVisible()
        assert not dialog.models_status.isVisible()
        release.set()
        await asyncio.sleep(0.1)
        assert model_items(dialog) == []
    click(qtbot, dialog.refresh_button)
    await until(lambda: model_items(dialog) == ["fake-model"])


# -- connection test -------------------------------------------------------------------------

CALLS_THE_TOOL = ToolCallSpec("add_stop", {"place": "Lisbon"})
"""What a model that can edit the trip answers the connection test's request."""


async def test_connection_messages(
    make_dialog: MakeDialog, qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    fake_openai.models = ["llama3.1", "mistral"]
    dialog = await make_dialog()
    dialog.base_url_edit.setText(fake_openai.base_url)
    dialog.model_combo.setEditText("llama3.1")
    fake_openai.script(Reply.tool_calls(CALLS_THE_TOOL))
    click(qtbot, dialog.test_button)
    assert dialog.connection_status.text() == "Testing connection…"
    await until(lambda: dialog.connection_status.kind is Kind.SUCCESS)
    assert dialog.connection_status.text() == (
        "Connected. 2 models available; llama3.1 is one of them. Can edit your trip."
    )
    assert dialog.current_profile().tool_use is ToolUse.EDITS

    dialog.model_combo.setEditText("mistral")
    assert dialog.current_profile().tool_use is ToolUse.UNTESTED  # another model, untested
    fake_openai.script(Reply.text("Done, Lisbon is on your trip!"))
    click(qtbot, dialog.test_button)
    await until(lambda: dialog.connection_status.kind is Kind.WARNING)
    assert dialog.connection_status.text() == (
        "Connected. 2 models available; mistral is one of them. Can talk, but did not use "
        "the app's tools: it cannot change your trip."
    )
    assert dialog.current_profile().tool_use is ToolUse.TALKS

    dialog.model_combo.setEditText("phi4")
    assert not dialog.connection_status.isVisible()  # an edit makes the old answer moot
    click(qtbot, dialog.test_button)
    await until(lambda: dialog.connection_status.kind is Kind.WARNING)
    assert dialog.connection_status.text().startswith("Connected, but phi4 is not among")

    url = closed_port_url()
    dialog.base_url_edit.setText(url)
    click(qtbot, dialog.test_button)
    await until(lambda: dialog.connection_status.kind is Kind.ERROR)
    assert dialog.connection_status.text().startswith(f"Cannot reach the model server at {url}: ")
    assert dialog.test_button.isEnabled()


# -- saving ----------------------------------------------------------------------------------


async def test_ok_saves_settings_and_key(
    make_dialog: MakeDialog,
    qtbot: QtBot,
    opened: Opened,
    settings: Settings,
    memory_keyring: MemoryKeyring,
) -> None:
    dialog = await make_dialog()
    choose(dialog, "openai")
    dialog.model_combo.setEditText("gpt-4o-mini")
    dialog.key_edit.setText("sk-test")
    click(qtbot, dialog.control(MODEL_MERGE_USER_TURNS))
    dialog.control(ASSISTANT_CONTEXT_BUDGET).setValue(64_000)
    click(qtbot, dialog.ok_button)
    await until(lambda: not dialog.isVisible())
    assert dialog.result() == SettingsDialog.DialogCode.Accepted
    [profile] = opened.saved
    expected = ModelProfile.of(
        {
            MODEL_PRESET: "openai",
            MODEL_BASE_URL: OPENAI_URL,
            MODEL_NAME: "gpt-4o-mini",
            MODEL_API_KEY: "sk-test",
            MODEL_MERGE_USER_TURNS: True,
            ASSISTANT_CONTEXT_BUDGET: 64_000,
        },
        key_source=SecretSource.KEYRING,
        overridden=(),
    )
    assert profile == expected
    assert await load_profile(settings, SecretStore(), {}) == expected
    assert memory_keyring.passwords == {(SERVICE, OPENAI_URL): "sk-test"}


async def test_cancel_discards_edits(
    make_dialog: MakeDialog, qtbot: QtBot, opened: Opened, settings: Settings
) -> None:
    dialog = await make_dialog()
    choose(dialog, "vllm")
    dialog.model_combo.setEditText("qwen")
    click(qtbot, dialog.cancel_button)
    assert not dialog.isVisible()
    assert dialog.result() == SettingsDialog.DialogCode.Rejected
    assert opened.saved == []
    assert await settings.get(MODEL_PRESET) == "ollama"
    assert await settings.get(MODEL_NAME) == ""


async def test_a_malformed_base_url_is_not_saved(
    make_dialog: MakeDialog, qtbot: QtBot, opened: Opened, settings: Settings
) -> None:
    dialog = await make_dialog()
    dialog.base_url_edit.setText("localhost:11434/v1")
    click(qtbot, dialog.ok_button)
    assert dialog.isVisible()
    assert dialog.problem_label.kind is Kind.ERROR
    assert "must start with http:// or https://" in dialog.problem_label.text()
    await asyncio.sleep(0.05)
    assert opened.saved == []
    assert await settings.get(MODEL_BASE_URL) == "http://localhost:11434/v1"


async def test_a_session_only_key_is_saved_and_closes_with_one_press(
    make_dialog: MakeDialog, qtbot: QtBot, opened: Opened
) -> None:
    keyring.set_keyring(RaisingKeyring(NoKeyringError("No recommended backend")))
    dialog = await make_dialog()
    choose(dialog, "openai")
    dialog.model_combo.setEditText("gpt-4o-mini")
    dialog.key_edit.setText("sk-session")
    notices: list[str] = []
    dialog.key_notice.connect(notices.append)
    click(qtbot, dialog.ok_button)
    await until(lambda: not dialog.isVisible())  # one press saves and closes
    assert dialog.result() == SettingsDialog.DialogCode.Accepted
    assert [p.key_source for p in opened.saved] == [SecretSource.SESSION]
    [notice] = notices
    assert notice.startswith("Settings saved.") and "only until Concierge quits" in notice


async def test_a_session_only_key_is_flagged_when_the_dialog_opens(
    make_dialog: MakeDialog, settings: Settings, secrets: SecretStore
) -> None:
    keyring.set_keyring(RaisingKeyring(NoKeyringError("No recommended backend")))
    await save_profile(
        settings,
        secrets,
        {
            MODEL_PRESET: "openai",
            MODEL_BASE_URL: OPENAI_URL,
            MODEL_NAME: "gpt-4o-mini",
            MODEL_API_KEY: "sk-s",
            MODEL_MERGE_USER_TURNS: False,
        },
    )
    dialog = await make_dialog()
    assert dialog.key_edit.text() == "sk-s"
    assert dialog.key_warning.isVisible()
    assert "only until Concierge quits" in dialog.key_warning.text()


# -- environment overrides -------------------------------------------------------------------


async def test_environment_overrides_are_shown_and_respected(
    make_dialog: MakeDialog,
    qtbot: QtBot,
    opened: Opened,
    settings: Settings,
    memory_keyring: MemoryKeyring,
    fake_openai: FakeOpenAIServer,
) -> None:
    fake_openai.models = ["qwen"]
    environ = {ENV_BASE_URL: fake_openai.base_url, ENV_API_KEY: "sk-env", ENV_MODEL: "qwen"}
    dialog = await make_dialog(environ)
    assert dialog.base_url_edit.text() == fake_openai.base_url
    assert not dialog.base_url_edit.isEnabled()
    assert dialog.base_url_edit.toolTip() == f"Set by environment variable {ENV_BASE_URL}"
    assert dialog.key_edit.text() == ""  # the environment's key is never displayed
    assert not dialog.key_edit.isEnabled() and not dialog.key_field.toggle.isEnabled()
    assert dialog.key_edit.placeholderText() == f"Set by environment variable {ENV_API_KEY}"
    assert dialog.model_combo.currentText() == "qwen"
    assert not dialog.model_combo.isEnabled() and not dialog.refresh_button.isEnabled()
    note = dialog.env_note.text()
    assert dialog.env_note.isVisible()
    assert note.startswith("Set by environment variable: Base URL (OPENAI_BASE_URL), API key")
    for name in (ENV_BASE_URL, ENV_API_KEY, ENV_MODEL):
        assert name in note

    choose(dialog, "lmstudio")
    assert dialog.base_url_edit.text() == fake_openai.base_url  # the preset does not win

    fake_openai.script(Reply.tool_calls(CALLS_THE_TOOL))
    click(qtbot, dialog.test_button)
    await until(lambda: dialog.connection_status.kind is Kind.SUCCESS)
    assert fake_openai.requests[-1].headers["authorization"] == "Bearer sk-env"

    click(qtbot, dialog.ok_button)
    await until(lambda: not dialog.isVisible())
    [profile] = opened.saved
    assert profile.overridden == (ENV_BASE_URL, ENV_API_KEY, ENV_MODEL)
    assert (profile.preset, profile.base_url, profile.model) == (
        "lmstudio", fake_openai.base_url, "qwen",
    )  # fmt: skip
    assert await settings.get(MODEL_PRESET) == "lmstudio"
    assert await settings.get(MODEL_BASE_URL) == "http://localhost:11434/v1"  # untouched
    assert await settings.get(MODEL_NAME) == ""
    assert memory_keyring.passwords == {}


async def test_without_overrides_there_is_no_environment_note(make_dialog: MakeDialog) -> None:
    dialog = await make_dialog()
    assert not dialog.env_note.isVisible()
    assert dialog.base_url_edit.isEnabled() and dialog.model_combo.isEnabled()


# -- accessibility ---------------------------------------------------------------------------


def _focus_chain(start: QWidget, count: int) -> list[QWidget]:
    chain: list[QWidget] = [start]
    widget = start.nextInFocusChain()
    while widget is not None and widget is not start and len(chain) < 200:
        chain.append(widget)
        widget = widget.nextInFocusChain()
    return [w for w in chain if w.focusPolicy() != Qt.FocusPolicy.NoFocus][:count]


async def test_controls_are_named_like_their_labels_in_tab_order(
    make_dialog: MakeDialog,
) -> None:
    dialog = await make_dialog()
    labelled = {
        label.text().replace("&", ""): label.buddy()
        for label in dialog.findChildren(QLabel)
        if label.buddy() is not None
    }
    assert set(labelled) == {
        "Server", "Base URL", "API key", "Model", "Context budget", "Longest answer",
        "Connect timeout", "Idle timeout", "Runtime context", "Undo depth", "Assistant edits",
        "Revoked assistants",
        "Language", "Home", "Home currency",
        "Microphone", "Speaker", "Realtime model", "Transcription model", "Push-to-talk key",
    }  # fmt: skip
    for text, control in labelled.items():
        assert control.accessibleName() == text
    for button in dialog.findChildren(QAbstractButton):
        if button.text():
            assert button.accessibleName() == button.text(), button.text()
        else:
            assert button.accessibleName() and button.toolTip(), button.objectName()
    names = {b.accessibleName() for b in dialog.findChildren(QAbstractButton)}
    assert {"Refresh models", "Test connection", "OK", "Cancel", "Show key"} <= names
    assert dialog.control(MODEL_MERGE_USER_TURNS).text() == (
        "Merge consecutive user messages (for strict chat templates)"
    )
    assert dialog.models_busy.accessibleName() == "Loading models"
    assert dialog.control(ASSISTANT_CONTEXT_BUDGET).accessibleName() == "Context budget"

    expected = [
        dialog.preset_combo,
        dialog.base_url_edit,
        dialog.key_edit,
        dialog.key_field.toggle,
        dialog.model_combo,
        dialog.refresh_button,
        dialog.control(MODEL_MERGE_USER_TURNS),
        dialog.control(MODEL_SNAPSHOT_LAYOUT),
        dialog.control(ASSISTANT_CONTEXT_BUDGET),
        dialog.control(ASSISTANT_ANSWER_CAP),
        dialog.control(MODEL_CONNECT_TIMEOUT),
        dialog.control(MODEL_IDLE_TIMEOUT),
        dialog.control(MODEL_CONTEXT_UPDATES),
        dialog.test_button,
        dialog.control(LOOKUPS_ONLINE_WEATHER),
        dialog.control(UNDO_DEPTH),
        dialog.control(ASSISTANT_EDITS),
        dialog.control(UI_LANGUAGE),
        dialog.control(HOME_PLACE),
        dialog.control(HOME_CURRENCY),
        dialog.control(VOICE_INPUT_DEVICE),
        dialog.control(VOICE_OUTPUT_DEVICE),
        dialog.control(VOICE_MODEL),
        dialog.control(VOICE_TRANSCRIPTION_MODEL),
        dialog.control(VOICE_TALK_KEY),
        dialog.ok_button,
        dialog.cancel_button,
    ]
    chain = _focus_chain(dialog.preset_combo, 40)
    positions = [chain.index(w) if w in chain else -1 for w in expected]
    # The editable combo's own line edit may sit between the combo and Refresh models.
    assert -1 not in positions and positions == sorted(positions), positions


# -- timeouts and undo depth -------------------------------------------------------------


async def tab_to(qtbot: QtBot, start: QWidget, target: QWidget) -> None:
    """Press Tab from `start` until `target` has the focus (Tab selects a spin box's text)."""
    start.setFocus(Qt.FocusReason.TabFocusReason)
    await until(lambda: QApplication.focusWidget() is start)
    for _ in range(30):
        if QApplication.focusWidget() is target:
            return
        widget = QApplication.focusWidget()
        assert widget is not None
        QTest.keyClick(widget, Qt.Key.Key_Tab)
    raise AssertionError(f"Tab never reached {target.accessibleName()}")


def type_into(qtbot: QtBot, spin: QWidget, text: str) -> None:
    """Replace what the focused spin box holds, as a person does: select all, then type."""
    qtbot.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(spin, text)


async def test_timeouts_and_undo_depth_are_typed_and_saved_on_ok(
    make_dialog: MakeDialog, qtbot: QtBot, opened: Opened, settings: Settings
) -> None:
    dialog = await make_dialog()
    await until(dialog.control(UNDO_DEPTH).isEnabled)
    assert dialog.control(MODEL_CONNECT_TIMEOUT).text() == "10 seconds"
    assert dialog.control(MODEL_IDLE_TIMEOUT).text() == "60 seconds"
    assert dialog.control(UNDO_DEPTH).text() == "200 steps"
    assert dialog.control(MODEL_IDLE_TIMEOUT).toolTip().startswith(MODEL_IDLE_TIMEOUT.description)
    assert "From 1 to 3,600 seconds" in dialog.control(MODEL_IDLE_TIMEOUT).toolTip()
    assert "From 1 to 100,000 steps" in dialog.control(UNDO_DEPTH).toolTip()

    await tab_to(
        qtbot, dialog.control(ASSISTANT_CONTEXT_BUDGET), dialog.control(MODEL_CONNECT_TIMEOUT)
    )
    qtbot.keyClicks(dialog.control(MODEL_CONNECT_TIMEOUT), "5")  # Tab selected the old number
    qtbot.keyClick(dialog.control(MODEL_CONNECT_TIMEOUT), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is dialog.control(MODEL_IDLE_TIMEOUT)
    qtbot.keyClicks(dialog.control(MODEL_IDLE_TIMEOUT), "20")
    qtbot.keyClick(
        dialog.control(MODEL_IDLE_TIMEOUT), Qt.Key.Key_Up
    )  # arrows step within the range
    await tab_to(qtbot, dialog.control(LOOKUPS_ONLINE_WEATHER), dialog.control(UNDO_DEPTH))
    type_into(qtbot, dialog.control(UNDO_DEPTH), "3")
    assert await settings.get(MODEL_IDLE_TIMEOUT) == 60.0  # nothing saved before OK
    qtbot.keyClick(dialog.ok_button, Qt.Key.Key_Return)
    await until(lambda: not dialog.isVisible())

    assert await settings.get(MODEL_CONNECT_TIMEOUT) == 5.0
    assert await settings.get(MODEL_IDLE_TIMEOUT) == 21.0
    assert await settings.get(UNDO_DEPTH) == 3
    [profile] = opened.saved
    assert (profile[MODEL_CONNECT_TIMEOUT], profile[MODEL_IDLE_TIMEOUT]) == (5.0, 21.0)

    again = await make_dialog()
    await until(again.control(UNDO_DEPTH).isEnabled)
    assert (
        again.control(MODEL_CONNECT_TIMEOUT).value(),
        again.control(MODEL_IDLE_TIMEOUT).value(),
    ) == (5, 21)
    assert again.control(UNDO_DEPTH).value() == 3


async def test_assistant_edits_are_chosen_with_keys_and_saved_on_ok(
    make_dialog: MakeDialog, qtbot: QtBot, settings: Settings
) -> None:
    dialog = await make_dialog()
    await until(dialog.control(ASSISTANT_EDITS).isEnabled)
    assert dialog.control(ASSISTANT_EDITS).currentText() == "Made at once"
    assert dialog.control(ASSISTANT_EDITS).toolTip() == ASSISTANT_EDITS.description
    await tab_to(qtbot, dialog.control(UNDO_DEPTH), dialog.control(ASSISTANT_EDITS))
    qtbot.keyClick(dialog.control(ASSISTANT_EDITS), Qt.Key.Key_Down)
    assert dialog.control(ASSISTANT_EDITS).currentText() == "Proposed for me to accept or reject"
    assert await settings.get(ASSISTANT_EDITS) is EditMode.APPLY  # nothing saved before OK
    qtbot.keyClick(dialog.ok_button, Qt.Key.Key_Return)
    await until(lambda: not dialog.isVisible())
    assert await settings.get(ASSISTANT_EDITS) is EditMode.PROPOSE
    again = await make_dialog()
    await until(again.control(ASSISTANT_EDITS).isEnabled)
    assert again.control(ASSISTANT_EDITS).currentText() == "Proposed for me to accept or reject"


async def test_an_out_of_range_number_is_refused_in_words_and_nothing_is_lost(
    make_dialog: MakeDialog, qtbot: QtBot, opened: Opened, settings: Settings
) -> None:
    dialog = await make_dialog()
    await until(dialog.control(UNDO_DEPTH).isEnabled)
    await tab_to(
        qtbot, dialog.control(ASSISTANT_CONTEXT_BUDGET), dialog.control(MODEL_CONNECT_TIMEOUT)
    )
    qtbot.keyClicks(dialog.control(MODEL_CONNECT_TIMEOUT), "7")
    qtbot.keyClick(dialog.control(MODEL_CONNECT_TIMEOUT), Qt.Key.Key_Tab)
    qtbot.keyClicks(dialog.control(MODEL_IDLE_TIMEOUT), "5000")
    qtbot.keyClick(dialog.ok_button, Qt.Key.Key_Return)
    assert dialog.isVisible()
    assert dialog.problem_label.kind is Kind.ERROR
    assert dialog.problem_label.text() == (
        "Idle timeout must be a whole number from 1 to 3,600 seconds, not 5,000."
    )
    assert QApplication.focusWidget() is dialog.control(MODEL_IDLE_TIMEOUT)
    assert dialog.control(MODEL_IDLE_TIMEOUT).value() == 5000  # what was typed stays, to correct
    assert dialog.control(MODEL_CONNECT_TIMEOUT).value() == 7
    await asyncio.sleep(0.05)
    assert opened.saved == []
    assert await settings.get(MODEL_CONNECT_TIMEOUT) == 10.0
    assert await settings.get(MODEL_IDLE_TIMEOUT) == 60.0

    await tab_to(qtbot, dialog.control(LOOKUPS_ONLINE_WEATHER), dialog.control(UNDO_DEPTH))
    type_into(qtbot, dialog.control(UNDO_DEPTH), "0")
    qtbot.keyClick(dialog.ok_button, Qt.Key.Key_Return)
    assert "Idle timeout must be" in dialog.problem_label.text()  # the first problem first
    type_into(qtbot, dialog.control(MODEL_IDLE_TIMEOUT), "90")
    qtbot.keyClick(dialog.ok_button, Qt.Key.Key_Return)
    assert dialog.problem_label.text() == (
        "Undo depth must be a whole number from 1 to 100,000 steps, not 0."
    )
    assert QApplication.focusWidget() is dialog.control(UNDO_DEPTH)
    qtbot.keyClick(dialog.control(UNDO_DEPTH), Qt.Key.Key_Up)  # one step of 10, back into the range
    assert dialog.control(UNDO_DEPTH).value() == 10
    qtbot.keyClick(dialog.ok_button, Qt.Key.Key_Return)
    await until(lambda: not dialog.isVisible())
    assert (await settings.get(MODEL_CONNECT_TIMEOUT), await settings.get(MODEL_IDLE_TIMEOUT)) == (
        7.0, 90.0,
    )  # fmt: skip
    assert await settings.get(UNDO_DEPTH) == 10


# -- online lookups --------------------------------------------------------------------------


def tick(qtbot: QtBot, box: QCheckBox) -> None:
    """Click the box's indicator (a wide check box's centre may lie past its text)."""
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(6, box.height() // 2))


async def test_weather_forecasts_are_off_until_turned_on_and_ok_saves_the_choice(
    make_dialog: MakeDialog, qtbot: QtBot, settings: Settings
) -> None:
    dialog = await make_dialog()
    await until(dialog.control(LOOKUPS_ONLINE_WEATHER).isEnabled)
    assert (
        dialog.sections[Section.ONLINE].title()
        == dialog.sections[Section.ONLINE].accessibleName()
        == "Online lookups"
    )
    assert dialog.control(LOOKUPS_ONLINE_WEATHER).text() == "Weather forecasts (Open-Meteo)"
    assert (
        dialog.control(LOOKUPS_ONLINE_WEATHER).accessibleName() == "Weather forecasts (Open-Meteo)"
    )
    line = "Sends each stop's coordinates and dates to api.open-meteo.com; nothing else."
    assert (
        dialog.weather_note.text()
        == dialog.control(LOOKUPS_ONLINE_WEATHER).accessibleDescription()
        == line
    )
    assert dialog.weather_note.accessibleName() == "What weather forecasts send"
    assert not dialog.control(LOOKUPS_ONLINE_WEATHER).isChecked()

    tick(qtbot, dialog.control(LOOKUPS_ONLINE_WEATHER))
    assert dialog.control(LOOKUPS_ONLINE_WEATHER).isChecked()
    assert await settings.get(LOOKUPS_ONLINE_WEATHER) is False  # nothing saved before OK
    click(qtbot, dialog.ok_button)
    await until(lambda: not dialog.isVisible())
    assert await settings.get(LOOKUPS_ONLINE_WEATHER) is True

    again = await make_dialog()
    await until(again.control(LOOKUPS_ONLINE_WEATHER).isEnabled)
    assert again.control(LOOKUPS_ONLINE_WEATHER).isChecked()
    tick(qtbot, again.control(LOOKUPS_ONLINE_WEATHER))
    click(qtbot, again.cancel_button)
    await until(lambda: not again.isVisible())
    assert await settings.get(LOOKUPS_ONLINE_WEATHER) is True  # Cancel kept it on

    third = await make_dialog()
    await until(third.control(LOOKUPS_ONLINE_WEATHER).isEnabled)
    tick(qtbot, third.control(LOOKUPS_ONLINE_WEATHER))
    click(qtbot, third.ok_button)
    await until(lambda: not third.isVisible())
    assert await settings.get(LOOKUPS_ONLINE_WEATHER) is False


async def test_sending_the_state_ahead_is_ticked_from_the_keyboard_and_saved_on_ok(
    make_dialog: MakeDialog, qtbot: QtBot, opened: Opened, settings: Settings
) -> None:
    dialog = await make_dialog()
    box = dialog.control(MODEL_SNAPSHOT_LAYOUT)
    assert box.text() == box.accessibleName() == MODEL_SNAPSHOT_LAYOUT.label
    line = (
        "For models that answer the state instead of you; your latest words are then re-sent "
        "uncached once a turn."
    )
    assert (
        dialog.model_rows[MODEL_SNAPSHOT_LAYOUT].note.text() == box.accessibleDescription() == line
    )
    assert dialog.model_rows[MODEL_SNAPSHOT_LAYOUT].note.isVisible()
    assert box.isChecked() is (MODEL_SNAPSHOT_LAYOUT.default is SnapshotLayout.LEADING)
    was = box.isChecked()

    await tab_to(qtbot, dialog.control(MODEL_MERGE_USER_TURNS), box)
    qtbot.keyClick(box, Qt.Key.Key_Space)
    assert box.isChecked() is not was
    assert await settings.get(MODEL_SNAPSHOT_LAYOUT) is MODEL_SNAPSHOT_LAYOUT.default
    qtbot.keyClick(dialog.ok_button, Qt.Key.Key_Return)
    await until(lambda: not dialog.isVisible())
    flipped = SnapshotLayout.TRAILING if was else SnapshotLayout.LEADING
    assert await settings.get(MODEL_SNAPSHOT_LAYOUT) is flipped
    [profile] = opened.saved
    assert profile[MODEL_SNAPSHOT_LAYOUT] is flipped

    again = await make_dialog()
    assert again.control(MODEL_SNAPSHOT_LAYOUT).isChecked() is not was
    tick(qtbot, again.control(MODEL_SNAPSHOT_LAYOUT))
    click(qtbot, again.cancel_button)
    await until(lambda: not again.isVisible())
    assert await settings.get(MODEL_SNAPSHOT_LAYOUT) is flipped  # Cancel kept it

    third = await make_dialog()
    tick(qtbot, third.control(MODEL_SNAPSHOT_LAYOUT))
    click(qtbot, third.ok_button)
    await until(lambda: not third.isVisible())
    assert await settings.get(MODEL_SNAPSHOT_LAYOUT) is MODEL_SNAPSHOT_LAYOUT.default


async def test_the_weather_line_names_the_configured_host(
    make_dialog: MakeDialog, settings: Settings
) -> None:
    await settings.set(LOOKUPS_WEATHER_URL, "https://weather.example.org/v1/forecast")
    dialog = await make_dialog()
    await until(dialog.control(LOOKUPS_ONLINE_WEATHER).isEnabled)
    assert dialog.weather_note.text() == (
        "Sends each stop's coordinates and dates to weather.example.org; nothing else."
    )


async def test_closing_at_once_ends_every_task_without_an_error(
    make_dialog: MakeDialog, opened: Opened
) -> None:
    """Esc before the stored settings, the sound devices or the context window are read:
    the dialog's tasks end, cancelled, and none of them fails."""
    dialog = await make_dialog()
    assert len(dialog.tasks) > 0
    QTest.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()
    await until(lambda: len(dialog.tasks) == 0)
    assert opened.failures == []
    assert not dialog.sections[Section.VOICE].loaded


# -- opening from async code -----------------------------------------------------------------


async def test_edit_model_settings_returns_the_saved_profile(
    qtbot: QtBot,
    host: QWidget,
    settings: Settings,
    secrets: SecretStore,
    fake_openai: FakeOpenAIServer,
) -> None:
    task = asyncio.ensure_future(edit_model_settings(settings, secrets, host, environ={}))

    def visible_dialog() -> SettingsDialog | None:
        shown = [d for d in host.findChildren(SettingsDialog) if d.isVisible()]
        return shown[0] if shown else None

    await until(visible_dialog)
    dialog = visible_dialog()
    assert dialog is not None
    choose(dialog, "custom")
    dialog.base_url_edit.setText(fake_openai.base_url)
    dialog.model_combo.setEditText("fake-model")
    click(qtbot, dialog.ok_button)
    profile = await task
    assert profile is not None and profile.is_usable
    assert (profile.preset, profile.base_url, profile.model) == (
        "custom", fake_openai.base_url, "fake-model",
    )  # fmt: skip

    cancelled = asyncio.ensure_future(edit_model_settings(settings, secrets, host, environ={}))
    await until(visible_dialog)
    second = visible_dialog()
    assert second is not None
    click(qtbot, second.cancel_button)
    assert await cancelled is None


def squashed(dialog: SettingsDialog) -> list[str]:
    """Shown rows lower than they need at their width (wrapped text included)."""
    rows: list[QWidget] = [
        dialog.preset_combo,
        dialog.hint_label,
        dialog.base_url_edit,
        dialog.model_combo,
        dialog.refresh_button,
        dialog.models_status,
        dialog.control(MODEL_MERGE_USER_TURNS),
        dialog.control(MODEL_SNAPSHOT_LAYOUT),
        dialog.model_rows[MODEL_SNAPSHOT_LAYOUT].note,
        dialog.control(ASSISTANT_CONTEXT_BUDGET),
        dialog.control(MODEL_CONNECT_TIMEOUT),
        dialog.control(MODEL_IDLE_TIMEOUT),
        dialog.test_button,
        dialog.control(UNDO_DEPTH),
        dialog.key_warning,
        dialog.problem_label,
        dialog.ok_button,
    ]
    too_low = []
    for widget in rows:
        if not widget.isVisible():
            continue
        need = widget.minimumSizeHint().height()
        if widget.hasHeightForWidth():
            need = max(need, widget.heightForWidth(widget.width()))
        if widget.height() < need:
            too_low.append(f"{widget.accessibleName()}: {widget.height()} < {need}")
    return too_low


async def test_messages_make_room_instead_of_squashing_the_rows(
    make_dialog: MakeDialog, qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    fake_openai.models = ["qwen2.5", "llama3.1"]
    dialog = await make_dialog()
    dialog.base_url_edit.setText(fake_openai.base_url)
    dialog.model_combo.setEditText("a-model-with-a-long-name-the-server-does-not-have")
    await until(lambda: squashed(dialog) == [])  # laid out at its first width
    height = dialog.height()
    click(qtbot, dialog.refresh_button)
    await until(lambda: dialog.models_status.kind is Kind.WARNING)
    # It grows, or, at the screen's height already, its rows scroll above the buttons.
    await until(lambda: dialog.height() > height or dialog.rows_scroll.maximum() > 0)
    await until(lambda: squashed(dialog) == [])  # a wrapped status may take two passes
    dialog.base_url_edit.setText("ftp://nowhere")
    click(qtbot, dialog.ok_button)  # refused: a message under everything else
    await until(lambda: dialog.problem_label.isVisible())
    await until(lambda: squashed(dialog) == [])
    assert dialog.isVisible()


@pytest.mark.parametrize(
    ("backend", "source", "where"),
    [
        (NullKeyring, SecretSource.SESSION, "The system keyring (null Keyring) did not keep"),
        (
            MemoryKeyring,
            SecretSource.KEYRING,
            "saved in the keyring (memory keyring MemoryKeyring)",
        ),
    ],
)
async def test_saving_a_key_says_exactly_where_it_went(
    make_dialog: MakeDialog,
    qtbot: QtBot,
    opened: Opened,
    backend: type[KeyringBackend],
    source: SecretSource,
    where: str,
) -> None:
    """The null keyring accepts a key and keeps none: the person is told, not reassured."""
    keyring.set_keyring(backend())
    dialog = await make_dialog()
    choose(dialog, "openai")
    dialog.model_combo.setEditText("gpt-4o-mini")
    dialog.key_edit.setFocus()
    qtbot.keyClicks(dialog.key_edit, "sk-typed")
    notices: list[str] = []
    dialog.key_notice.connect(notices.append)
    click(qtbot, dialog.ok_button)
    await until(lambda: not dialog.isVisible())
    assert [p.key_source for p in opened.saved] == [source]
    [notice] = notices
    assert notice.startswith("Settings saved.") and where in notice
    reopened = await make_dialog()
    assert reopened.key_edit.text() == "sk-typed"
    assert reopened.key_warning.isVisible()
    shown = "only until Concierge quits" if source is SecretSource.SESSION else where
    assert shown in reopened.key_warning.text()


# -- context window and longest answer -------------------------------------------------


async def connect(
    settings: Settings, secrets: SecretStore, server: FakeOpenAIServer, preset: str
) -> None:
    await save_profile(
        settings,
        secrets,
        {
            MODEL_PRESET: preset,
            MODEL_BASE_URL: server.base_url,
            MODEL_NAME: "smollm2-135m",
            MODEL_API_KEY: None,
            MODEL_MERGE_USER_TURNS: False,
        },
    )


async def test_the_window_and_budget_in_use_follow_the_longest_answer_typed(
    make_dialog: MakeDialog, qtbot: QtBot, opened: Opened, settings: Settings, secrets: SecretStore
) -> None:
    with FakeOpenAIServer(models=["smollm2-135m"], context_window=8_192) as server:
        await connect(settings, secrets, server, "llamacpp")
        dialog = await make_dialog()
        await until(dialog.window_status.isVisible)
        assert dialog.window_status.text() == (
            "Context window: 8,192 tokens, from the server's /v1/models (meta.n_ctx). "
            "Budget in use: 5,632 tokens (below the 24,000 set), leaving room for an answer "
            "of 2,048."
        )
        assert dialog.control(ASSISTANT_ANSWER_CAP).text() == "2,048 tokens"

        await tab_to(
            qtbot, dialog.control(ASSISTANT_CONTEXT_BUDGET), dialog.control(ASSISTANT_ANSWER_CAP)
        )
        qtbot.keyClicks(dialog.control(ASSISTANT_ANSWER_CAP), "1024")  # Tab selected the old number
        assert "Budget in use: 6,656 tokens" in dialog.window_status.text()
        assert "an answer of 1,024" in dialog.window_status.text()
        qtbot.keyClick(dialog.control(ASSISTANT_ANSWER_CAP), Qt.Key.Key_Tab)
        assert QApplication.focusWidget() is dialog.control(MODEL_CONNECT_TIMEOUT)

        server.script(Reply.tool_calls(CALLS_THE_TOOL))
        click(qtbot, dialog.test_button)
        await until(lambda: dialog.connection_status.kind is Kind.SUCCESS)
        assert dialog.connection_status.text().endswith(
            "Context window: 8,192 tokens. Can edit your trip."
        )
        assert server.chat_requests[-1]["max_tokens"] == 1_024  # the longest answer typed

        qtbot.keyClick(dialog.ok_button, Qt.Key.Key_Return)
        await until(lambda: not dialog.isVisible())
        assert await settings.get(ASSISTANT_ANSWER_CAP) == 1_024
        assert await settings.get(ASSISTANT_CONTEXT_BUDGET) == 24_000
        [profile] = opened.saved
        assert profile[ASSISTANT_ANSWER_CAP] == 1_024


async def test_a_longest_answer_out_of_range_is_refused_in_words(
    make_dialog: MakeDialog, qtbot: QtBot, opened: Opened, settings: Settings
) -> None:
    dialog = await make_dialog()
    await tab_to(
        qtbot, dialog.control(ASSISTANT_CONTEXT_BUDGET), dialog.control(ASSISTANT_ANSWER_CAP)
    )
    type_into(qtbot, dialog.control(ASSISTANT_ANSWER_CAP), "100")
    qtbot.keyClick(dialog.ok_button, Qt.Key.Key_Return)
    assert dialog.problem_label.text() == (
        "Longest answer must be a whole number from 256 to 200,000 tokens, not 100."
    )
    assert QApplication.focusWidget() is dialog.control(ASSISTANT_ANSWER_CAP)
    assert dialog.isVisible() and opened.saved == []
    assert await settings.get(ASSISTANT_ANSWER_CAP) == ASSISTANT_ANSWER_CAP.default


async def test_a_server_that_reports_no_window_says_the_budget_applies_as_set(
    make_dialog: MakeDialog, settings: Settings, secrets: SecretStore
) -> None:
    with FakeOpenAIServer(models=["smollm2-135m"]) as server:
        await connect(settings, secrets, server, "custom")
        dialog = await make_dialog()
        await until(dialog.window_status.isVisible)
        assert dialog.window_status.text().startswith(
            "The server does not report its context window, so the budget of 24,000 tokens "
            "applies as set"
        )
        # Another server in the fields: what the old one said no longer applies.
        dialog.base_url_edit.setText("http://127.0.0.1:9/v1")
        assert not dialog.window_status.isVisible()


# -- a setting declared with no other change ----------------------------------------------


@pytest.fixture
def declared() -> Iterator[tuple[Setting[Any], Setting[Any]]]:
    """Two settings of the Editing section, declared as the app declares its own."""
    added = (
        declare(
            "history.keep_days",
            Annotated[int, Field(ge=1, le=365)],
            30,
            QT_TRANSLATE_NOOP("Setting", "How many days the change log keeps."),
            label=QT_TRANSLATE_NOOP("SettingsDialog", "&Keep days"),
            section=Section.EDITING,
            editor=Editor.NUMBER,
            unit=QT_TRANSLATE_NOOP("SettingsDialog", "days"),
        ),
        declare(
            "history.confirm_undo",
            bool,
            False,
            QT_TRANSLATE_NOOP("Setting", "Ask before each Undo."),
            label=QT_TRANSLATE_NOOP("SettingsDialog", "Confirm undo"),
            section=Section.EDITING,
            editor=Editor.CHECK,
        ),
    )
    yield added
    for setting in added:
        del SETTINGS[setting.key]


async def test_a_declared_setting_is_shown_edited_saved_and_read_back(
    declared: tuple[Setting[Any], Setting[Any]],
    make_dialog: MakeDialog,
    qtbot: QtBot,
    opened: Opened,
    settings: Settings,
) -> None:
    days, confirm = declared
    dialog = await make_dialog()
    spin, box = dialog.control(days), dialog.control(confirm)
    assert isinstance(spin, QSpinBox) and isinstance(box, QCheckBox)
    await until(spin.isEnabled)
    labels = {label.text(): label.buddy() for label in dialog.findChildren(QLabel)}
    assert labels["&Keep days"] is spin and spin.accessibleName() == "Keep days"
    assert box.text() == box.accessibleName() == "Confirm undo"
    assert spin.text() == "30 days" and "From 1 to 365 days" in spin.toolTip()
    assert spin.toolTip().startswith("How many days the change log keeps.")

    await tab_to(qtbot, dialog.control(UNDO_DEPTH), spin)  # after Assistant edits, in order
    type_into(qtbot, spin, "400")
    qtbot.keyClick(spin, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is box
    qtbot.keyClick(box, Qt.Key.Key_Space)
    qtbot.keyClick(dialog.ok_button, Qt.Key.Key_Return)
    await until(dialog.problem_label.isVisible)
    assert dialog.problem_label.text() == (
        "Keep days must be a whole number from 1 to 365 days, not 400."
    )
    assert QApplication.focusWidget() is spin and await settings.get(days) == 30

    type_into(qtbot, spin, "90")
    qtbot.keyClick(dialog.ok_button, Qt.Key.Key_Return)
    await until(lambda: dialog.result() == SettingsDialog.DialogCode.Accepted)
    assert await settings.get(days) == 90
    assert await settings.get(confirm) is True

    again = await make_dialog()
    await until(again.control(days).isEnabled)
    assert again.control(days).text() == "90 days"
    assert again.control(confirm).isChecked()  # type: ignore[attr-defined]
