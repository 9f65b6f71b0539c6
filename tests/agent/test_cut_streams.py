"""Streams cut without an end: a close-delimited body that stops, with no finish_reason and
no [DONE]. Such an answer is incomplete: what arrived is kept and marked, the turn fails
with a retryable error, and a tool call whose arguments were being written never runs."""

from __future__ import annotations

import pytest

from concierge.agent import (
    AssistantMessage,
    IncompleteAnswerError,
    InMemoryHistoryStore,
    ModelError,
)
from tests.agent.support import Trip, make_agent, set_destination_tool
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec


async def test_a_text_answer_cut_without_a_finish_reason_is_kept_marked_and_retried(
    fake_openai: FakeOpenAIServer,
) -> None:
    history = InMemoryHistoryStore()
    agent = make_agent(fake_openai, history=history)
    # Role chunk plus three of four text chunks; the finish chunk and [DONE] never come.
    fake_openai.script(Reply.cut_stream(Reply.text("Porto has six bridges.", chunks=4), 4))

    with pytest.raises(IncompleteAnswerError) as info:
        await agent.process_request("Bridges?")

    assert info.value.retryable
    assert "cut off before it ended" in str(info.value)
    assert not str(info.value).endswith("..")
    stored = await history.load()
    assert [m.role for m in stored] == ["user", "assistant"]
    partial = stored[1]
    assert isinstance(partial, AssistantMessage) and partial.incomplete
    assert partial.text and "Porto has six bridges.".startswith(partial.text)
    assert partial.text != "Porto has six bridges."

    fake_openai.script(Reply.text("Porto has six bridges."))
    result = await agent.retry()
    assert result.text == "Porto has six bridges."
    retried = fake_openai.chat_requests[1]["messages"]
    assert [(m["role"], m["content"]) for m in retried[1:]] == [("user", "Bridges?")]


async def test_a_tool_call_whose_arguments_were_cut_is_never_run(
    fake_openai: FakeOpenAIServer,
) -> None:
    trip = Trip()
    history = InMemoryHistoryStore()
    agent = make_agent(fake_openai, tools=[set_destination_tool(trip)], history=history)
    whole = Reply.tool_calls(ToolCallSpec("set_destination", {"destination": "Porto"}), split=4)
    # Role chunk, the call's head, two of its four argument fragments: then the close.
    fake_openai.script(Reply.cut_stream(whole, 4))

    with pytest.raises(IncompleteAnswerError):
        await agent.process_request("Go to Porto")

    assert trip.destination == "Lisbon"
    assert [m.role for m in await history.load()] == ["user"]
    assert len(fake_openai.chat_requests) == 1

    fake_openai.script(Reply.text("Where to?"))
    await agent.retry()
    assert "tool" not in [m["role"] for m in fake_openai.chat_requests[1]["messages"]]


async def test_a_cut_after_the_finish_reason_is_a_complete_answer(
    fake_openai: FakeOpenAIServer,
) -> None:
    """The finish reason is the end of the answer; only the usage chunk and [DONE] are lost."""
    history = InMemoryHistoryStore()
    agent = make_agent(fake_openai, history=history)
    fake_openai.script(Reply.cut_stream(Reply.text("Done.", chunks=1), 3))

    result = await agent.process_request("Finish")

    assert result.text == "Done."
    stored = await history.load()
    assert isinstance(stored[-1], AssistantMessage) and not stored[-1].incomplete


async def test_a_chunked_stream_cut_mid_body_is_not_called_unreachable(
    fake_openai: FakeOpenAIServer,
) -> None:
    agent = make_agent(fake_openai)
    fake_openai.script(
        Reply.cut_stream(Reply.text("Half of it", chunks=2), 2, close_delimited=False)
    )

    with pytest.raises(ModelError) as info:
        await agent.process_request("hi")

    message = str(info.value)
    assert message.startswith("The model server's answer was cut off before it ended (")
    assert "Cannot reach" not in message and ".." not in message
