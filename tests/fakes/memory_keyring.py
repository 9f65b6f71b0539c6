"""A keyring that lives in a dict, so no test can reach the system keyring."""

from __future__ import annotations

import keyring
import keyring.core
import pytest
from keyring.backend import KeyringBackend


class MemoryKeyring(KeyringBackend):
    priority = 1

    def __init__(self) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.passwords: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.passwords.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.passwords[service, username] = password

    def delete_password(self, service: str, username: str) -> None:
        if self.passwords.pop((service, username), None) is None:
            raise keyring.errors.PasswordDeleteError(username)


@pytest.fixture
def memory_keyring(monkeypatch: pytest.MonkeyPatch) -> MemoryKeyring:
    """Installed before any test code runs; the previous backend comes back afterwards."""
    monkeypatch.setattr(keyring.core, "_keyring_backend", None)
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    return backend
