"""The runtime on the SQLite history store: snapshots never stored, history survives restarts."""

from __future__ import annotations

import json
from pathlib import Path

from sqlalchemy import text

from concierge.agent import RUNTIME_CONTEXT_LABEL, AssistantMessage, ToolCall, ToolResult
from concierge.agent.messages import user_message
from concierge.store import Database, SqliteHistoryStore
from tests.agent.support import Trip, make_agent, set_destination_tool, snapshot_of
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec


async def test_a_conversation_continues_byte_identically_after_a_restart(
    fake_openai: FakeOpenAIServer, db_path: Path
) -> None:
    trip = Trip()
    with Database.open(db_path) as database:
        agent = make_agent(
            fake_openai,
            tools=[set_destination_tool(trip)],
            history=SqliteHistoryStore(database, "trip-1"),
            summarize_tool_results=False,
        )
        agent.add_context_provider(trip.render, name="trip")
        fake_openai.script(
            Reply.tool_calls(ToolCallSpec("set_destination", {"destination": "Porto"}), split=3),
            Reply.text("Porto it is."),
        )
        await agent.process_request("Porto")
        payloads = await database.run(
            lambda session: (
                session.connection()
                .execute(text("SELECT payload FROM conversation_message"))
                .scalars()
                .all()
            )
        )
        assert len(payloads) == 4
        assert not any(RUNTIME_CONTEXT_LABEL[:20] in p for p in payloads)

    before_restart = fake_openai.chat_requests[1]["messages"][:-1]  # without its snapshot
    with Database.open(db_path) as database:
        agent = make_agent(
            fake_openai,
            tools=[set_destination_tool(trip)],
            history=SqliteHistoryStore(database, "trip-1"),
            summarize_tool_results=False,
        )
        agent.add_context_provider(trip.render, name="trip")
        fake_openai.script(Reply.text("Still Porto."))
        await agent.process_request("Where are we going?")

        after_restart = fake_openai.chat_requests[2]["messages"]
        same_part = after_restart[: len(before_restart)]
        assert json.dumps(same_part) == json.dumps(before_restart)
        assert after_restart[len(before_restart) + 1] == {
            "role": "user",
            "content": "Where are we going?",
        }
        assert "Destination: Porto" in (snapshot_of(fake_openai.chat_requests[2]) or "")
        stored = await SqliteHistoryStore(database, "trip-1").load()
        assert [m.role for m in stored] == [
            "user",
            "assistant",
            "tool",
            "assistant",
            "user",
            "assistant",
        ]
        assert isinstance(stored[2], ToolResult)
        assert stored[2].summary == "destination set to Porto"


async def test_a_call_a_crash_left_before_a_typed_message_is_repaired_byte_identically_on_sqlite(
    fake_openai: FakeOpenAIServer, db_path: Path
) -> None:
    """History a crash left behind (a tool call, then a message typed after the restart) gets
    its result stored once; every later request, also after another restart, pairs it right
    behind its call with the same bytes, so the cached prefix holds."""
    call = ToolCall(id="call_lost", name="set_destination", arguments='{"destination": "Porto"}')
    with Database.open(db_path) as database:
        await SqliteHistoryStore(database, "trip-1").append(
            [
                user_message("Porto please"),
                AssistantMessage(tool_calls=(call,)),
                user_message("Hello?"),
            ]
        )
    prefixes = []
    for answer in ("First.", "Second."):
        with Database.open(db_path) as database:
            agent = make_agent(
                fake_openai,
                tools=[set_destination_tool(Trip())],
                history=SqliteHistoryStore(database, "trip-1"),
            )
            fake_openai.script(Reply.text(answer))
            await agent.retry() if answer == "First." else await agent.process_request("Again")
            stored = await SqliteHistoryStore(database, "trip-1").load()
        prefixes.append(json.dumps(fake_openai.chat_requests[-1]["messages"][:5]))
    assert prefixes[0] == prefixes[1]
    assert [m["role"] for m in json.loads(prefixes[0])] == [
        "system",
        "user",
        "assistant",
        "tool",
        "user",
    ]
    assert sum(isinstance(m, ToolResult) for m in stored) == 1
