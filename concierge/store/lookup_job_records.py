"""Background lookup jobs as the store hands them out, and their own bus: a job's progress
changes many times a second and is no edit of the trip, so it stays off the `ChangeBus`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from concierge.agent.listeners import Listeners


class LookupStatus(StrEnum):
    QUEUED = "queued"
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    FAILED = "failed"
    CANCELLED = "cancelled"
    INTERRUPTED = "interrupted"

    @property
    def finished(self) -> bool:
        """Whether the job will not change any more (unless retried, as a new job)."""
        return self not in (LookupStatus.QUEUED, LookupStatus.RUNNING)


@dataclass(frozen=True, slots=True, eq=True)
class LookupJobRecord:
    """One lookup job; `parameters` are enough to run it again, `result` has a one-line
    `"summary"` once it succeeded."""

    id: str
    trip_id: str
    kind: str
    parameters: Mapping[str, Any]
    status: LookupStatus
    progress: float
    status_line: str
    result: Mapping[str, Any] | None
    error: str | None
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    seen_by_assistant: bool

    @property
    def summary(self) -> str:
        """One line about the outcome, for lists and the assistant's status view."""
        if self.status is LookupStatus.SUCCEEDED and self.result is not None:
            return str(self.result.get("summary", "done"))
        if self.status is LookupStatus.FAILED:
            return self.error or "failed"
        if self.status is LookupStatus.INTERRUPTED:
            return "interrupted when the app closed; it can be retried"
        return self.status_line or self.status.value


LookupJobSubscriber = Callable[[LookupJobRecord], None]


class LookupJobBus:
    """Fans committed job changes out to subscribers on the event loop's thread."""

    def __init__(self) -> None:
        self._listeners = Listeners[LookupJobRecord]("lookup job subscriber", describe=_job)

    def subscribe(self, subscriber: LookupJobSubscriber) -> Callable[[], None]:
        """Add `subscriber`; the returned function removes it (calling it twice is harmless)."""
        return self._listeners.subscribe(subscriber)

    def publish(self, jobs: list[LookupJobRecord]) -> None:
        for job in jobs:
            self._listeners.publish(job)


def _job(job: LookupJobRecord) -> str:
    return f"job {job.id}"
