"""An OpenAI key in one paste: checked against a fake that refuses a wrong key as OpenAI does
(401, "Incorrect API key provided"), kept in the keyring only once accepted, with the models
it can use; then connected as a found server is, the key read back by the profile."""

from __future__ import annotations

from pathlib import Path

import pytest

from concierge.model_server import (
    ENV_API_KEY,
    ENV_BASE_URL,
    ENV_MODEL,
    HOSTED,
    ConnectionCheckError,
    SecretSource,
    SecretStore,
    WrongKeyError,
    connect_found,
    list_models,
    load_profile,
    verify_key,
)
from concierge.store import Database, Settings
from tests.fakes import FakeOpenAIServer
from tests.fakes.memory_keyring import MemoryKeyring
from tests.fakes.ollama_server import preset_at

RIGHT = "sk-proj-right-key-0123456789"
WRONG = "sk-proj-wrong-key-9876543210"
MODELS = ("gpt-4.1-mini", "gpt-4o")


@pytest.fixture(autouse=True)
def no_environment_key(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (ENV_API_KEY, ENV_BASE_URL, ENV_MODEL):
        monkeypatch.delenv(name, raising=False)


def test_the_hosted_servers_are_those_that_need_a_key() -> None:
    assert [preset.label for preset in HOSTED] == ["OpenAI"]


async def test_a_pasted_key_is_checked_kept_and_lists_its_models(
    tmp_path: Path, memory_keyring: MemoryKeyring
) -> None:
    with FakeOpenAIServer(models=MODELS, api_keys={RIGHT}) as openai:
        preset = preset_at("openai", openai.base_url)
        secrets = SecretStore()
        server, saved = await verify_key(secrets, preset, f"  {RIGHT}\n")
        assert server.models == MODELS and server.base_url == openai.base_url
        assert saved.persistent
        assert memory_keyring.passwords == {("Concierge", openai.base_url): RIGHT}
        assert openai.requests[-1].headers["authorization"] == f"Bearer {RIGHT}"

        database = Database.open(tmp_path / "concierge.db")
        try:
            settings = Settings(database)
            profile = await connect_found(settings, secrets, server, "gpt-4o")
            assert (profile.preset, profile.model, profile.api_key) == ("openai", "gpt-4o", RIGHT)
            assert profile.key_source is SecretSource.KEYRING and profile.is_usable
            reloaded = await load_profile(settings, SecretStore(), {})
            assert reloaded.api_key == RIGHT
        finally:
            database.close()


async def test_a_wrong_key_is_named_as_such_and_not_kept(memory_keyring: MemoryKeyring) -> None:
    with FakeOpenAIServer(models=MODELS, api_keys={RIGHT}) as openai:
        preset = preset_at("openai", openai.base_url)
        with pytest.raises(WrongKeyError) as refused:
            await verify_key(SecretStore(), preset, WRONG)
        assert refused.value.status_code == 401
        assert str(refused.value) == (
            "OpenAI does not accept this API key: it is wrong, revoked, or belongs to another "
            "server. Copy it again from OpenAI's site."
        )
        assert memory_keyring.passwords == {}
        with pytest.raises(WrongKeyError):
            await verify_key(SecretStore(), preset, "   ")
        assert len(openai.requests) == 1  # a blank key is not sent


async def test_the_fake_refuses_as_openai_does(memory_keyring: MemoryKeyring) -> None:
    with FakeOpenAIServer(api_keys={RIGHT}) as openai:
        for key, words in ((WRONG, "Incorrect API key provided: sk-"), (None, "didn't provide")):
            with pytest.raises(ConnectionCheckError) as refused:
                await list_models(openai.base_url, key)
            assert refused.value.status_code == 401
            assert words in str(refused.value)
