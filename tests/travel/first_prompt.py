"""The first request the app's trip assistant sends for an empty trip (a trip just made with
New trip, as the trip list makes it), and its budget: system prompt, every tool schema and
the trip's snapshot within `BUDGET_TOKENS` of llama.cpp's tokenizer (issue 12)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from concierge.agent.openai_model import OpenAIChatModel
from concierge.travel.assistant.trip_assistant import build_trip_assistant
from concierge.travel.places.index import PlaceIndex
from concierge.travel.services import open_services
from tests.agent.support import client_for
from tests.fakes import FakeOpenAIServer, Reply

BUDGET_TOKENS = 3_000
CHARS_PER_TOKEN = 3.25
"""Characters of the request's text (system prompt, tools as JSON, messages) per token of
the whole prompt as llama.cpp renders and tokenizes it for SmolLM2 with the ChatML tools
template, measured at 3.30 on 2026-12-02 (9,279 characters, 2,811 tokens) and taken a little
lower, so the estimate is a little above the real count: JSON and short words cost more
tokens a character than prose. `tests/real_model/test_first_prompt.py` checks the real
count, and that this estimate stays close to it."""


async def first_request(data_dir: Path, places: PlaceIndex, server: FakeOpenAIServer) -> Any:
    """The body of the assistant's first model request for a new, empty trip."""
    services = open_services(data_dir, places=places)
    try:
        trip = (await services.trips.create()).record
        model = OpenAIChatModel(client_for(server), model="fake-model")
        agent = build_trip_assistant(services, trip.id, model)
        server.script(Reply.text("Hello."))
        await agent.process_request("Hi")
        return server.chat_requests[0]
    finally:
        await services.aclose()
        services.close()


def request_text(body: Any) -> str:
    """What of a request reaches the prompt: message contents and tools as JSON."""
    parts = [message["content"] for message in body["messages"]]
    parts += [json.dumps(tool, ensure_ascii=False) for tool in body.get("tools", [])]
    return "\n".join(part if isinstance(part, str) else json.dumps(part) for part in parts)


def estimated_tokens(body: Any) -> int:
    return round(len(request_text(body)) / CHARS_PER_TOKEN)
