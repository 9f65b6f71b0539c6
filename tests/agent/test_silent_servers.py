"""A model server that accepts the request and then says nothing, before or during its
answer: the call fails after the idle timeout with a sentence saying so, and Stop stays
instant whatever the timeout."""

from __future__ import annotations

import asyncio
import threading

import httpx2
import openai
import pytest

from concierge.agent import (
    AbortController,
    AbortedError,
    AgentEvent,
    IncompleteAnswerError,
    InMemoryHistoryStore,
    ModelError,
    ModelHeardEvent,
    UsageError,
)
from concierge.agent.model import ModelRequest
from concierge.agent.openai_model import OpenAIChatModel
from tests.agent.support import client_for, make_agent
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec


async def test_a_server_that_accepts_and_never_answers_fails_after_the_idle_timeout(
    fake_openai: FakeOpenAIServer, never: threading.Event
) -> None:
    history = InMemoryHistoryStore()
    agent = make_agent(
        fake_openai, history=history, model_options={"idle_timeout": 0.3, "connect_timeout": 5}
    )
    fake_openai.script(Reply.text("never sent", wait_for=never))

    with pytest.raises(ModelError) as info:
        await agent.process_request("Hello?")

    assert str(info.value) == (
        f"The model server at {fake_openai.base_url} did not answer within 0.3 seconds. "
        "It may be busy or stuck; Retry asks again."
    )
    assert info.value.retryable
    await fake_openai.until(lambda: fake_openai.requests[-1].client_disconnected)
    assert [m.role for m in await history.load()] == ["user"]

    fake_openai.script(Reply.text("Here now."))
    assert (await agent.retry()).text == "Here now."


async def test_a_stream_that_stalls_midway_is_an_incomplete_answer(
    fake_openai: FakeOpenAIServer,
) -> None:
    history = InMemoryHistoryStore()
    agent = make_agent(fake_openai, history=history, model_options={"idle_timeout": 0.3})
    fake_openai.script(Reply.text("First part. Second part.", chunks=2, chunk_delay=30))

    with pytest.raises(IncompleteAnswerError) as info:
        await agent.process_request("Tell me")

    assert "cut off before it ended (nothing more came for 0.3 seconds)" in str(info.value)
    # The delay comes before every chunk after the first: only the role chunk arrived.
    assert [m.role for m in await history.load()] == ["user"]
    await fake_openai.until(lambda: fake_openai.requests[-1].client_disconnected)


async def test_an_answer_that_keeps_coming_is_not_cut_by_the_idle_timeout(
    fake_openai: FakeOpenAIServer,
) -> None:
    """Ten chunks 0.1 s apart take longer than the 0.5 s idle timeout, but no wait does."""
    agent = make_agent(fake_openai, model_options={"idle_timeout": 0.5})
    fake_openai.script(
        Reply.text("one two three four five six seven eight nine ten", chunks=10, chunk_delay=0.1)
    )
    result = await agent.process_request("Count")
    assert result.text == "one two three four five six seven eight nine ten"


async def test_stop_ends_a_wait_for_a_silent_server_at_once(
    fake_openai: FakeOpenAIServer, never: threading.Event
) -> None:
    agent = make_agent(fake_openai, model_options={"idle_timeout": 600})
    fake_openai.script(Reply.text("never sent", wait_for=never))
    controller = AbortController()
    task = asyncio.ensure_future(agent.process_request("Hello?", signal=controller.signal))
    await fake_openai.until(lambda: len(fake_openai.chat_requests) == 1)

    controller.abort("Stop")

    with pytest.raises(AbortedError):
        await task
    await fake_openai.until(lambda: fake_openai.requests[-1].client_disconnected)


async def test_the_sdk_never_repeats_a_streamed_request_the_server_left_unanswered(
    fake_openai: FakeOpenAIServer, never: threading.Event
) -> None:
    """The app's client lets the SDK retry; a silent server is still asked only once, so the
    person hears of it after one idle timeout and decides with Retry."""
    client = openai.AsyncOpenAI(base_url=fake_openai.base_url, api_key="k", max_retries=2)
    model = OpenAIChatModel(client, model="m", idle_timeout=0.3)
    fake_openai.script(Reply.text("never sent", wait_for=never))
    request = ModelRequest(system_prompt="s", messages=(), tools=(), iteration=1)

    with pytest.raises(ModelError, match=r"did not answer within 0\.3 seconds"):
        await model.respond(request, lambda _event: None)

    assert len(fake_openai.chat_requests) == 1
    await client.close()


async def test_an_answer_without_text_is_reported_as_heard(
    fake_openai: FakeOpenAIServer,
) -> None:
    """A tool call's arguments stream with no text: the chat must not take them for silence."""
    model = OpenAIChatModel(client_for(fake_openai), model="m")
    fake_openai.script(Reply.tool_calls(ToolCallSpec("search", {"query": "trams"}), split=4))
    events: list[AgentEvent] = []
    request = ModelRequest(system_prompt="s", messages=(), tools=(), iteration=3)

    reply = await model.respond(request, events.append)

    assert [call.name for call in reply.tool_calls] == ["search"]
    heard = [event for event in events if isinstance(event, ModelHeardEvent)]
    assert heard and all(event.iteration == 3 for event in heard)


def test_timeouts_must_be_positive(fake_openai: FakeOpenAIServer) -> None:
    with pytest.raises(UsageError, match="idle_timeout must be a positive number of seconds"):
        make_agent(fake_openai, model_options={"idle_timeout": 0})


async def test_a_connect_timeout_says_the_server_did_not_accept_the_connection() -> None:
    def refuse(request: httpx2.Request) -> httpx2.Response:
        raise httpx2.ConnectTimeout("timed out", request=request)

    client = openai.AsyncOpenAI(
        base_url="http://model.invalid/v1",
        api_key="k",
        max_retries=0,
        http_client=httpx2.AsyncClient(transport=httpx2.MockTransport(refuse)),
    )
    model = OpenAIChatModel(client, model="m", connect_timeout=10, idle_timeout=60)
    request = ModelRequest(system_prompt="s", messages=(), tools=(), iteration=1)
    with pytest.raises(ModelError) as info:
        await model.respond(request, lambda _event: None)
    assert str(info.value) == (
        "The model server at http://model.invalid/v1 did not accept the connection within "
        "10 seconds. Check that it is running and the base URL is right."
    )
    await client.close()
