"""Model server tests store settings in a real SQLite file under `tmp_path`, and none can
reach the real system keyring."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from concierge.store import Database
from tests.fakes.memory_keyring import MemoryKeyring


@pytest.fixture(autouse=True)
def _no_system_keyring(memory_keyring: MemoryKeyring) -> MemoryKeyring:
    return memory_keyring


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Database]:
    with Database.open(tmp_path / "data" / "concierge.db") as database:
        yield database
