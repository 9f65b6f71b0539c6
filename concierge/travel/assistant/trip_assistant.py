"""The assistant for one trip: the runtime, wired to the trip's tools and providers."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection, Sequence

from concierge.agent import (
    AbortSignal,
    Agent,
    AgentBuilder,
    CompactionPolicy,
    ContentPart,
    ModelAdapter,
    PermissionHandler,
    Runnable,
    RunnableWrapper,
    SnapshotLayout,
    TurnResult,
)
from concierge.store import SqliteHistoryStore
from concierge.store.settings import ASSISTANT_CONTEXT_BUDGET

from ..services import TravelServices
from .brief_feature import FormFeature
from .feature import AssistantFeature
from .goal_feature import GoalFeature
from .instructions import INSTRUCTIONS
from .ledger_tools import LedgerFeature, LedgerTools
from .ledger_view import itinerary_costs
from .lookup_tools import LookupFeature, started_job_outcome
from .pin_feature import PinFeature
from .providers import SelectionFeature, disclosing
from .trip_tools import TripFeature, TripTools

PROVIDER_TIMEOUT = 5.0
"""Seconds a provider may take; SQLite reads take milliseconds, so this only trips on a
stuck database, and the turn then fails with the provider's name instead of hanging."""


def conversation_id(trip_id: str) -> str:
    """One conversation per trip."""
    return f"trip-{trip_id}"


def build_trip_assistant(
    services: TravelServices,
    trip_id: str,
    model: ModelAdapter,
    *,
    permission_handler: PermissionHandler | None = None,
    context_budget: int = ASSISTANT_CONTEXT_BUDGET.default,
    own_status: Collection[str] = (),
    snapshot_layout: SnapshotLayout = SnapshotLayout.TRAILING,
) -> Agent:
    """`context_budget`: tokens per model call before older messages are summarized.
    `snapshot_layout`: where the trip's state goes in each call (the server's setting).
    `own_status`: features (by name, e.g. "brief", "goals", "pinned") whose default status
    block the app replaces with its own renderer, registered with
    `agent.add_context_provider`."""
    features = trip_features(services, trip_id)
    unknown = sorted(set(own_status) - {feature.name for feature in features})
    if unknown:
        raise ValueError(
            f"No status feature called {', '.join(unknown)}; "
            f"they are {', '.join(feature.name for feature in features)}."
        )
    builder = AgentBuilder(
        model=model,
        system_prompt=INSTRUCTIONS,
        history=trip_history(services, trip_id),
    )
    for feature in features:
        feature.install(builder, inject_status=False)
        if feature.name not in own_status:
            provider = feature.status_provider()
            if feature.disclosed:
                provider = disclosing(services.trips, trip_id, provider)
            builder.context_provider(provider, name=feature.name, timeout=PROVIDER_TIMEOUT)
    if permission_handler is not None:
        builder.permission_handler(permission_handler)
    builder.outcome_lookup(call_outcome(services))
    builder.compaction(CompactionPolicy(budget_tokens=context_budget))
    builder.snapshot_layout(snapshot_layout)
    return builder.build()


def call_outcome(services: TravelServices) -> Callable[[str], Awaitable[str | None]]:
    """What a tool call a crash left without a result had done: its change-log group (trip,
    itinerary, brief, goals, pins), else the lookup job it started."""

    async def outcome(effect_id: str) -> str | None:
        done = await services.history.group_outcome(effect_id)
        return done or await started_job_outcome(services.lookups.jobs, effect_id)

    return outcome


def trip_features(services: TravelServices, trip_id: str) -> list[AssistantFeature]:
    """Every part of the assistant for one trip, in the order their blocks are rendered."""
    planned = itinerary_costs(services.itinerary)
    return [
        TripFeature(
            TripTools(
                trip_id, services.trips, services.itinerary, services.editor, services.documents
            ),
            services.stops,
        ),
        LedgerFeature(LedgerTools(trip_id, services.trips, services.ledger, planned=planned)),
        FormFeature(services.form_filler, trip_id),
        GoalFeature(services.goals, trip_id),
        PinFeature(services.pins, trip_id),
        LookupFeature(services.lookups, trip_id),
        SelectionFeature(services.selection, services.itinerary, trip_id, services.lookups.jobs),
    ]


def trip_history(services: TravelServices, trip_id: str) -> SqliteHistoryStore:
    return SqliteHistoryStore(services.database, conversation_id(trip_id), title=trip_id)


class OneTurnAtATime(RunnableWrapper):
    """Runs each request and retry while holding the conversation's turn lease, so another
    Concierge process answering in the same conversation is refused with
    `ConversationBusyError` before anything is stored, instead of interleaving."""

    def __init__(self, inner: Runnable, history: SqliteHistoryStore) -> None:
        super().__init__(inner)
        self.history = history

    async def process_request(
        self, request: str | Sequence[ContentPart], signal: AbortSignal | None = None
    ) -> TurnResult:
        async with self.history.turn():
            return await self.inner.process_request(request, signal)

    async def retry(self, signal: AbortSignal | None = None) -> TurnResult:
        async with self.history.turn():
            return await self.inner.retry(signal)
