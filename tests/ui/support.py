"""Agents, tools and panels for UI tests, all against the loopback OpenAI server."""

from __future__ import annotations

import socket
import threading
from collections.abc import Sequence
from typing import Any

import openai
from pydantic import BaseModel
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from concierge.agent import (
    Agent,
    CompactionPolicy,
    HistoryStore,
    InMemoryHistoryStore,
    Message,
    PermissionHandler,
    Runnable,
    Tool,
    ToolContext,
    UserMessage,
)
from concierge.agent.compaction import SUMMARIZER_PROMPT
from concierge.agent.openai_model import OpenAIChatModel
from concierge.store import StoreError
from concierge.ui.chat import ChatPanel
from tests.agent.support import SYSTEM_PROMPT
from tests.fakes import FakeOpenAIServer, Reply
from tests.ui.waiting import until

FAKE_MODEL = "fake-model"


def closed_port_url() -> str:
    """A loopback base URL nothing listens on: connecting is refused at once."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


def agent_for(
    base_url: str,
    *,
    history: HistoryStore | None = None,
    tools: Sequence[Tool[Any]] = (),
    permission_handler: PermissionHandler | None = None,
    system_prompt: str = SYSTEM_PROMPT,
    compaction: CompactionPolicy | None = None,
) -> Agent:
    client = openai.AsyncOpenAI(base_url=base_url, api_key="test-key", max_retries=0)
    return Agent(
        model=OpenAIChatModel(client, model=FAKE_MODEL),
        system_prompt=system_prompt,
        history=history if history is not None else InMemoryHistoryStore(),
        tools=tools,
        permission_handler=permission_handler,
        compaction=compaction,
    )


class ItemRef(BaseModel):
    item: str
    day: int


class Itinerary:
    """A stand-in for the trip a destructive tool changes."""

    def __init__(self) -> None:
        self.items = {"Dinner at Ramiro": 2, "Tram 28": 1}

    def remove_tool(self) -> Tool[ItemRef]:
        async def remove(args: ItemRef, ctx: ToolContext) -> str:
            del self.items[args.item]
            return f"Removed {args.item}."

        return Tool(
            name="remove_item",
            description="Remove an item from the itinerary.",
            input_model=ItemRef,
            handler=remove,
            requires_permission=True,
            describe_permission=lambda a: f"Remove '{a.item}' from day {a.day}?",
        )


class FailingHistory(InMemoryHistoryStore):
    """A store whose writes fail, as a full disk or a locked database would."""

    def __init__(self, messages: Sequence[Message] = ()) -> None:
        super().__init__(messages)
        self.fail_appends = True

    async def append(self, messages: Sequence[Message]) -> None:
        if self.fail_appends:
            raise StoreError("The database is locked by another program.")
        await super().append(messages)


def type_and_send(qtbot: QtBot, panel: ChatPanel, text: str) -> None:
    """Type `text` into the message field and press Ctrl+Enter, as the person does."""
    panel.composer.edit.setFocus()
    qtbot.keyClicks(panel.composer.edit, text)
    qtbot.keyClick(panel.composer.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)


async def bind(panel: ChatPanel, runnable: Runnable | None, history: HistoryStore | None) -> None:
    """Bind the panel and wait until its transcript shows the stored conversation."""
    panel.set_runnable(runnable, history)
    await until(lambda: not panel.loading)


def user_texts(messages: Sequence[Message]) -> list[str]:
    return [m.text for m in messages if isinstance(m, UserMessage)]


TIGHT_BUDGET = CompactionPolicy(budget_tokens=200, use_reported_usage=False)
LONG_FIRST_QUESTION = "First question " + "words " * 60
FIRST_SUMMARY = "Summary: the first question."


def script_compaction_before_the_second_turn(
    server: FakeOpenAIServer, *, summary_gate: threading.Event | None = None
) -> None:
    """Answers for two turns, the first long enough that `TIGHT_BUDGET` compacts it before
    the second; every summary request gets `FIRST_SUMMARY`, once `summary_gate` is set."""
    answers = iter(["First answer. " + "words " * 60, "Second answer."])

    def reply(body: dict[str, Any]) -> Reply:
        if body["messages"][0]["content"] == SUMMARIZER_PROMPT:
            return Reply.text(FIRST_SUMMARY, wait_for=summary_gate)
        return Reply.text(next(answers))

    server.script(*(Reply.dynamic(reply) for _ in range(5)))
