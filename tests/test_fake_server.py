"""Tests of the fake OpenAI server itself, driven through the real ``openai`` SDK."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import AsyncIterator
from typing import Any

import httpx2
import openai
import pytest
from openai.types.chat import ChatCompletionChunk, ChatCompletionMessageParam

from tests.fakes import (
    NO_REPLY_MESSAGE,
    FakeOpenAIServer,
    PrefixCache,
    Reply,
    ToolCallSpec,
    count_tokens,
    tokenize,
)
from tests.fakes.pairing import MISSING, ORPHAN
from tests.fakes.prefix_cache import canonical_prompt

MESSAGES: list[ChatCompletionMessageParam] = [
    {"role": "system", "content": "You are a travel concierge."},
    {"role": "user", "content": "Find me a hotel in Lisbon."},
]


@pytest.fixture
def server(fake_openai: FakeOpenAIServer) -> FakeOpenAIServer:
    """The ``fake_openai`` fixture (from tests/conftest.py) under a shorter name."""
    return fake_openai


@pytest.fixture
async def client(server: FakeOpenAIServer) -> AsyncIterator[openai.AsyncOpenAI]:
    # No retries: every scripted reply must map to exactly one request. The explicit
    # http_client skips loading CA certificates (~50 ms per client), useless over plain HTTP.
    sdk = openai.AsyncOpenAI(
        base_url=server.base_url,
        api_key="test",
        max_retries=0,
        http_client=openai.DefaultAsyncHttpx2Client(verify=False),
    )
    yield sdk
    await sdk.close()


def long_text(first_word: str = "alpha", words: int = 700) -> str:
    return " ".join([first_word] + [f"w{i}" for i in range(words)])


def long_messages(first_word: str = "alpha", words: int = 700) -> list[ChatCompletionMessageParam]:
    """A prompt well above the 1,024-token caching minimum."""
    system = long_text(first_word, words)
    return [{"role": "system", "content": system}, {"role": "user", "content": "Plan it."}]


async def collect(stream: openai.AsyncStream[ChatCompletionChunk], texts: list[str]) -> None:
    """Read ``stream`` to the end, appending content deltas to ``texts`` as they arrive."""
    async for chunk in stream:
        assert chunk.choices[0].finish_reason is None
        texts.append(chunk.choices[0].delta.content or "")


def common_prefix(a: list[str], b: list[str]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


# -- text ----------------------------------------------------------------------------------


async def test_streamed_text_arrives_in_requested_deltas(
    server: FakeOpenAIServer, client: openai.AsyncOpenAI
) -> None:
    server.script(Reply.text("Hello there, traveller!", chunks=3))
    stream = await client.chat.completions.create(model="m", messages=MESSAGES, stream=True)
    chunks = [chunk async for chunk in stream]

    contents = [c.choices[0].delta.content for c in chunks if c.choices[0].delta.content]
    assert len(contents) == 3
    assert "".join(contents) == "Hello there, traveller!"
    assert chunks[0].choices[0].delta.role == "assistant"
    assert chunks[-1].choices[0].finish_reason == "stop"
    assert all(c.usage is None for c in chunks)  # usage only on request
    assert {c.id for c in chunks} == {chunks[0].id}


async def test_wire_format_is_openai_sse(server: FakeOpenAIServer) -> None:
    """Framing the SDK tolerates but real clients may rely on: data lines, nulls, [DONE]."""
    server.script(Reply.text("abc", chunks=3))
    body = {"model": "m", "messages": MESSAGES, "stream": True}
    body["stream_options"] = {"include_usage": True}
    async with (
        httpx2.AsyncClient() as http,
        http.stream("POST", f"{server.base_url}/chat/completions", json=body) as response,
    ):
        assert response.headers["content-type"].startswith("text/event-stream")
        raw = (await response.aread()).decode()
    events = raw.split("\n\n")
    assert events[-1] == ""
    assert all(e.startswith("data: ") and "\n" not in e for e in events[:-1])
    assert events[-2] == "data: [DONE]"
    chunks = [json.loads(e.removeprefix("data: ")) for e in events[:-2]]
    assert [c["usage"] for c in chunks[:-1]] == [None] * (len(chunks) - 1)
    assert chunks[-1]["choices"] == []
    assert chunks[-1]["usage"]["completion_tokens"] == 1


async def test_chunk_delay_spaces_out_chunks(
    server: FakeOpenAIServer, client: openai.AsyncOpenAI
) -> None:
    server.script(Reply.text("abcd", chunks=4, chunk_delay=0.05))
    loop = asyncio.get_running_loop()
    stream = await client.chat.completions.create(model="m", messages=MESSAGES, stream=True)
    arrivals = [loop.time() async for chunk in stream if chunk.choices[0].delta.content]
    assert len(arrivals) == 4
    assert arrivals[-1] - arrivals[0] >= 0.12  # three gaps of 50 ms, with slack


async def test_non_streaming_text_has_usage(
    server: FakeOpenAIServer, client: openai.AsyncOpenAI
) -> None:
    server.script(Reply.text("Two nights at the Avenida.", chunks=5))
    completion = await client.chat.completions.create(model="gpt-x", messages=MESSAGES)

    assert completion.model == "gpt-x"
    assert completion.choices[0].message.content == "Two nights at the Avenida."
    assert completion.choices[0].finish_reason == "stop"
    usage = completion.usage
    assert usage is not None
    assert usage.prompt_tokens == count_tokens(canonical_prompt({"messages": MESSAGES}))
    assert usage.completion_tokens == count_tokens("Two nights at the Avenida.")
    assert usage.total_tokens == usage.prompt_tokens + usage.completion_tokens
    assert usage.prompt_tokens_details is not None
    assert usage.prompt_tokens_details.cached_tokens == 0


# -- tool calls ----------------------------------------------------------------------------


async def test_tool_call_fragments_stream_by_index(
    server: FakeOpenAIServer, client: openai.AsyncOpenAI
) -> None:
    weather = {"city": "Lisbon", "days": [1, 2, 3], "note": "ünïcode"}
    server.script(
        Reply.tool_calls(
            ToolCallSpec("get_weather", weather),
            ToolCallSpec("book_hotel", '{"name": "Avenida"}', id="call_custom"),
            split=4,
            text="Checking.",
        )
    )
    stream = await client.chat.completions.create(model="m", messages=MESSAGES, stream=True)
    chunks = [chunk async for chunk in stream]

    text = "".join(c.choices[0].delta.content or "" for c in chunks)
    assert text == "Checking."
    deltas = [tc for c in chunks for tc in c.choices[0].delta.tool_calls or []]
    by_index: dict[int, list[Any]] = {}
    for delta in deltas:
        by_index.setdefault(delta.index, []).append(delta)
    assert sorted(by_index) == [0, 1]
    for index, expected_id, name, arguments in [
        (0, "call_1", "get_weather", json.dumps(weather, ensure_ascii=False)),
        (1, "call_custom", "book_hotel", '{"name": "Avenida"}'),
    ]:
        head, *rest = by_index[index]
        assert (head.id, head.type) == (expected_id, "function")
        assert head.function is not None
        assert (head.function.name, head.function.arguments) == (name, "")
        assert len(rest) == 4
        assert all(d.id is None and d.type is None for d in rest)
        assert all(d.function is not None and d.function.name is None for d in rest)
        assert "".join(d.function.arguments for d in rest if d.function) == arguments
    assert json.loads("".join(d.function.arguments for d in by_index[0][1:] if d.function)) == (
        weather
    )
    assert chunks[-1].choices[0].finish_reason == "tool_calls"


async def test_tool_calls_split_one_and_non_streaming(
    server: FakeOpenAIServer, client: openai.AsyncOpenAI
) -> None:
    server.script(
        Reply.tool_calls(ToolCallSpec("a", {"x": 1})),
        Reply.tool_calls(ToolCallSpec("b", {"y": 2})),
    )
    stream = await client.chat.completions.create(model="m", messages=MESSAGES, stream=True)
    fragments = [
        tc.function.arguments
        async for c in stream
        for tc in c.choices[0].delta.tool_calls or []
        if tc.function and tc.function.arguments
    ]
    assert fragments == ['{"x": 1}']

    completion = await client.chat.completions.create(model="m", messages=MESSAGES)
    message = completion.choices[0].message
    assert message.content is None
    assert message.tool_calls is not None
    call = message.tool_calls[0]
    assert call.type == "function"
    assert (call.id, call.function.name, call.function.arguments) == ("call_2", "b", '{"y": 2}')
    assert completion.choices[0].finish_reason == "tool_calls"
    assert completion.usage is not None
    assert completion.usage.completion_tokens == count_tokens('{"y": 2}')


# -- usage and prompt caching --------------------------------------------------------------


async def stream_usage(
    client: openai.AsyncOpenAI,
    messages: list[ChatCompletionMessageParam],
    prompt_cache_key: str | openai.Omit = openai.omit,
) -> tuple[int, int]:
    stream = await client.chat.completions.create(
        model="m",
        messages=messages,
        stream=True,
        stream_options={"include_usage": True},
        prompt_cache_key=prompt_cache_key,
    )
    chunks = [chunk async for chunk in stream]
    last = chunks[-1]
    assert last.choices == []
    assert last.usage is not None
    assert last.usage.prompt_tokens_details is not None
    assert all(c.usage is None for c in chunks[:-1])
    return last.usage.prompt_tokens, last.usage.prompt_tokens_details.cached_tokens or 0


async def test_usage_chunk_short_prompt_is_never_cached(
    server: FakeOpenAIServer, client: openai.AsyncOpenAI
) -> None:
    server.script(Reply.text("Sure."), Reply.text("Sure."))
    first = await stream_usage(client, MESSAGES)
    second = await stream_usage(client, MESSAGES)
    assert first == second
    assert first[1] == 0
    assert first[0] < 1024


async def test_long_prompt_repeat_hits_cache_in_128_token_steps(
    server: FakeOpenAIServer, client: openai.AsyncOpenAI
) -> None:
    server.script(Reply.text("ok"), Reply.text("ok"))
    prompt_tokens, cached = await stream_usage(client, long_messages())
    assert prompt_tokens > 1024
    assert cached == 0

    prompt_tokens_again, cached = await stream_usage(client, long_messages())
    assert prompt_tokens_again == prompt_tokens
    assert cached >= 1024
    assert (cached - 1024) % 128 == 0
    assert prompt_tokens - 128 < cached <= prompt_tokens


async def test_changing_first_message_or_cache_key_misses(
    server: FakeOpenAIServer, client: openai.AsyncOpenAI
) -> None:
    server.script(*[Reply.text("ok") for _ in range(5)])
    assert (await stream_usage(client, long_messages()))[1] == 0
    assert (await stream_usage(client, long_messages(first_word="beta")))[1] == 0
    assert (await stream_usage(client, long_messages(), prompt_cache_key="k1"))[1] == 0
    assert (await stream_usage(client, long_messages(), prompt_cache_key="k2"))[1] == 0
    assert (await stream_usage(client, long_messages(), prompt_cache_key="k1"))[1] > 0

    server.prefix_cache.reset()
    server.script(Reply.text("ok"))
    assert (await stream_usage(client, long_messages()))[1] == 0


def test_prefix_cache_reports_common_prefix_rounded_down() -> None:
    base = long_messages(words=900)
    base_tokens = tokenize(canonical_prompt({"messages": base}))
    words = long_text(words=900).split(" ")
    for cut in (300, 500, 520, 640, 800):
        changed = " ".join([*words[:cut], "CHANGED", *words[cut + 1 :]])
        body = {"messages": [{"role": "system", "content": changed}, base[1]]}
        tokens = tokenize(canonical_prompt(body))
        shared = common_prefix(base_tokens, tokens)
        expected = 0 if shared < 1024 else 1024 + (shared - 1024) // 128 * 128
        # A fresh copy each time, so only the base prompt is a candidate.
        fresh = PrefixCache()
        fresh.observe({"messages": base})
        assert fresh.observe(body).cached_tokens == expected, cut


def test_prefix_cache_tools_come_first_and_short_prompts_are_not_stored() -> None:
    cache = PrefixCache()
    tools = [{"type": "function", "function": {"name": "f", "parameters": {}}}]
    body = {"tools": tools, "messages": long_messages()}
    assert cache.observe(body).cached_tokens == 0
    assert cache.observe(body).cached_tokens > 0
    other_tools = [{"type": "function", "function": {"name": "g", "parameters": {}}}]
    assert cache.observe({**body, "tools": other_tools}).cached_tokens == 0

    short = {"messages": MESSAGES}
    usage = cache.observe(short)
    assert usage.cached_tokens == 0
    assert usage.prompt_tokens == count_tokens(canonical_prompt(short))
    assert cache.observe(short).cached_tokens == 0


# -- errors and broken output --------------------------------------------------------------


async def test_error_reply_raises_status_error_with_body(
    server: FakeOpenAIServer, client: openai.AsyncOpenAI
) -> None:
    server.script(
        Reply.error(500, "upstream exploded"),
        Reply.error(429, "slow down", "rate_limit_error", code="rate_limit_exceeded"),
    )
    with pytest.raises(openai.InternalServerError, match="upstream exploded") as err:
        await client.chat.completions.create(model="m", messages=MESSAGES, stream=True)
    assert err.value.status_code == 500

    with pytest.raises(openai.RateLimitError) as rate:
        await client.chat.completions.create(model="m", messages=MESSAGES)
    assert rate.value.body == {
        "message": "slow down",
        "type": "rate_limit_error",
        "param": None,
        "code": "rate_limit_exceeded",
    }


async def test_empty_script_answers_500(
    server: FakeOpenAIServer, client: openai.AsyncOpenAI
) -> None:
    with pytest.raises(openai.InternalServerError, match=NO_REPLY_MESSAGE):
        await client.chat.completions.create(model="m", messages=MESSAGES)
    assert len(server.chat_requests) == 1


async def test_broken_stream_raises_connection_error_after_partial_text(
    server: FakeOpenAIServer, client: openai.AsyncOpenAI
) -> None:
    server.script(Reply.broken_stream("Lisbon is lovely", after_chunks=2))
    stream = await client.chat.completions.create(model="m", messages=MESSAGES, stream=True)
    received: list[str] = []
    with pytest.raises(openai.APIConnectionError):
        await collect(stream, received)
    assert "".join(received) == "Lisbon is lovely"

    server.script(Reply.broken_stream("cut short"))
    with pytest.raises(openai.APIConnectionError):  # half a JSON body, then EOF
        await client.chat.completions.create(model="m", messages=MESSAGES)


async def test_raw_sse_is_sent_verbatim(
    server: FakeOpenAIServer, client: openai.AsyncOpenAI
) -> None:
    good = json.dumps(
        {
            "id": "x",
            "object": "chat.completion.chunk",
            "created": 0,
            "model": "m",
            "choices": [{"index": 0, "delta": {"content": "raw"}, "finish_reason": None}],
        }
    )
    server.script(Reply.raw_sse([good]), Reply.raw_sse([good, "{not json"]))
    stream = await client.chat.completions.create(model="m", messages=MESSAGES, stream=True)
    assert [c.choices[0].delta.content async for c in stream] == ["raw"]

    stream = await client.chat.completions.create(model="m", messages=MESSAGES, stream=True)
    with pytest.raises(json.JSONDecodeError):
        await collect(stream, [])


# -- other endpoints and recording ---------------------------------------------------------


async def test_models_and_unknown_paths(
    server: FakeOpenAIServer, client: openai.AsyncOpenAI
) -> None:
    assert [m.id async for m in client.models.list()] == ["fake-model"]
    server.models = ["gpt-a", "gpt-b"]
    assert [m.id async for m in client.models.list()] == ["gpt-a", "gpt-b"]

    with pytest.raises(openai.NotFoundError, match="Unknown request URL"):
        await client.embeddings.create(model="m", input="hi")
    assert [(r.method, r.path) for r in server.requests] == [
        ("GET", "/v1/models"),
        ("GET", "/v1/models"),
        ("POST", "/v1/embeddings"),
    ]
    assert server.chat_requests == []


async def test_records_exactly_what_the_sdk_sent(
    server: FakeOpenAIServer, client: openai.AsyncOpenAI
) -> None:
    server.script(Reply.text("one"), Reply.text("two"))
    await client.chat.completions.create(model="m", messages=MESSAGES, temperature=0.5)
    follow_up: list[ChatCompletionMessageParam] = [
        *MESSAGES,
        {"role": "assistant", "content": "one"},
    ]
    await client.chat.completions.create(model="m", messages=follow_up, stream=True)

    first, second = server.requests
    assert first.body == {"messages": MESSAGES, "model": "m", "temperature": 0.5}
    assert json.loads(first.raw) == first.body
    assert first.headers["authorization"] == "Bearer test"
    assert first.headers["content-type"] == "application/json"
    assert not first.client_disconnected
    assert [body["messages"] for body in server.chat_requests] == [MESSAGES, follow_up]
    assert second.body is not None
    assert second.body["stream"] is True
    assert server.pending_replies == 0


async def test_dynamic_reply_decides_from_request(
    server: FakeOpenAIServer, client: openai.AsyncOpenAI
) -> None:
    def echo(body: dict[str, Any]) -> Reply:
        return Reply.text(f"echo: {body['messages'][-1]['content']}")

    server.script(Reply.dynamic(echo))
    completion = await client.chat.completions.create(model="m", messages=MESSAGES)
    assert completion.choices[0].message.content == "echo: Find me a hotel in Lisbon."


async def test_failing_hook_answers_500_and_is_collected(
    server: FakeOpenAIServer, client: openai.AsyncOpenAI
) -> None:
    def explode(body: dict[str, Any]) -> None:
        raise ValueError("bad request shape")

    server.script(Reply.text("never", on_request=explode))
    with pytest.raises(openai.InternalServerError, match="bad request shape"):
        await client.chat.completions.create(model="m", messages=MESSAGES)
    assert [type(e) for e in server.errors] == [ValueError]
    server.errors.clear()  # handled here; the fixture re-raises anything left


# -- timing: holds, delays, disconnects ----------------------------------------------------


async def test_client_closing_early_is_recorded_as_disconnect(
    server: FakeOpenAIServer, client: openai.AsyncOpenAI
) -> None:
    server.script(Reply.text("x" * 50, chunks=50, chunk_delay=0.02), Reply.text("done", chunks=2))
    stream = await client.chat.completions.create(model="m", messages=MESSAGES, stream=True)
    async with stream:
        async for _ in stream:
            await stream.close()
            break
    await server.until(lambda: server.requests[0].client_disconnected, timeout=3.0)

    # A stream read to the end is not a disconnect.
    stream = await client.chat.completions.create(model="m", messages=MESSAGES, stream=True)
    assert "".join([c.choices[0].delta.content or "" async for c in stream]) == "done"
    assert not server.requests[1].client_disconnected


async def test_wait_for_holds_the_response_until_set(
    server: FakeOpenAIServer, client: openai.AsyncOpenAI
) -> None:
    release = threading.Event()
    seen: list[dict[str, Any]] = []
    server.script(Reply.text("released", wait_for=release, on_request=seen.append))
    task = asyncio.create_task(client.chat.completions.create(model="m", messages=MESSAGES))

    await server.until_requests(1)
    await server.until(lambda: bool(seen))  # the hook ran before the hold
    done, _ = await asyncio.wait({task}, timeout=0.2)
    assert not done

    release.set()
    completion = await asyncio.wait_for(task, timeout=3.0)
    assert completion.choices[0].message.content == "released"
    assert seen == server.chat_requests


async def test_wait_for_timeout_fails_the_reply() -> None:
    with FakeOpenAIServer(wait_timeout=0.1) as server:
        sdk = openai.AsyncOpenAI(base_url=server.base_url, api_key="t", max_retries=0)
        server.script(Reply.text("never", wait_for=threading.Event()))
        with pytest.raises(openai.InternalServerError, match="wait_for event not set"):
            await sdk.chat.completions.create(model="m", messages=MESSAGES)
        await sdk.close()
        assert [type(e) for e in server.errors] == [TimeoutError]


def test_serves_while_the_event_loop_is_blocked(server: FakeOpenAIServer) -> None:
    """The server needs no event loop at all: a blocking sync client works."""
    server.script(Reply.text("sync ok"))
    with openai.OpenAI(base_url=server.base_url, api_key="test", max_retries=0) as sdk:
        completion = sdk.chat.completions.create(model="m", messages=MESSAGES)
    assert completion.choices[0].message.content == "sync ok"
    assert len(server.wait_for_requests(1, timeout=1.0)) == 1


async def test_stop_releases_waiters_and_held_responses() -> None:
    server = FakeOpenAIServer().start()
    sdk = openai.AsyncOpenAI(base_url=server.base_url, api_key="t", max_retries=0)
    server.script(Reply.text("held", wait_for=threading.Event()))
    task = asyncio.create_task(sdk.chat.completions.create(model="m", messages=MESSAGES))
    await server.until_requests(1)

    waiter_error: list[BaseException] = []

    def wait_forever() -> None:
        try:
            server.wait_for_requests(10, timeout=30.0)
        except BaseException as exc:
            waiter_error.append(exc)

    waiter = threading.Thread(target=wait_forever, daemon=True)
    waiter.start()
    await asyncio.to_thread(server.stop)
    await asyncio.to_thread(waiter.join, 2.0)
    assert not waiter.is_alive()
    assert [type(e) for e in waiter_error] == [RuntimeError]
    with pytest.raises(openai.APIConnectionError):
        await asyncio.wait_for(task, timeout=3.0)
    with pytest.raises(openai.APIConnectionError):  # nothing listens any more
        await sdk.models.list()
    await sdk.close()


async def test_unpaired_and_misplaced_tool_messages_are_refused_as_openai_does(
    server: FakeOpenAIServer, client: openai.AsyncOpenAI
) -> None:
    """Every test talking to the fake thereby checks that tool calls and results pair."""
    server.script(Reply.text("kept for a valid request"))
    call = {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
    unpaired = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "user", "content": "again"},
    ]
    with pytest.raises(openai.BadRequestError) as missing:
        await client.chat.completions.create(model="fake-model", messages=unpaired)  # type: ignore[arg-type]
    assert missing.value.status_code == 400
    assert missing.value.body["message"] == MISSING.format(ids="c1")  # type: ignore[index]
    assert missing.value.body["type"] == "invalid_request_error"  # type: ignore[index]
    orphan = [
        {"role": "user", "content": "hi"},
        {"role": "tool", "tool_call_id": "c1", "content": "x"},
    ]
    with pytest.raises(openai.BadRequestError) as orphaned:
        await client.chat.completions.create(model="fake-model", messages=orphan)  # type: ignore[arg-type]
    assert orphaned.value.body["message"] == ORPHAN  # type: ignore[index]
    assert server.pending_replies == 1  # a refused request takes no scripted reply
