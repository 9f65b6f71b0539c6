"""Every store test works on a real SQLite file under `tmp_path`, and none can reach the
real system keyring."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import keyring
import keyring.core
import pytest
from keyring.backend import KeyringBackend

from concierge.store import (
    ChangeBus,
    ChangeHistory,
    Database,
    ItineraryRepository,
    TripRepository,
)


class MemoryKeyring(KeyringBackend):
    """A keyring that lives in a dict, for tests."""

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


@pytest.fixture(autouse=True)
def memory_keyring(monkeypatch: pytest.MonkeyPatch) -> MemoryKeyring:
    """Installed before any test code runs; the previous backend comes back afterwards."""
    monkeypatch.setattr(keyring.core, "_keyring_backend", None)
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    return backend


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "concierge.db"


@pytest.fixture
def database(db_path: Path) -> Iterator[Database]:
    with Database.open(db_path) as database:
        yield database


@pytest.fixture
def bus() -> ChangeBus:
    return ChangeBus()


@pytest.fixture
def trips(database: Database, bus: ChangeBus) -> TripRepository:
    return TripRepository(database, bus)


@pytest.fixture
def itinerary(database: Database, bus: ChangeBus) -> ItineraryRepository:
    return ItineraryRepository(database, bus)


@pytest.fixture
def history(database: Database, bus: ChangeBus) -> ChangeHistory:
    return ChangeHistory(database, bus)
