"""The assistant's side of lookups, through the real agent against the loopback model
server: start returns at once, the status provider announces completion once, the result
tool reads it, and the promise of issue 4 holds."""

from __future__ import annotations

import asyncio
import threading

import pytest

from concierge.agent import Agent, IncompleteAnswerError
from concierge.store import LookupStatus
from concierge.travel.assistant.lookup_status import lookup_status_provider
from concierge.travel.assistant.lookup_tools import LookupKindName, lookup_tools
from concierge.travel.lookups import KINDS
from tests.agent.support import make_agent, snapshot_of, tool_results
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec
from tests.travel.lookups.conftest import Lookups


def agent_for(lookups: Lookups, server: FakeOpenAIServer) -> Agent:
    agent = make_agent(server, tools=lookup_tools(lookups.service, lookups.trip.id))
    agent.add_context_provider(
        lookup_status_provider(lookups.jobs, lookups.trip.id), name="lookups"
    )
    return agent


def test_the_kind_enum_offers_every_kind() -> None:
    assert [k.value for k in LookupKindName] == list(KINDS)


async def test_a_lookup_finishing_during_a_model_call_is_in_the_next_snapshot(
    lookups: Lookups, fake_openai: FakeOpenAIServer
) -> None:
    """The promise: within one request the model starts a lookup, the lookup finishes while
    the following model call is held open, and the iteration after carries its completion."""
    agent = agent_for(lookups, fake_openai)
    held = threading.Event()
    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("start_lookup", {"kind": "holidays"})),
        Reply.tool_calls(ToolCallSpec("start_lookup", {"kind": "flights"}), wait_for=held),
        Reply.text("Christmas Day is a holiday in the US too, and the flight is about 7 h."),
    )
    request = asyncio.create_task(agent.process_request("Holidays and flight time?"))
    await fake_openai.until_requests(2)
    second = fake_openai.chat_requests[1]
    (started,) = tool_results(second)
    assert started.startswith("Started the holidays lookup [")
    (job,) = await lookups.jobs.list_for_trip(lookups.trip.id)
    # The lookup finishes while the model is still "thinking" about the second reply.
    done = await lookups.service.wait(job.id)
    assert done is not None
    assert done.status is LookupStatus.SUCCEEDED
    held.set()
    await request

    third = snapshot_of(fake_openai.chat_requests[2]) or ""
    short = job.id[:8]
    assert "Lookups finished since you last saw them:" in third
    assert (
        f"- [{short}] holidays: succeeded — 1 public holiday in United States during the "
        "trip: 25 Dec: Christmas Day"
    ) in third
    during = snapshot_of(second) or ""
    assert f"- [{short}] holidays: " in during
    assert "Lookups in progress:" in during
    assert f"[{short}] holidays: succeeded" not in during
    # Announced once: the next request's snapshot no longer lists it as news.
    fake_openai.script(Reply.text("ok"))
    await agent.process_request("thanks")
    later = snapshot_of(fake_openai.chat_requests[-1]) or ""
    assert f"[{short}] holidays" not in later


async def test_running_lookups_show_progress_and_tools_cancel_and_read(
    lookups: Lookups, fake_openai: FakeOpenAIServer
) -> None:
    running = await lookups.service.start(lookups.trip.id, "slow")
    await asyncio.to_thread(lookups.slow.started.wait, 5)
    done = await lookups.service.wait(await lookups.service.start(lookups.trip.id, "flights"))
    assert done is not None
    agent = agent_for(lookups, fake_openai)
    await asyncio.sleep(0.3)
    context = await agent.get_runtime_context()
    assert context.text is not None
    assert f"- [{running[:8]}] slow: running 50% — Halfway" in context.text
    short = done.id[:8]
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec("get_lookup_result", {"job_id": short}),
            ToolCallSpec("get_lookup_result", {"job_id": running[:8]}),
            ToolCallSpec("cancel_lookup", {"job_id": running[:8]}),
            ToolCallSpec("cancel_lookup", {"job_id": short}),
            ToolCallSpec("get_lookup_result", {"job_id": "ffffffff"}),
        ),
        Reply.text("ok"),
    )
    await agent.process_request("details")
    results = tool_results(fake_openai.chat_requests[-1])
    assert f"flights lookup [{short}]:" in results[0]
    assert '"estimated_minutes": 435' in results[0]
    assert "is still running (50%)" in results[1]
    assert results[2] == f"Cancelled the lookup [{running[:8]}]."
    assert "had already finished (succeeded)" in results[3]
    assert "This trip has no lookup [ffffffff]" in results[4]
    job = await lookups.jobs.get(running)
    assert job is not None
    assert job.status is LookupStatus.CANCELLED


async def test_a_finished_lookup_stays_news_until_a_model_call_that_carried_it_succeeds(
    lookups: Lookups, fake_openai: FakeOpenAIServer
) -> None:
    """The provider only reads: the inspector's resolution and a call that failed (here a
    stream cut off before its end) leave the notice for the next snapshot."""
    job_id = await lookups.service.start(lookups.trip.id, "holidays")
    assert (await lookups.service.wait(job_id)) is not None
    agent = agent_for(lookups, fake_openai)
    news = f"[{job_id[:8]}] holidays: succeeded"

    for _ in range(2):
        context = await agent.get_runtime_context()
        assert news in (context.text or "")
    fake_openai.script(Reply.cut_stream(Reply.text("Christmas is", chunks=2), 2))
    with pytest.raises(IncompleteAnswerError):
        await agent.process_request("Any holidays?")
    assert news in (snapshot_of(fake_openai.chat_requests[0]) or "")

    fake_openai.script(Reply.text("Christmas Day."), Reply.text("ok"))
    await agent.retry()
    assert news in (snapshot_of(fake_openai.chat_requests[1]) or "")
    await agent.process_request("thanks")
    assert news not in (snapshot_of(fake_openai.chat_requests[2]) or "")
    (stored,) = await lookups.jobs.list_for_trip(lookups.trip.id)
    assert stored.seen_by_assistant
