"""Building agents against the loopback server, and small test tools."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import openai
from pydantic import BaseModel, Field

from concierge.agent import (
    Agent,
    AgentEvent,
    HistoryStore,
    InMemoryHistoryStore,
    Tool,
    ToolContext,
    ToolOutput,
)
from concierge.agent.openai_model import OpenAIChatModel
from tests.fakes import FakeOpenAIServer

SYSTEM_PROMPT = "You are a careful travel assistant. Use the tools to change the trip."


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
    """The runtime-context text of a recorded request, if its last message is one."""
    last = body["messages"][-1]
    content = last["content"]
    text = (
        content
        if isinstance(content, str)
        else " ".join(p.get("text", "") for p in content if p.get("type") == "text")
    )
    return text if last["role"] == "user" and text.startswith("[Runtime context") else None


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
