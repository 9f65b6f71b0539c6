"""Building agents against the loopback server, and small test tools."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import openai
from pydantic import BaseModel, Field

from concierge.agent import (
    RUNTIME_CONTEXT_LABEL,
    Agent,
    AgentEvent,
    HistoryStore,
    InMemoryHistoryStore,
    SnapshotLayout,
    Tool,
    ToolContext,
    ToolOutput,
)
from concierge.agent.openai_model import OpenAIChatModel
from tests.fakes import FakeOpenAIServer

SYSTEM_PROMPT = "You are a careful travel assistant. Use the tools to change the trip."
LAYOUT = [SnapshotLayout.TRAILING]
"""The layout `make_agent` uses unless told; the `each_layout` fixture sets it per test."""


def client_for(server: FakeOpenAIServer) -> openai.AsyncOpenAI:
    return openai.AsyncOpenAI(base_url=server.base_url, api_key="test-key", max_retries=0)


def make_agent(
    server: FakeOpenAIServer,
    *,
    tools: Sequence[Tool[Any]] = (),
    history: HistoryStore | None = None,
    model_options: dict[str, Any] | None = None,
    **options: Any,
) -> Agent:
    model = OpenAIChatModel(client_for(server), model="fake-model", **(model_options or {}))
    options.setdefault("snapshot_layout", LAYOUT[0])
    return Agent(
        model=model,
        system_prompt=SYSTEM_PROMPT,
        history=history if history is not None else InMemoryHistoryStore(),
        tools=tools,
        **options,
    )


class Trip:
    """A stand-in for application state that tools change and providers read."""

    def __init__(self) -> None:
        self.destination = "Lisbon"

    def render(self, _signal: object) -> str:
        return f"Destination: {self.destination}"


class SetDestination(BaseModel):
    destination: str = Field(min_length=2, description="City name")


def set_destination_tool(trip: Trip) -> Tool[SetDestination]:
    async def handler(args: SetDestination, ctx: ToolContext) -> ToolOutput:
        trip.destination = args.destination
        return ToolOutput(
            content=json.dumps({"ok": True, "destination": args.destination, "detail": "x" * 40}),
            summary=f"destination set to {args.destination}",
        )

    return Tool(
        name="set_destination",
        description="Change the trip's destination.",
        input_model=SetDestination,
        handler=handler,
    )


def snapshot_of(body: dict[str, Any]) -> str | None:
    """The runtime-context text of a recorded request: its last message, or a part of it
    (the leading one in `SnapshotLayout.LEADING`, a merged one with `merge_user_turns`)."""
    last = body["messages"][-1]
    if last["role"] != "user":
        return None
    content = last["content"]
    texts = (
        [content]
        if isinstance(content, str)
        else [p["text"] for p in content if p.get("type") == "text"]
    )
    return next((text for text in texts if text.startswith(RUNTIME_CONTEXT_LABEL)), None)


def without_snapshot(message: dict[str, Any]) -> dict[str, Any]:
    """A sent user message as the person's own: a leading snapshot part taken off
    (`SnapshotLayout.LEADING`), one text part left sent as a string, as it is alone."""
    content = message["content"]
    if message["role"] != "user" or isinstance(content, str) or not content:
        return message
    if not content[0].get("text", "").startswith(RUNTIME_CONTEXT_LABEL):
        return message
    rest = content[1:]
    if len(rest) == 1 and rest[0]["type"] == "text":
        return {"role": "user", "content": rest[0]["text"]}
    return {"role": "user", "content": rest}


def sent_without_snapshot(body: dict[str, Any]) -> list[dict[str, Any]]:
    """A recorded request's messages without its snapshot, wherever the layout put it."""
    messages = [without_snapshot(m) for m in body["messages"]]
    if snapshot_of(body) is not None and messages[-1] == body["messages"][-1]:
        messages.pop()
    return messages


def tool_results(body: dict[str, Any]) -> list[str]:
    """The contents of the tool results in a recorded request, in order."""
    return [m["content"] for m in body["messages"] if m["role"] == "tool"]


class Recorder:
    def __init__(self) -> None:
        self.events: list[AgentEvent] = []

    def __call__(self, event: AgentEvent) -> None:
        self.events.append(event)

    def of(self, kind: str) -> list[Any]:
        return [e for e in self.events if e.type == kind]
