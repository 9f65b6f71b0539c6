"""The model profile: presets, environment overrides and keys per server."""

from __future__ import annotations

from typing import Any

import keyring
import pytest
from keyring.errors import NoKeyringError
from sqlmodel import Session

from concierge.agent import SnapshotLayout
from concierge.model.settings import (
    ASSISTANT_CONTEXT_BUDGET,
    MODEL_API_KEY,
    MODEL_BASE_URL,
    MODEL_CONNECT_TIMEOUT,
    MODEL_CONTEXT_UPDATES,
    MODEL_IDLE_TIMEOUT,
    MODEL_MERGE_USER_TURNS,
    MODEL_NAME,
    MODEL_PRESET,
    MODEL_SNAPSHOT_LAYOUT,
    Setting,
)
from concierge.model_server import (
    ENV_API_KEY,
    ENV_BASE_URL,
    ENV_MODEL,
    PRESETS,
    ModelProfile,
    SecretSource,
    SecretStore,
    base_url_problem,
    is_local,
    load_profile,
    preset_for,
    save_profile,
    stored_key,
)
from concierge.model_server.secrets import SERVICE
from concierge.store import Database, Settings
from concierge.store.errors import InvalidSettingError
from concierge.store.tables import AppSetting
from tests.model_server.test_secrets import RaisingKeyring
from tests.store.conftest import MemoryKeyring

OPENAI_URL = "https://api.openai.com/v1"
NO_ENVIRONMENT: dict[str, str] = {}


@pytest.fixture(autouse=True)
def no_environment_key(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (ENV_API_KEY, ENV_BASE_URL, ENV_MODEL):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def settings(database: Database) -> Settings:
    return Settings(database)


def profile(**changes: object) -> ModelProfile:
    names = {
        "preset": MODEL_PRESET,
        "base_url": MODEL_BASE_URL,
        "model": MODEL_NAME,
        "api_key": MODEL_API_KEY,
    }
    values: dict[Setting[Any], object] = {
        MODEL_PRESET: "ollama",
        MODEL_BASE_URL: "http://localhost:11434/v1",
        MODEL_NAME: "llama3.1",
    }
    values.update({names[name]: value for name, value in changes.items()})
    return ModelProfile.of(values)


# -- presets and problems --------------------------------------------------------------------


def test_presets_match_the_servers_people_use() -> None:
    urls = {p.label: p.base_url for p in PRESETS}
    assert urls == {
        "OpenAI": OPENAI_URL,
        "Ollama": "http://localhost:11434/v1",
        "LM Studio": "http://localhost:1234/v1",
        "llama.cpp server": "http://127.0.0.1:8080/v1",
        "vLLM": "http://localhost:8000/v1",
        "Jan": "http://localhost:1337/v1",
        "LocalAI": "http://localhost:8080/v1",
        "Custom": "",
    }
    assert all(p.hint and "\n" not in p.hint for p in PRESETS)
    assert [p.label for p in PRESETS if p.key_required] == ["OpenAI"]
    assert "--enable-auto-tool-choice" in preset_for("vllm").hint
    assert "template" in preset_for("llamacpp").hint
    assert preset_for("something-from-a-newer-version").key == "custom"


def test_problems_are_sentences_for_the_person() -> None:
    assert profile().is_usable and profile().problem is None
    assert profile(model="").problem == "Choose a model in Settings."
    assert "base URL" in (profile(base_url="").problem or "")
    assert "http://" in (profile(base_url="localhost:11434").problem or "")
    needs_key = profile(preset="openai", base_url=OPENAI_URL, model="gpt-4o-mini")
    assert not needs_key.is_usable
    assert needs_key.problem is not None and "OpenAI needs an API key" in needs_key.problem
    assert profile(preset="lmstudio", base_url="http://localhost:1234/v1").is_usable
    assert base_url_problem(" http://h:1/v1/ ") is None


def test_a_server_on_a_loopback_address_is_local() -> None:
    """Where a long silence may be a model loading: the chat says so."""
    local = ["http://localhost:11434/v1", "http://127.0.0.1:1234/v1", "http://[::1]:8080/v1"]
    assert all(is_local(url) for url in local)
    remote = ["https://api.openai.com/v1", "http://192.168.1.20:11434/v1", "http://h:1/v1"]
    assert not any(is_local(url) for url in remote)


def test_the_client_key_is_the_real_one_or_none_never_a_stand_in() -> None:
    assert profile().client_api_key is None
    assert profile(preset="lmstudio").client_api_key is None
    assert profile(api_key="sk-real").client_api_key == "sk-real"


# -- load and save ---------------------------------------------------------------------------


async def test_a_fresh_database_gives_the_default_profile(settings: Settings) -> None:
    loaded = await load_profile(settings, SecretStore(), NO_ENVIRONMENT)
    assert loaded == ModelProfile.of(
        {
            MODEL_PRESET: "ollama",
            MODEL_BASE_URL: "http://localhost:11434/v1",
            MODEL_NAME: "",
            MODEL_API_KEY: None,
            MODEL_MERGE_USER_TURNS: False,
        },
        key_source=None,
        overridden=(),
    )
    assert loaded.problem == "Choose a model in Settings."
    assert (loaded[MODEL_CONNECT_TIMEOUT], loaded[MODEL_IDLE_TIMEOUT]) == (10.0, 60.0)


async def test_the_model_timeouts_are_settings_the_profile_carries(settings: Settings) -> None:
    await settings.set(MODEL_CONNECT_TIMEOUT, 3.0)
    await settings.set(MODEL_IDLE_TIMEOUT, 20.0)
    loaded = await load_profile(settings, SecretStore(), NO_ENVIRONMENT)
    assert (loaded[MODEL_CONNECT_TIMEOUT], loaded[MODEL_IDLE_TIMEOUT]) == (3.0, 20.0)
    with pytest.raises(InvalidSettingError):
        await settings.set(MODEL_IDLE_TIMEOUT, 0.0)


async def test_saved_settings_and_key_read_back(
    settings: Settings, memory_keyring: MemoryKeyring
) -> None:
    secrets = SecretStore()
    saved = await save_profile(
        settings,
        secrets,
        {
            MODEL_PRESET: "openai",
            MODEL_BASE_URL: f" {OPENAI_URL}/ ",
            MODEL_NAME: " gpt-4o-mini ",
            MODEL_API_KEY: "sk-test",
            MODEL_MERGE_USER_TURNS: True,
        },
    )
    assert saved is not None and saved.persistent
    assert memory_keyring.passwords == {(SERVICE, OPENAI_URL): "sk-test"}
    loaded = await load_profile(settings, SecretStore(), NO_ENVIRONMENT)
    assert loaded == ModelProfile.of(
        {
            MODEL_PRESET: "openai",
            MODEL_BASE_URL: OPENAI_URL,
            MODEL_NAME: "gpt-4o-mini",
            MODEL_API_KEY: "sk-test",
            MODEL_MERGE_USER_TURNS: True,
        },
        key_source=SecretSource.KEYRING,
        overridden=(),
    )
    assert loaded.is_usable


async def test_each_server_keeps_its_own_key(settings: Settings) -> None:
    secrets = SecretStore()
    await save_profile(
        settings,
        secrets,
        {
            MODEL_PRESET: "openai",
            MODEL_BASE_URL: OPENAI_URL,
            MODEL_NAME: "m",
            MODEL_API_KEY: "sk-openai",
            MODEL_MERGE_USER_TURNS: False,
        },
    )
    await save_profile(
        settings,
        secrets,
        {
            MODEL_PRESET: "vllm",
            MODEL_BASE_URL: "http://localhost:8000/v1",
            MODEL_NAME: "m",
            MODEL_API_KEY: "vllm-key",
            MODEL_MERGE_USER_TURNS: False,
        },
    )
    assert await stored_key(secrets, OPENAI_URL + "/") == "sk-openai"
    assert (await load_profile(settings, secrets, NO_ENVIRONMENT)).api_key == "vllm-key"


async def test_an_empty_key_forgets_the_stored_one(
    settings: Settings, memory_keyring: MemoryKeyring
) -> None:
    secrets = SecretStore()
    await save_profile(
        settings,
        secrets,
        {
            MODEL_PRESET: "custom",
            MODEL_BASE_URL: "http://h:1/v1",
            MODEL_NAME: "m",
            MODEL_API_KEY: "k",
            MODEL_MERGE_USER_TURNS: False,
        },
    )
    assert (
        await save_profile(
            settings,
            secrets,
            {
                MODEL_PRESET: "custom",
                MODEL_BASE_URL: "http://h:1/v1",
                MODEL_NAME: "m",
                MODEL_API_KEY: "  ",
                MODEL_MERGE_USER_TURNS: False,
            },
        )
        is None
    )
    assert memory_keyring.passwords == {}
    loaded = await load_profile(settings, secrets, NO_ENVIRONMENT)
    assert (loaded.api_key, loaded.key_source) == (None, None)


async def test_without_a_keyring_the_key_is_kept_for_the_session(settings: Settings) -> None:
    keyring.set_keyring(RaisingKeyring(NoKeyringError("No recommended backend")))
    secrets = SecretStore()
    saved = await save_profile(
        settings,
        secrets,
        {
            MODEL_PRESET: "openai",
            MODEL_BASE_URL: OPENAI_URL,
            MODEL_NAME: "gpt",
            MODEL_API_KEY: "sk-s",
            MODEL_MERGE_USER_TURNS: False,
        },
    )
    assert saved is not None and not saved.persistent
    assert saved.message is not None and "only until Concierge quits" in saved.message
    loaded = await load_profile(settings, secrets, NO_ENVIRONMENT)
    assert (loaded.api_key, loaded.key_source) == ("sk-s", SecretSource.SESSION)


async def test_environment_variables_override_stored_values(settings: Settings) -> None:
    secrets = SecretStore()
    await save_profile(
        settings,
        secrets,
        {
            MODEL_PRESET: "ollama",
            MODEL_BASE_URL: "http://localhost:11434/v1",
            MODEL_NAME: "llama3.1",
            MODEL_API_KEY: "",
            MODEL_MERGE_USER_TURNS: False,
        },
    )
    environ = {ENV_BASE_URL: "http://gpu-box:8000/v1/", ENV_API_KEY: "sk-env", ENV_MODEL: "qwen"}
    loaded = await load_profile(settings, secrets, environ)
    assert (loaded.base_url, loaded.api_key, loaded.model) == (
        "http://gpu-box:8000/v1",
        "sk-env",
        "qwen",
    )
    assert loaded.key_source is SecretSource.ENVIRONMENT
    assert loaded.overridden == (ENV_BASE_URL, ENV_API_KEY, ENV_MODEL)

    partly = await load_profile(settings, secrets, {ENV_MODEL: "qwen", ENV_BASE_URL: " "})
    assert partly.overridden == (ENV_MODEL,)  # blank values do not count
    assert partly.base_url == "http://localhost:11434/v1"


async def test_saving_leaves_overridden_fields_as_stored(
    settings: Settings, memory_keyring: MemoryKeyring
) -> None:
    secrets = SecretStore()
    await save_profile(
        settings,
        secrets,
        {
            MODEL_PRESET: "ollama",
            MODEL_BASE_URL: "http://localhost:11434/v1",
            MODEL_NAME: "llama3.1",
            MODEL_API_KEY: "",
            MODEL_MERGE_USER_TURNS: False,
        },
    )
    environ = {ENV_BASE_URL: "http://gpu-box:8000/v1", ENV_API_KEY: "sk-env", ENV_MODEL: "qwen"}
    result = await save_profile(
        settings,
        secrets,
        {
            MODEL_PRESET: "vllm",
            MODEL_BASE_URL: "http://gpu-box:8000/v1",
            MODEL_NAME: "qwen",
            MODEL_API_KEY: "sk-env",
            MODEL_MERGE_USER_TURNS: True,
        },
        environ=environ,
    )
    assert result is None  # the key comes from the environment: nothing to store
    assert memory_keyring.passwords == {}
    assert await settings.get(MODEL_BASE_URL) == "http://localhost:11434/v1"
    assert await settings.get(MODEL_NAME) == "llama3.1"
    assert (await load_profile(settings, secrets, NO_ENVIRONMENT))[MODEL_MERGE_USER_TURNS] is True


async def test_context_budget_round_trips_and_keeps_its_minimum(
    settings: Settings, memory_keyring: MemoryKeyring
) -> None:
    secrets = SecretStore()
    assert (await load_profile(settings, secrets, NO_ENVIRONMENT))[
        ASSISTANT_CONTEXT_BUDGET
    ] == 24_000
    url = "http://localhost:11434/v1"
    await save_profile(
        settings,
        secrets,
        {
            MODEL_PRESET: "ollama",
            MODEL_BASE_URL: url,
            MODEL_NAME: "m",
            MODEL_API_KEY: "",
            MODEL_MERGE_USER_TURNS: False,
            ASSISTANT_CONTEXT_BUDGET: 96_000,
        },
    )
    assert (await load_profile(settings, secrets, NO_ENVIRONMENT))[
        ASSISTANT_CONTEXT_BUDGET
    ] == 96_000
    await save_profile(
        settings,
        secrets,
        {
            MODEL_PRESET: "ollama",
            MODEL_BASE_URL: url,
            MODEL_NAME: "m",
            MODEL_API_KEY: "",
            MODEL_MERGE_USER_TURNS: False,
        },
    )  # not given: kept
    assert (await load_profile(settings, secrets, NO_ENVIRONMENT))[
        ASSISTANT_CONTEXT_BUDGET
    ] == 96_000
    with pytest.raises(InvalidSettingError):
        await save_profile(
            settings,
            secrets,
            {
                MODEL_PRESET: "vllm",
                MODEL_BASE_URL: url,
                MODEL_NAME: "m",
                MODEL_API_KEY: "",
                MODEL_MERGE_USER_TURNS: False,
                ASSISTANT_CONTEXT_BUDGET: 100,
            },
        )
    refused = await load_profile(settings, secrets, NO_ENVIRONMENT)
    assert (refused[ASSISTANT_CONTEXT_BUDGET], refused.preset) == (96_000, "ollama")


async def test_the_snapshot_layout_round_trips_and_a_damaged_value_reads_as_the_default(
    settings: Settings, database: Database, memory_keyring: MemoryKeyring
) -> None:
    secrets = SecretStore()
    default = MODEL_SNAPSHOT_LAYOUT.default
    assert (await load_profile(settings, secrets, NO_ENVIRONMENT))[MODEL_SNAPSHOT_LAYOUT] is default
    url = "http://127.0.0.1:8080/v1"
    other = next(layout for layout in SnapshotLayout if layout is not default)
    await save_profile(
        settings,
        secrets,
        {
            MODEL_PRESET: "llamacpp",
            MODEL_BASE_URL: url,
            MODEL_NAME: "m",
            MODEL_API_KEY: "",
            MODEL_MERGE_USER_TURNS: False,
            MODEL_SNAPSHOT_LAYOUT: other,
        },
    )
    assert (await load_profile(settings, secrets, NO_ENVIRONMENT))[MODEL_SNAPSHOT_LAYOUT] is other
    await save_profile(
        settings,
        secrets,
        {
            MODEL_PRESET: "llamacpp",
            MODEL_BASE_URL: url,
            MODEL_NAME: "m",
            MODEL_API_KEY: "",
            MODEL_MERGE_USER_TURNS: False,
        },
    )  # not given: kept
    assert (await load_profile(settings, secrets, NO_ENVIRONMENT))[MODEL_SNAPSHOT_LAYOUT] is other
    with pytest.raises(InvalidSettingError, match=r"model\.snapshot_layout"):
        await settings.set(MODEL_SNAPSHOT_LAYOUT, "sideways")  # type: ignore[arg-type]

    def damage(session: Session) -> None:
        row = session.get(AppSetting, MODEL_SNAPSHOT_LAYOUT.key)
        assert row is not None
        row.value = '"sideways"'

    await database.run(damage)
    assert (await load_profile(settings, secrets, NO_ENVIRONMENT))[MODEL_SNAPSHOT_LAYOUT] is default


async def test_the_given_environment_alone_decides(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV_API_KEY, "sk-from-the-shell")
    loaded = await load_profile(settings, SecretStore(), NO_ENVIRONMENT)
    assert (loaded.api_key, loaded.overridden) == (None, ())


async def test_runtime_context_as_changes_is_off_until_saved_on(settings: Settings) -> None:
    assert (await load_profile(settings, SecretStore(), NO_ENVIRONMENT))[
        MODEL_CONTEXT_UPDATES
    ] is False
    save = {
        MODEL_PRESET: "ollama",
        MODEL_BASE_URL: "http://localhost:11434/v1",
        MODEL_NAME: "llama3.1",
        MODEL_API_KEY: "",
        MODEL_MERGE_USER_TURNS: False,
    }
    await save_profile(settings, SecretStore(), save, environ=NO_ENVIRONMENT)
    assert await settings.get(MODEL_CONTEXT_UPDATES) is False  # not given: left as stored
    await save_profile(
        settings, SecretStore(), {**save, MODEL_CONTEXT_UPDATES: True}, environ=NO_ENVIRONMENT
    )
    assert (await load_profile(settings, SecretStore(), NO_ENVIRONMENT))[
        MODEL_CONTEXT_UPDATES
    ] is True
    await save_profile(settings, SecretStore(), save, environ=NO_ENVIRONMENT)
    assert await settings.get(MODEL_CONTEXT_UPDATES) is True
