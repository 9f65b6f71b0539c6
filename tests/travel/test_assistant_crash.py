"""The trip assistant after a kill between a tool's committed change and its stored result:
the model is told what the call did, so it does not do it again."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from concierge.agent import Agent, Message, ToolResult
from concierge.store import SqliteHistoryStore
from concierge.travel.assistant.trip_view import short_id
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec
from tests.travel.test_assistant_tools import World, world

__all__ = ["world"]


class Killed(BaseException):
    """Stands in for SIGKILL: nothing after it runs, no clean-up handler catches it."""


def dies_before_results(agent: Agent, monkeypatch: pytest.MonkeyPatch) -> None:
    """The agent's store is killed as it is about to save a tool call's results (undo the
    monkeypatch to restart)."""
    store = agent.history
    assert isinstance(store, SqliteHistoryStore)
    append = store.append

    async def append_unless_results(messages: Sequence[Message]) -> None:
        if any(isinstance(m, ToolResult) for m in messages):
            raise Killed
        await append(messages)

    monkeypatch.setattr(store, "append", append_unless_results)


async def test_an_item_added_before_a_kill_is_reported_added_and_not_added_twice(
    world: World, fake_openai: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    agent = world.agent(fake_openai)
    dies_before_results(agent, monkeypatch)
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec("add_itinerary_item", {"day": "2026-05-15", "title": "Dinner"})
        )
    )
    with pytest.raises(Killed):
        await agent.process_request("Add dinner on the 15th")
    monkeypatch.undo()
    assert [i.title for i in await world.itinerary.items(world.trip.id)] == ["Dinner"]

    restarted = world.agent(fake_openai)
    fake_openai.script(Reply.text("Dinner is already on the 15th."))
    await restarted.process_request("Did you add it?")

    messages = fake_openai.chat_requests[1]["messages"]
    tool = [m for m in messages if m["role"] == "tool"]
    assert len(tool) == 1
    assert tool[0]["content"] == (
        "The app stopped before this tool call's result was saved, but the call had already "
        "taken effect: Saved the assistant’s addition of “Dinner” (1 change). Do not repeat it."
    )
    assert [m["role"] for m in messages[1:5]] == ["user", "assistant", "tool", "user"]
    assert [i.title for i in await world.itinerary.items(world.trip.id)] == ["Dinner"]


async def test_a_lookup_started_before_a_kill_is_reported_started_and_not_started_twice(
    world: World, fake_openai: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    agent = world.agent(fake_openai)
    dies_before_results(agent, monkeypatch)
    fake_openai.script(Reply.tool_calls(ToolCallSpec("start_lookup", {"kind": "holidays"})))
    with pytest.raises(Killed):
        await agent.process_request("Which holidays fall in my trip?")
    monkeypatch.undo()
    [job] = await world.services.lookups.jobs.list_for_trip(world.trip.id)

    restarted = world.agent(fake_openai)
    fake_openai.script(Reply.text("The holidays lookup is already running."))
    await restarted.process_request("Did it start?")

    messages = fake_openai.chat_requests[1]["messages"]
    [tool] = [m for m in messages if m["role"] == "tool"]
    assert tool["content"].startswith(
        "The app stopped before this tool call's result was saved, but the call had already "
        f"taken effect: Started the holidays lookup [{short_id(job.id)}]; it is now "
    )
    assert "Do not repeat it." in tool["content"]
    assert len(await world.services.lookups.jobs.list_for_trip(world.trip.id)) == 1
