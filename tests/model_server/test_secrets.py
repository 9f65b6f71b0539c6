"""API keys: in the keyring when there is one, else for this session with a clear warning."""

from __future__ import annotations

import keyring
import pytest
from keyring.backend import KeyringBackend
from keyring.backends.fail import Keyring as FailKeyring
from keyring.backends.null import Keyring as NullKeyring
from keyring.errors import KeyringLocked, NoKeyringError

from concierge.model_server import SecretSource, SecretStore
from concierge.model_server.secrets import ENVIRONMENT_VARIABLE, SERVICE
from tests.fakes.memory_keyring import MemoryKeyring

URL = "http://localhost:11434/v1"


class RaisingKeyring(KeyringBackend):
    """What keyring does on a headless Linux box with no keyring service."""

    priority = 1

    def __init__(self, error: Exception) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.error = error

    def get_password(self, service: str, username: str) -> str | None:
        raise self.error

    def set_password(self, service: str, username: str, password: str) -> None:
        raise self.error

    def delete_password(self, service: str, username: str) -> None:
        raise self.error


@pytest.fixture(autouse=True)
def no_environment_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENVIRONMENT_VARIABLE, raising=False)


async def test_keys_are_kept_in_the_keyring(memory_keyring: MemoryKeyring) -> None:
    store = SecretStore()
    assert await store.get(URL) is None
    saved = await store.set(URL, "sk-local")
    assert saved.persistent
    assert saved.message == "The API key is saved in the keyring (memory keyring MemoryKeyring)."
    assert memory_keyring.passwords == {(SERVICE, URL): "sk-local"}
    secret = await SecretStore().get(URL)  # a new store: it really is in the keyring
    assert secret is not None
    assert (secret.value, secret.source) == ("sk-local", SecretSource.KEYRING)
    await store.delete(URL)
    await store.delete(URL)  # nothing left: harmless
    assert await store.get(URL) is None


async def test_accounts_are_separate(memory_keyring: MemoryKeyring) -> None:
    store = SecretStore()
    await store.set(URL, "one")
    await store.set("openai", "two")
    assert (await store.get(URL)).value == "one"  # type: ignore[union-attr]
    assert (await store.get("openai")).value == "two"  # type: ignore[union-attr]


async def test_without_a_keyring_the_key_lasts_for_the_session() -> None:
    keyring.set_keyring(RaisingKeyring(NoKeyringError("No recommended backend")))
    store = SecretStore()
    saved = await store.set(URL, "sk-session")
    assert saved.persistent is False
    assert saved.message is not None
    assert "kept only until Concierge quits" in saved.message
    assert "keyring" in saved.message
    secret = await store.get(URL)
    assert secret is not None
    assert (secret.value, secret.source) == ("sk-session", SecretSource.SESSION)
    assert await SecretStore().get(URL) is None  # nothing persisted
    await store.delete(URL)
    assert await store.get(URL) is None


async def test_a_failing_keyring_falls_back_with_its_reason() -> None:
    keyring.set_keyring(RaisingKeyring(KeyringLocked("the collection is locked")))
    store = SecretStore()
    saved = await store.set(URL, "sk-session")
    assert saved.persistent is False
    assert "the collection is locked" in (saved.message or "")
    assert (await store.get(URL)).source is SecretSource.SESSION  # type: ignore[union-attr]


async def test_the_environment_key_is_used_when_none_is_stored(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(ENVIRONMENT_VARIABLE, "sk-env")
    store = SecretStore()
    secret = await store.get(URL)
    assert secret is not None
    assert (secret.value, secret.source) == ("sk-env", SecretSource.ENVIRONMENT)
    await store.set(URL, "sk-stored")
    assert (await store.get(URL)).value == "sk-stored"  # type: ignore[union-attr]


async def test_a_keyring_that_drops_the_key_is_not_reported_as_keeping_it() -> None:
    """keyring's null backend accepts every key and keeps none: reading it back tells."""
    keyring.set_keyring(NullKeyring())
    store = SecretStore()
    saved = await store.set(URL, "sk-dropped")
    assert saved.persistent is False
    assert saved.message is not None
    assert "did not keep the API key" in saved.message
    assert "null Keyring" in saved.message
    assert "kept only until Concierge quits" in saved.message
    secret = await store.get(URL)
    assert secret is not None
    assert (secret.value, secret.source) == ("sk-dropped", SecretSource.SESSION)
    assert "only until Concierge quits" in store.where(secret.source)


async def test_the_fail_keyring_keeps_the_key_for_the_session() -> None:
    keyring.set_keyring(FailKeyring())
    store = SecretStore()
    saved = await store.set(URL, "sk-session")
    assert saved.persistent is False
    assert (await store.get(URL)).source is SecretSource.SESSION  # type: ignore[union-attr]
