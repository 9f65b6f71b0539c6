"""Every store test works on a real SQLite file under `tmp_path`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from concierge.store import Database


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "concierge.db"


@pytest.fixture
def database(db_path: Path) -> Iterator[Database]:
    with Database.open(db_path) as database:
        yield database
