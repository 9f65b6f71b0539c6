"""Selecting lookup results puts them in the selection provider's output."""

from __future__ import annotations

import inspect
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from concierge.agent import AbortSignal, ContextProvider
from concierge.store import (
    ChangeBus,
    Database,
    ItineraryRepository,
    LookupJobRepository,
    LookupStatus,
    StopRepository,
    TripRecord,
    TripRepository,
)
from concierge.travel.assistant.providers import selection_provider
from concierge.travel.lookups import LookupService
from concierge.travel.places.index import PlaceIndex
from concierge.travel.selection import Selection, SelectionState


@dataclass
class World:
    trips: TripRepository
    itinerary: ItineraryRepository
    jobs: LookupJobRepository
    service: LookupService
    trip: TripRecord
    selection: SelectionState


@pytest.fixture
async def world(tmp_path: Path, places: PlaceIndex) -> AsyncIterator[World]:
    with Database.open(tmp_path / "concierge.db") as database:
        bus = ChangeBus()
        trips = TripRepository(database, bus)
        trip = (
            await trips.create(
                {
                    "title": "Christmas in Lisbon",
                    "start_date": "2026-12-20",
                    "end_date": "2026-12-28",
                }
            )
        ).record
        await StopRepository(database, bus).add(
            trip.id, {"place": "Lisbon (LIS)", "place_code": "LIS", "timezone": "Europe/Lisbon"}
        )
        jobs = LookupJobRepository(database)
        service = LookupService(jobs, trips, places)
        selection = SelectionState()
        selection.select_trip(trip.id)
        try:
            yield World(trips, ItineraryRepository(database, bus), jobs, service, trip, selection)
        finally:
            await service.aclose()


async def render(provider: ContextProvider) -> str | None:
    result = provider(AbortSignal())
    return await result if inspect.isawaitable(result) else result


def test_select_lookups_notifies_and_select_trip_clears_them() -> None:
    state = SelectionState()
    seen: list[Selection] = []
    state.subscribe(seen.append)
    state.select_trip("t1")
    state.select_lookups(("a", "b"))
    state.select_lookups(("a", "b"))  # unchanged: no notification
    assert state.current == Selection(trip_id="t1", lookup_ids=("a", "b"))
    assert len(seen) == 2
    state.select_items(("i1",))
    assert state.current.lookup_ids == ("a", "b")
    state.select_trip("t2")
    assert state.current == Selection(trip_id="t2")


async def test_selected_lookup_result_is_rendered(world: World) -> None:
    job_id = await world.service.start(world.trip.id, "holidays")
    job = await world.service.wait(job_id)
    assert job is not None and job.status is LookupStatus.SUCCEEDED
    provider = selection_provider(world.selection, world.itinerary, world.trip.id, world.jobs)
    assert await render(provider) is None
    world.selection.select_lookups((job_id,))
    text = await render(provider)
    assert text is not None
    assert text.splitlines()[0] == "Selected lookup results:"
    line = text.splitlines()[1]
    assert line.startswith(f"- [{job_id[:8]}] holidays: succeeded — ")
    assert "Christmas Day" in line
    assert "\n" not in job.summary


async def test_failed_and_missing_lookups_are_said_so(world: World) -> None:
    failed_id = await world.service.start(world.trip.id, "currency", {"to_currency": "USD"})
    failed = await world.service.wait(failed_id)
    assert failed is not None and failed.status is LookupStatus.FAILED
    world.selection.select_lookups((failed_id, "f" * 32))
    provider = selection_provider(world.selection, world.itinerary, world.trip.id, world.jobs)
    text = await render(provider)
    assert text == (
        "Selected lookup results:\n"
        f"- [{failed_id[:8]}] currency: failed — {failed.error}\n"
        "- [ffffffff] (no longer exists)"
    )


async def test_other_trip_and_no_repository_render_nothing(world: World) -> None:
    job_id = await world.service.start(world.trip.id, "holidays")
    await world.service.wait(job_id)
    world.selection.select_lookups((job_id,))
    without_jobs = selection_provider(world.selection, world.itinerary, world.trip.id)
    assert await render(without_jobs) is None
    other = selection_provider(world.selection, world.itinerary, "other-trip", world.jobs)
    assert await render(other) is None


def test_a_raising_selection_listener_does_not_stop_the_others(
    caplog: pytest.LogCaptureFixture,
) -> None:
    state = SelectionState()
    seen: list[Selection] = []

    def broken(selection: Selection) -> None:
        raise RuntimeError("panel is gone")

    state.subscribe(broken)
    unsubscribe = state.subscribe(seen.append)
    with caplog.at_level(logging.ERROR):
        state.select_trip("t1")
    assert seen == [Selection(trip_id="t1")]
    assert state.current == Selection(trip_id="t1")
    assert "panel is gone" in caplog.text
    unsubscribe()
    unsubscribe()
    state.select_trip("t2")
    assert seen == [Selection(trip_id="t1")]
