"""The process tests/test_kill_recovery.py kills: scripted assistant turns on a real SQLite
file, with tools that change the trip and a permission prompt that may never be answered.

Run as `python -m tests.kill_worker DB_PATH BASE_URL TRIP_ID`, it imports everything once and then
forks one child per line it reads ("run ROUND MODE EVENTS_FILE"), printing the child's pid
(the child prints "ready PID" once it is about to send its first request); "reap PID"
waits for a killed child. Forking a warm process keeps each kill to a few
milliseconds instead of a second and a half of imports. Each child logs what it committed
to EVENTS_FILE (unbuffered, after the commit returned), so the judge knows which edits must
have survived.
"""

from __future__ import annotations

import asyncio
import os
import sys
from datetime import date
from pathlib import Path
from typing import Any

import openai
from pydantic import BaseModel

from concierge.agent import (
    Agent,
    AgentBuilder,
    ModelError,
    NothingToRetryError,
    PermissionRequest,
    Tool,
    ToolContext,
    ToolError,
)
from concierge.agent.openai_model import OpenAIChatModel
from concierge.store import (
    Actor,
    ChangeBus,
    ChangeContext,
    ChangeHistory,
    Database,
    ItineraryRepository,
    SqliteHistoryStore,
)

CONVERSATION = "kill-conversation"
DAY = date(2026, 5, 15)


class AddItem(BaseModel):
    title: str


class RemoveItem(BaseModel):
    title: str


def trip_tools(itinerary: ItineraryRepository, trip_id: str, log: Any) -> list[Tool[Any]]:
    """Tools that change the trip, tagging their writes with the call's effect id."""

    def context(ctx: ToolContext, what: str) -> ChangeContext:
        return ChangeContext(actor=Actor.ASSISTANT, label=what, group_id=ctx.effect_id)

    async def add(args: AddItem, ctx: ToolContext) -> str:
        await itinerary.add(
            trip_id, {"day": DAY, "title": args.title}, context=context(ctx, f"add {args.title}")
        )
        log(f"added {args.title}")
        return f"Added {args.title}."

    async def remove(args: RemoveItem, ctx: ToolContext) -> str:
        found = [i for i in await itinerary.items(trip_id) if i.title == args.title]
        if not found:
            raise ToolError(f"No item called {args.title}.")
        await itinerary.remove(found[0].id, context=context(ctx, f"remove {args.title}"))
        log(f"removed {args.title}")
        return f"Removed {args.title}."

    return [
        Tool("add_item", "Add an itinerary item.", AddItem, add),
        Tool("remove_item", "Remove an itinerary item.", RemoveItem, remove, True),
    ]


def build_agent(
    database: Database, base_url: str, trip_id: str, log: Any = lambda _line: None
) -> tuple[Agent, openai.AsyncOpenAI]:
    """The agent both the killed child and the judge use, made of the project's own parts,
    and its client (to close)."""
    bus = ChangeBus()
    itinerary = ItineraryRepository(database, bus)
    client = openai.AsyncOpenAI(base_url=base_url, api_key="test-key", max_retries=0)
    model = OpenAIChatModel(client, model="fake-model", idle_timeout=10)
    builder = AgentBuilder(
        model=model,
        system_prompt="You plan trips.",
        history=SqliteHistoryStore(database, CONVERSATION),
    )
    for tool in trip_tools(itinerary, trip_id, log):
        builder.tool(tool)
    builder.permission_handler(_permission)
    builder.outcome_lookup(ChangeHistory(database, bus).group_outcome)
    return builder.build(), client


async def _permission(request: PermissionRequest) -> bool:
    """Odd-numbered removals wait for an answer that never comes (the person walked away)."""
    title = getattr(request.arguments, "title", "")
    if title.rsplit(" ", 1)[-1].isdigit() and int(title.rsplit(" ", 1)[-1]) % 2:
        await asyncio.Event().wait()
    return True


async def run_child(
    db_path: Path, base_url: str, trip_id: str, round_: int, mode: str, events: Path
) -> None:
    fd = os.open(events, os.O_WRONLY | os.O_CREAT | os.O_APPEND)

    def log(line: str) -> None:
        os.write(fd, (line + "\n").encode())

    database = Database.open(db_path)
    agent, _client = build_agent(database, base_url, trip_id, log)
    _say(f"ready {os.getpid()}")
    for turn in range(1_000):
        try:
            if turn == 0 and mode == "retry":
                try:
                    await agent.retry()
                    continue
                except NothingToRetryError:
                    pass
            await agent.process_request(f"round {round_} message {turn}")
        except ModelError as error:
            log(f"error {error.status_code} {error}")


def _say(line: str) -> None:
    """One write per line: the zygote and its children share the pipe, so Python's buffered
    stdout (copied into each child by fork) could interleave their lines."""
    os.write(1, (line + "\n").encode())


def main() -> None:
    db_path, base_url, trip_id = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
    _say("zygote ready")
    for line in sys.stdin:
        command = line.split()
        if command[0] == "run":
            pid = os.fork()
            if pid == 0:
                try:
                    round_, mode, events = int(command[1]), command[2], Path(command[3])
                    asyncio.run(run_child(db_path, base_url, trip_id, round_, mode, events))
                finally:
                    os._exit(0)
            _say(f"pid {pid}")
        elif command[0] == "reap":
            _, status = os.waitpid(int(command[1]), 0)
            _say(f"reaped {status}")


if __name__ == "__main__":
    main()
