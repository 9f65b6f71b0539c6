"""A server that needs no key gets no Authorization header at all, never a stand-in; a
real key goes out as a bearer token. Checked on what the loopback server received, for
streamed and whole answers."""

from __future__ import annotations

import pytest

from concierge.agent import Agent, InMemoryHistoryStore
from concierge.agent.openai_client import model_client
from concierge.agent.openai_model import OpenAIChatModel
from tests.agent.support import SYSTEM_PROMPT
from tests.fakes import FakeOpenAIServer, Reply


@pytest.mark.parametrize("stream", [True, False])
@pytest.mark.parametrize(("key", "sent"), [(None, None), ("", None), ("sk-real", "Bearer sk-real")])
async def test_the_authorization_header_is_the_real_key_or_absent(
    fake_openai: FakeOpenAIServer, key: str | None, sent: str | None, stream: bool
) -> None:
    client = model_client(fake_openai.base_url, key, max_retries=0)
    model = OpenAIChatModel(client, model="fake-model", stream=stream)
    agent = Agent(model=model, system_prompt=SYSTEM_PROMPT, history=InMemoryHistoryStore())
    fake_openai.script(Reply.text("Hello."))

    await agent.process_request("Hi")

    [request] = [r for r in fake_openai.requests if r.path.endswith("/chat/completions")]
    assert request.headers.get("authorization") == sent
    await client.close()
