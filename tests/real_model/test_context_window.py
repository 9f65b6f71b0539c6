"""The real llama.cpp server's context window is read where it reports it, and its refusal
of a request longer than the window is read with its numbers (refused before any prefill,
so this costs no model time)."""

from __future__ import annotations

import openai
import pytest

from concierge.agent import ContextOverflowError
from concierge.agent.messages import user_message
from concierge.agent.model import ModelRequest
from concierge.agent.openai_client import model_client
from concierge.agent.openai_model import OpenAIChatModel
from concierge.model_server import ContextWindow, probe_context_window
from concierge.model_server.context_window import from_props
from tests.real_model.llama_server import CONTEXT_WINDOW, MODEL_ALIAS, LlamaServer


async def test_the_window_is_read_from_the_model_list_and_props(
    llama_server: LlamaServer,
) -> None:
    window = await probe_context_window(llama_server.base_url, None, MODEL_ALIAS, "llamacpp")
    assert window == ContextWindow(CONTEXT_WINDOW, "the server's /v1/models (meta.n_ctx)")
    client = model_client(llama_server.base_url, None, max_retries=0, timeout=5.0)
    try:
        props = await from_props(client, llama_server.root_url, MODEL_ALIAS)
    finally:
        await client.close()
    assert props == ContextWindow(CONTEXT_WINDOW, "the server's /props (n_ctx)")


async def test_a_request_longer_than_the_window_is_read_as_too_long(
    llama_server: LlamaServer,
) -> None:
    text = "Kyoto " * (CONTEXT_WINDOW + 200)
    client = openai.AsyncOpenAI(base_url=llama_server.base_url, api_key="x", max_retries=0)
    model = OpenAIChatModel(client, model=MODEL_ALIAS, answer_cap=16)
    request = ModelRequest(
        system_prompt="Be brief.", messages=[user_message(text)], tools=(), iteration=1
    )
    try:
        with pytest.raises(ContextOverflowError) as raised:
            await model.respond(request, lambda _event: None)
    finally:
        await client.close()
    assert raised.value.window == CONTEXT_WINDOW
    assert raised.value.requested is not None and raised.value.requested > CONTEXT_WINDOW


async def test_an_answer_cut_at_its_cap_ends_with_length(llama_server: LlamaServer) -> None:
    client = openai.AsyncOpenAI(base_url=llama_server.base_url, api_key="x", max_retries=0)
    model = OpenAIChatModel(client, model=MODEL_ALIAS, answer_cap=4)
    request = ModelRequest(
        system_prompt="Be brief.",
        messages=[user_message("Tell me a long story about Kyoto.")],
        tools=(),
        iteration=1,
    )
    try:
        reply = await model.respond(request, lambda _event: None)
    finally:
        await client.close()
    assert reply.finish_reason == "length"
    assert reply.usage is not None and reply.usage.completion_tokens == 4
