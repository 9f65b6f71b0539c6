"""Tools: validation, unknown names, failures, permission, ordering; aborting a turn."""

from __future__ import annotations

import asyncio
import json
import threading

import pytest
from pydantic import BaseModel

from concierge.agent import (
    AbortController,
    AbortedError,
    AgentBusyError,
    AssistantMessage,
    InMemoryHistoryStore,
    PermissionRequest,
    Tool,
    ToolContext,
    ToolError,
    ToolResult,
    ToolStatus,
    TurnStatus,
)
from tests.agent.support import Recorder, Trip, make_agent, set_destination_tool
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec


def _tool_messages(body: dict[str, object]) -> list[dict[str, str]]:
    return [m for m in body["messages"] if m["role"] == "tool"]  # type: ignore[attr-defined, index]


class ItemRef(BaseModel):
    item_id: int


async def test_bad_arguments_unknown_tools_and_failures_become_readable_results(
    fake_openai: FakeOpenAIServer,
) -> None:
    async def explode(args: ItemRef, ctx: ToolContext) -> str:
        raise RuntimeError("database is locked")

    async def refuse(args: ItemRef, ctx: ToolContext) -> str:
        raise ToolError(f"No itinerary item {args.item_id}.")

    trip = Trip()
    tools = [
        set_destination_tool(trip),
        Tool("explode", "Always fails.", ItemRef, explode),
        Tool("refuse", "Refuses.", ItemRef, refuse),
    ]
    history = InMemoryHistoryStore()
    agent = make_agent(fake_openai, tools=tools, history=history)
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec("set_destination", "{not json"),
            ToolCallSpec("set_destination", {"destination": "X"}),
            ToolCallSpec("book_flight", {"to": "OPO"}),
            ToolCallSpec("explode", {"item_id": 1}),
            ToolCallSpec("refuse", {"item_id": 7}),
            ToolCallSpec("set_destination", {"destination": "Porto"}),
            split=2,
        ),
        Reply.text("Sorted."),
    )
    await agent.process_request("Do things")

    results = _tool_messages(fake_openai.chat_requests[1])
    contents = [r["content"] for r in results]
    assert "not valid JSON" in contents[0]
    assert "Invalid arguments for 'set_destination'" in contents[1]
    assert "destination" in contents[1] and "at least 2 characters" in contents[1]
    assert contents[2] == (
        "There is no tool named 'book_flight'. Available tools: set_destination, explode, refuse."
    )
    assert contents[3] == "The tool 'explode' failed: database is locked"
    assert contents[4] == "No itinerary item 7."
    assert json.loads(contents[5])["destination"] == "Porto"
    assert trip.destination == "Porto"
    stored = [m for m in await history.load() if isinstance(m, ToolResult)]
    assert [m.status for m in stored] == [ToolStatus.ERROR] * 5 + [ToolStatus.OK]


async def test_tools_run_in_emitted_order_one_at_a_time(fake_openai: FakeOpenAIServer) -> None:
    log: list[str] = []

    async def step(args: ItemRef, ctx: ToolContext) -> str:
        log.append(f"start {args.item_id}")
        await asyncio.sleep(0.01)
        log.append(f"end {args.item_id}")
        return "ok"

    agent = make_agent(fake_openai, tools=[Tool("step", "A step.", ItemRef, step)])
    fake_openai.script(
        Reply.tool_calls(*(ToolCallSpec("step", {"item_id": i}) for i in (3, 1, 2))),
        Reply.text("done"),
    )
    await agent.process_request("go")
    assert log == ["start 3", "end 3", "start 1", "end 1", "start 2", "end 2"]


async def test_permission_is_asked_and_a_refusal_is_reported(
    fake_openai: FakeOpenAIServer,
) -> None:
    removed: list[int] = []
    asked: list[PermissionRequest] = []

    async def remove(args: ItemRef, ctx: ToolContext) -> str:
        removed.append(args.item_id)
        return "removed"

    async def answer(request: PermissionRequest) -> bool:
        asked.append(request)
        return request.arguments.item_id == 1  # type: ignore[attr-defined, no-any-return]

    tool = Tool(
        "remove_item",
        "Remove an itinerary item.",
        ItemRef,
        remove,
        requires_permission=True,
        describe_permission=lambda a: f"Remove item {a.item_id}?",
    )
    agent = make_agent(fake_openai, tools=[tool], permission_handler=answer)
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec("remove_item", {"item_id": 1}),
            ToolCallSpec("remove_item", {"item_id": 2}),
        ),
        Reply.text("done"),
    )
    await agent.process_request("Clean up")
    assert removed == [1]
    assert [a.description for a in asked] == ["Remove item 1?", "Remove item 2?"]
    results = _tool_messages(fake_openai.chat_requests[1])
    assert results[1]["content"] == "The person declined this action; it was not carried out."


async def test_iteration_cap_ends_the_turn_with_a_clear_message(
    fake_openai: FakeOpenAIServer,
) -> None:
    trip = Trip()
    history = InMemoryHistoryStore()
    agent = make_agent(
        fake_openai, tools=[set_destination_tool(trip)], history=history, max_iterations=3
    )
    fake_openai.script(
        *(
            Reply.tool_calls(ToolCallSpec("set_destination", {"destination": f"City{i}"}))
            for i in range(3)
        )
    )
    result = await agent.process_request("loop forever")
    assert result.status is TurnStatus.ITERATION_LIMIT
    assert "Stopped after 3 model calls" in result.message
    assert len(fake_openai.chat_requests) == 3
    assert [m.role for m in await history.load()][-2:] == ["assistant", "tool"]


async def test_abort_during_a_tool_signals_it_and_stores_aborted_results(
    fake_openai: FakeOpenAIServer,
) -> None:
    started = asyncio.Event()
    tool_signals: list[bool] = []

    async def slow(args: ItemRef, ctx: ToolContext) -> str:
        started.set()
        try:
            await asyncio.sleep(30)
        finally:
            tool_signals.append(ctx.signal.aborted)
        return "never"

    history = InMemoryHistoryStore()
    agent = make_agent(fake_openai, tools=[Tool("slow", "Slow.", ItemRef, slow)], history=history)
    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("slow", {"item_id": 1}), ToolCallSpec("slow", {"item_id": 2}))
    )
    controller = AbortController()
    task = asyncio.ensure_future(agent.process_request("go", signal=controller.signal))
    await asyncio.wait_for(started.wait(), 5)
    controller.abort("Stopped by the person")
    with pytest.raises(AbortedError, match="Stopped by the person"):
        await task
    assert tool_signals == [True]
    stored = await history.load()
    assert [m.role for m in stored] == ["user", "assistant", "tool", "tool"]
    assert all(m.status is ToolStatus.ABORTED for m in stored if isinstance(m, ToolResult))

    fake_openai.script(Reply.text("Picking up where we left off."))
    result = await agent.process_request("continue")
    assert result.text == "Picking up where we left off."
    results = _tool_messages(fake_openai.chat_requests[-1])
    assert len(results) == 2 and all("aborted" in r["content"] for r in results)


async def test_abort_while_streaming_closes_the_http_stream(
    fake_openai: FakeOpenAIServer,
) -> None:
    history = InMemoryHistoryStore()
    agent = make_agent(fake_openai, history=history)
    fake_openai.script(Reply.text("word " * 200, chunks=200, chunk_delay=0.02))
    first_delta = asyncio.Event()
    agent.subscribe(lambda e: first_delta.set() if e.type == "text_delta" else None)
    controller = AbortController()
    task = asyncio.ensure_future(agent.process_request("tell me", signal=controller.signal))
    await asyncio.wait_for(first_delta.wait(), 5)
    controller.abort("Stop")
    with pytest.raises(AbortedError):
        await task
    await fake_openai.until(lambda: fake_openai.requests[-1].client_disconnected, timeout=5)
    stored = await history.load()
    assert [m.role for m in stored] == ["user", "assistant"]
    kept = stored[-1]
    assert isinstance(kept, AssistantMessage) and kept.stopped
    assert kept.text.startswith("word") and len(kept.text) < len("word " * 200)


async def test_a_stopped_answer_is_in_the_next_request_without_its_half_written_tool_call(
    fake_openai: FakeOpenAIServer,
) -> None:
    history = InMemoryHistoryStore()
    trip = Trip()
    agent = make_agent(fake_openai, tools=[set_destination_tool(trip)], history=history)
    call = ToolCallSpec("set_destination", {"destination": "Porto" * 20})
    fake_openai.script(
        Reply.tool_calls(call, split=60, text="Let me change the trip. ", chunk_delay=0.05),
        Reply.text("Fine."),
    )
    first_delta = asyncio.Event()
    agent.subscribe(lambda e: first_delta.set() if e.type == "text_delta" else None)
    controller = AbortController()
    task = asyncio.ensure_future(agent.process_request("go", signal=controller.signal))
    await asyncio.wait_for(first_delta.wait(), 5)
    controller.abort("Stop")
    with pytest.raises(AbortedError):
        await task
    stored = await history.load()
    assert isinstance(stored[-1], AssistantMessage)
    assert stored[-1].stopped and stored[-1].tool_calls == ()
    assert trip.destination == "Lisbon"

    await agent.process_request("and now?")
    sent = fake_openai.chat_requests[-1]["messages"]
    assert [m["role"] for m in sent] == ["system", "user", "assistant", "user"]
    assert sent[2] == {"role": "assistant", "content": "Let me change the trip. "}
    assert not any(m["role"] == "tool" or m.get("tool_calls") for m in sent)


async def test_cancelling_the_task_also_leaves_valid_history(
    fake_openai: FakeOpenAIServer,
) -> None:
    started = asyncio.Event()

    async def slow(args: ItemRef, ctx: ToolContext) -> str:
        started.set()
        await asyncio.sleep(30)
        return "never"

    history = InMemoryHistoryStore()
    agent = make_agent(fake_openai, tools=[Tool("slow", "Slow.", ItemRef, slow)], history=history)
    fake_openai.script(Reply.tool_calls(ToolCallSpec("slow", {"item_id": 1})))
    task = asyncio.ensure_future(agent.process_request("go"))
    await asyncio.wait_for(started.wait(), 5)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    stored = await history.load()
    assert isinstance(stored[-1], ToolResult) and stored[-1].status is ToolStatus.ABORTED
    assert not agent.busy


async def test_one_request_at_a_time(fake_openai: FakeOpenAIServer) -> None:
    release = threading.Event()
    agent = make_agent(fake_openai)
    fake_openai.script(Reply.text("first", wait_for=release))
    task = asyncio.ensure_future(agent.process_request("one"))
    await fake_openai.until_requests(1)
    with pytest.raises(AgentBusyError):
        await agent.process_request("two")
    release.set()
    assert (await task).text == "first"


async def test_a_raising_subscriber_does_not_break_the_loop(
    fake_openai: FakeOpenAIServer, caplog: pytest.LogCaptureFixture
) -> None:
    agent = make_agent(fake_openai)

    def broken(event: object) -> None:
        raise ValueError("subscriber bug")

    recorder = Recorder()
    agent.subscribe(broken)
    agent.subscribe(recorder)
    fake_openai.script(Reply.text("Hello there", chunks=3))
    result = await agent.process_request("hi")
    assert result.text == "Hello there"
    assert "".join(e.text for e in recorder.of("text_delta")) == "Hello there"
    assert "subscriber bug" in caplog.text


async def test_model_request_event_carries_the_exact_payload(
    fake_openai: FakeOpenAIServer,
) -> None:
    agent = make_agent(fake_openai, model_options={"prompt_cache_key": "trip-42"})
    recorder = Recorder()
    agent.subscribe(recorder)
    fake_openai.script(Reply.text("ok"))
    await agent.process_request("hi")
    (event,) = recorder.of("model_request")
    sent = fake_openai.chat_requests[0]
    assert sent["prompt_cache_key"] == "trip-42"
    assert sent["stream_options"] == {"include_usage": True}
    assert json.loads(json.dumps(dict(event.payload))) == sent
