"""The assistant's lookup tools for one trip: start (returns at once), cancel, read a result.

`start_lookup` never waits for the lookup: the model learns of its completion from the
lookup-status provider in a later iteration, and can keep working (or answer) meanwhile.
"""

from __future__ import annotations

import json
import uuid
from enum import StrEnum
from typing import Any

from pydantic import Field

from concierge.agent import ContextProvider, Tool, ToolContext, ToolError, ToolOutput
from concierge.store import LookupJobRecord, LookupJobRepository, LookupStatus

from ..lookups.errors import LookupRequestError
from ..lookups.kinds import KINDS
from ..lookups.service import LookupService
from .feature import AssistantFeature
from .lookup_status import lookup_status_provider
from .tool_support import ToolArgs, by_reference
from .trip_view import short_id


class LookupKindName(StrEnum):
    """The kinds the model may start (a test keeps this equal to `KINDS`)."""

    FLIGHTS = "flights"
    HOLIDAYS = "holidays"
    CURRENCY = "currency"
    TIME_DIFFERENCE = "time_difference"
    DAYLIGHT = "daylight"
    WEATHER = "weather"


class StartLookup(ToolArgs):
    """Parameters left out are taken from the trip."""

    kind: LookupKindName = Field(
        description="; ".join(f"{k.name}: {k.description}" for k in KINDS.values())
    )
    origin: str | None = Field(None, description="City or airport; default: the trip's.")
    stop: int | None = Field(None, ge=1, description="Stop number; default: every stop.")
    start_date: str | None = Field(None, description="YYYY-MM-DD; default: the trip's.")
    end_date: str | None = Field(None, description="YYYY-MM-DD; default: the trip's.")
    amount: str | None = Field(None, description="Amount to convert; default: the budget.")
    currency: str | None = Field(None, description="ISO code; default: the budget's.")
    to_currency: str | None = Field(None, description="ISO code to convert to (currency).")


class LookupRef(ToolArgs):
    job_id: str = Field(min_length=4, description="The lookup's id as shown in brackets.")


def job_id_for(effect_id: str) -> str | None:
    """The job a `start_lookup` call creates, named after the call (its effect id), so that
    after a crash that lost the call's result the job tells what the call did."""
    return (
        uuid.uuid5(uuid.NAMESPACE_URL, f"concierge:lookup:{effect_id}").hex if effect_id else None
    )


async def started_job_outcome(jobs: LookupJobRepository, effect_id: str) -> str | None:
    """What a `start_lookup` call whose result was lost had done, in words for the model."""
    job_id = job_id_for(effect_id)
    job = await jobs.get(job_id) if job_id is not None else None
    if job is None:
        return None
    return f"Started the {job.kind} lookup [{short_id(job.id)}]; it is now {job.status.value}."


class LookupTools:
    """Builds the lookup tools bound to one trip."""

    def __init__(self, trip_id: str, service: LookupService, jobs: LookupJobRepository) -> None:
        self.trip_id = trip_id
        self.service = service
        self.jobs = jobs

    def all(self) -> list[Tool[Any]]:
        return [
            Tool(
                name="start_lookup",
                title="Start a lookup",
                description="Start a background lookup on real travel data. Returns its id "
                "at once; the result appears in the runtime context when it finishes.",
                input_model=StartLookup,
                handler=self.start,
            ),
            Tool(
                name="cancel_lookup",
                title="Cancel a lookup",
                description="Cancel a queued or running lookup.",
                input_model=LookupRef,
                handler=self.cancel,
            ),
            Tool(
                name="get_lookup_result",
                title="Read a lookup result",
                description="Read the full result of a finished lookup.",
                input_model=LookupRef,
                handler=self.result,
            ),
        ]

    async def start(self, args: StartLookup, ctx: ToolContext) -> ToolOutput:
        given = args.model_dump(exclude={"kind"}, exclude_none=True)
        if (refused := await self.service.refusal(args.kind.value)) is not None:
            raise ToolError(f"Not started: {refused} Only the person can turn it on.")
        try:
            job_id = await self.service.start(
                self.trip_id, args.kind.value, given, job_id=job_id_for(ctx.effect_id)
            )
        except LookupRequestError as error:
            raise ToolError(str(error)) from None
        short = short_id(job_id)
        return ToolOutput(
            f"Started the {args.kind.value} lookup [{short}]. It runs in the background; its "
            "outcome will appear in the runtime context when it finishes.",
            summary=f"started {args.kind.value} lookup [{short}]",
        )

    async def cancel(self, args: LookupRef, ctx: ToolContext) -> ToolOutput:
        job = await self._job(args.job_id)
        try:
            stopped = await self.service.cancel(job.id)
        except LookupRequestError as error:
            raise ToolError(str(error)) from None
        short = short_id(job.id)
        if stopped.status is LookupStatus.CANCELLED and not job.status.finished:
            return ToolOutput(f"Cancelled the lookup [{short}].", summary=f"cancelled [{short}]")
        return ToolOutput(
            f"The lookup [{short}] had already finished ({stopped.status.value}); "
            "nothing to cancel.",
            summary=f"[{short}] already {stopped.status.value}",
        )

    async def result(self, args: LookupRef, ctx: ToolContext) -> ToolOutput:
        job = await self._job(args.job_id)
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
    """start_lookup, cancel_lookup and get_lookup_result for one trip."""
    return LookupTools(trip_id, service, service.jobs).all()


class LookupFeature(AssistantFeature):
    """Background lookups: tools to start, cancel and read them, and the "lookups" block of
    running ones and those finished since the model last saw them."""

    name = "lookups"

    def __init__(self, service: LookupService, trip_id: str) -> None:
        self.service = service
        self.trip_id = trip_id

    def tools(self) -> list[Tool[Any]]:
        return lookup_tools(self.service, self.trip_id)

    def status_provider(self) -> ContextProvider:
        return lookup_status_provider(self.service.jobs, self.trip_id)
