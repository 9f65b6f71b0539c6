"""Earlier turns' tool results across turns: sent as summaries only when that pays.

A swap breaks the cached prefix where the result stands, so a small result stays verbatim
(and the whole earlier prompt stays cached), a large one is swapped once and stays swapped,
and compaction, which restarts the input anyway, swaps what it keeps of older turns.
Asserted on the exact requests and on the fake server's OpenAI-rules prefix cache.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from typing import Any

import pytest
from pydantic import BaseModel

from concierge.agent import (
    COMPACTION_LABEL,
    SWAP_SAVING_TOKENS,
    Agent,
    CharTokenEstimator,
    CompactionPolicy,
    InMemoryHistoryStore,
    SummaryPolicy,
    Tool,
    ToolContext,
    ToolOutput,
    UsageError,
)
from concierge.agent.openai_model import OpenAIChatModel
from tests.agent.support import Recorder, Trip, client_for, set_destination_tool, snapshot_of
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec, tokenize
from tests.fakes.prefix_cache import CACHE_STEP_TOKENS, MIN_CACHED_TOKENS, canonical_prompt

LONG_PROMPT = "Rules of the house. " * 150
"""Long enough (over 1,024 tokens) for the fake server's prompt cache to engage."""
LARGE_CHARS = 4 * (SWAP_SAVING_TOKENS + 50)
"""A result this long saves more than the threshold (four characters an estimated token)."""


class Look(BaseModel):
    query: str


def lookup_tool() -> Tool[Look]:
    """A tool whose result is large and whose summary is short."""

    async def handler(args: Look, ctx: ToolContext) -> ToolOutput:
        body = f"Timetable for {args.query}: " + "09:15 platform 4. " * (LARGE_CHARS // 18)
        return ToolOutput(body, summary=f"(timetable for {args.query} read)")

    return Tool(
        name="timetable", description="Read a timetable.", input_model=Look, handler=handler
    )


def agent_for(
    server: FakeOpenAIServer,
    trip: Trip,
    *,
    summaries: SummaryPolicy | None = None,
    compaction: CompactionPolicy | None = None,
    system_prompt: str = LONG_PROMPT,
) -> Agent:
    agent = Agent(
        model=OpenAIChatModel(client_for(server), model="fake-model"),
        system_prompt=system_prompt,
        history=InMemoryHistoryStore(),
        tools=[set_destination_tool(trip), lookup_tool()],
        result_summaries=summaries,
        compaction=compaction,
    )
    agent.add_context_provider(trip.render, name="trip")
    return agent


def reportable(tokens: int) -> int:
    if tokens < MIN_CACHED_TOKENS:
        return 0
    return tokens - (tokens - MIN_CACHED_TOKENS) % CACHE_STEP_TOKENS


def shared_tokens(earlier: dict[str, Any], later: dict[str, Any]) -> int:
    """Tokens of the longest common prefix of two requests as the cache sees them."""
    a, b = tokenize(canonical_prompt(earlier)), tokenize(canonical_prompt(later))
    return next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), len(a))


def stored_part(body: dict[str, Any]) -> list[dict[str, Any]]:
    """A request's messages without its trailing snapshot."""
    messages = body["messages"]
    return messages[:-1] if snapshot_of(body) is not None else list(messages)


def results_by_call(body: dict[str, Any]) -> dict[str, str]:
    return {m["tool_call_id"]: m["content"] for m in body["messages"] if m["role"] == "tool"}


def assert_each_result_sent_one_way_from_its_swap_on(bodies: Sequence[dict[str, Any]]) -> None:
    """Once a result is sent as something else than before, it is sent so ever after."""
    seen: dict[str, list[str]] = {}
    for body in bodies:
        for call, content in results_by_call(body).items():
            seen.setdefault(call, []).append(content)
    for call, contents in seen.items():
        changes = sum(a != b for a, b in itertools.pairwise(contents))
        assert changes <= 1, f"the result of {call} flipped between forms: {contents}"


async def test_small_results_stay_verbatim_across_turns_and_the_prefix_is_cached(
    fake_openai: FakeOpenAIServer,
) -> None:
    trip = Trip()
    agent = agent_for(fake_openai, trip)
    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("set_destination", {"destination": "Porto"})),
        Reply.text("Porto it is."),
        Reply.tool_calls(ToolCallSpec("set_destination", {"destination": "Braga"})),
        Reply.text("Braga then."),
        Reply.text("Still Braga."),
    )
    await agent.process_request("Make it Porto")
    await agent.process_request("No, Braga")
    third = await agent.process_request("Where are we going?")

    requests = fake_openai.chat_requests
    for earlier, later in itertools.pairwise(requests):
        # Every request repeats the one before it, snapshot aside, byte for byte.
        assert later["messages"][: len(stored_part(earlier))] == stored_part(earlier)
    contents = results_by_call(requests[-1])
    assert [json.loads(c)["destination"] for c in contents.values()] == ["Porto", "Braga"]
    # The first call of a new turn reuses all of the previous call but its snapshot.
    usage = third.usage[0]
    before_snapshot = {**requests[-2], "messages": stored_part(requests[-2])}
    assert usage.cached_tokens == reportable(shared_tokens(requests[-2], requests[-1]))
    assert usage.cached_tokens > shared_tokens(before_snapshot, requests[-1]) - CACHE_STEP_TOKENS
    assert "Destination: Braga" in (snapshot_of(requests[-1]) or "")


async def test_swapping_every_result_at_each_turn_loses_the_cache_behind_it(
    fake_openai: FakeOpenAIServer,
) -> None:
    """The rule before: with no minimum saving, the first earlier result breaks the prefix."""
    trip = Trip()
    agent = agent_for(fake_openai, trip, summaries=SummaryPolicy(min_saving_tokens=0))
    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("set_destination", {"destination": "Porto"})),
        Reply.text("Porto it is. " + "Lovely city. " * 200),
        Reply.text("Still Porto."),
    )
    await agent.process_request("Make it Porto")
    second = await agent.process_request("Where are we going?")

    requests = fake_openai.chat_requests
    assert list(results_by_call(requests[-1]).values()) == ["destination set to Porto"]
    assert second.usage[0].cached_tokens < shared_tokens(
        {**requests[-2], "messages": stored_part(requests[-2])}, requests[-1]
    )


async def test_a_large_result_is_swapped_once_and_stays_swapped(
    fake_openai: FakeOpenAIServer,
) -> None:
    trip = Trip()
    agent = agent_for(fake_openai, trip)
    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("timetable", {"query": "Porto to Braga"})),
        Reply.text("Trains every hour."),
        Reply.tool_calls(ToolCallSpec("set_destination", {"destination": "Braga"})),
        Reply.text("Braga then."),
        Reply.text("Still Braga."),
    )
    await agent.process_request("When do trains go to Braga?")
    await agent.process_request("Make it Braga")
    third = await agent.process_request("Where are we going?")

    requests = fake_openai.chat_requests
    timetable = [next(iter(results_by_call(body).values())) for body in requests[1:]]
    assert timetable[0].startswith("Timetable for Porto to Braga")  # its own turn: in full
    assert timetable[1:] == ["(timetable for Porto to Braga read)"] * 3  # then swapped, for good
    assert_each_result_sent_one_way_from_its_swap_on(requests)
    # After the swap, every later request repeats the one before it (snapshot aside).
    for earlier, later in itertools.pairwise(requests[2:]):
        assert later["messages"][: len(stored_part(earlier))] == stored_part(earlier)
    assert third.usage[0].cached_tokens == reportable(shared_tokens(requests[-2], requests[-1]))
    assert (
        third.usage[0].cached_tokens
        > shared_tokens({**requests[-2], "messages": stored_part(requests[-2])}, requests[-1])
        - CACHE_STEP_TOKENS
    )
    # The swap saved more than the threshold on every request after it.
    saved = CharTokenEstimator().text(timetable[0]) - CharTokenEstimator().text(timetable[1])
    assert saved >= SWAP_SAVING_TOKENS


def said(who: str, turn: int) -> str:
    return f"{who} {turn}. " + "words " * 64


COMPACTING = CompactionPolicy(budget_tokens=650, keep_recent=0.7, use_reported_usage=False)
"""Turn 3's first call passes the budget; the cut falls before turn 2, which is kept."""


async def test_compaction_swaps_the_small_results_it_keeps_of_older_turns(
    fake_openai: FakeOpenAIServer,
) -> None:
    trip = Trip()
    agent = agent_for(fake_openai, trip, compaction=COMPACTING, system_prompt="Be brief.")
    recorder = Recorder()
    agent.subscribe(recorder)
    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("set_destination", {"destination": "Porto"})),
        Reply.text(said("Assistant", 1)),
        Reply.tool_calls(ToolCallSpec("set_destination", {"destination": "Lisbon"})),
        Reply.text(said("Assistant", 2)),
        Reply.text("The person chose Porto, then Lisbon."),  # the summary request
        Reply.tool_calls(ToolCallSpec("set_destination", {"destination": "Rome"})),
        Reply.text("Rome."),
        Reply.text("Rome still."),
    )
    await agent.process_request(said("Person", 1))
    await agent.process_request(said("Person", 2))
    await agent.process_request("Rome")
    await agent.process_request("Sure?")

    assert [e.iteration for e in recorder.of("compaction")] == [1]
    turns = [r for r in fake_openai.chat_requests if r["messages"][0]["content"] == "Be brief."]
    assert len(turns) == 7
    after_compaction = turns[4:]
    for body in after_compaction:
        assert body["messages"][1]["content"].startswith(COMPACTION_LABEL)
        assert body["messages"][2] == {"role": "user", "content": said("Person", 2)}
    lisbon, *rome = (list(results_by_call(body).values()) for body in after_compaction)
    # Turn 2's small result was verbatim until the compaction, a summary from then on.
    assert (
        json.loads(results_by_call(turns[3])[turns[3]["messages"][-2]["tool_call_id"]])[
            "destination"
        ]
        == "Lisbon"
    )
    assert lisbon == ["destination set to Lisbon"]
    for contents in rome:
        assert contents[0] == "destination set to Lisbon"
        assert json.loads(contents[1])["destination"] == "Rome"  # current then: stays full
    assert_each_result_sent_one_way_from_its_swap_on(turns)
    for earlier, later in itertools.pairwise(after_compaction):
        assert later["messages"][: len(stored_part(earlier))] == stored_part(earlier)


def test_the_minimum_saving_is_a_number_of_tokens() -> None:
    with pytest.raises(UsageError, match="min_saving_tokens"):
        SummaryPolicy(min_saving_tokens=-1)
