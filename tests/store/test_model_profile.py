"""The model profile: presets, environment overrides and keys per server."""

from __future__ import annotations

import keyring
import pytest
from keyring.errors import NoKeyringError
from sqlmodel import Session

from concierge.agent import SnapshotLayout
from concierge.store import Database, SecretSource, SecretStore, Settings
from concierge.store.errors import InvalidSettingError
from concierge.store.model_profile import (
    ENV_API_KEY,
    ENV_BASE_URL,
    ENV_MODEL,
    PRESETS,
    ModelProfile,
    base_url_problem,
    load_profile,
    preset_for,
    save_profile,
    stored_key,
)
from concierge.store.secrets import SERVICE
from concierge.store.settings import (
    MODEL_BASE_URL,
    MODEL_CONNECT_TIMEOUT,
    MODEL_CONTEXT_UPDATES,
    MODEL_IDLE_TIMEOUT,
    MODEL_NAME,
    MODEL_SNAPSHOT_LAYOUT,
)
from concierge.store.tables import AppSetting
from tests.store.conftest import MemoryKeyring
from tests.store.test_secrets import RaisingKeyring

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
    values: dict[str, object] = {
        "preset": "ollama",
        "base_url": "http://localhost:11434/v1",
        "model": "llama3.1",
        "api_key": None,
        "key_source": None,
        "merge_user_turns": False,
    }
    values.update(changes)
    return ModelProfile(**values)  # type: ignore[arg-type]


# -- presets and problems --------------------------------------------------------------------


def test_presets_match_the_servers_people_use() -> None:
    urls = {p.label: p.base_url for p in PRESETS}
    assert urls == {
        "OpenAI": OPENAI_URL,
        "Ollama": "http://localhost:11434/v1",
        "LM Studio": "http://localhost:1234/v1",
        "llama.cpp server": "http://127.0.0.1:8080/v1",
        "vLLM": "http://localhost:8000/v1",
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


def test_the_client_key_is_the_real_one_or_none_never_a_stand_in() -> None:
    assert profile().client_api_key is None
    assert profile(preset="lmstudio").client_api_key is None
    assert profile(api_key="sk-real").client_api_key == "sk-real"


# -- load and save ---------------------------------------------------------------------------


async def test_a_fresh_database_gives_the_default_profile(settings: Settings) -> None:
    loaded = await load_profile(settings, SecretStore(), NO_ENVIRONMENT)
    assert loaded == ModelProfile(
        preset="ollama",
        base_url="http://localhost:11434/v1",
        model="",
        api_key=None,
        key_source=None,
        merge_user_turns=False,
        overridden=(),
    )
    assert loaded.problem == "Choose a model in Settings."
    assert (loaded.connect_timeout, loaded.idle_timeout) == (10.0, 60.0)


async def test_the_model_timeouts_are_settings_the_profile_carries(settings: Settings) -> None:
    await settings.set(MODEL_CONNECT_TIMEOUT, 3.0)
    await settings.set(MODEL_IDLE_TIMEOUT, 20.0)
    loaded = await load_profile(settings, SecretStore(), NO_ENVIRONMENT)
    assert (loaded.connect_timeout, loaded.idle_timeout) == (3.0, 20.0)
    with pytest.raises(InvalidSettingError):
        await settings.set(MODEL_IDLE_TIMEOUT, 0.0)


async def test_saved_settings_and_key_read_back(
    settings: Settings, memory_keyring: MemoryKeyring
) -> None:
    secrets = SecretStore()
    saved = await save_profile(
        settings, secrets, "openai", f" {OPENAI_URL}/ ", " gpt-4o-mini ", "sk-test", True
    )
    assert saved is not None and saved.persistent
    assert memory_keyring.passwords == {(SERVICE, OPENAI_URL): "sk-test"}
    loaded = await load_profile(settings, SecretStore(), NO_ENVIRONMENT)
    assert loaded == ModelProfile(
        "openai", OPENAI_URL, "gpt-4o-mini", "sk-test", SecretSource.KEYRING, True, ()
    )
    assert loaded.is_usable


async def test_each_server_keeps_its_own_key(settings: Settings) -> None:
    secrets = SecretStore()
    await save_profile(settings, secrets, "openai", OPENAI_URL, "m", "sk-openai", False)
    await save_profile(
        settings, secrets, "vllm", "http://localhost:8000/v1", "m", "vllm-key", False
    )
    assert await stored_key(secrets, OPENAI_URL + "/") == "sk-openai"
    assert (await load_profile(settings, secrets, NO_ENVIRONMENT)).api_key == "vllm-key"


async def test_an_empty_key_forgets_the_stored_one(
    settings: Settings, memory_keyring: MemoryKeyring
) -> None:
    secrets = SecretStore()
    await save_profile(settings, secrets, "custom", "http://h:1/v1", "m", "k", False)
    assert (
        await save_profile(settings, secrets, "custom", "http://h:1/v1", "m", "  ", False) is None
    )
    assert memory_keyring.passwords == {}
    loaded = await load_profile(settings, secrets, NO_ENVIRONMENT)
    assert (loaded.api_key, loaded.key_source) == (None, None)


async def test_without_a_keyring_the_key_is_kept_for_the_session(settings: Settings) -> None:
    keyring.set_keyring(RaisingKeyring(NoKeyringError("No recommended backend")))
    secrets = SecretStore()
    saved = await save_profile(settings, secrets, "openai", OPENAI_URL, "gpt", "sk-s", False)
    assert saved is not None and not saved.persistent
    assert saved.message is not None and "only until Concierge quits" in saved.message
    loaded = await load_profile(settings, secrets, NO_ENVIRONMENT)
    assert (loaded.api_key, loaded.key_source) == ("sk-s", SecretSource.SESSION)


async def test_environment_variables_override_stored_values(settings: Settings) -> None:
    secrets = SecretStore()
    await save_profile(
        settings, secrets, "ollama", "http://localhost:11434/v1", "llama3.1", "", False
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
        settings, secrets, "ollama", "http://localhost:11434/v1", "llama3.1", "", False
    )
    environ = {ENV_BASE_URL: "http://gpu-box:8000/v1", ENV_API_KEY: "sk-env", ENV_MODEL: "qwen"}
    result = await save_profile(
        settings, secrets, "vllm", "http://gpu-box:8000/v1", "qwen", "sk-env", True, environ=environ
    )
    assert result is None  # the key comes from the environment: nothing to store
    assert memory_keyring.passwords == {}
    assert await settings.get(MODEL_BASE_URL) == "http://localhost:11434/v1"
    assert await settings.get(MODEL_NAME) == "llama3.1"
    assert (await load_profile(settings, secrets, NO_ENVIRONMENT)).merge_user_turns is True


async def test_context_budget_round_trips_and_keeps_its_minimum(
    settings: Settings, memory_keyring: MemoryKeyring
) -> None:
    secrets = SecretStore()
    assert (await load_profile(settings, secrets, NO_ENVIRONMENT)).context_budget == 24_000
    url = "http://localhost:11434/v1"
    await save_profile(settings, secrets, "ollama", url, "m", "", False, context_budget=96_000)
    assert (await load_profile(settings, secrets, NO_ENVIRONMENT)).context_budget == 96_000
    await save_profile(settings, secrets, "ollama", url, "m", "", False)  # not given: kept
    assert (await load_profile(settings, secrets, NO_ENVIRONMENT)).context_budget == 96_000
    with pytest.raises(InvalidSettingError):
        await save_profile(settings, secrets, "vllm", url, "m", "", False, context_budget=100)
    refused = await load_profile(settings, secrets, NO_ENVIRONMENT)
    assert (refused.context_budget, refused.preset) == (96_000, "ollama")


async def test_the_snapshot_layout_round_trips_and_a_damaged_value_reads_as_the_default(
    settings: Settings, database: Database, memory_keyring: MemoryKeyring
) -> None:
    secrets = SecretStore()
    default = MODEL_SNAPSHOT_LAYOUT.default
    assert (await load_profile(settings, secrets, NO_ENVIRONMENT)).snapshot_layout is default
    url = "http://127.0.0.1:8080/v1"
    other = next(layout for layout in SnapshotLayout if layout is not default)
    await save_profile(settings, secrets, "llamacpp", url, "m", "", False, snapshot_layout=other)
    assert (await load_profile(settings, secrets, NO_ENVIRONMENT)).snapshot_layout is other
    await save_profile(settings, secrets, "llamacpp", url, "m", "", False)  # not given: kept
    assert (await load_profile(settings, secrets, NO_ENVIRONMENT)).snapshot_layout is other
    with pytest.raises(InvalidSettingError, match=r"model\.snapshot_layout"):
        await settings.set(MODEL_SNAPSHOT_LAYOUT, "sideways")  # type: ignore[arg-type]

    def damage(session: Session) -> None:
        row = session.get(AppSetting, MODEL_SNAPSHOT_LAYOUT.key)
        assert row is not None
        row.value = '"sideways"'

    await database.run(damage)
    assert (await load_profile(settings, secrets, NO_ENVIRONMENT)).snapshot_layout is default


async def test_the_given_environment_alone_decides(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV_API_KEY, "sk-from-the-shell")
    loaded = await load_profile(settings, SecretStore(), NO_ENVIRONMENT)
    assert (loaded.api_key, loaded.overridden) == (None, ())


async def test_runtime_context_as_changes_is_off_until_saved_on(settings: Settings) -> None:
    assert (await load_profile(settings, SecretStore(), NO_ENVIRONMENT)).context_updates is False
    save = ("ollama", "http://localhost:11434/v1", "llama3.1", None, False)
    await save_profile(settings, SecretStore(), *save, environ=NO_ENVIRONMENT)
    assert await settings.get(MODEL_CONTEXT_UPDATES) is False  # not given: left as stored
    await save_profile(settings, SecretStore(), *save, context_updates=True, environ=NO_ENVIRONMENT)
    assert (await load_profile(settings, SecretStore(), NO_ENVIRONMENT)).context_updates is True
    await save_profile(settings, SecretStore(), *save, environ=NO_ENVIRONMENT)
    assert await settings.get(MODEL_CONTEXT_UPDATES) is True
