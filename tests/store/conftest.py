"""Every store test works on a real SQLite file under `tmp_path`, and none can reach the
real system keyring."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from concierge.store import (
    ChangeBus,
    ChangeHistory,
    Database,
    FormAnswerRepository,
    GoalRepository,
    ItineraryRepository,
    PinRepository,
    StopRepository,
    TripRepository,
)
from tests.fakes.memory_keyring import MemoryKeyring


@pytest.fixture(autouse=True)
def _no_system_keyring(memory_keyring: MemoryKeyring) -> MemoryKeyring:
    return memory_keyring


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


@pytest.fixture
def forms(database: Database, bus: ChangeBus) -> FormAnswerRepository:
    return FormAnswerRepository(database, bus)


@pytest.fixture
def goals(database: Database, bus: ChangeBus) -> GoalRepository:
    return GoalRepository(database, bus)


@pytest.fixture
def pins(database: Database, bus: ChangeBus) -> PinRepository:
    return PinRepository(database, bus)


@pytest.fixture
def stops(database: Database, bus: ChangeBus) -> StopRepository:
    return StopRepository(database, bus)
