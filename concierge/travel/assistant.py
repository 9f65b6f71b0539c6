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
    TurnResult,
)
from concierge.store import SqliteHistoryStore
from concierge.store.settings import ASSISTANT_CONTEXT_BUDGET

from .feature import AssistantFeature
from .form_context import FormFeature
from .goal_context import GoalFeature
from .instructions import INSTRUCTIONS
from .ledger_tools import LedgerTools
from .ledger_view import itinerary_costs, ledger_provider
from .lookups import lookup_status_provider, lookup_tools
from .lookups.tools import started_job_outcome
from .pin_context import PinFeature
from .providers import disclosing, selection_provider, trip_provider
from .services import TravelServices
from .tools import TripTools

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
) -> Agent:
    """`context_budget`: tokens per model call before older messages are summarized.
    `own_status`: features ("brief", "goals", "pinned") whose default status block the app
    replaces with its own renderer, registered with `agent.add_context_provider`."""
    features = trip_features(services, trip_id)
    unknown = sorted(set(own_status) - {feature.name for feature in features})
    if unknown:
        raise ValueError(
            f"No status feature called {', '.join(unknown)}; "
            f"they are {', '.join(feature.name for feature in features)}."
        )
    tools = TripTools(
        trip_id, services.trips, services.itinerary, services.editor, services.documents
    )
    builder = AgentBuilder(
        model=model,
        system_prompt=INSTRUCTIONS,
        history=trip_history(services, trip_id),
    )
    planned = itinerary_costs(services.itinerary)
    ledger_tools = LedgerTools(trip_id, services.trips, services.ledger, planned=planned)
    for tool in [*tools.all(), *ledger_tools.all(), *lookup_tools(services.lookups, trip_id)]:
        builder.tool(tool)
    builder.context_provider(
        trip_provider(
            services.trips, services.itinerary, trip_id, services.stops, services.documents
        ),
        name="trip",
        timeout=PROVIDER_TIMEOUT,
    )
    builder.context_provider(
        ledger_provider(services.trips, services.ledger, trip_id, planned),
        name="money",
        timeout=PROVIDER_TIMEOUT,
    )
    for feature in features:
        feature.install(builder, inject_status=False)
        if feature.name not in own_status:
            builder.context_provider(
                disclosing(services.trips, trip_id, feature.status_provider()),
                name=feature.name,
                timeout=PROVIDER_TIMEOUT,
            )
    builder.context_provider(
        lookup_status_provider(services.lookups.jobs, trip_id),
        name="lookups",
        timeout=PROVIDER_TIMEOUT,
    )
    builder.context_provider(
        disclosing(
            services.trips,
            trip_id,
            selection_provider(
                services.selection, services.itinerary, trip_id, services.lookups.jobs
            ),
        ),
        name="selection",
        timeout=PROVIDER_TIMEOUT,
    )
    if permission_handler is not None:
        builder.permission_handler(permission_handler)
    builder.outcome_lookup(call_outcome(services))
    builder.compaction(CompactionPolicy(budget_tokens=context_budget))
    return builder.build()


def call_outcome(services: TravelServices) -> Callable[[str], Awaitable[str | None]]:
    """What a tool call a crash left without a result had done: its change-log group (trip,
    itinerary, brief, goals, pins), else the lookup job it started."""

    async def outcome(effect_id: str) -> str | None:
        done = await services.history.group_outcome(effect_id)
        return done or await started_job_outcome(services.lookups.jobs, effect_id)

    return outcome


def trip_features(services: TravelServices, trip_id: str) -> list[AssistantFeature]:
    """The trip brief, goals and pinned context: tools plus a status block each (R13)."""
    return [
        FormFeature(services.form_filler, trip_id),
        GoalFeature(services.goals, trip_id),
        PinFeature(services.pins, trip_id),
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
