"""The app's first prompt for an empty trip, on the real llama.cpp server: within its budget
by the server's own tokenizer, and its compact tool schemas taken by the server's
tool-call grammar, so the real model calls a merged tool with an action it offers."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema

from concierge.agent.openai_client import auth_headers, model_client
from concierge.travel.places.index import PlaceIndex
from tests.fakes import FakeOpenAIServer
from tests.real_model.llama_server import MODEL_ALIAS, LlamaServer
from tests.travel.first_prompt import BUDGET_TOKENS, estimated_tokens, first_request

CALL_CAP = 48
"""Tokens the model may write for its call: enough for a tool name and an action, and about
15 s on two busy cores. The first prompt's prefill (about 2,900 tokens) takes a minute."""


async def test_the_first_prompt_of_an_empty_trip_is_within_budget_by_the_real_tokenizer(
    llama_server: LlamaServer, tmp_path: Path, places: PlaceIndex, fake_openai: FakeOpenAIServer
) -> None:
    body = await first_request(tmp_path, places, fake_openai)
    prompt = llama_server.apply_template({"messages": body["messages"], "tools": body["tools"]})
    for tool in body["tools"]:
        assert f'"name": "{tool["function"]["name"]}"' in prompt  # the template sends them
    tokens = llama_server.tokenize(prompt)
    assert tokens <= BUDGET_TOKENS, f"the first prompt is {tokens:,} tokens"
    assert estimated_tokens(body) >= tokens * 0.97, "the offline estimate is no longer close"


async def test_the_real_model_calls_a_merged_tool_with_its_compact_schema(
    llama_server: LlamaServer, tmp_path: Path, places: PlaceIndex, fake_openai: FakeOpenAIServer
) -> None:
    """With `tool_choice="required"` llama.cpp builds its grammar from every schema (one it
    cannot read is refused) and holds a call to it. SmolLM2-135M rarely calls a tool: asked
    "please remember…" or "add a goal…" it writes text, but for this ask (temperature 0,
    this seed) it calls `pins`; its arguments are cut by the cap, so what is checked is the
    tool's name and an action its schema offers, or, were they complete, the schema."""
    body = await first_request(tmp_path, places, fake_openai)
    system = body["messages"][0]
    messages = [system, {"role": "user", "content": "Pin this: I am vegetarian."}]
    client = model_client(llama_server.base_url, None, max_retries=1)
    answer = await client.chat.completions.create(
        model=MODEL_ALIAS,
        messages=messages,
        tools=body["tools"],
        tool_choice="required",
        max_tokens=CALL_CAP,
        temperature=0,
        seed=7,
        extra_headers=auth_headers(client),
    )
    [choice] = answer.choices
    calls = choice.message.tool_calls or []
    assert calls, f"no tool call; the model wrote {choice.message.content!r}"
    call = calls[0].function
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in body["tools"]}
    assert call.name in schemas, call.name
    schema: dict[str, Any] = schemas[call.name]
    if choice.finish_reason == "length":  # cut by the cap: the arguments so far
        offered = schema["properties"].get("action", {}).get("enum")
        if offered is not None:
            action = re.search(r'"action"\s*:\s*"([^"]*)"', call.arguments)
            assert action is not None and action.group(1) in offered, call.arguments
    else:
        jsonschema.validate(json.loads(call.arguments), schema)
