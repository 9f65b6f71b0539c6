"""The lookup-status context provider: what the assistant should know about lookups now.

Before every model call it renders, from SQLite, the trip's queued and running lookups with
their progress, then the lookups that finished since the assistant last saw them, each with
a one-line outcome. A lookup that finishes while the model is thinking is therefore in the
next iteration's snapshot, once.

Marking seen: a finished job is marked seen as soon as it is rendered. That is the simplest
correct rule for the runtime as it is (providers resolve right before each model call), but
a resolution not followed by a model call consumes the notice too: an on-demand
`get_runtime_context()` (the inspector), or a call that fails after the providers ran. The
model can still read every job with `get_lookup_result`, so nothing is lost, only not
announced. A stricter rule would remember the rendered ids and mark them on the agent's
`model_request` event; it needs a subscription wired by the composition root.
"""

from __future__ import annotations

from concierge.agent import AbortSignal, ContextProvider
from concierge.store import LookupJobRecord, LookupJobRepository

from ..trip_view import headed_lists, short_id
from ..value_text import one_line

MAX_FINISHED_SHOWN = 8


def render_active(job: LookupJobRecord) -> str:
    percent = int(job.progress * 100)
    line = f" — {one_line(job.status_line)}" if job.status_line else ""
    return f"- [{short_id(job.id)}] {job.kind}: {job.status.value} {percent}%{line}"


def render_finished(job: LookupJobRecord) -> str:
    return f"- [{short_id(job.id)}] {job.kind}: {job.status.value} — {one_line(job.summary)}"


def lookup_status_provider(jobs: LookupJobRepository, trip_id: str) -> ContextProvider:
    async def lookups(signal: AbortSignal) -> str | None:
        records = await jobs.list_for_trip(trip_id)
        active = [j for j in records if not j.status.finished]
        fresh = [j for j in records if j.status.finished and not j.seen_by_assistant]
        finished: list[str] = []
        if fresh:
            shown = fresh[-MAX_FINISHED_SHOWN:]
            if len(fresh) > len(shown):
                finished.append(f"- ({len(fresh) - len(shown)} earlier ones not shown)")
            finished.extend(render_finished(job) for job in shown)
            finished.append("(get_lookup_result shows a lookup's full result.)")
            await jobs.mark_seen(job.id for job in fresh)
        return headed_lists(
            ("Lookups in progress:", [render_active(job) for job in active]),
            ("Lookups finished since you last saw them:", finished),
        )

    return lookups
