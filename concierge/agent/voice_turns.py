"""The pieces of a voice session's conversation: what the person said, each answer, and
what the bridge needs of the agent. Kept apart from the bridge's socket handling."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from .abort import AbortSignal
from .events import RuntimeContext, Subscriber
from .history import HistoryStore
from .messages import AssistantMessage, ToolCall, ToolResult, UserMessage, user_message
from .tools import Tool

log = logging.getLogger(__name__)

UNTRANSCRIBED = "(The person spoke; no transcript of it arrived.)"
"""Stored for speech whose transcript never came, so the answer after it stays in order."""
INTERRUPTED_CALL = "The person interrupted the answer; this call was not carried out."
STOPPED_CALL = "The voice session ended before this call ran; it was not carried out."


@runtime_checkable
class VoiceHost(Protocol):
    """What the bridge needs of the agent (`Agent` has all of it)."""

    @property
    def system_prompt(self) -> str: ...

    @property
    def tools(self) -> tuple[Tool[Any], ...]: ...

    @property
    def history(self) -> HistoryStore: ...

    async def get_runtime_context(self, signal: AbortSignal | None = None) -> RuntimeContext: ...

    def subscribe(self, subscriber: Subscriber) -> Callable[[], None]: ...

    async def run_tool_call(
        self, message: AssistantMessage, call: ToolCall, signal: AbortSignal | None = None
    ) -> ToolResult: ...


@dataclass(eq=False)
class Spoken:
    """Something the person said (a committed audio buffer), stored once transcribed."""

    item_id: str
    text: str | None = None
    heard: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass(eq=False)
class Answer:
    """One response of the server, stored when it is done."""

    response_id: str
    carried: list[RuntimeContext]
    generation: int
    transcript: list[str] = field(default_factory=list)
    transcript_item: str = ""
    item_id: str = ""
    audio_bytes: int = 0
    calls: list[ToolCall] = field(default_factory=list)
    status: str | None = None
    interrupted: bool = False

    @property
    def text(self) -> str:
        return "".join(self.transcript)


def parsed(data: bytes | str) -> dict[str, Any]:
    try:
        event = json.loads(data)
    except ValueError:
        log.warning("voice: the server sent something that is not JSON; skipped")
        return {}
    return event if isinstance(event, dict) else {}


def spoken_text(item: Mapping[str, Any]) -> list[str]:
    content = item.get("content")
    parts: list[str] = []
    for part in content if isinstance(content, list) else ():
        if isinstance(part, Mapping):
            text = part.get("transcript") or part.get("text")
            if text:
                parts.append(str(text))
    return parts


def user_turn(spoken: Spoken) -> UserMessage:
    message = user_message(spoken.text or UNTRANSCRIBED)
    return message.model_copy(update={"metadata": {"voice": "1"}})
