"""Providers only read: a `Notice`'s callback (e.g. "mark seen") runs once a model call that
carried its text succeeded, never for an on-demand resolution or a failed call."""

from __future__ import annotations

import pytest

from concierge.agent import ModelError, Notice
from tests.agent.support import make_agent
from tests.fakes import FakeOpenAIServer, Reply

pytestmark = pytest.mark.usefixtures("each_layout")


async def test_a_notice_is_delivered_only_after_a_model_call_that_carried_it_succeeded(
    fake_openai: FakeOpenAIServer,
) -> None:
    delivered: list[str] = []

    def failing() -> None:
        raise RuntimeError("the seen mark could not be written")

    def provider(_signal: object) -> Notice:
        return Notice("Lookup finished.", lambda: delivered.append("lookup"))

    agent = make_agent(fake_openai)
    agent.add_context_provider(provider, name="news")
    agent.add_context_provider(lambda _s: Notice("Other news.", failing), name="other")

    await agent.get_runtime_context()
    fake_openai.script(Reply.error(503, "busy"))
    with pytest.raises(ModelError):
        await agent.process_request("news?")
    assert delivered == []

    fake_openai.script(Reply.text("A lookup finished."))
    await agent.retry()
    assert delivered == ["lookup"]  # the failing callback was logged, the turn went on
