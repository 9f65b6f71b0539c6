"""Which progress reports reach a job's row: none from a job that finishes within the
interval, the latest one after it (also a last 100 %), never more than one per 5 %, and an
unwritten report goes into the final write of a stopped job."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import pytest

from concierge.store import LookupJobRecord, LookupStatus
from concierge.travel.lookups.kinds import LookupContext, LookupKind
from concierge.travel.lookups.parameters import Parameters
from concierge.travel.lookups.progress import MIN_STEP
from concierge.travel.lookups.service import LookupService
from tests.travel.lookups.conftest import Lookups, SlowResult
from tests.ui.waiting import until

Steps = Callable[[LookupContext, threading.Event], None]


class _Kinds:
    """Kinds whose reports the test scripts; each may wait on `release`."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.reported = threading.Event()

    def kind(self, name: str, steps: Steps) -> LookupKind:
        def run(params: Parameters, ctx: LookupContext) -> SlowResult:
            steps(ctx, self.release)
            return SlowResult(1)

        return LookupKind(name, name.title(), "scripted", (), run)


@pytest.fixture
def kinds() -> _Kinds:
    return _Kinds()


@pytest.fixture
async def published(lookups: Lookups) -> AsyncIterator[list[LookupJobRecord]]:
    seen: list[LookupJobRecord] = []
    unsubscribe = lookups.jobs.bus.subscribe(seen.append)
    yield seen
    unsubscribe()


@asynccontextmanager
async def _service(
    lookups: Lookups, kind: LookupKind, interval: float
) -> AsyncIterator[LookupService]:
    service = LookupService(
        lookups.jobs,
        lookups.trips,
        lookups.service.places,
        kinds={kind.name: kind},
        progress_interval=interval,
    )
    try:
        yield service
    finally:
        await service.aclose()


async def test_a_job_done_within_the_interval_writes_only_its_states(
    lookups: Lookups, kinds: _Kinds, published: list[LookupJobRecord]
) -> None:
    def steps(ctx: LookupContext, _release: threading.Event) -> None:
        for day in range(1, 11):
            ctx.progress.report(day / 10, f"Day {day} of 10")

    async with _service(lookups, kinds.kind("days", steps), interval=60.0) as service:
        job_id = await service.start(lookups.trip.id, "days")
        done = await service.wait(job_id)
    assert done is not None
    assert done.started_at is not None
    assert [(j.status, j.progress) for j in published] == [
        (LookupStatus.RUNNING, 0.0),  # created running: a slot was free
        (LookupStatus.SUCCEEDED, 1.0),
    ]


async def test_a_job_waiting_for_a_slot_is_queued_first_and_no_slot_is_lost(
    lookups: Lookups, kinds: _Kinds, published: list[LookupJobRecord]
) -> None:
    def steps(ctx: LookupContext, release: threading.Event) -> None:
        release.wait(5)

    service = LookupService(
        lookups.jobs,
        lookups.service.trips,
        lookups.service.places,
        kinds={"held": kinds.kind("held", steps)},
        concurrency=1,
    )
    try:
        gone = await service.start(lookups.trip.id, "held")
        await service.cancel(gone)  # before its task took a step
        first = await service.start(lookups.trip.id, "held")
        second = await service.start(lookups.trip.id, "held")
        kinds.release.set()
        done = [await service.wait(job_id) for job_id in (gone, first, second)]
    finally:
        await service.aclose()
    assert [j.status for j in done if j is not None] == [
        LookupStatus.CANCELLED,
        LookupStatus.SUCCEEDED,
        LookupStatus.SUCCEEDED,
    ]
    assert [j.status for j in published if j.id == second] == [
        LookupStatus.QUEUED,
        LookupStatus.RUNNING,
        LookupStatus.SUCCEEDED,
    ]


async def test_the_latest_report_is_written_even_a_last_100_percent(
    lookups: Lookups, kinds: _Kinds, published: list[LookupJobRecord]
) -> None:
    def steps(ctx: LookupContext, release: threading.Event) -> None:
        ctx.progress.report(0.3, "Reading")
        ctx.progress.report(1.0, "Finishing")  # Within the interval of the previous one.
        release.wait(5)

    async with _service(lookups, kinds.kind("finishing", steps), interval=0.05) as service:
        job_id = await service.start(lookups.trip.id, "finishing")
        await until(lambda: any(j.progress == 1.0 for j in published))
        running = [j for j in published if j.status is LookupStatus.RUNNING]
        assert (running[-1].progress, running[-1].status_line) == (1.0, "Finishing")
        kinds.release.set()
        done = await service.wait(job_id)
    assert done is not None and done.status is LookupStatus.SUCCEEDED


async def test_small_steps_are_written_at_most_once_per_min_step(
    lookups: Lookups, kinds: _Kinds, published: list[LookupJobRecord]
) -> None:
    reports = 200

    def steps(ctx: LookupContext, _release: threading.Event) -> None:
        for n in range(1, reports + 1):
            ctx.progress.report(n / reports, "Counting")

    async with _service(lookups, kinds.kind("counting", steps), interval=0.0) as service:
        job_id = await service.start(lookups.trip.id, "counting")
        done = await service.wait(job_id)
    assert done is not None and (done.status, done.progress) == (LookupStatus.SUCCEEDED, 1.0)
    written = [j.progress for j in published if j.status is LookupStatus.RUNNING][1:]
    assert written, "an interval of 0 writes progress"
    assert len(written) <= round(1 / MIN_STEP) + 1
    assert written == sorted(written)


async def test_a_stopped_job_keeps_its_unwritten_progress(
    lookups: Lookups, kinds: _Kinds, published: list[LookupJobRecord]
) -> None:
    def steps(ctx: LookupContext, release: threading.Event) -> None:
        ctx.progress.report(0.5, "Halfway")
        kinds.reported.set()
        while not release.wait(0.01):
            ctx.progress.check()

    async with _service(lookups, kinds.kind("halfway", steps), interval=60.0) as service:
        job_id = await service.start(lookups.trip.id, "halfway")
        await asyncio.to_thread(kinds.reported.wait, 5)  # The report is on the loop by now.
        cancelled = await service.cancel(job_id)
    assert (cancelled.status, cancelled.progress) == (LookupStatus.CANCELLED, 0.5)
    assert all(j.progress == 0.0 for j in published if j.status is LookupStatus.RUNNING)
