"""The lookup-status context provider: running lookups with their progress, then those finished
since the assistant last saw them. Its `Notice` marks them seen only once a model call that carried
them succeeded, so a failed call or the inspector's read leaves them to be announced again."""

from __future__ import annotations

from concierge.agent import AbortSignal, ContextProvider, Notice
from concierge.store import LookupJobRecord, LookupJobRepository

from ..safe_text.value_text import one_line
from .snapshot_budget import Section, default_budget, fit_sections
from .trip_view import short_id

MAX_FINISHED_SHOWN = 8


def render_active(job: LookupJobRecord) -> str:
    percent = int(job.progress * 100)
    line = f" — {one_line(job.status_line)}" if job.status_line else ""
    return f"- [{short_id(job.id)}] {job.kind}: {job.status.value} {percent}%{line}"


def render_finished(job: LookupJobRecord) -> str:
    return f"- [{short_id(job.id)}] {job.kind}: {job.status.value} — {one_line(job.summary)}"


def lookup_status_provider(
    jobs: LookupJobRepository, trip_id: str, *, allowance: int | None = None
) -> ContextProvider:
    """Within `allowance` tokens (default: the lookups' share of the default budget), the
    running lookups first, counting those that do not fit."""
    tokens = allowance if allowance is not None else default_budget().allowance("lookups")

    async def lookups(signal: AbortSignal) -> str | Notice | None:
        records = await jobs.list_for_trip(trip_id)
        active = [j for j in records if not j.status.finished]
        fresh = [j for j in records if j.status.finished and not j.seen_by_assistant]
        finished: list[str] = []
        if fresh:
            shown = fresh[-MAX_FINISHED_SHOWN:]
            if len(fresh) > len(shown):
                finished.append(f"- ({len(fresh) - len(shown)} earlier ones not shown)")
            finished.extend(render_finished(job) for job in shown)
            finished.append("(lookup with action result shows a lookup's full result.)")
        text = fit_sections(
            [
                Section(
                    "Lookups in progress:",
                    [render_active(job) for job in active],
                    lambda count: f"- … {count:,} more lookups in progress",
                ),
                Section(
                    "Lookups finished since you last saw them:",
                    finished,
                    lambda count: f"- … {count:,} more lines not shown",
                ),
            ],
            tokens,
        )
        if not fresh:
            return text
        seen = [job.id for job in fresh]

        async def delivered() -> None:
            await jobs.mark_seen(seen)

        return Notice(text, delivered)

    return lookups
