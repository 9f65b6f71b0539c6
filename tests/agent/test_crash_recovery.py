"""History a crash left behind: tool calls without results, typed over or not. Every request
sent afterwards pairs each call with one result (the loopback server refuses anything else
with OpenAI's 400), and stored history gets the results."""

from __future__ import annotations

from concierge.agent import (
    AssistantMessage,
    InMemoryHistoryStore,
    ToolCall,
    ToolResult,
    ToolStatus,
    UserMessage,
)
from concierge.agent.loop import ABORTED_RESULT, RECOVERED_RESULT
from concierge.agent.messages import (
    Message,
    PairingCheck,
    paired,
    unanswered_tool_calls,
    user_message,
)
from tests.agent.support import Trip, make_agent, set_destination_tool
from tests.fakes import FakeOpenAIServer, Reply

CALL = ToolCall(id="call_lost", name="set_destination", arguments='{"destination": "Porto"}')


def crashed_history(*after: UserMessage) -> list[UserMessage | AssistantMessage]:
    """A person's message and the model's tool call, stored before a kill; its result is not."""
    return [user_message("Porto please"), AssistantMessage(tool_calls=(CALL,)), *after]


def roles(body: dict[str, object]) -> list[tuple[str, str]]:
    messages = body["messages"]
    assert isinstance(messages, list)
    return [(m["role"], m.get("content") or "") for m in messages if m["role"] != "system"]


async def test_a_new_message_after_a_crash_comes_after_an_aborted_result(
    fake_openai: FakeOpenAIServer,
) -> None:
    history = InMemoryHistoryStore(crashed_history())
    agent = make_agent(fake_openai, tools=[set_destination_tool(Trip())], history=history)
    fake_openai.script(Reply.text("Noted."))

    await agent.process_request("And three days?")

    assert roles(fake_openai.chat_requests[0]) == [
        ("user", "Porto please"),
        ("assistant", ""),
        ("tool", ABORTED_RESULT),
        ("user", "And three days?"),
    ]
    stored = await history.load()
    assert [m.role for m in stored] == ["user", "assistant", "tool", "user", "assistant"]
    assert isinstance(stored[2], ToolResult) and stored[2].status is ToolStatus.ABORTED


async def test_a_call_typed_over_before_the_fix_gets_its_result_behind_it_on_retry(
    fake_openai: FakeOpenAIServer,
) -> None:
    """History stored by a version that put the person's message first is repaired, the
    same way on every request, so the cached prefix stays byte-identical."""
    history = InMemoryHistoryStore(crashed_history(user_message("Hello?")))
    agent = make_agent(fake_openai, tools=[set_destination_tool(Trip())], history=history)
    fake_openai.script(Reply.text("Sorry, here now."), Reply.text("Still here."))

    await agent.retry()
    await agent.process_request("Good.")

    expected = [
        ("user", "Porto please"),
        ("assistant", ""),
        ("tool", ABORTED_RESULT),
        ("user", "Hello?"),
        ("assistant", "Sorry, here now."),
    ]
    assert roles(fake_openai.chat_requests[0]) == expected[:4]
    assert roles(fake_openai.chat_requests[1])[:5] == expected
    stored = await history.load()
    assert sum(isinstance(m, ToolResult) for m in stored) == 1


async def test_a_call_whose_change_was_committed_is_reported_done_not_aborted(
    fake_openai: FakeOpenAIServer,
) -> None:
    asked: list[str] = []

    async def outcome(effect_id: str) -> str | None:
        asked.append(effect_id)
        return "Saved the destination Porto."

    crashed = crashed_history()
    agent = make_agent(
        fake_openai,
        tools=[set_destination_tool(Trip())],
        history=InMemoryHistoryStore(crashed),
        outcome_lookup=outcome,
    )
    fake_openai.script(Reply.text("Porto is set."))

    await agent.process_request("Did it work?")

    assert asked == [f"{crashed[1].id}:call_lost"]
    tool = roles(fake_openai.chat_requests[0])[2]
    assert tool == ("tool", RECOVERED_RESULT.format(outcome="Saved the destination Porto."))


def test_pairing_moves_late_results_drops_orphans_and_matches_reused_ids_to_their_turn() -> None:
    first = AssistantMessage(tool_calls=(ToolCall(id="call_0", name="f", arguments="{}"),))
    second = AssistantMessage(tool_calls=(ToolCall(id="call_0", name="f", arguments="{}"),))
    typed = user_message("typed after a crash")
    late = ToolResult(tool_call_id="call_0", tool_name="f", content="late")
    orphan = ToolResult(tool_call_id="nobody", tool_name="f", content="x")
    again = ToolResult(tool_call_id="call_0", tool_name="f", content="second turn")
    history = [user_message("go"), first, typed, late, orphan, second, again]

    repaired = paired(history)

    assert [getattr(m, "content", None) for m in repaired if isinstance(m, ToolResult)] == [
        "late",
        "second turn",
    ]
    assert repaired == [history[0], first, late, typed, second, again]
    assert paired(history) == repaired  # deterministic: the same input, the same output
    assert unanswered_tool_calls(history) == []
    assert unanswered_tool_calls(history[:3]) == [(first, first.tool_calls[0])]


def test_the_incremental_check_sees_a_bundle_left_open_after_a_clean_stretch() -> None:
    check = PairingCheck()
    call = ToolCall(id="c1", name="f", arguments="{}")
    history: list[Message] = [user_message("a"), AssistantMessage(text="b")]
    assert check.well_paired(history)
    history.append(AssistantMessage(tool_calls=(call,)))
    assert not check.well_paired(history)
    history.append(ToolResult(tool_call_id="c1", tool_name="f", content="ok"))
    assert check.well_paired(history)
    history.append(user_message("c"))
    history.append(ToolResult(tool_call_id="c1", tool_name="f", content="twice"))
    assert not check.well_paired(history)
