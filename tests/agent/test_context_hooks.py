"""Context hooks: a step that runs to completion before the providers of every resolution
(each model call, the one after tool results too, and `get_runtime_context`), with the
providers' timeout, abort and failure rules."""

from __future__ import annotations

import asyncio

import pytest
from pydantic import BaseModel

from concierge.agent import (
    AbortController,
    AbortedError,
    AbortSignal,
    AgentBuilder,
    ContextProviderError,
    ContextProviderTimeout,
    InMemoryHistoryStore,
    Tool,
    ToolContext,
    ToolStatus,
    UsageError,
)
from concierge.agent.errors import HOOK
from concierge.agent.messages import AssistantMessage, ToolResult
from concierge.agent.openai_model import OpenAIChatModel
from tests.agent.support import SYSTEM_PROMPT, Recorder, client_for, make_agent, snapshot_of
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec

pytestmark = pytest.mark.usefixtures("each_layout")


class Form:
    """An app whose typed edits wait in `pending` until its hook writes them to `saved`,
    the only state its provider reads (as a form's debounced edits and SQLite)."""

    def __init__(self) -> None:
        self.pending: str | None = None
        self.saved = "Lisbon"
        self.log: list[str] = []

    async def flush(self, signal: AbortSignal) -> None:
        self.log.append("flush started")
        for _ in range(3):  # a write that takes a few loop turns
            await asyncio.sleep(0)
        if self.pending is not None:
            self.saved, self.pending = self.pending, None
        self.log.append("flush done")

    async def render(self, signal: AbortSignal) -> str:
        self.log.append("provider")
        return f"Destination: {self.saved}"


class NoArgs(BaseModel):
    pass


def typing_tool(form: Form, text: str) -> Tool[NoArgs]:
    """A tool during which the person types `text` into the form (not saved yet)."""

    async def handler(args: NoArgs, ctx: ToolContext) -> str:
        form.pending = text
        return "checked"

    return Tool("check_prices", "Check prices.", NoArgs, handler)


async def test_the_hook_runs_to_completion_before_the_providers_of_every_model_call(
    fake_openai: FakeOpenAIServer,
) -> None:
    form = Form()
    agent = make_agent(fake_openai, tools=[typing_tool(form, "Faro")])
    agent.add_context_provider(form.render, name="trip")
    agent.add_context_hook(form.flush, name="typed edits")
    recorder = Recorder()
    agent.subscribe(recorder)
    form.pending = "Porto"
    fake_openai.script(Reply.tool_calls(ToolCallSpec("check_prices", {})), Reply.text("ok"))

    await agent.process_request("Check prices")

    first, second = (snapshot_of(body) or "" for body in fake_openai.chat_requests)
    assert "Destination: Porto" in first
    assert "Destination: Faro" in second  # typed while the tool ran: flushed mid-turn
    assert form.log == ["flush started", "flush done", "provider"] * 2
    events = recorder.of("runtime_context")
    assert [[hook.name for hook in e.context.hooks] for e in events] == [["typed edits"]] * 2


async def test_get_runtime_context_runs_the_hooks_too(fake_openai: FakeOpenAIServer) -> None:
    form = Form()
    agent = make_agent(fake_openai)
    agent.add_context_provider(form.render, name="trip")
    sync_calls: list[AbortSignal] = []
    agent.add_context_hook(sync_calls.append, name="sync")
    agent.add_context_hook(form.flush, name="typed edits")
    form.pending = "Porto"

    context = await agent.get_runtime_context()

    assert context.text is not None and "Destination: Porto" in context.text
    assert [hook.name for hook in context.hooks] == ["sync", "typed edits"]
    assert len(sync_calls) == 1
    assert fake_openai.chat_requests == []


async def test_a_raising_hook_fails_the_iteration_naming_it_and_retry_goes_on(
    fake_openai: FakeOpenAIServer,
) -> None:
    history = InMemoryHistoryStore()
    form = Form()
    agent = make_agent(fake_openai, history=history)
    agent.add_context_provider(form.render, name="trip")
    broken = {"on": True}

    async def flush(signal: AbortSignal) -> None:
        if broken["on"]:
            raise OSError("disk full")
        await form.flush(signal)

    agent.add_context_hook(flush, name="typed edits")
    with pytest.raises(
        ContextProviderError, match=r"^Context hook 'typed edits' failed: disk full"
    ) as info:
        await agent.process_request("Plan day one")
    assert (info.value.kind, info.value.provider_name) == (HOOK, "typed edits")
    assert fake_openai.chat_requests == []
    assert form.log == []  # no provider ran
    assert [m.role for m in await history.load()] == ["user"]

    broken["on"] = False
    form.pending = "Porto"
    fake_openai.script(Reply.text("Day one: Ribeira."))
    assert (await agent.retry()).text == "Day one: Ribeira."
    assert "Destination: Porto" in (snapshot_of(fake_openai.chat_requests[0]) or "")


async def test_a_hanging_hook_times_out_with_its_name_and_sees_its_signal(
    fake_openai: FakeOpenAIServer,
) -> None:
    agent = make_agent(fake_openai)
    seen: list[AbortSignal] = []

    async def stuck(signal: AbortSignal) -> None:
        seen.append(signal)
        await asyncio.sleep(30)

    provided: list[str] = []
    agent.add_context_provider(lambda s: provided.append("x") or "x", name="trip")
    agent.add_context_hook(stuck, name="typed edits", timeout=0.05)
    with pytest.raises(ContextProviderTimeout, match=r"^Context hook 'typed edits' did not"):
        await agent.process_request("hello")
    assert seen[0].aborted
    assert provided == []
    assert fake_openai.chat_requests == []


async def test_a_hook_returning_a_value_is_an_error(fake_openai: FakeOpenAIServer) -> None:
    agent = make_agent(fake_openai)
    agent.add_context_hook(lambda s: "text meant for a provider", name="confused")
    with pytest.raises(ContextProviderError, match="'confused' returned str, expected None"):
        await agent.get_runtime_context()


async def test_aborting_while_a_hook_runs_after_tool_results_keeps_history_valid(
    fake_openai: FakeOpenAIServer,
) -> None:
    history = InMemoryHistoryStore()
    form = Form()
    agent = make_agent(fake_openai, tools=[typing_tool(form, "Faro")], history=history)
    agent.add_context_provider(form.render, name="trip")
    controller = AbortController()
    entered = asyncio.Event()
    seen: list[AbortSignal] = []

    async def waiting(signal: AbortSignal) -> None:
        if form.pending is None:
            return  # the first iteration has nothing to save
        seen.append(signal)
        entered.set()
        await signal.wait()

    agent.add_context_hook(waiting, name="typed edits")
    fake_openai.script(Reply.tool_calls(ToolCallSpec("check_prices", {})), Reply.text("never"))
    task = asyncio.ensure_future(agent.process_request("Check", signal=controller.signal))
    await asyncio.wait_for(entered.wait(), 5)
    controller.abort("person pressed Stop")
    with pytest.raises(AbortedError, match="person pressed Stop"):
        await task

    assert seen[0].aborted
    assert len(fake_openai.chat_requests) == 1
    stored = await history.load()
    assert [m.role for m in stored] == ["user", "assistant", "tool"]
    assert isinstance(stored[1], AssistantMessage) and stored[1].tool_calls
    assert isinstance(stored[2], ToolResult) and stored[2].status is ToolStatus.OK


async def test_removing_a_hook_stops_it_and_is_harmless_twice(
    fake_openai: FakeOpenAIServer,
) -> None:
    form = Form()
    agent = make_agent(fake_openai)
    remove = agent.add_context_hook(form.flush)
    await agent.get_runtime_context()
    remove()
    remove()
    await agent.get_runtime_context()
    assert form.log == ["flush started", "flush done"]


async def test_the_builder_takes_hooks_before_build(fake_openai: FakeOpenAIServer) -> None:
    form = Form()
    agent = (
        AgentBuilder(
            model=OpenAIChatModel(client_for(fake_openai), model="fake-model"),
            system_prompt=SYSTEM_PROMPT,
        )
        .context_provider(form.render, name="trip")
        .context_hook(form.flush, name="typed edits", timeout=1.0)
        .build()
    )
    form.pending = "Porto"
    context = await agent.get_runtime_context()
    assert context.text is not None and "Destination: Porto" in context.text
    assert [hook.name for hook in context.hooks] == ["typed edits"]


def test_a_hook_must_be_callable_with_a_positive_timeout(fake_openai: FakeOpenAIServer) -> None:
    agent = make_agent(fake_openai)
    with pytest.raises(UsageError, match="context hook must be callable"):
        agent.add_context_hook("flush")  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="positive"):
        agent.add_context_hook(lambda s: None, timeout=0)
