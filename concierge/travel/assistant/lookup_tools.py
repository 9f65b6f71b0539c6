"""The assistant's lookup tool for one trip. Starting never waits: the model learns of the
completion from the lookup-status block later."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal

from pydantic import Field

from concierge.agent import ContextProvider, Tool, ToolContext, ToolError, ToolOutput
from concierge.store import LookupJobRecord, LookupJobRepository, LookupStatus

from ..lookups.kinds import KINDS
from ..lookups.service import LookupService
from .feature import AssistantFeature
from .lookup_status import lookup_status_provider
from .tool_support import ToolArgs, by_reference, store_errors
from .trip_view import short_id

LookupKindName = StrEnum(  # type: ignore[misc]
    "LookupKindName", [(name.upper(), name) for name in KINDS]
)
"""The kinds the model may start: the table's."""


class LookupEdit(ToolArgs):
    """`start` takes `kind` and its parameters (those left out are taken from the trip),
    `cancel` and `result` a `job_id`."""

    action: Literal["start", "cancel", "result"]
    job_id: str | None = Field(None, description="For cancel, result.")
    kind: LookupKindName | None = None
    origin: str | None = None
    stop: int | None = Field(None, ge=1, description="Default: every stop.")
    start_date: str | None = None
    end_date: str | None = None
    amount: str | None = Field(None, description="Default: the budget.")
    currency: str | None = None
    to_currency: str | None = Field(None, description="currency needs it.")


_REFERENCE_ONLY = frozenset({"action", "job_id"})


def job_id_for(effect_id: str) -> str | None:
    """The job a lookup's start call creates, named after the call (its effect id), so that
    after a crash that lost the call's result the job tells what the call did."""
    return (
        uuid.uuid5(uuid.NAMESPACE_URL, f"concierge:lookup:{effect_id}").hex if effect_id else None
    )


async def started_job_outcome(jobs: LookupJobRepository, effect_id: str) -> str | None:
    """What a lookup's start call whose result was lost had done, in words for the model."""
    job_id = job_id_for(effect_id)
    job = await jobs.get(job_id) if job_id is not None else None
    if job is None:
        return None
    return f"Started the {job.kind} lookup [{short_id(job.id)}]; it is now {job.status.value}."


@dataclass(eq=False)
class LookupTools:
    """Builds the lookup tools bound to one trip."""

    trip_id: str
    service: LookupService
    jobs: LookupJobRepository

    def all(self) -> list[Tool[Any]]:
        return [
            Tool(
                name="lookup",
                title="Look something up",
                description="Start a lookup on real travel data (what is left out comes from "
                "the trip), cancel one, or read a finished one's result.",
                input_model=LookupEdit,
                handler=self.edit,
            )
        ]

    async def edit(self, args: LookupEdit, ctx: ToolContext) -> ToolOutput:
        if args.action == "start":
            if args.job_id is not None:
                raise ToolError("start makes a new lookup: leave out job_id.")
            return await self.start(args, ctx)
        if args.job_id is None or args.model_fields_set - _REFERENCE_ONLY:
            raise ToolError(f"{args.action} takes only the job_id shown in brackets.")
        if args.action == "cancel":
            return await self.cancel(args.job_id)
        return await self.result(args.job_id)

    async def start(self, args: LookupEdit, ctx: ToolContext) -> ToolOutput:
        if args.kind is None:
            raise ToolError("start needs the kind of lookup.")
        given = args.model_dump(exclude={"action", "job_id", "kind"}, exclude_none=True)
        if (refused := await self.service.refusal(args.kind.value)) is not None:
            raise ToolError(f"Not started: {refused} Only the person can turn it on.")
        async with store_errors():
            job_id = await self.service.start(
                self.trip_id, args.kind.value, given, job_id=job_id_for(ctx.effect_id)
            )
        short = short_id(job_id)
        return ToolOutput(
            f"Started the {args.kind.value} lookup [{short}]. It runs in the background; its "
            "outcome will appear in the runtime context when it finishes.",
            summary=f"started {args.kind.value} lookup [{short}]",
        )

    async def cancel(self, reference: str) -> ToolOutput:
        job = await self._job(reference)
        async with store_errors():
            stopped = await self.service.cancel(job.id)
        short = short_id(job.id)
        if stopped.status is LookupStatus.CANCELLED and not job.status.finished:
            return ToolOutput(f"Cancelled the lookup [{short}].", summary=f"cancelled [{short}]")
        return ToolOutput(
            f"The lookup [{short}] had already finished ({stopped.status.value}); "
            "nothing to cancel.",
            summary=f"[{short}] already {stopped.status.value}",
        )

    async def result(self, reference: str) -> ToolOutput:
        job = await self._job(reference)
        short = short_id(job.id)
        if not job.status.finished:
            raise ToolError(
                f"The lookup [{short}] is still {job.status.value} "
                f"({int(job.progress * 100)}%); its outcome will appear in the runtime context."
            )
        if job.status is not LookupStatus.SUCCEEDED or job.result is None:
            raise ToolError(
                f"The lookup [{short}] has no result: {job.status.value}, {job.summary}"
            )
        body = json.dumps(job.result, ensure_ascii=False, sort_keys=True, indent=1)
        return ToolOutput(f"{job.kind} lookup [{short}]:\n{body}", summary=job.summary)

    async def _job(self, reference: str) -> LookupJobRecord:
        """A lookup of this trip by full or shortened id."""
        jobs = await self.jobs.list_for_trip(self.trip_id)
        return by_reference(jobs, reference, "lookup", "in the runtime context")


def lookup_tools(service: LookupService, trip_id: str) -> list[Tool[Any]]:
    """The lookup tool (start, cancel, read a result) for one trip."""
    return LookupTools(trip_id, service, service.jobs).all()


@dataclass(eq=False)
class LookupFeature(AssistantFeature):
    """Background lookups: a tool to start, cancel and read them, and the "lookups" block of
    running ones and those finished since the model last saw them."""

    name = "lookups"

    service: LookupService
    trip_id: str

    def tools(self) -> list[Tool[Any]]:
        return lookup_tools(self.service, self.trip_id)

    def status_provider(self) -> ContextProvider:
        return lookup_status_provider(self.service.jobs, self.trip_id, allowance=self.allowance())
