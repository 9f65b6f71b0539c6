"""LookupJobRepository: a job's states on a real SQLite file, first finish wins, recovery
of jobs left running by a closed app, the assistant's "seen" marks, and the job bus."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from concierge.store import (
    Database,
    LookupJobBus,
    LookupJobRecord,
    LookupJobRepository,
    LookupStatus,
    TripRepository,
)


@pytest.fixture
def job_bus() -> LookupJobBus:
    return LookupJobBus()


@pytest.fixture
def jobs(database: Database, job_bus: LookupJobBus) -> LookupJobRepository:
    return LookupJobRepository(database, job_bus)


async def test_a_new_job_is_queued_with_its_parameters(
    trips: TripRepository, jobs: LookupJobRepository
) -> None:
    trip = (await trips.create()).record
    job = await jobs.create(trip.id, "flights", {"origin": "LIS", "destination": "JFK"})
    assert len(job.id) == 32
    assert (job.trip_id, job.kind, job.status) == (trip.id, "flights", LookupStatus.QUEUED)
    assert job.parameters == {"origin": "LIS", "destination": "JFK"}
    assert (job.progress, job.result, job.error) == (0.0, None, None)
    assert (job.started_at, job.finished_at, job.seen_by_assistant) == (None, None, False)
    assert job.created_at.tzinfo is not None
    assert await jobs.get(job.id) == job
    assert await jobs.get("nope") is None


async def test_a_job_runs_reports_progress_and_succeeds(
    trips: TripRepository, jobs: LookupJobRepository, job_bus: LookupJobBus
) -> None:
    published: list[LookupJobRecord] = []
    job_bus.subscribe(published.append)
    trip = (await trips.create()).record
    job = await jobs.create(trip.id, "daylight", {})
    running = await jobs.update(job.id, status=LookupStatus.RUNNING, status_line="Day 1 of 4")
    assert running is not None
    assert running.started_at is not None
    assert running.finished_at is None
    halfway = await jobs.update(job.id, progress=0.5, status_line="Day 2 of 4")
    assert halfway is not None
    assert (halfway.progress, halfway.status_line) == (0.5, "Day 2 of 4")
    done = await jobs.update(
        job.id, status=LookupStatus.SUCCEEDED, result={"summary": "4 days", "days": [1, 2]}
    )
    assert done is not None
    assert done.status is LookupStatus.SUCCEEDED
    assert done.progress == 1.0
    assert done.result == {"summary": "4 days", "days": [1, 2]}
    assert done.summary == "4 days"
    assert done.finished_at is not None
    assert [p.status for p in published] == [
        LookupStatus.QUEUED,
        LookupStatus.RUNNING,
        LookupStatus.RUNNING,
        LookupStatus.SUCCEEDED,
    ]
    assert await jobs.get(job.id) == done


async def test_the_first_finish_wins(trips: TripRepository, jobs: LookupJobRepository) -> None:
    trip = (await trips.create()).record
    job = await jobs.create(trip.id, "holidays")
    cancelled = await jobs.update(job.id, status=LookupStatus.CANCELLED, status_line="Cancelled")
    late = await jobs.update(job.id, status=LookupStatus.SUCCEEDED, result={"summary": "x"})
    assert late == cancelled
    assert late is not None
    assert (late.status, late.result) == (LookupStatus.CANCELLED, None)


async def test_a_failure_keeps_its_message(
    trips: TripRepository, jobs: LookupJobRepository
) -> None:
    trip = (await trips.create()).record
    job = await jobs.create(trip.id, "currency")
    failed = await jobs.update(
        job.id, status=LookupStatus.FAILED, error="Unknown currency 'EUX'. Use EUR."
    )
    assert failed is not None
    assert failed.summary == "Unknown currency 'EUX'. Use EUR."
    assert failed.finished_at is not None


async def test_progress_never_goes_back_and_stays_in_range(
    trips: TripRepository, jobs: LookupJobRepository
) -> None:
    trip = (await trips.create()).record
    job = await jobs.create(trip.id, "daylight")
    await jobs.update(job.id, progress=0.6)
    again = await jobs.update(job.id, progress=0.2)
    assert again is not None
    assert again.progress == 0.6
    with pytest.raises(ValueError, match="between 0 and 1"):
        await jobs.update(job.id, progress=1.5)


async def test_jobs_are_listed_per_trip_oldest_first_and_go_with_their_trip(
    trips: TripRepository, jobs: LookupJobRepository
) -> None:
    porto, rome = (
        (await trips.create({"title": "Porto"})).record,
        (await trips.create({"title": "Rome"})).record,
    )
    first = await jobs.create(porto.id, "flights")
    await jobs.create(rome.id, "holidays")
    second = await jobs.create(porto.id, "daylight")
    assert [j.id for j in await jobs.list_for_trip(porto.id)] == [first.id, second.id]
    await trips.delete(porto.id)
    assert await jobs.list_for_trip(porto.id) == []
    assert await jobs.update(first.id, progress=0.5) is None
    assert len(await jobs.list_for_trip(rome.id)) == 1


async def test_a_job_needs_an_existing_trip(jobs: LookupJobRepository) -> None:
    with pytest.raises(Exception, match="FOREIGN KEY"):
        await jobs.create("no-such-trip", "flights")


async def test_parameters_must_be_json(trips: TripRepository, jobs: LookupJobRepository) -> None:
    trip = (await trips.create()).record
    with pytest.raises(ValueError, match="must be JSON"):
        await jobs.create(trip.id, "flights", {"when": object()})


async def test_jobs_left_running_by_a_closed_app_come_back_interrupted(
    db_path: Path, trips: TripRepository, jobs: LookupJobRepository, database: Database
) -> None:
    trip = (await trips.create()).record
    queued = await jobs.create(trip.id, "flights")
    running = await jobs.create(trip.id, "daylight")
    await jobs.update(running.id, status=LookupStatus.RUNNING, progress=0.3)
    done = await jobs.create(trip.id, "holidays")
    await jobs.update(done.id, status=LookupStatus.SUCCEEDED, result={"summary": "ok"})
    database.close()

    with Database.open(db_path) as reopened:
        repository = LookupJobRepository(reopened)
        interrupted = await repository.mark_interrupted_on_startup()
        assert [j.id for j in interrupted] == [queued.id, running.id]
        assert {j.status for j in interrupted} == {LookupStatus.INTERRUPTED}
        assert all(j.finished_at is not None for j in interrupted)
        assert interrupted[1].progress == 0.3
        assert "can be retried" in interrupted[0].summary
        stored = await repository.get(done.id)
        assert stored is not None
        assert stored.status is LookupStatus.SUCCEEDED
        assert await repository.mark_interrupted_on_startup() == []


async def test_mark_seen_counts_only_changes(
    trips: TripRepository, jobs: LookupJobRepository
) -> None:
    trip = (await trips.create()).record
    one, two = await jobs.create(trip.id, "flights"), await jobs.create(trip.id, "holidays")
    assert await jobs.mark_seen([]) == 0
    assert await jobs.mark_seen([one.id, one.id, "unknown"]) == 1
    assert await jobs.mark_seen([one.id, two.id]) == 1
    assert all(j.seen_by_assistant for j in await jobs.list_for_trip(trip.id))


async def test_status_and_progress_are_checked_by_sqlite_too(
    db_path: Path, trips: TripRepository, jobs: LookupJobRepository
) -> None:
    trip = (await trips.create()).record
    job = await jobs.create(trip.id, "flights")
    with closing(sqlite3.connect(db_path)) as connection:
        for sql in (
            "UPDATE lookup_job SET status = 'exploded' WHERE id = ?",
            "UPDATE lookup_job SET progress = 2 WHERE id = ?",
        ):
            with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
                connection.execute(sql, (job.id,))


async def test_a_subscriber_that_raises_does_not_stop_the_others(
    trips: TripRepository, jobs: LookupJobRepository, job_bus: LookupJobBus
) -> None:
    seen: list[str] = []

    def broken(job: LookupJobRecord) -> None:
        raise RuntimeError("boom")

    job_bus.subscribe(broken)
    unsubscribe = job_bus.subscribe(lambda job: seen.append(job.id))
    trip = (await trips.create()).record
    job = await jobs.create(trip.id, "flights")
    unsubscribe()
    unsubscribe()
    await jobs.update(job.id, progress=0.5)
    assert seen == [job.id]
