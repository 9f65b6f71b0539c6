"""R12: one conformance suite over the agent and every wrapper; the builder."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from concierge.agent import (
    AgentBuilder,
    InMemoryHistoryStore,
    ModelError,
    RetryingRunnable,
    Runnable,
    RunnableWrapper,
)
from concierge.agent.openai_model import OpenAIChatModel
from tests.agent.support import (
    SYSTEM_PROMPT,
    Recorder,
    Trip,
    client_for,
    make_agent,
    set_destination_tool,
    snapshot_of,
)
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec

pytestmark = pytest.mark.usefixtures("each_layout")

Wrap = Callable[[Runnable], Runnable]
WRAPPERS: dict[str, Wrap] = {
    "agent": lambda agent: agent,
    "wrapper": RunnableWrapper,
    "retrying": lambda agent: RetryingRunnable(agent, backoff=0.01),
    "nested": lambda agent: RetryingRunnable(RunnableWrapper(agent), backoff=0.01),
}


@pytest.fixture(params=list(WRAPPERS))
def wrap(request: pytest.FixtureRequest) -> Wrap:
    return WRAPPERS[request.param]


async def test_runnable_surface(fake_openai: FakeOpenAIServer, wrap: Wrap) -> None:
    trip = Trip()
    runnable = wrap(make_agent(fake_openai, tools=[set_destination_tool(trip)]))
    assert isinstance(runnable, Runnable)

    remove = runnable.add_context_provider(trip.render, name="trip", timeout=1.0)
    hooked: list[object] = []
    remove_hook = runnable.add_context_hook(hooked.append, name="settle", timeout=1.0)
    recorder = Recorder()
    unsubscribe = runnable.subscribe(recorder)
    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("set_destination", {"destination": "Porto"})),
        Reply.text("Done."),
    )
    result = await runnable.process_request("Porto please")
    assert result.text == "Done."
    assert "Destination: Porto" in (snapshot_of(fake_openai.chat_requests[1]) or "")
    assert [e.iteration for e in recorder.of("runtime_context")] == [1, 2]

    context = await runnable.get_runtime_context()
    assert context.text is not None and "Destination: Porto" in context.text
    assert [hook.name for hook in context.hooks] == ["settle"]
    assert len(hooked) == 3

    unsubscribe()
    remove()
    remove_hook()
    count = len(recorder.events)
    fake_openai.script(Reply.text("Still here."))
    await runnable.process_request("hello")
    assert len(recorder.events) == count
    assert snapshot_of(fake_openai.chat_requests[-1]) is None
    assert len(hooked) == 3


async def test_retry_through_the_surface(fake_openai: FakeOpenAIServer, wrap: Wrap) -> None:
    history = InMemoryHistoryStore()
    runnable = wrap(make_agent(fake_openai, history=history))
    broken = {"on": True}

    def provider(signal: object) -> str:
        if broken["on"]:
            raise RuntimeError("not ready")
        return "ready"

    runnable.add_context_provider(provider, name="state")
    with pytest.raises(Exception, match="'state'"):
        await runnable.process_request("hi")
    broken["on"] = False
    fake_openai.script(Reply.text("hello"))
    assert (await runnable.retry()).text == "hello"
    assert [m.role for m in await history.load()] == ["user", "assistant"]


async def test_retrying_runnable_retries_transient_model_errors_without_duplicates(
    fake_openai: FakeOpenAIServer,
) -> None:
    history = InMemoryHistoryStore()
    runnable = RetryingRunnable(make_agent(fake_openai, history=history), backoff=0.01)
    fake_openai.script(Reply.error(503, "warming up"), Reply.error(500, "oops"), Reply.text("ok"))
    assert (await runnable.process_request("hi")).text == "ok"
    assert len(fake_openai.chat_requests) == 3
    assert all(
        [m["content"] for m in body["messages"] if m["role"] == "user"] == ["hi"]
        for body in fake_openai.chat_requests
    )
    assert [m.role for m in await history.load()] == ["user", "assistant"]


async def test_retrying_runnable_does_not_retry_permanent_errors(
    fake_openai: FakeOpenAIServer,
) -> None:
    runnable = RetryingRunnable(make_agent(fake_openai), backoff=0.01)
    fake_openai.script(Reply.error(401, "bad key"), Reply.text("never"))
    with pytest.raises(ModelError, match="401"):
        await runnable.process_request("hi")
    assert len(fake_openai.chat_requests) == 1


async def test_builder_accepts_tools_and_providers_before_build(
    fake_openai: FakeOpenAIServer,
) -> None:
    trip = Trip()
    agent = (
        AgentBuilder(
            model=OpenAIChatModel(client_for(fake_openai), model="fake-model"),
            system_prompt=SYSTEM_PROMPT,
        )
        .tool(set_destination_tool(trip))
        .context_provider(trip.render, name="trip", timeout=1.0)
        .context_provider(lambda s: "Selected: nothing", name="selection")
        .max_iterations(4)
        .build()
    )
    assert [t.name for t in agent.tools] == ["set_destination"]
    context = await agent.get_runtime_context()
    assert [p.name for p in context.parts] == ["trip", "selection"]
    fake_openai.script(Reply.text("ok"))
    await agent.process_request("hi")
    assert fake_openai.chat_requests[0]["tools"][0]["function"]["name"] == "set_destination"
