"""The opt-in prototype: runtime context as updates kept in place, so a call sends only the
state lines that changed and every earlier prompt stays a cached prefix of the next."""

from __future__ import annotations

import itertools
from typing import Any

from concierge.agent import Agent, InMemoryHistoryStore, Message, ModelRequest, Provenance
from concierge.agent.context import runtime_context_message
from concierge.agent.context_updates import ContextUpdates, changed_lines
from concierge.agent.messages import user_message
from concierge.agent.openai_model import OpenAIChatModel
from tests.agent.support import Trip, client_for, set_destination_tool
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec, tokenize
from tests.fakes.prefix_cache import CACHE_STEP_TOKENS, canonical_prompt

LONG_PROMPT = "Rules of the house. " * 150


def runtime_texts(body: dict[str, Any]) -> list[str]:
    return [
        m["content"]
        for m in body["messages"]
        if m["role"] == "user" and m["content"].startswith("[Runtime context")
    ]


def assert_bundles_intact(messages: list[dict[str, Any]]) -> None:
    for index, message in enumerate(messages):
        calls = [c["id"] for c in message.get("tool_calls") or ()]
        following = [m.get("tool_call_id") for m in messages[index + 1 : index + 1 + len(calls)]]
        assert following == calls


async def test_each_call_sends_only_the_changed_lines_and_reuses_the_whole_earlier_prompt(
    fake_openai: FakeOpenAIServer,
) -> None:
    trip = Trip()
    history = InMemoryHistoryStore()
    agent = Agent(
        model=ContextUpdates(OpenAIChatModel(client_for(fake_openai), model="fake-model")),
        system_prompt=LONG_PROMPT,
        history=history,
        tools=[set_destination_tool(trip)],
    )
    agent.add_context_provider(trip.render, name="trip")
    agent.add_context_provider(lambda _signal: "Travellers: 2", name="party")
    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("set_destination", {"destination": "Porto"})),
        Reply.text("Porto it is."),
        Reply.text("Still Porto."),
    )
    await agent.process_request("Make it Porto")
    second = await agent.process_request("Where are we going?")

    first, middle, last = fake_openai.chat_requests
    assert runtime_texts(first)[0].startswith("[Runtime context #1:")
    assert "Destination: Lisbon" in runtime_texts(first)[0]
    update = runtime_texts(middle)[-1]
    assert update.startswith("[Runtime context update #2, after #1:")
    assert "\n## trip\n- Destination: …\n+ Destination: Porto" in update
    assert "Travellers" not in update  # an unchanged block is not sent again
    assert len(runtime_texts(last)) == 2  # nothing changed since: no update #3
    for earlier, later in itertools.pairwise(fake_openai.chat_requests):
        assert later["messages"][: len(earlier["messages"])] == earlier["messages"]
        assert_bundles_intact(later["messages"])
    assert second.usage[0].cached_tokens > len(tokenize(canonical_prompt(middle))) - (
        CACHE_STEP_TOKENS
    )
    assert all(m.provenance is not Provenance.RUNTIME for m in await history.load())


def test_a_full_snapshot_starts_again_when_the_updates_outgrow_it() -> None:
    updates = ContextUpdates(None, refresh_share=0.5)  # type: ignore[arg-type]
    notes = "Notes: " + "x" * 100
    first = updates.next_entry([], f"## trip\nA: 1\nB: 2\n{notes}", "m1")
    assert first is not None
    small = updates.next_entry([first], f"## trip\nA: 1\nB: 3\n{notes}", "m2")
    assert small is not None and small.base == 1 and small.number == 2
    assert small.message.text.endswith("## trip\n- B: 2\n+ B: 3")  # too short to cut
    large = updates.next_entry([first, small], "## trip\nA: 1\nB: 3\nNotes: " + "y" * 100, "m3")
    assert large is not None and large.base == large.number == 3
    assert large.message.text.startswith("[Runtime context #3: it replaces all earlier")


def test_changed_lines_name_removed_lines_by_their_first_words() -> None:
    before = "## trip\nNotes: land at 10:05\nNotes2: x\n## goals\n- [a1] Flights"
    after = "## trip\nNotes: land at 11:00\nNotes2: x\n## goals\n- [a1] Flights\n- [b2] Hotel"
    assert changed_lines(before, after) == (
        "## trip\n- Notes: …\n+ Notes: land at 11:00\n## goals\n+ - [b2] Hotel"
    )


async def test_a_full_snapshot_is_sent_again_once_an_update_lost_its_place(
    fake_openai: FakeOpenAIServer,
) -> None:
    """After a compaction (or in another conversation) the messages the log's entries
    followed are gone: the next call starts again from a full snapshot, and nothing stale is
    put back."""
    updates = ContextUpdates(OpenAIChatModel(client_for(fake_openai), model="fake-model"))
    fake_openai.script(Reply.text("one"), Reply.text("two"), Reply.text("three"))
    first, second = user_message("Porto?"), user_message("Lisbon?")

    def request(*messages: Message, state: str) -> ModelRequest:
        snapshot = runtime_context_message(f"## trip\nDestination: {state}")
        return ModelRequest("sys", [*messages, snapshot], (), 1)

    await updates.respond(request(first, state="Porto"), lambda _event: None)
    await updates.respond(request(first, second, state="Lisbon"), lambda _event: None)
    await updates.respond(request(second, state="Braga"), lambda _event: None)

    bodies = fake_openai.chat_requests
    assert [len(runtime_texts(body)) for body in bodies] == [1, 2, 1]
    assert runtime_texts(bodies[1])[1].startswith("[Runtime context update #2, after #1:")
    restart = runtime_texts(bodies[2])[0]
    assert restart.startswith("[Runtime context #1: it replaces all earlier runtime context")
    assert restart.endswith("## trip\nDestination: Braga")
    assert [m["content"] for m in bodies[2]["messages"][1:]] == ["Lisbon?", restart]
