"""Keeps the chat and inspector bound to an assistant for the selected trip. The adapter
is shared (its cache survives switching); each agent wraps it anew, one log a conversation.
The inspector is built when first asked for, or as soon as an assistant is bound, so it
follows that assistant's events from the first.
"""

from __future__ import annotations

import asyncio
import dataclasses
import importlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from concierge.agent import Agent, ContextHook, tool_titles
from concierge.model.settings import (
    ASSISTANT_ANSWER_CAP,
    ASSISTANT_CONTEXT_BUDGET,
    ASSISTANT_SNAPSHOT_BUDGET,
    MODEL_CONNECT_TIMEOUT,
    MODEL_CONTEXT_UPDATES,
    MODEL_IDLE_TIMEOUT,
    MODEL_MERGE_USER_TURNS,
    MODEL_SNAPSHOT_LAYOUT,
    MODEL_TOOL_USE,
    ToolUse,
)
from concierge.model_server import (
    TOOL_USE_TEXT,
    ContextWindow,
    FoundServer,
    ModelProfile,
    check_tool_use,
    connect_found,
    is_local,
    load_profile,
    probe_context_window,
)
from concierge.store.engine import BUSY_TIMEOUT_SECONDS
from concierge.travel.assistant.conversations import OneTurnAtATime, trip_history
from concierge.travel.assistant.suggestions import chat_suggestions
from concierge.travel.services import TravelServices
from concierge.ui.chat import ChatPanel
from concierge.ui.chat.notices import NO_MODEL_TEXT
from concierge.ui.i18n import shown, translate

if TYPE_CHECKING:
    import openai

    from concierge.agent.openai_model import OpenAIChatModel
    from concierge.ui.inspector import InspectorPanel

log = logging.getLogger(__name__)

SAVE_TIMEOUT = BUSY_TIMEOUT_SECONDS + 5.0
"""Seconds `before_context` may take: its writes may wait for the database lock (up to the
busy timeout) or for the place index to finish loading; a turn then fails naming it."""


ASSISTANT_MODULES = ("concierge.agent.openai_model", "concierge.travel.assistant.trip_assistant")
"""The model's SDK (a good part of a second) and the assistant's tools: imported off the loop
once a usable model is set up, not at start-up, where the chat only shows the conversation."""


async def import_assistant() -> None:
    for module in ASSISTANT_MODULES:
        await asyncio.to_thread(importlib.import_module, module)


class AssistantSession(QObject):
    def __init__(
        self,
        services: TravelServices,
        chat: ChatPanel,
        inspector: Callable[[], InspectorPanel],
        parent: QObject | None = None,
        *,
        before_context: ContextHook | None = None,
    ) -> None:
        super().__init__(parent)
        self.services = services
        self._before_context = before_context
        self.chat = chat
        chat.step_reader = services.history.group_step
        self._build_inspector = inspector
        self._inspector: InspectorPanel | None = None
        self.profile: ModelProfile | None = None
        self.agent: Agent | None = None
        self._model: OpenAIChatModel | None = None
        self._client: openai.AsyncOpenAI | None = None
        self._trip_id: str | None = None
        self.context_window: ContextWindow | None = None
        """The model's context window as its server reported it, if it did."""
        self.snapshot_budget = ASSISTANT_SNAPSHOT_BUDGET.default
        """Tokens of the runtime context (a setting, read with the profile)."""
        self._testing = False
        """The model is being asked for a tool call (`test_tools`)."""
        chat.set_binding(True)  # until the profile is read: Send waits for it

    @property
    def trip_id(self) -> str | None:
        return self._trip_id

    @property
    def inspector(self) -> InspectorPanel:
        """The inspector, built now if it was not yet, showing the trip's held-back facts
        and the bound assistant."""
        if self._inspector is None:
            self._inspector = panel = self._build_inspector()
            if self._trip_id is not None:
                panel.held_back.set_trip(self.services, self._trip_id)
            self._follow_agent(panel)
        return self._inspector

    def _follow_agent(self, inspector: InspectorPanel) -> None:
        if self.agent is not None:
            inspector.bind(self.agent, self.agent.system_prompt, self.snapshot_budget)

    @property
    def client(self) -> openai.AsyncOpenAI | None:
        """The model server's client, while a usable profile is bound (voice uses it too)."""
        return self._client

    async def reload_profile(self) -> ModelProfile:
        profile = await load_profile(self.services.settings, self.services.secrets)
        self.snapshot_budget = await self.services.settings.get(ASSISTANT_SNAPSHOT_BUDGET)
        if profile.is_usable:
            await import_assistant()
        self.use_profile(profile)
        return profile

    def use_profile(self, profile: ModelProfile) -> None:
        self.profile = profile
        if self._client is not None:
            client, self._client = self._client, None
            self.chat.tasks.start(client.close(), name="close model client")
        self._model = None
        self.context_window = None
        self.chat.server_is_local = is_local(profile.base_url)
        if profile.is_usable:
            # Here, not at start-up: the SDK is slow to import and may be unused.
            from concierge.agent.openai_client import model_client
            from concierge.agent.openai_model import OpenAIChatModel

            self._client = model_client(profile.base_url, profile.client_api_key, max_retries=1)
            self._model = OpenAIChatModel(
                self._client,
                model=profile.model,
                merge_user_turns=profile[MODEL_MERGE_USER_TURNS],
                prompt_cache_key="concierge",
                connect_timeout=profile[MODEL_CONNECT_TIMEOUT],
                idle_timeout=profile[MODEL_IDLE_TIMEOUT],
                answer_cap=profile[ASSISTANT_ANSWER_CAP],
                answer_cap_field=profile.preset_info.answer_cap_field,
            )
            self.chat.tasks.start(self._read_window(profile), name="read the context window")
        self._show_model()
        self.chat.notice.label.setText(
            shown(NO_MODEL_TEXT)
            if profile.is_usable
            else translate(
                "AssistantSession",
                "The assistant is not connected. {problem} You can keep writing "
                "meanwhile; Send works once a model is connected.",
            ).format(problem=shown(profile.problem or ""))
        )
        self._rebind()
        self.chat.set_binding(False)

    def _show_model(self) -> None:
        profile = self.profile
        if profile is None or not profile.is_usable:
            self.chat.show_model("")
            return
        verdict = TOOL_USE_TEXT[profile.tool_use]
        if self._testing:
            verdict = translate("AssistantSession", "checking whether it can edit your trip…")
        self.chat.show_model(
            translate("AssistantSession", "{model}: {verdict}").format(
                model=profile.model, verdict=shown(verdict)
            )
            if verdict
            else profile.model
        )

    async def connect_model(self, server: FoundServer, model: str) -> ModelProfile:
        """Make `model` of a server found on this computer the profile in effect, then ask it
        for one tool call and keep the verdict with the profile."""
        profile = await connect_found(self.services.settings, self.services.secrets, server, model)
        await import_assistant()
        self.use_profile(profile)
        self.chat.tasks.start(self.test_tools(profile), name="test the model's tool use")
        return profile

    async def test_tools(self, profile: ModelProfile) -> ToolUse:
        """Ask the model for one tool call; the verdict is kept with the profile and shown
        beside the model's name, without rebinding the chat (a turn may be under way)."""
        self._testing = True
        self._show_model()
        try:
            verdict = await check_tool_use(profile)
        finally:
            self._testing = False
            self._show_model()
        if profile is not self.profile:
            return verdict  # Another profile was chosen meanwhile.
        await self.services.settings.set(MODEL_TOOL_USE, verdict)
        self.profile = dataclasses.replace(
            profile, values={**profile.values, MODEL_TOOL_USE: verdict}
        )
        self._show_model()
        return verdict

    async def _read_window(self, profile: ModelProfile) -> None:
        """Ask the server for its context window, off start-up's path: until it answers (or
        if it reports none) the budget applies as set, and a refusal still compacts."""
        window = await probe_context_window(
            profile.base_url, profile.client_api_key, profile.model, profile.preset
        )
        if profile is not self.profile:
            return  # The settings changed meanwhile; their own read is under way.
        self.context_window = window
        if self.agent is not None:
            self.agent.set_context_window(window.tokens if window is not None else None)

    def set_trip(self, trip_id: str | None) -> None:
        if trip_id != self._trip_id:
            self._trip_id = trip_id
            if self._inspector is not None:
                self._inspector.held_back.set_trip(self.services, trip_id)
            self._rebind()

    def _rebind(self) -> None:
        if self._inspector is not None:
            self._inspector.unbind()
        self.agent = None
        if self._trip_id is None:
            self.chat.set_runnable(None, None)
            return
        history = trip_history(self.services, self._trip_id)
        if self._model is None or self.profile is None:
            self.chat.set_runnable(None, history)
            return
        from concierge.travel.assistant.trip_assistant import build_trip_assistant

        self.agent = build_trip_assistant(
            self.services,
            self._trip_id,
            self._model,
            permission_handler=self.chat.ask,
            context_budget=self.profile[ASSISTANT_CONTEXT_BUDGET],
            answer_cap=self.profile[ASSISTANT_ANSWER_CAP],
            context_window=self.context_window.tokens if self.context_window else None,
            snapshot_budget=self.snapshot_budget,
            context_updates=self.profile[MODEL_CONTEXT_UPDATES],
            snapshot_layout=self.profile[MODEL_SNAPSHOT_LAYOUT],
        )
        if self._before_context is not None:
            self.agent.add_context_hook(
                self._before_context, name="typed edits", timeout=SAVE_TIMEOUT
            )
        self.chat.set_runnable(
            OneTurnAtATime(self.agent, history), history, tool_titles(self.agent.tools)
        )
        self.chat.tasks.start(self._suggest(self._trip_id), name="suggest requests")
        if self._inspector is not None:
            self._follow_agent(self._inspector)
        else:
            _ = self.inspector  # built now, to follow this assistant from its first event

    async def _suggest(self, trip_id: str) -> None:
        suggestions = await chat_suggestions(self.services, trip_id)
        if trip_id == self._trip_id:
            self.chat.set_suggestions([shown(text) for text in suggestions])

    async def shutdown(self) -> None:
        if self._inspector is not None:
            self._inspector.unbind()
            await self._inspector.held_back.shutdown()
        if self._client is not None:
            await self._client.close()
            self._client = None
