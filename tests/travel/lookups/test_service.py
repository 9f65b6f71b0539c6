"""LookupService: jobs start at once and run in the background with a concurrency limit;
cancel, failure with a clear message, retry, shutdown and restart with an interrupted job."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest

from concierge.store import LookupJobRecord, LookupJobRepository, LookupStatus, StopRepository
from concierge.travel.lookups.errors import LookupRequestError
from concierge.travel.lookups.kinds import KINDS
from concierge.travel.lookups.online import OFFLINE, OnlineAccess
from concierge.travel.lookups.service import FROM_TRIP, LookupService
from concierge.travel.places.index import PlaceIndex
from tests.travel.lookups.conftest import Lookups


async def until(predicate: Callable[[], Awaitable[bool]], seconds: float = 5.0) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while True:
        if await predicate():
            return
        assert asyncio.get_running_loop().time() < deadline, "condition not met in time"
        await asyncio.sleep(0.01)


async def status_of(lookups: Lookups, job_id: str) -> LookupJobRecord:
    job = await lookups.jobs.get(job_id)
    assert job is not None
    return job


async def test_a_lookup_starts_at_once_and_succeeds_with_the_trips_values(
    lookups: Lookups,
) -> None:
    job_id = await lookups.service.start(lookups.trip.id, "flights")
    queued = await status_of(lookups, job_id)
    assert queued.parameters == {
        "origin": "LIS",
        "destination": "JFK",
        FROM_TRIP: ["destination", "origin"],
    }
    done = await lookups.service.wait(job_id)
    assert done is not None
    assert done.status is LookupStatus.SUCCEEDED
    assert done.result is not None
    assert done.result["estimated_minutes"] == 435
    assert done.summary.startswith(
        "Lisbon (LIS) → New York (JFK) (home to the first stop): 5,404 km"
    )
    assert (done.progress, done.status_line, done.error) == (1.0, "Done", None)
    assert done.started_at is not None
    assert done.finished_at is not None


async def test_explicit_parameters_override_the_trip(lookups: Lookups) -> None:
    job_id = await lookups.service.start(
        lookups.trip.id, "currency", {"to_currency": "USD", "amount": None}
    )
    done = await lookups.service.wait(job_id)
    assert done is not None
    assert done.status is LookupStatus.SUCCEEDED
    assert done.result is not None
    assert done.result["amount"] == "3000"
    assert "3,000.00 EUR ≈ " in done.summary
    assert "at the ECB rate of" in done.summary


async def test_bad_input_fails_the_job_with_what_to_fix(lookups: Lookups) -> None:
    job_id = await lookups.service.start(lookups.trip.id, "currency", {"to_currency": "XYZ"})
    failed = await lookups.service.wait(job_id)
    assert failed is not None
    assert failed.status is LookupStatus.FAILED
    assert failed.error is not None
    assert "Unknown currency 'XYZ'" in failed.error
    assert failed.summary == failed.error


async def test_requests_that_cannot_be_honoured_raise_and_create_nothing(
    lookups: Lookups,
) -> None:
    with pytest.raises(LookupRequestError, match="no lookup kind 'tides'"):
        await lookups.service.start(lookups.trip.id, "tides")
    with pytest.raises(LookupRequestError, match="does not use amount; it uses origin"):
        await lookups.service.start(lookups.trip.id, "flights", {"amount": "5"})
    with pytest.raises(LookupRequestError, match="trip nope does not exist"):
        await lookups.service.start("nope", "flights")
    assert await lookups.jobs.list_for_trip(lookups.trip.id) == []


async def test_cancel_stops_a_running_job(lookups: Lookups) -> None:
    job_id = await lookups.service.start(lookups.trip.id, "slow")
    await asyncio.to_thread(lookups.slow.started.wait, 5)
    await until(lambda: _is(lookups, job_id, progress=0.5))
    cancelled = await lookups.service.cancel(job_id)
    assert cancelled.status is LookupStatus.CANCELLED
    assert cancelled.progress == 0.5
    assert job_id not in lookups.service.active_job_ids
    again = await lookups.service.cancel(job_id)
    assert again == cancelled


async def test_the_concurrency_limit_keeps_extra_jobs_queued_and_cancel_works_there(
    lookups: Lookups,
) -> None:
    first = await lookups.service.start(lookups.trip.id, "slow")
    second = await lookups.service.start(lookups.trip.id, "slow")
    third = await lookups.service.start(lookups.trip.id, "slow")
    await until(lambda: _is(lookups, second, status=LookupStatus.RUNNING))
    await until(lambda: _is(lookups, first, status=LookupStatus.RUNNING))
    await asyncio.sleep(0.05)
    assert (await status_of(lookups, third)).status is LookupStatus.QUEUED
    cancelled = await lookups.service.cancel(third)
    assert (cancelled.status, cancelled.started_at) == (LookupStatus.CANCELLED, None)
    lookups.slow.release.set()
    for job_id in (first, second):
        done = await lookups.service.wait(job_id)
        assert done is not None
        assert done.status is LookupStatus.SUCCEEDED


async def test_an_unexpected_error_fails_the_job_clearly(lookups: Lookups) -> None:
    lookups.slow.crash = True
    lookups.slow.release.set()
    failed = await lookups.service.wait(await lookups.service.start(lookups.trip.id, "slow"))
    assert failed is not None
    assert failed.status is LookupStatus.FAILED
    assert failed.error is not None
    assert "slow lookup failed unexpectedly (KeyError('boom'))" in failed.error


async def test_retry_runs_the_same_kind_again_and_reads_the_trip_afresh(
    lookups: Lookups,
) -> None:
    stops = StopRepository(lookups.database, lookups.trips.bus)
    [new_york] = await stops.stops(lookups.trip.id)
    await stops.remove(new_york.id)
    failed = await lookups.service.wait(
        await lookups.service.start(lookups.trip.id, "holidays", {"end_date": "2026-12-26"})
    )
    assert failed is not None
    assert failed.error is not None
    assert "The trip has no stops. Add a stop to its route" in failed.error

    await stops.add(lookups.trip.id, {"place": "Porto", "place_code": "OPO"})
    retried_id = await lookups.service.retry(failed.id)
    assert retried_id != failed.id
    retried = await lookups.service.wait(retried_id)
    assert retried is not None
    assert retried.status is LookupStatus.SUCCEEDED
    assert retried.parameters["end_date"] == "2026-12-26"  # explicit: kept
    assert retried.parameters["stops"] == [  # from the trip: read again
        {"number": 1, "place": "OPO", "arrive": None, "depart": None}
    ]
    assert retried.result is not None
    [porto] = retried.result["stops"]
    assert {"date": "2026-12-25", "name": "Christmas Day"} in porto["holidays"]
    assert (await status_of(lookups, failed.id)).status is LookupStatus.FAILED


async def test_a_running_job_cannot_be_retried(lookups: Lookups) -> None:
    job_id = await lookups.service.start(lookups.trip.id, "slow")
    with pytest.raises(LookupRequestError, match="still"):
        await lookups.service.retry(job_id)


async def test_shutdown_interrupts_and_restart_recovers_then_retry_succeeds(
    lookups: Lookups, places: PlaceIndex
) -> None:
    running = await lookups.service.start(lookups.trip.id, "slow", {"steps": 7})
    await asyncio.to_thread(lookups.slow.started.wait, 5)
    await lookups.service.aclose()
    job = await status_of(lookups, running)
    assert job.status is LookupStatus.INTERRUPTED
    with pytest.raises(LookupRequestError, match="shutting down"):
        await lookups.service.start(lookups.trip.id, "flights")

    # A crash instead leaves a row running, with no task: the next start recovers it.
    crashed = await lookups.jobs.create(lookups.trip.id, "slow", {"steps": 3})
    await lookups.jobs.update(crashed.id, status=LookupStatus.RUNNING, progress=0.4)
    restarted = LookupService(
        LookupJobRepository(lookups.database),
        lookups.trips,
        places,
        kinds={**KINDS, "slow": lookups.slow.kind()},
    )
    recovered = await restarted.recover()
    assert [(j.id, j.status) for j in recovered] == [(crashed.id, LookupStatus.INTERRUPTED)]
    lookups.slow.release.set()
    retried = await restarted.wait(await restarted.retry(crashed.id))
    assert retried is not None
    assert retried.status is LookupStatus.SUCCEEDED
    assert retried.result == {"summary": "3 slow steps", "steps": 3}
    await restarted.aclose()


async def _is(
    lookups: Lookups,
    job_id: str,
    *,
    status: LookupStatus | None = None,
    progress: float | None = None,
) -> bool:
    job = await status_of(lookups, job_id)
    return (status is None or job.status is status) and (
        progress is None or job.progress == progress
    )


async def test_only_online_kinds_read_the_online_settings(lookups: Lookups) -> None:
    """Reading the settings is a database read; offline kinds never use what it says."""
    reads: list[str] = []

    async def online_access() -> OnlineAccess:
        reads.append("read")
        return OFFLINE

    service = LookupService(
        lookups.jobs, lookups.trips, lookups.service.places, online=online_access
    )
    try:
        done = await service.wait(await service.start(lookups.trip.id, "flights"))
        assert done is not None and done.status is LookupStatus.SUCCEEDED
        assert reads == []
        failed = await service.wait(await service.start(lookups.trip.id, "weather"))
        assert failed is not None and failed.status is LookupStatus.FAILED  # Off in Settings.
        assert reads == ["read"]
    finally:
        await service.aclose()
