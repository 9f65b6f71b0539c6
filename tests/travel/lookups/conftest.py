"""A real SQLite file with one trip (Lisbon → New York, Christmas 2026) and a lookup
service on it, plus a controllable slow kind for lifecycle tests."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from concierge.store import (
    ChangeBus,
    Database,
    ItineraryRepository,
    LookupJobRepository,
    StopRepository,
    TripRecord,
    TripRepository,
)
from concierge.travel.lookups.kinds import KINDS, LookupContext, LookupKind
from concierge.travel.lookups.parameters import Parameters
from concierge.travel.lookups.service import LookupService
from concierge.travel.places.index import PlaceIndex
from tests.travel.conftest import christmas_in_new_york


@dataclass
class SlowResult:
    steps: int

    def summary(self) -> str:
        return f"{self.steps} slow steps"

    def to_dict(self) -> dict[str, Any]:
        return {"steps": self.steps}


@dataclass
class SlowKind:
    """A kind that reports progress and then waits until `release` is set."""

    release: threading.Event = field(default_factory=threading.Event)
    started: threading.Event = field(default_factory=threading.Event)
    crash: bool = False

    def run(self, params: Parameters, ctx: LookupContext) -> SlowResult:
        ctx.progress.report(0.5, "Halfway")
        self.started.set()
        while not self.release.wait(0.01):
            ctx.progress.check()
        if self.crash:
            raise KeyError("boom")
        ctx.progress.report(1.0, "Finishing")
        return SlowResult(int(params.get("steps", 2)))

    def kind(self) -> LookupKind:
        return LookupKind("slow", "Slow", "waits", ("steps",), self.run)


@dataclass
class Lookups:
    database: Database
    trips: TripRepository
    itinerary: ItineraryRepository
    jobs: LookupJobRepository
    service: LookupService
    trip: TripRecord
    slow: SlowKind


@pytest.fixture
async def lookups(tmp_path: Path, places: PlaceIndex) -> AsyncIterator[Lookups]:
    with Database.open(tmp_path / "concierge.db") as database:
        bus = ChangeBus()
        trips = TripRepository(database, bus)
        trip = await christmas_in_new_york(
            trips, StopRepository(database, bus), budget_amount="3000", budget_currency="EUR"
        )
        jobs = LookupJobRepository(database)
        slow = SlowKind()
        service = LookupService(
            jobs, trips, places, concurrency=2, kinds={**KINDS, "slow": slow.kind()}
        )
        try:
            yield Lookups(
                database, trips, ItineraryRepository(database, bus), jobs, service, trip, slow
            )
        finally:
            slow.release.set()
            await service.aclose()
