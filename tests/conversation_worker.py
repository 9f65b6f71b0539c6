"""A process sending turns in one conversation, for the two-process conversation tests.

Run as `python -m tests.conversation_worker DB_PATH BASE_URL MODE`, it builds the assistant
from the project's own parts on a real SQLite file and sends one turn per line it reads
("send TEXT"), printing "done TEXT", "busy" or "error TEXT". MODE "window" holds the
conversation's lease through each turn as the window does (`OneTurnAtATime`); "bare" holds
none, as a voice session storing its calls does. The `hold` tool prints "holding" and waits
for the line "go", so a test can act while a call runs.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import openai
from pydantic import BaseModel

from concierge.agent import AgentBuilder, ModelError, Runnable, Tool, ToolContext
from concierge.agent.openai_model import OpenAIChatModel
from concierge.store import ConversationBusyError, Database, SqliteHistoryStore
from concierge.travel.assistant.trip_assistant import OneTurnAtATime

CONVERSATION = "shared-conversation"


class Hold(BaseModel):
    pass


async def _line() -> str:
    line: str = await asyncio.to_thread(sys.stdin.readline)
    return line.strip()


def _say(line: str) -> None:
    print(line, flush=True)


async def _hold(args: Hold, ctx: ToolContext) -> str:
    _say("holding")
    if await _line() != "go":
        raise RuntimeError("expected go")
    return "Held and released."


def build(database: Database, base_url: str, mode: str) -> tuple[Runnable, openai.AsyncOpenAI]:
    client = openai.AsyncOpenAI(base_url=base_url, api_key="test-key", max_retries=0)
    history = SqliteHistoryStore(database, CONVERSATION)
    builder = AgentBuilder(
        model=OpenAIChatModel(client, model="fake-model", idle_timeout=30),
        system_prompt="You plan trips.",
        history=history,
    )
    builder.tool(Tool[Any]("hold", "Hold until released.", Hold, _hold))
    agent = builder.build()
    return (OneTurnAtATime(agent, history) if mode == "window" else agent), client


async def main(db_path: Path, base_url: str, mode: str) -> None:
    database = Database.open(db_path)
    runnable, client = build(database, base_url, mode)
    _say("ready")
    while line := await _line():
        text = line.removeprefix("send ")
        try:
            result = await runnable.process_request(text)
        except ConversationBusyError:
            _say("busy")
        except ModelError as error:
            _say(f"error {error}")
        else:
            _say(f"done {result.text}")
    await client.close()
    database.close()


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), sys.argv[2], sys.argv[3]))
