"""Assembling an agent: tools, context providers and hooks are declared before `build()`."""

from __future__ import annotations

from typing import Any

from .compaction import CompactionPolicy, Summarizer
from .context import ContextHook, ContextProvider
from .history import HistoryStore, InMemoryHistoryStore
from .loop import Agent
from .model import ModelAdapter
from .model_input import SnapshotLayout
from .result_summaries import SummaryPolicy
from .tools import OutcomeLookup, PermissionHandler, Tool


class AgentBuilder:
    def __init__(
        self, *, model: ModelAdapter, system_prompt: str, history: HistoryStore | None = None
    ) -> None:
        self._model = model
        self._system_prompt = system_prompt
        self._history = history
        self._tools: list[Tool[Any]] = []
        self._providers: list[tuple[ContextProvider, str | None, float | None]] = []
        self._hooks: list[tuple[ContextHook, str | None, float | None]] = []
        self._options: dict[str, Any] = {}

    def tool(self, tool: Tool[Any]) -> AgentBuilder:
        self._tools.append(tool)
        return self

    def context_provider(
        self, provider: ContextProvider, *, name: str | None = None, timeout: float | None = None
    ) -> AgentBuilder:
        self._providers.append((provider, name, timeout))
        return self

    def context_hook(
        self, hook: ContextHook, *, name: str | None = None, timeout: float | None = None
    ) -> AgentBuilder:
        """A step run before the providers of every resolution (`Agent.add_context_hook`)."""
        self._hooks.append((hook, name, timeout))
        return self

    def permission_handler(self, handler: PermissionHandler) -> AgentBuilder:
        self._options["permission_handler"] = handler
        return self

    def outcome_lookup(self, lookup: OutcomeLookup) -> AgentBuilder:
        """How to tell what a tool call a crash left without a result had done."""
        self._options["outcome_lookup"] = lookup
        return self

    def max_iterations(self, count: int) -> AgentBuilder:
        self._options["max_iterations"] = count
        return self

    def summarize_tool_results(
        self, enabled: bool, policy: SummaryPolicy | None = None
    ) -> AgentBuilder:
        """Send earlier turns' tool results as their summaries when `policy` says it pays."""
        self._options["summarize_tool_results"] = enabled
        self._options["result_summaries"] = policy
        return self

    def snapshot_layout(self, layout: SnapshotLayout) -> AgentBuilder:
        """Where the runtime context goes in each call's input (`SnapshotLayout`)."""
        self._options["snapshot_layout"] = layout
        return self

    def compaction(
        self, policy: CompactionPolicy, *, summarizer: Summarizer | None = None
    ) -> AgentBuilder:
        """Summarize older turns when the input passes `policy.budget_tokens` (off by default),
        by `summarizer` or else the agent's own model.
        """
        self._options["compaction"] = policy
        self._options["summarizer"] = summarizer
        return self

    def build(self) -> Agent:
        agent = Agent(
            model=self._model,
            system_prompt=self._system_prompt,
            history=self._history if self._history is not None else InMemoryHistoryStore(),
            tools=self._tools,
            **self._options,
        )
        for provider, name, timeout in self._providers:
            agent.add_context_provider(provider, name=name, timeout=timeout)
        for hook, name, timeout in self._hooks:
            agent.add_context_hook(hook, name=name, timeout=timeout)
        return agent
