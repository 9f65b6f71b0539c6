"""The app's runtime against a real llama.cpp server with SmolLM2-135M: the trip's snapshot
reaches the model, answers stream, and usage and cached tokens are read from what it sends.

Answers are short (`max_tokens`) and repeatable (temperature 0, a fixed seed), prompts are
a few hundred tokens, and all tests share one server: on two busy cores the server computes
5–80 prompt tokens a second.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from concierge.agent import Agent, AgentBuilder, HistoryStore, InMemoryHistoryStore
from concierge.agent.openai_client import model_client
from concierge.agent.openai_model import OpenAIChatModel
from concierge.store import TripRecord
from concierge.travel.assistant.providers import trip_provider
from concierge.travel.places.index import PlaceIndex
from concierge.travel.services import TravelServices, open_services
from tests.agent.support import Recorder, Trip, set_destination_tool
from tests.real_model.llama_server import MODEL_ALIAS, LlamaServer
from tests.travel.conftest import christmas_in_new_york

SYSTEM_PROMPT = "You are a travel assistant. Answer in one short sentence."
ANSWER_CAP = 24
CODE_WORD = "Marigold"


def real_model(server: LlamaServer, *, reuse_cache: bool = True) -> OpenAIChatModel:
    """The app's adapter for the real server, answering briefly and the same way each time;
    one retry, as the app's client has. Without `reuse_cache` every prompt is computed
    afresh: a prefix another test left in the server's one slot changes the numbers enough
    for the 135M model's greedy answer to differ, so a test of what it answers asks so."""
    return OpenAIChatModel(
        model_client(server.base_url, None, max_retries=1),
        model=MODEL_ALIAS,
        temperature=0,
        extra_body={"max_tokens": ANSWER_CAP, "seed": 7, "cache_prompt": reuse_cache},
    )


@pytest.fixture
async def services(tmp_path: Path, places: PlaceIndex) -> AsyncIterator[TravelServices]:
    opened = open_services(tmp_path, places=places)
    try:
        yield opened
    finally:
        await opened.aclose()
        opened.close()


@pytest.fixture
async def trip(services: TravelServices) -> TripRecord:
    return await christmas_in_new_york(services.trips, services.stops)


def trip_assistant(
    server: LlamaServer,
    services: TravelServices,
    trip: TripRecord,
    history: HistoryStore,
    *,
    reuse_cache: bool = True,
) -> Agent:
    """The runtime with the app's trip snapshot as its one context provider. The app's whole
    first prompt (`bench/real_server.py`) costs minutes of prefill here, and behind its
    instructions and tools the 135M model mostly repeats its previous answer: on
    2026-12-02 it named one of three code words."""
    provider = trip_provider(services.trips, services.itinerary, trip.id, services.stops)
    model = real_model(server, reuse_cache=reuse_cache)
    builder = AgentBuilder(model=model, system_prompt=SYSTEM_PROMPT, history=history)
    return builder.context_provider(provider, name="trip").build()


async def test_the_answer_holds_a_code_word_only_the_latest_snapshot_has(
    llama_server: LlamaServer, services: TravelServices, trip: TripRecord
) -> None:
    history = InMemoryHistoryStore()
    agent = trip_assistant(llama_server, services, trip, history, reuse_cache=False)
    first = await agent.process_request("What is the title of my trip?")
    assert CODE_WORD not in first.text

    await services.trips.rename(trip.id, f"{CODE_WORD} Christmas")
    second = await agent.process_request("What is the title of my trip now?")

    assert CODE_WORD in second.text, second.text
    *earlier, answer = await history.load()
    assert answer.role == "assistant"
    assert not any(CODE_WORD in message.model_dump_json() for message in earlier)


async def test_answers_stream_and_the_next_call_reuses_the_cached_prefix(
    llama_server: LlamaServer, services: TravelServices, trip: TripRecord
) -> None:
    agent = trip_assistant(llama_server, services, trip, InMemoryHistoryStore())
    recorder = Recorder()
    agent.subscribe(recorder)

    first = await agent.process_request("Where does my trip go?")
    deltas = [event.text for event in recorder.of("text_delta")]
    assert len(deltas) >= 3, deltas
    assert "".join(deltas) == first.text
    [cold] = first.usage
    prompt = llama_server.apply_template(recorder.of("model_request")[0].payload)
    assert cold.prompt_tokens == llama_server.tokenize(prompt)
    assert 3 <= cold.completion_tokens <= ANSWER_CAP

    second = await agent.process_request("When do I leave?")
    [warm] = second.usage
    instructions = llama_server.tokenize(f"<|im_start|>system\n{SYSTEM_PROMPT}<|im_end|>\n")
    assert warm.cached_tokens >= instructions
    assert warm.cached_tokens < warm.prompt_tokens


async def test_the_chat_template_passes_the_tools_to_the_model(
    llama_server: LlamaServer,
) -> None:
    """With the model file's own template the server drops `tools` without a word; the
    script installs one that renders them."""
    tool = set_destination_tool(Trip())
    plain = AgentBuilder(model=real_model(llama_server), system_prompt=SYSTEM_PROMPT).build()
    tooled = (
        AgentBuilder(model=real_model(llama_server), system_prompt=SYSTEM_PROMPT).tool(tool).build()
    )
    recorder = Recorder()
    tooled.subscribe(recorder)

    without = await plain.process_request("Hello!")
    with_tool = await tooled.process_request("Hello!")

    [schema] = recorder.of("model_request")[0].payload["tools"]
    added = with_tool.usage[0].prompt_tokens - without.usage[0].prompt_tokens
    assert added > llama_server.tokenize(json.dumps(schema))
