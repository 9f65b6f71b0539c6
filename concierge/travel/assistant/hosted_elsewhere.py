"""The trip assistant for a program whose model is somewhere else (`concierge context` shows its
context, an MCP client's model calls its tools): built as the window builds it, never calling a
model of its own."""

from __future__ import annotations

from collections.abc import Callable

from concierge.agent import Agent, AgentEvent, ModelError, PermissionHandler
from concierge.agent.model import ModelReply, ModelRequest
from concierge.model.settings import ASSISTANT_SNAPSHOT_BUDGET

from ..money.exchange import load_exchange
from ..services import TravelServices
from .trip_assistant import build_trip_assistant


class NoModel:
    """The model adapter of an assistant whose model is elsewhere: it refuses calls."""

    def __init__(self, program: str) -> None:
        self.program = program

    async def respond(
        self, request: ModelRequest, emit: Callable[[AgentEvent], None]
    ) -> ModelReply:
        raise ModelError(f"`{self.program}` does not call the model.", retryable=False)


async def assistant_without_model(
    services: TravelServices,
    trip_id: str,
    program: str,
    *,
    permission_handler: PermissionHandler | None = None,
) -> Agent:
    """The trip's assistant with the runtime context our next model call would carry: the
    person's snapshot budget, and exchange rates loaded as the window's Money panel has them."""
    await load_exchange()
    budget = await services.settings.get(ASSISTANT_SNAPSHOT_BUDGET)
    return build_trip_assistant(
        services,
        trip_id,
        NoModel(program),
        snapshot_budget=budget,
        permission_handler=permission_handler,
    )
