"""Background lookup jobs: queued → running → succeeded | failed | cancelled, or interrupted.

The first finish wins, so a cancel racing a completion cannot overwrite it. Changes are
published on the `LookupJobBus` once committed, even if the writer was cancelled meanwhile.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from sqlmodel import Session, col, select

from .database import Database
from .lookup_job_records import LookupJobBus, LookupJobRecord, LookupStatus
from .tables import LookupJob, utc_now

_UNSET: Any = object()


class LookupJobRepository:
    """The lookup jobs, as immutable `LookupJobRecord`s."""

    def __init__(self, database: Database, bus: LookupJobBus | None = None) -> None:
        self.database = database
        self.bus = bus if bus is not None else LookupJobBus()

    async def create(
        self,
        trip_id: str,
        kind: str,
        parameters: Mapping[str, Any] | None = None,
        *,
        running_line: str | None = None,
        job_id: str | None = None,
    ) -> LookupJobRecord:
        """A new queued job; with `running_line` it starts out running (its runner had a free
        slot), which spares a second write."""
        encoded = _dumps(dict(parameters or {}))

        def write(session: Session) -> list[LookupJobRecord]:
            now = utc_now()
            row = LookupJob(
                id=job_id or uuid.uuid4().hex,
                trip_id=trip_id,
                kind=kind,
                parameters=encoded,
                status=(
                    LookupStatus.QUEUED if running_line is None else LookupStatus.RUNNING
                ).value,
                status_line=running_line or "Waiting to start",
                created_at=now,
                started_at=None if running_line is None else now,
            )
            session.add(row)
            session.flush()
            return [_record(row)]

        (job,) = await self._write(write)
        return job

    async def get(self, job_id: str) -> LookupJobRecord | None:
        def query(session: Session) -> LookupJobRecord | None:
            row = session.get(LookupJob, job_id)
            return None if row is None else _record(row)

        return await self.database.run(query)

    async def list_for_trip(self, trip_id: str) -> list[LookupJobRecord]:
        """The trip's jobs, oldest first."""

        def query(session: Session) -> list[LookupJobRecord]:
            rows = session.exec(
                select(LookupJob)
                .where(LookupJob.trip_id == trip_id)
                .order_by(col(LookupJob.created_at), col(LookupJob.id))
            ).all()
            return [_record(row) for row in rows]

        return await self.database.run(query)

    async def update(
        self,
        job_id: str,
        *,
        status: LookupStatus | None = None,
        progress: float | None = None,
        status_line: str | None = None,
        result: Mapping[str, Any] | None = _UNSET,
        error: str | None = _UNSET,
    ) -> LookupJobRecord | None:
        """Change what is named and return the job as stored; None if its trip was deleted. A
        finished job is returned unchanged: the first finish wins."""
        if progress is not None and not 0.0 <= progress <= 1.0:
            raise ValueError(f"Progress must be between 0 and 1, not {progress}.")
        encoded = _UNSET if result is _UNSET or result is None else _dumps(dict(result))

        def write(session: Session) -> list[LookupJobRecord]:
            row = session.get(LookupJob, job_id)
            if row is None:
                return []
            if LookupStatus(row.status).finished:
                return [_record(row)]
            now = utc_now()
            if status is not None:
                row.status = status.value
                if status is LookupStatus.RUNNING and row.started_at is None:
                    row.started_at = now
                if status.finished:
                    row.finished_at = now
                if status is LookupStatus.SUCCEEDED:
                    row.progress = 1.0
            if progress is not None:
                row.progress = max(row.progress, progress)
            if status_line is not None:
                row.status_line = status_line
            if result is not _UNSET:
                row.result = None if result is None else encoded
            if error is not _UNSET:
                row.error = error
            session.add(row)
            session.flush()
            return [_record(row)]

        jobs = await self._write(write)
        return jobs[0] if jobs else None

    async def mark_interrupted_on_startup(self) -> list[LookupJobRecord]:
        """Every queued or running job becomes `interrupted` and is returned, oldest first.
        Call once at start-up, before any job runs: such a job was left by a run that ended."""

        def write(session: Session) -> list[LookupJobRecord]:
            rows = session.exec(
                select(LookupJob)
                .where(
                    col(LookupJob.status).in_(
                        [LookupStatus.QUEUED.value, LookupStatus.RUNNING.value]
                    )
                )
                .order_by(col(LookupJob.created_at), col(LookupJob.id))
            ).all()
            now = utc_now()
            for row in rows:
                row.status = LookupStatus.INTERRUPTED.value
                row.status_line = "Interrupted: the app closed while this ran"
                row.finished_at = now
                session.add(row)
            session.flush()
            return [_record(row) for row in rows]

        return await self._write(write)

    async def mark_seen(self, job_ids: Iterable[str]) -> int:
        """Note that the assistant has been shown these jobs' outcomes; how many changed."""
        wanted = sorted(set(job_ids))
        if not wanted:
            return 0

        def write(session: Session) -> list[LookupJobRecord]:
            rows = session.exec(
                select(LookupJob).where(
                    col(LookupJob.id).in_(wanted), col(LookupJob.seen_by_assistant).is_(False)
                )
            ).all()
            for row in rows:
                row.seen_by_assistant = True
                session.add(row)
            session.flush()
            return [_record(row) for row in rows]

        return len(await self._write(write))

    async def _write(
        self, transaction: Callable[[Session], list[LookupJobRecord]]
    ) -> list[LookupJobRecord]:
        """Run `transaction`, then publish its records once committed, even if cancelled."""
        work = asyncio.ensure_future(self.database.run(transaction))

        def announce(done: asyncio.Future[list[LookupJobRecord]]) -> None:
            if not done.cancelled() and done.exception() is None:
                self.bus.publish(done.result())

        work.add_done_callback(announce)
        return await asyncio.shield(work)


def _dumps(value: dict[str, Any]) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError) as error:
        raise ValueError(f"Lookup parameters and results must be JSON: {error}") from None


def _record(row: LookupJob) -> LookupJobRecord:
    return LookupJobRecord(
        id=row.id,
        trip_id=row.trip_id,
        kind=row.kind,
        parameters=json.loads(row.parameters),
        status=LookupStatus(row.status),
        progress=row.progress,
        status_line=row.status_line,
        result=None if row.result is None else json.loads(row.result),
        error=row.error,
        created_at=row.created_at,
        started_at=row.started_at,
        finished_at=row.finished_at,
        seen_by_assistant=row.seen_by_assistant,
    )
