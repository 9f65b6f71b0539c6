"""The assistant for one trip: the runtime, wired to the trip's tools and providers."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection, Sequence

from concierge.agent import (
    Agent,
    AgentBuilder,
    CompactionPolicy,
    ModelAdapter,
    PermissionHandler,
    SnapshotLayout,
    budget_for_window,
)
from concierge.agent.context_updates import ContextUpdates
from concierge.model.settings import ASSISTANT_CONTEXT_BUDGET, ASSISTANT_SNAPSHOT_BUDGET

from ..money.ledger_totals import Planned
from ..services import TravelServices
from .brief_feature import FormFeature
from .conversations import OneTurnAtATime as OneTurnAtATime
from .conversations import conversation_id as conversation_id
from .conversations import trip_history as trip_history
from .feature import AssistantFeature
from .goal_feature import GoalFeature
from .instructions import INSTRUCTIONS
from .ledger_tools import LedgerFeature, LedgerTools
from .ledger_view import PlannedCosts, itinerary_costs, planned_costs
from .lookup_tools import LookupFeature, started_job_outcome
from .pin_feature import PinFeature
from .problem_feature import ProblemFeature
from .proposal_feature import ProposalFeature, asked_unless_proposing, change_name
from .providers import SelectionFeature, TripReads, disclosing
from .snapshot_budget import SharedRoom, SnapshotBudget, default_budget
from .trip_reading import TripReader
from .trip_tools import TripFeature, TripTools
from .write_report import WriteReport

PROVIDER_TIMEOUT = 5.0
"""Seconds a provider may take; SQLite reads take milliseconds, so this only trips on a
stuck database, and the turn then fails with the provider's name instead of hanging."""
KEPT_CONTEXT_SHARE = 0.25
"""With runtime context sent as changes, the most of the context budget the full snapshot
and the updates kept in place may take before they are sent afresh as one full snapshot."""


def build_trip_assistant(
    services: TravelServices,
    trip_id: str,
    model: ModelAdapter,
    *,
    permission_handler: PermissionHandler | None = None,
    context_budget: int = ASSISTANT_CONTEXT_BUDGET.default,
    answer_cap: int = 0,
    context_window: int | None = None,
    snapshot_budget: int = ASSISTANT_SNAPSHOT_BUDGET.default,
    context_updates: bool = False,
    own_status: Collection[str] = (),
    snapshot_layout: SnapshotLayout = SnapshotLayout.TRAILING,
) -> Agent:
    """`context_budget`: tokens per call before older messages are summarized, lowered to fit a
    known `context_window` beside an `answer_cap`. `snapshot_budget`: tokens of the runtime context,
    all blocks together. `own_status`: features whose status block the app renders itself."""
    budget = SnapshotBudget(snapshot_budget)
    reads = TripReads(services.trips, trip_id, services.itinerary)
    room = SharedRoom(budget)
    features = trip_features(services, trip_id, budget, reads, room)
    unknown = sorted(set(own_status) - {feature.name for feature in features})
    if unknown:
        raise ValueError(
            f"No status feature called {', '.join(unknown)}; "
            f"they are {', '.join(feature.name for feature in features)}."
        )
    if context_updates:
        in_use = budget_for_window(context_budget, context_window, answer_cap)
        model = ContextUpdates(model, max_tokens=max(1, int(in_use * KEPT_CONTEXT_SHARE)))
    builder = AgentBuilder(
        model=model,
        system_prompt=INSTRUCTIONS,
        history=trip_history(services, trip_id),
    )
    builder.context_hook(reads.reset, name="trip read")
    builder.context_hook(room.reset, name="snapshot budget")
    for feature in features:
        for tool in feature.tools():
            builder.tool(tool)
        if feature.name not in own_status:
            provider = feature.status_provider()
            if feature.disclosed:
                provider = disclosing(reads, trip_id, provider)
            provider = room.capped(feature.name, provider)
            builder.context_provider(provider, name=feature.name, timeout=PROVIDER_TIMEOUT)
    if permission_handler is not None:
        builder.permission_handler(asked_unless_proposing(permission_handler, services.settings))
    builder.outcome_lookup(call_outcome(services))
    builder.compaction(CompactionPolicy(budget_tokens=context_budget, answer_tokens=answer_cap))
    builder.snapshot_layout(SnapshotLayout.TRAILING if context_updates else snapshot_layout)
    agent = builder.build()
    agent.set_context_window(context_window)
    return agent


def call_outcome(services: TravelServices) -> Callable[[str], Awaitable[str | None]]:
    """What a tool call a crash left without a result had done: its change-log group (trip,
    itinerary, brief, goals, pins), else what it proposed, else the lookup job it started."""

    async def outcome(effect_id: str) -> str | None:
        done = await services.history.group_outcome(effect_id)
        if done:
            return done
        proposed = await services.proposals.for_call(effect_id)
        if proposed is not None:
            return f"Proposed to the person, not applied yet: {change_name(proposed)}."
        return await started_job_outcome(services.lookups.jobs, effect_id)

    return outcome


def trip_features(
    services: TravelServices,
    trip_id: str,
    budget: SnapshotBudget | None = None,
    reads: TripReads | None = None,
    room: SharedRoom | None = None,
) -> list[AssistantFeature]:
    """Every part of the assistant for one trip, in the order their blocks are rendered. `reads`
    shares one read of the trip per resolution (its `reset` must run as a context hook)."""
    planned = itinerary_costs(services.itinerary)
    report = WriteReport(services.checks, trip_id)
    ledger = LedgerTools(trip_id, services.trips, services.ledger, report, planned=planned)
    reader = TripReader(
        trip_id,
        services.trips,
        services.itinerary,
        services.stops,
        services.documents,
        ledger,
    )
    features: list[AssistantFeature] = [
        TripFeature(
            TripTools(
                trip_id,
                services.trips,
                services.itinerary,
                services.editor,
                report,
                services.documents,
            ),
            reader,
            selection=services.selection,
            reads=reads,
            room=None if room is None else room.trip_allowance,
        ),
        ProblemFeature(
            services.database,
            trip_id,
            reads,
            services.places,
            room=None if room is None else room.growing("problems"),
        ),
        LedgerFeature(ledger, None if reads is None else _planned(reads), reads),
        ProposalFeature(services.proposals, trip_id),
        FormFeature(services.form_filler, trip_id),
        GoalFeature(services.goals, trip_id),
        PinFeature(services.pins, trip_id),
        LookupFeature(services.lookups, trip_id),
        SelectionFeature(
            services.selection, services.itinerary, trip_id, services.lookups.jobs, reads=reads
        ),
    ]
    for feature in features:
        feature.budget = budget if budget is not None else default_budget()
    return features


def _planned(reads: TripReads) -> PlannedCosts:
    async def planned(trip_id: str) -> Sequence[Planned]:
        return planned_costs(await reads.items())

    return planned
