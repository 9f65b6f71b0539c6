"""Runtime context as updates kept in place (an option, off by default): a call sends only the
state lines that changed and every earlier prompt stays a cached prefix of the next; the
entries kept in place are counted by compaction and bounded."""

from __future__ import annotations

import itertools
from typing import Any

from concierge.agent import (
    Agent,
    AgentEvent,
    CompactionEvent,
    CompactionPolicy,
    InMemoryHistoryStore,
    Message,
    ModelRequest,
    Provenance,
    RuntimeContextSentEvent,
)
from concierge.agent.compaction import SUMMARIZER_PROMPT
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
    assert update.endswith("\n## trip\n+ Destination: Porto")  # replaces "Destination: …"
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
    assert small.message.text.endswith("## trip\n+ B: 3")  # replaces "B: 2"
    large = updates.next_entry([first, small], "## trip\nA: 1\nB: 3\nNotes: " + "y" * 100, "m3")
    assert large is not None and large.base == large.number == 3
    assert large.message.text.startswith("[Runtime context #3: it replaces all earlier")


def test_changed_lines_name_removed_lines_by_their_first_words() -> None:
    before = "## trip\nNotes: land at 10:05\nNotes2: x\n## goals\n- [a1] Flights\n- [c3] Visa"
    after = "## trip\nNotes: land at 11:00\nNotes2: x\n## goals\n- [a1] Flights\n- [b2] Hotel"
    assert changed_lines(before, after) == (
        "## trip\n+ Notes: land at 11:00\n## goals\n- - [c3] …\n+ - [b2] Hotel"
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


class Notes:
    """A state whose one long line changes on every turn, so each update is about as long as
    the whole snapshot and the entries kept in place soon outweigh the conversation."""

    def __init__(self) -> None:
        self.turn = 0

    def render(self, _signal: object) -> str:
        return f"## trip\nNotes: {f'turn {self.turn} ' * 60}"


def runtime_tokens(body: dict[str, Any]) -> int:
    return sum(4 + len(text) // 4 for text in runtime_texts(body))


async def test_compaction_counts_the_runtime_context_kept_in_place(
    fake_openai: FakeOpenAIServer,
) -> None:
    """The conversation alone (short turns) stays far below the budget; only the updates
    kept in place pass it. Counted, they make compaction summarize older turns, and the
    next call starts again from one full snapshot; the summary request carries none."""
    notes = Notes()
    events: list[AgentEvent] = []
    agent = Agent(
        model=ContextUpdates(OpenAIChatModel(client_for(fake_openai), model="fake-model")),
        system_prompt="You plan trips.",
        history=InMemoryHistoryStore(),
        compaction=CompactionPolicy(budget_tokens=720, use_reported_usage=False),
    )
    agent.add_context_provider(notes.render, name="trip")
    agent.subscribe(events.append)
    fake_openai.script(*[Reply.text("Noted.")] * 5, Reply.text("Summary: five turns."))
    fake_openai.script(Reply.text("Noted."))
    for turn in range(6):
        notes.turn = turn
        await agent.process_request(f"Turn {turn}")

    bodies = fake_openai.chat_requests
    summary_request = bodies[5]
    assert summary_request["messages"][0]["content"] == SUMMARIZER_PROMPT
    assert runtime_texts(summary_request) == []
    assert [len(runtime_texts(body)) for body in bodies[:5]] == [1, 2, 3, 4, 5]
    assert runtime_tokens(bodies[4]) > 720 - 100  # alone near the budget
    conversation = sum(
        len(m["content"]) // 4
        for m in bodies[4]["messages"]
        if not m["content"].startswith("[Runtime context")
    )
    assert conversation < 100
    [compaction] = [e for e in events if isinstance(e, CompactionEvent)]
    assert compaction.tokens_before > 720
    after = bodies[6]
    [restart] = runtime_texts(after)
    assert restart.startswith("[Runtime context #1: it replaces all earlier runtime context")
    assert restart.endswith(notes.render(None).strip())
    assert after["messages"][-1]["content"] == restart


async def test_the_runtime_context_kept_in_place_stays_under_its_cap(
    fake_openai: FakeOpenAIServer,
) -> None:
    """Past `max_tokens` the log starts again from one full snapshot of the latest state, so
    the runtime context on the wire stays bounded between compactions; every call reports
    what it sent, as the request carried it."""
    notes = Notes()
    events: list[AgentEvent] = []
    updates = ContextUpdates(
        OpenAIChatModel(client_for(fake_openai), model="fake-model"), max_tokens=500
    )
    agent = Agent(model=updates, system_prompt="You plan trips.", history=InMemoryHistoryStore())
    agent.add_context_provider(notes.render, name="trip")
    agent.subscribe(events.append)
    fake_openai.script(*[Reply.text("Noted.")] * 6)
    for turn in range(6):
        notes.turn = turn
        await agent.process_request(f"Turn {turn}")

    bodies = fake_openai.chat_requests
    counts = [len(runtime_texts(body)) for body in bodies]
    assert counts == [1, 2, 3, 1, 2, 3]
    assert all(runtime_tokens(body) <= 500 for body in bodies)
    restart = runtime_texts(bodies[3])[0]
    assert restart.startswith("[Runtime context #4: it replaces all earlier runtime context")
    assert bodies[3]["messages"][-1]["content"] == restart
    sent = [e for e in events if isinstance(e, RuntimeContextSentEvent)]
    assert [(e.number, e.full, e.kept) for e in sent] == [
        (1, True, 1), (2, False, 2), (3, False, 3), (4, True, 1), (5, False, 2), (6, False, 3),
    ]  # fmt: skip
    assert [e.entry for e in sent] == [runtime_texts(body)[-1] for body in bodies]
    assert sent[-1].kept_tokens == updates.kept_tokens(updates.log) > 0
