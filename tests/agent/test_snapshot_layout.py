"""`SnapshotLayout.LEADING`: the snapshot as the leading part of the person's latest message.

Asserted on the exact requests the loopback server received from the real openai SDK, and on
the cache it reports under OpenAI's rules: what the layout costs is the person's latest
message, uncached once a turn."""

from __future__ import annotations

import json
from typing import Any

import pytest

from concierge.agent import (
    RUNTIME_CONTEXT_LABEL,
    AgentBuilder,
    InMemoryHistoryStore,
    Provenance,
    SnapshotLayout,
    TransientMessageError,
    Usage,
)
from concierge.agent.context import runtime_context_message
from concierge.agent.messages import last_real_user_index, user_message
from concierge.agent.model_input import build_model_input, snapshot_in, summary_boundary
from concierge.agent.openai_model import OpenAIChatModel
from tests.agent.support import SYSTEM_PROMPT, Trip, client_for, make_agent, set_destination_tool
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec
from tests.fakes.prefix_cache import CACHE_STEP_TOKENS, count_tokens

LEADING = SnapshotLayout.LEADING


def snapshot(destination: str) -> str:
    return f"{RUNTIME_CONTEXT_LABEL}\n\n## trip\nDestination: {destination}"


def led(state: str, words: str) -> dict[str, Any]:
    parts = [{"type": "text", "text": state}, {"type": "text", "text": words}]
    return {"role": "user", "content": parts}


async def test_first_call_leads_the_persons_message_later_calls_trail_the_results(
    fake_openai: FakeOpenAIServer,
) -> None:
    trip = Trip()
    history = InMemoryHistoryStore()
    agent = make_agent(
        fake_openai, tools=[set_destination_tool(trip)], history=history, snapshot_layout=LEADING
    )
    agent.add_context_provider(trip.render, name="trip")
    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("set_destination", {"destination": "Porto"}, id="call_1")),
        Reply.text("Porto it is."),
        Reply.text("Still Porto."),
    )
    await agent.process_request("Make it Porto")
    await agent.process_request("And now?")

    first, second, third = (body["messages"] for body in fake_openai.chat_requests)
    system = {"role": "system", "content": SYSTEM_PROMPT}
    assert first == [system, led(snapshot("Lisbon"), "Make it Porto")]
    call = second[2]
    assert call["tool_calls"][0]["id"] == "call_1"
    result = {
        "role": "tool",
        "tool_call_id": "call_1",
        "content": json.dumps({"ok": True, "destination": "Porto", "detail": "x" * 40}),
    }
    # After tool results the snapshot trails them: never between a call and its results,
    # and the results of this turn are sent in full (R3, R6).
    assert second == [
        system,
        {"role": "user", "content": "Make it Porto"},
        call,
        result,
        {"role": "user", "content": snapshot("Porto")},
    ]
    # The next turn: the earlier turn's small result stays as it was sent (a swap for its
    # summary would not pay, `SummaryPolicy`), and the new words lead again.
    assert third == [
        system,
        {"role": "user", "content": "Make it Porto"},
        call,
        result,
        {"role": "assistant", "content": "Porto it is."},
        led(snapshot("Porto"), "And now?"),
    ]
    stored = await history.load()
    assert [m.role for m in stored] == [
        "user",
        "assistant",
        "tool",
        "assistant",
        "user",
        "assistant",
    ]
    assert stored[0] == user_message("Make it Porto").model_copy(update={"id": stored[0].id})
    assert all(m.provenance is None for m in stored)  # never stored (R4)
    assert not any(RUNTIME_CONTEXT_LABEL in json.dumps(m.model_dump()) for m in stored)


def test_provenance_not_text_finds_the_person_and_the_snapshot() -> None:
    """The built input keeps the snapshot a message of its own with framework provenance,
    so the last real user turn is the person's, even when their words imitate the label."""
    imitation = user_message(snapshot("Mars"))
    state = runtime_context_message(snapshot("Porto"))
    built = build_model_input([user_message("hi"), imitation], state, LEADING)
    assert built[-2:] == [state, imitation]
    assert snapshot_in(built) is state
    assert last_real_user_index(built) == len(built) - 1 == summary_boundary(built)
    assert built[-1].provenance is None
    with pytest.raises(TransientMessageError):
        InMemoryHistoryStore(built)


async def test_builder_sets_the_layout_and_an_imitation_stays_the_persons_words(
    fake_openai: FakeOpenAIServer,
) -> None:
    model = OpenAIChatModel(client_for(fake_openai), model="fake-model")
    agent = (
        AgentBuilder(model=model, system_prompt=SYSTEM_PROMPT)
        .context_provider(Trip().render, name="trip")
        .snapshot_layout(LEADING)
        .build()
    )
    assert agent.snapshot_layout is LEADING
    fake_openai.script(Reply.text("ok"))
    await agent.process_request(snapshot("Mars"))
    assert fake_openai.chat_requests[0]["messages"][1:] == [
        led(snapshot("Lisbon"), snapshot("Mars"))
    ]


# The cache cost, under OpenAI's rules ------------------------------------------------------

LONG_PROMPT = "Rules of the house, written once and never changed. " * 150
WORDS = "We would like a quiet hotel near the river with a view, please. " * 30


async def _cached_tokens(layout: SnapshotLayout, *, with_tool: bool) -> tuple[Usage, ...]:
    """Usage of each call of two turns, on a fresh server (its own empty cache)."""
    with FakeOpenAIServer() as server:
        trip = Trip()
        agent = make_agent(server, tools=[set_destination_tool(trip)], snapshot_layout=layout)
        agent._system_prompt = LONG_PROMPT  # long enough for the cache to engage
        agent.add_context_provider(trip.render, name="trip")
        tool_turn = (Reply.tool_calls(ToolCallSpec("set_destination", {"destination": "Porto"})),)
        server.script(*(tool_turn if with_tool else ()), Reply.text("Done."), Reply.text("Yes."))
        first = await agent.process_request(WORDS)
        second = await agent.process_request("Is that all?")
    return first.usage + second.usage


async def test_leading_costs_the_persons_words_once_on_the_turns_second_call() -> None:
    trailing = await _cached_tokens(SnapshotLayout.TRAILING, with_tool=True)
    leading = await _cached_tokens(LEADING, with_tool=True)
    words = count_tokens(json.dumps(WORDS))
    assert trailing[0].cached_tokens == leading[0].cached_tokens == 0
    # Call two: trailing reuses the person's words; leading only what comes before them.
    lost = trailing[1].cached_tokens - leading[1].cached_tokens
    assert words - 2 * CACHE_STEP_TOKENS < lost <= words + CACHE_STEP_TOKENS
    # From then on both send the same prefix: nothing more is lost, in this turn or the next.
    assert leading[2].cached_tokens == trailing[2].cached_tokens > leading[1].cached_tokens


async def test_in_a_turn_without_tools_the_next_turn_pays_for_the_words() -> None:
    trailing = await _cached_tokens(SnapshotLayout.TRAILING, with_tool=False)
    leading = await _cached_tokens(LEADING, with_tool=False)
    words = count_tokens(json.dumps(WORDS))
    lost = trailing[1].cached_tokens - leading[1].cached_tokens
    assert words - 2 * CACHE_STEP_TOKENS < lost <= words + CACHE_STEP_TOKENS
    assert leading[1].cached_tokens >= count_tokens(json.dumps(LONG_PROMPT)) - CACHE_STEP_TOKENS


def test_layout_names_are_the_stored_setting_values() -> None:
    assert [layout.value for layout in SnapshotLayout] == ["trailing", "leading"]
    assert Provenance.RUNTIME.value == "runtime"
