"""A piece of the trip assistant built only on the runtime's public API: tools, plus a
default status provider the app may replace with its own renderer (R13)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from concierge.agent import AgentBuilder, ContextProvider, Tool

from .snapshot_budget import SnapshotBudget, default_budget


class AssistantFeature(ABC):
    """Tools and a status provider for one trip. `name` is the provider's name, the
    heading of its block in the runtime context."""

    name: str
    disclosed: bool = False
    """Whether the status renders free text that may hold sensitive values: the assistant
    then renders it with the values the person shared on the trip shown (`disclosing`)."""
    budget: SnapshotBudget = default_budget()
    """The runtime context's budget; the status renders within the block's share of it
    (`allowance`), counting what it leaves out. The assistant sets its own."""

    def allowance(self) -> int:
        """Tokens the status block may take."""
        return self.budget.allowance(self.name)

    def tools(self) -> list[Tool[Any]]:
        return []

    @abstractmethod
    def status_provider(self) -> ContextProvider:
        """The default status: read from SQLite at every resolution, None when there is
        nothing to say."""

    def install(
        self,
        builder: AgentBuilder,
        *,
        inject_status: bool = True,
        timeout: float | None = None,
    ) -> None:
        """Register the tools and, unless `inject_status` is false, the default status provider
        (the app then registers its own with `Agent.add_context_provider`)."""
        for tool in self.tools():
            builder.tool(tool)
        if inject_status:
            builder.context_provider(self.status_provider(), name=self.name, timeout=timeout)
