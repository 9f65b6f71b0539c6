"""The OpenAI-compatible adapter against a real loopback server: streaming, errors, formats."""

from __future__ import annotations

import asyncio
import gc
import inspect
import json
import socket
from collections.abc import AsyncGenerator

import httpx2
import openai
import pytest

from concierge.agent import (
    AgentEvent,
    AssistantMessage,
    IncompleteAnswerError,
    InMemoryHistoryStore,
    ModelError,
    TextDelta,
    TextPart,
    ToolResult,
    UserMessage,
    VideoPart,
    openai_model,
)
from concierge.agent.model import ModelRequest
from concierge.agent.openai_format import ChatFormatter
from concierge.agent.openai_model import OpenAIChatModel
from tests.agent.support import Trip, client_for, make_agent, set_destination_tool
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def test_server_down_gives_a_readable_retryable_error_and_keeps_the_message() -> None:
    port = _closed_port()
    client = openai.AsyncOpenAI(base_url=f"http://127.0.0.1:{port}/v1", api_key="k", max_retries=0)
    history = InMemoryHistoryStore()
    from concierge.agent import Agent

    agent = Agent(model=OpenAIChatModel(client, model="m"), system_prompt="s", history=history)
    with pytest.raises(
        ModelError, match=f"Cannot reach the model server at http://127.0.0.1:{port}/v1"
    ) as info:
        await agent.process_request("Plan a weekend in Porto")
    assert info.value.retryable
    assert [m.role for m in await history.load()] == ["user"]


@pytest.mark.parametrize(
    ("status", "fragment", "retryable"),
    [
        (401, "refused the API key (401): bad key", False),
        (404, "Model 'fake-model' or the endpoint was not found", False),
        (429, "rate limiting requests (429)", True),
        (500, "answered 500: bad key", True),
        (400, "answered 400: bad key", False),
    ],
)
async def test_http_errors_are_explained(
    fake_openai: FakeOpenAIServer, status: int, fragment: str, retryable: bool
) -> None:
    agent = make_agent(fake_openai)
    fake_openai.script(Reply.error(status, "bad key"))
    with pytest.raises(ModelError) as info:
        await agent.process_request("hi")
    assert fragment in str(info.value)
    assert info.value.retryable is retryable
    assert info.value.status_code == status


async def test_a_broken_stream_is_an_error_and_its_partial_answer_is_kept_marked(
    fake_openai: FakeOpenAIServer,
) -> None:
    history = InMemoryHistoryStore()
    agent = make_agent(fake_openai, history=history)
    fake_openai.script(Reply.broken_stream("Once upon a time in Lisbon", after_chunks=2))
    with pytest.raises(IncompleteAnswerError) as info:
        await agent.process_request("story")
    assert str(info.value).startswith("The model server's answer was cut off before it ended")
    assert "Cannot reach" not in str(info.value)
    stored = await history.load()
    assert [m.role for m in stored] == ["user", "assistant"]
    assert isinstance(stored[1], AssistantMessage) and stored[1].incomplete
    assert stored[1].text == "Once upon a time in Lisbon"

    fake_openai.script(Reply.text("Complete story."))
    assert (await agent.retry()).text == "Complete story."
    assert [m["role"] for m in fake_openai.chat_requests[1]["messages"]] == ["system", "user"]


async def test_malformed_stream_data_is_a_clear_error(fake_openai: FakeOpenAIServer) -> None:
    agent = make_agent(fake_openai)
    fake_openai.script(Reply.raw_sse(["{not json"]))
    with pytest.raises(ModelError, match=r"could not be read|without any content"):
        await agent.process_request("hi")


async def test_tool_call_fragments_reassemble_and_missing_ids_are_minted_once(
    fake_openai: FakeOpenAIServer,
) -> None:
    trip = Trip()
    history = InMemoryHistoryStore()
    agent = make_agent(fake_openai, tools=[set_destination_tool(trip)], history=history)
    chunk = {
        "id": "c",
        "object": "chat.completion.chunk",
        "created": 0,
        "model": "fake-model",
        "choices": [
            {
                "index": 0,
                "delta": {
                    "tool_calls": [
                        {
                            "index": 0,
                            "type": "function",
                            "function": {"name": "set_destination", "arguments": '{"destination":'},
                        }
                    ]
                },
                "finish_reason": None,
            }
        ],
    }
    tail = {
        **chunk,
        "choices": [
            {
                "index": 0,
                "delta": {"tool_calls": [{"index": 0, "function": {"arguments": ' "Porto"}'}}]},
                "finish_reason": "tool_calls",
            }
        ],
    }
    fake_openai.script(
        Reply.raw_sse([json.dumps(chunk), json.dumps(tail)]),
        Reply.text("ok"),
        Reply.text("again"),
    )
    await agent.process_request("Porto")
    assert trip.destination == "Porto"
    stored = await history.load()
    call_id = next(m for m in stored if isinstance(m, AssistantMessage)).tool_calls[0].id
    assert call_id.startswith("call_")
    await agent.process_request("more")
    sent_ids = [
        m["tool_calls"][0]["id"]
        for body in fake_openai.chat_requests[1:]
        for m in body["messages"]
        if m.get("tool_calls")
    ]
    assert sent_ids == [call_id, call_id]
    assert next(m for m in stored if isinstance(m, ToolResult)).tool_call_id == call_id


async def test_non_streaming_mode(fake_openai: FakeOpenAIServer) -> None:
    trip = Trip()
    agent = make_agent(
        fake_openai, tools=[set_destination_tool(trip)], model_options={"stream": False}
    )
    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("set_destination", {"destination": "Faro"})),
        Reply.text("Faro it is."),
    )
    result = await agent.process_request("Faro")
    assert result.text == "Faro it is."
    assert trip.destination == "Faro"
    assert "stream" not in fake_openai.chat_requests[0]
    assert result.usage[0].prompt_tokens > 0


def test_formatting_keeps_media_parts_and_merges_part_lists() -> None:
    video = VideoPart(url="https://example.org/clip.mp4")
    messages = [
        UserMessage(content=(TextPart(text="Look"), video)),
        UserMessage(content=(TextPart(text="state"),)),
    ]
    merged = ChatFormatter().format("sys", messages, merge_user_turns=True)
    assert merged == [
        {"role": "system", "content": "sys"},
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "Look"},
                {"type": "video_url", "video_url": {"url": "https://example.org/clip.mp4"}},
                {"type": "text", "text": "state"},
            ],
        },
    ]
    assert ChatFormatter().format("sys", messages) == [
        {"role": "system", "content": "sys"},
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "Look"},
                {"type": "video_url", "video_url": {"url": "https://example.org/clip.mp4"}},
            ],
        },
        {"role": "user", "content": "state"},
    ]


async def test_auth_header_and_extra_body_reach_the_server(fake_openai: FakeOpenAIServer) -> None:
    agent = make_agent(fake_openai, model_options={"extra_body": {"top_k": 20}})
    fake_openai.script(Reply.text("ok"))
    await agent.process_request("hi")
    request = fake_openai.requests[-1]
    assert request.headers["authorization"] == "Bearer test-key"
    assert fake_openai.chat_requests[0]["top_k"] == 20


def test_formatter_reuses_unchanged_messages_and_reformats_summarized_ones() -> None:
    result = ToolResult(tool_call_id="c1", tool_name="t", content="full text", summary="short")
    question = UserMessage(content=(TextPart(text="q"),))
    formatter = ChatFormatter()
    first = formatter.format("sys", [result, question])
    again = formatter.format("sys", [result, question])
    assert again[1] is first[1]  # reused, not rebuilt
    assert again[1]["content"] == "full text"
    summarized = formatter.format("sys", [result, question], summarized=frozenset({result.id}))
    assert summarized[1]["content"] == "short"
    twin = result.model_copy(update={"content": "other text"})
    assert formatter.format("sys", [twin, question])[1]["content"] == "other text"


async def test_a_chunk_field_of_the_wrong_type_is_named_in_the_error(
    fake_openai: FakeOpenAIServer,
) -> None:
    history = InMemoryHistoryStore()
    agent = make_agent(fake_openai, history=history)
    chunk = {"id": "c", "object": "chat.completion.chunk", "created": 0, "model": "m"}
    fake_openai.script(
        Reply.raw_sse([json.dumps({**chunk, "choices": [{"index": 0, "delta": {"content": 7}}]})])
    )
    with pytest.raises(ModelError, match=r"could not be read.*delta\.content should be a str"):
        await agent.process_request("hi")
    assert [m.role for m in await history.load()] == ["user"]


async def test_a_buffered_backlog_lets_the_loop_run_between_chunks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A stream whose chunks are all there already never waits; the adapter yields to the
    loop by itself (here after every chunk), so other tasks (the GUI) are not held up."""
    words = [f"w{n} " for n in range(20)]
    body = "".join(
        "data: " + json.dumps({"choices": [{"index": 0, "delta": {"content": w}}]}) + "\n\n"
        for w in words
    )
    finish = {"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
    body += "data: " + json.dumps(finish) + "\n\ndata: [DONE]\n\n"

    def respond(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(
            200, content=body.encode(), headers={"content-type": "text/event-stream"}
        )

    client = openai.AsyncOpenAI(
        base_url="http://model.invalid/v1",
        api_key="k",
        max_retries=0,
        http_client=httpx2.AsyncClient(transport=httpx2.MockTransport(respond)),
    )
    monkeypatch.setattr(openai_model, "YIELD_AFTER", 0.0)
    ticks = 0
    seen: list[int] = []

    async def ticker() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0)

    def on_event(event: AgentEvent) -> None:
        if isinstance(event, TextDelta):
            seen.append(ticks)

    running = asyncio.create_task(ticker())
    try:
        request = ModelRequest(system_prompt="s", messages=(), tools=(), iteration=1)
        reply = await OpenAIChatModel(client, model="m").respond(request, on_event)
    finally:
        running.cancel()
    assert reply.text == "".join(words)
    assert len(seen) == len(words)
    assert seen[-1] - seen[0] >= len(words) - 1  # The ticker ran between every two chunks.


async def test_a_stream_left_between_chunks_leaves_no_generator_suspended(
    fake_openai: FakeOpenAIServer,
) -> None:
    """A stream given up between two chunks (a chunk that cannot be read here; a stop in
    the adapter's own pauses likewise) is closed so that every generator of the SDK's
    stream finishes in this task: on qasync's loop none would be closed properly later."""
    good = {"choices": [{"index": 0, "delta": {"content": "word "}}]}
    bad = {"choices": [{"index": 0, "delta": {"content": ["not", "text"]}}]}
    events = [json.dumps(good)] * 3 + [json.dumps(bad)] + [json.dumps(good)] * 300
    fake_openai.script(Reply.raw_sse(events, chunk_delay=0.01))  # Far from its end.
    model = OpenAIChatModel(client_for(fake_openai), model="fake-model")
    request = ModelRequest(system_prompt="s", messages=(), tools=(), iteration=1)
    before = {id(agen) for agen in _suspended_stream_generators()}
    with pytest.raises(ModelError, match=r"delta\.content should be a str"):
        await model.respond(request, lambda event: None)
    assert [a for a in _suspended_stream_generators() if id(a) not in before] == []


def _suspended_stream_generators() -> list[AsyncGenerator[object]]:
    """The SDK's and the HTTP library's async generators that are alive and unfinished."""
    return [
        agen
        for agen in gc.get_objects()
        if inspect.isasyncgen(agen)
        and agen.ag_frame is not None
        and ("openai" in agen.ag_code.co_filename or "httpcore" in agen.ag_code.co_filename)
    ]
