"""Running lookups as persisted background jobs on the event loop. The job row is the truth, not the
task, so progress survives a crash; a retry is a new job that reads the trip afresh."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import AsyncIterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from concierge.store import (
    LookupJobRecord,
    LookupJobRepository,
    LookupStatus,
    RecordNotFoundError,
    StopRecord,
    StopRepository,
    TripRecord,
    TripRepository,
)
from concierge.text import QT_TRANSLATE_NOOP, TranslatedValueError

from ..places.index import PlaceIndex
from .errors import LookupCancelled, LookupInputError, LookupRequestError
from .kinds import KINDS, LookupContext, LookupKind
from .kinds.weather import off_message as weather_off_message
from .online import OFFLINE, ONLINE_PARAMETER, OnlineAccessSource
from .progress import Progress, ProgressSink, ProgressWrites

log = logging.getLogger(__name__)

FROM_TRIP = "from_trip"
"""Parameter key listing the parameters that were filled in from the trip at start."""

DEFAULT_CONCURRENCY = 3
WORKER_THREADS = 2
"""Threads for the kinds' CPU work. Each CPU-bound thread competes with the GUI thread for
the GIL, so fewer threads than running jobs keeps the window responsive; two let a slow
network lookup (weather) wait without holding up the offline ones."""
DEFAULT_PROGRESS_INTERVAL = 0.2


@dataclass
class _Running:
    task: asyncio.Task[None]
    progress: Progress
    writes: ProgressWrites | None = None
    """Set once the job runs (reports come only from then on)."""
    holds_slot: bool = False


class LookupService:
    """Starts, runs, cancels and retries lookup jobs. Use from the event loop's thread."""

    def __init__(
        self,
        jobs: LookupJobRepository,
        trips: TripRepository,
        places: PlaceIndex,
        *,
        concurrency: int = DEFAULT_CONCURRENCY,
        progress_interval: float = DEFAULT_PROGRESS_INTERVAL,
        kinds: Mapping[str, LookupKind] = KINDS,
        online: OnlineAccessSource | None = None,
    ) -> None:
        """`online` reads what online lookups may do (see `online.settings_online_access`);
        without it every online lookup is off and fails without opening a connection."""
        if concurrency < 1:
            raise TranslatedValueError(
                QT_TRANSLATE_NOOP("Lookup", "At least one lookup must be able to run.")
            )
        self.jobs = jobs
        self.trips = trips
        self.stops = StopRepository(trips.database, trips.bus)
        self.places = places
        self.kinds = kinds
        self.progress_interval = progress_interval
        self._online = online
        self._slots = asyncio.Semaphore(concurrency)
        self._running: dict[str, _Running] = {}
        self._closing = False
        self._workers = ThreadPoolExecutor(
            max_workers=WORKER_THREADS, thread_name_prefix="concierge-lookups"
        )

    @property
    def active_job_ids(self) -> frozenset[str]:
        """Jobs of this service that are queued or running right now."""
        return frozenset(self._running)

    async def refusal(self, kind: str) -> str | None:
        """Why a `kind` lookup would fail at once, so that it is not offered: an online kind
        whose switch is off in Settings (None: it may run). Reads the settings."""
        spec = self.kinds.get(kind)
        if spec is None or not spec.online:
            return None
        access = await self._online() if self._online is not None else OFFLINE
        return None if access.weather else weather_off_message(access.weather_url)

    async def recover(self) -> list[LookupJobRecord]:
        """At start-up, before any `start`: jobs a previous run left unfinished become
        `interrupted` (and can be retried). Returns them."""
        return await self.jobs.mark_interrupted_on_startup()

    async def start(
        self,
        trip_id: str,
        kind: str,
        parameters: Mapping[str, Any] | None = None,
        *,
        job_id: str | None = None,
    ) -> str:
        """Queue a lookup and return its job id at once. A bad parameter value fails the job with
        a message; an unknown kind, parameter or trip raises `LookupRequestError`."""
        if self._closing:
            raise LookupRequestError(
                QT_TRANSLATE_NOOP(
                    "Lookup", "Lookups are shutting down; start it again after restart."
                )
            )
        spec = self.kinds.get(kind)
        if spec is None:
            raise LookupRequestError(
                QT_TRANSLATE_NOOP(
                    "Lookup", "There is no lookup kind {kind!r}. Choose one of: {join}."
                ).format(kind=kind, join=", ".join(self.kinds))
            )
        given = {k: v for k, v in (parameters or {}).items() if v is not None and k != FROM_TRIP}
        unused = sorted(set(given) - set(spec.uses))
        if unused:
            raise LookupRequestError(
                QT_TRANSLATE_NOOP(
                    "Lookup", "The {kind} lookup does not use {join}; it uses {join2}."
                ).format(kind=kind, join=", ".join(unused), join2=", ".join(spec.uses))
            )
        trip = await self.trips.get(trip_id)
        if trip is None:
            raise LookupRequestError(
                QT_TRANSLATE_NOOP("Lookup", "The trip {trip_id} does not exist.").format(
                    trip_id=trip_id
                )
            )
        stops = await self.stops.stops(trip_id) if "destination" in spec.uses else []
        filled = {
            name: value
            for name, value in _trip_values(trip, stops).items()
            if name in spec.uses and name not in given and value is not None
        }
        if "destination" in given:  # a place instead of the route
            filled.pop("stops", None)
        elif "stops" in filled:
            filled.pop("destination", None)
        merged = {**filled, **given, FROM_TRIP: sorted(filled)}
        # A free slot is taken now, so the job is created running: one write fewer.
        took_slot = not self._slots.locked() and await self._slots.acquire()
        try:
            job = await self.jobs.create(
                trip_id,
                kind,
                merged,
                running_line=_starting(spec) if took_slot else None,
                job_id=job_id,
            )
        except BaseException as error:
            if took_slot:
                self._slots.release()
            if isinstance(error, ValueError):
                raise LookupRequestError(str(error)) from None
            raise
        progress = Progress(self._sink(job.id))
        task = asyncio.create_task(self._run(job, spec, progress), name=f"lookup-{job.id}")
        running = _Running(task, progress, holds_slot=took_slot)
        self._running[job.id] = running
        # A task cancelled before its first step never runs its own cleanup.
        task.add_done_callback(lambda _: self._release_slot(running))
        return job.id

    async def cancel(self, job_id: str) -> LookupJobRecord:
        """Stop a queued or running job; it ends `cancelled`. A finished job is returned as
        it is (cancelling it changes nothing)."""
        running = self._running.get(job_id)
        if running is not None:
            running.progress.cancel()
            running.task.cancel()
            await asyncio.wait([running.task])
        job = await self.jobs.get(job_id)
        if job is None:
            raise LookupRequestError(
                QT_TRANSLATE_NOOP("Lookup", "There is no lookup {job_id}.").format(job_id=job_id)
            )
        if not job.status.finished:  # not ours (another process's, or not yet recovered)
            job = (
                await self.jobs.update(
                    job_id, status=LookupStatus.CANCELLED, status_line="Cancelled"
                )
                or job
            )
        return job

    async def retry(self, job_id: str) -> str:
        """Start a new job like `job_id` (which must be finished); returns the new id."""
        job = await self.jobs.get(job_id)
        if job is None:
            raise LookupRequestError(
                QT_TRANSLATE_NOOP("Lookup", "There is no lookup {job_id}.").format(job_id=job_id)
            )
        if not job.status.finished:
            raise LookupRequestError(
                QT_TRANSLATE_NOOP("Lookup", "The lookup {job_id} is still {value}.").format(
                    job_id=job_id, value=job.status.value
                )
            )
        from_trip = set(job.parameters.get(FROM_TRIP, ()))
        explicit = {k: v for k, v in job.parameters.items() if k not in from_trip}
        return await self.start(job.trip_id, job.kind, explicit)

    async def wait(self, job_id: str) -> LookupJobRecord | None:
        """The job once this service has stopped working on it (now, if it is not)."""
        running = self._running.get(job_id)
        if running is not None:
            await asyncio.wait([running.task])
        return await self.jobs.get(job_id)

    async def aclose(self) -> None:
        """Stop every job of this service; they end `interrupted`, to be retried after the
        next start. Idempotent; no job starts afterwards."""
        self._closing = True
        tasks = []
        for running in list(self._running.values()):
            running.progress.cancel()
            running.task.cancel()
            tasks.append(running.task)
        if tasks:
            await asyncio.wait(tasks)
        self._workers.shutdown(wait=False, cancel_futures=True)

    async def _run(self, job: LookupJobRecord, spec: LookupKind, progress: Progress) -> None:
        try:
            async with self._slot(job, spec):
                self._running[job.id].writes = ProgressWrites(
                    functools.partial(self._write_progress, job.id), self.progress_interval
                )
                context = LookupContext(places=self.places, progress=progress)
                read_access = self._online if spec.online else None  # A database read.
                access = OFFLINE if read_access is None else await read_access()
                given = {**job.parameters, ONLINE_PARAMETER: access}  # not stored
                result = await asyncio.get_running_loop().run_in_executor(
                    self._workers, functools.partial(spec.run, given, context)
                )
            data = {"summary": result.summary(), **result.to_dict()}
            self._stop_progress(job.id)  # Success writes progress 1.
            await self.jobs.update(
                job.id, status=LookupStatus.SUCCEEDED, result=data, status_line="Done"
            )
        except LookupInputError as error:
            await self._finish(job.id, LookupStatus.FAILED, "Failed", str(error))
        except LookupCancelled:
            await self._finish(job.id, LookupStatus.CANCELLED, "Cancelled")
        except asyncio.CancelledError:
            if self._closing:
                await self._finish(
                    job.id, LookupStatus.INTERRUPTED, "Interrupted: the app closed while this ran"
                )
            else:
                await self._finish(job.id, LookupStatus.CANCELLED, "Cancelled")
            raise
        except RecordNotFoundError:
            pass  # the trip, and with it the job, was deleted
        except Exception as error:
            log.exception("lookup %s (%s) failed", job.id, job.kind)
            await self._finish(
                job.id,
                LookupStatus.FAILED,
                "Failed",
                f"The {spec.title.lower()} lookup failed unexpectedly ({error!r}). "
                "Retry it; if it fails again, the app has a bug.",
            )
        finally:
            self._stop_progress(job.id)
            running = self._running.pop(job.id, None)
            if running is not None and running.writes is not None and running.writes.in_flight:
                await asyncio.wait(running.writes.in_flight)

    @contextlib.asynccontextmanager
    async def _slot(self, job: LookupJobRecord, spec: LookupKind) -> AsyncIterator[None]:
        """Hold one of the run slots while the job runs: the one `start` took if the job
        was created running, else the next free one, and then say that it runs."""
        running = self._running[job.id]
        try:
            if not running.holds_slot:
                await self._slots.acquire()
                running.holds_slot = True
                await self.jobs.update(
                    job.id, status=LookupStatus.RUNNING, status_line=_starting(spec)
                )
            yield
        finally:
            self._release_slot(running)

    def _release_slot(self, running: _Running) -> None:
        if running.holds_slot:
            running.holds_slot = False
            self._slots.release()

    async def _finish(
        self, job_id: str, status: LookupStatus, line: str, error: str | None = None
    ) -> None:
        """Record how the job ended, with the progress it reported last (if not yet written)."""
        progress = self._stop_progress(job_id)
        await self.jobs.update(
            job_id, status=status, progress=progress, status_line=line, error=error
        )

    def _stop_progress(self, job_id: str) -> float | None:
        """No more progress writes for the job; returns its latest unwritten fraction."""
        running = self._running.get(job_id)
        writes = running.writes if running is not None else None
        return writes.unwritten() if writes is not None else None

    async def _write_progress(self, job_id: str, fraction: float, line: str) -> None:
        await self.jobs.update(job_id, progress=fraction, status_line=line)

    def _sink(self, job_id: str) -> ProgressSink:
        """A thread-safe progress sink for one job: hops to the loop and hands the report to
        the job's `ProgressWrites`."""
        loop = asyncio.get_running_loop()

        def on_loop(fraction: float, line: str) -> None:
            running = self._running.get(job_id)
            if running is not None and running.writes is not None:
                running.writes.report(fraction, line)

        def sink(fraction: float, line: str) -> None:
            # RuntimeError: the loop closed under a thread that had not noticed yet.
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(on_loop, fraction, line)

        return sink


def _starting(spec: LookupKind) -> str:
    return f"{spec.title}: starting"


def _trip_values(trip: TripRecord, stops: Sequence[StopRecord]) -> dict[str, Any]:
    """The trip's values under the parameter names the kinds read: "destination" is the
    first stop (where a flight from home goes), "stops" the route numbered from 1."""
    return {
        "origin": trip.origin_code or trip.origin or None,
        "destination": stops[0].place_code or stops[0].place if stops else None,
        "stops": [
            {
                "number": number,
                "place": stop.place_code or stop.place,
                "arrive": None if stop.arrive is None else stop.arrive.isoformat(),
                "depart": None if stop.depart is None else stop.depart.isoformat(),
            }
            for number, stop in enumerate(stops, 1)
        ]
        or None,
        "start_date": None if trip.start_date is None else trip.start_date.isoformat(),
        "end_date": None if trip.end_date is None else trip.end_date.isoformat(),
        "amount": None if trip.budget_amount is None else str(trip.budget_amount),
        "currency": trip.budget_currency or None,
    }
