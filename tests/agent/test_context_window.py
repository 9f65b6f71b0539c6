"""The model's context window and the answer cap, asserted on the requests the loopback
server received: the cap is sent on every call, the budget fits a known window, and a
request the server refuses as too long is compacted and sent once more."""

from __future__ import annotations

from typing import Any

import pytest

from concierge.agent import (
    COMPACTION_LABEL,
    CompactionPolicy,
    ContextOverflowError,
    InMemoryHistoryStore,
    ModelError,
    Provenance,
    UserMessage,
    budget_for_window,
)
from concierge.agent.compaction import SUMMARIZER_PROMPT
from concierge.agent.messages import user_message
from concierge.agent.model import ModelRequest
from concierge.agent.openai_model import OpenAIChatModel
from tests.agent.support import Recorder, client_for, make_agent
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec
from tests.fakes.prefix_cache import canonical_prompt, count_tokens

CAP = 300
POLICY = CompactionPolicy(budget_tokens=24_000, answer_tokens=CAP)
"""The setting's default budget: far above the small windows below, as in the issue."""


def words(who: str, count: int) -> str:
    return f"{who} says: " + "words " * count


def tokens(body: dict[str, Any]) -> int:
    """The prompt's size as the fake server counts it (and refuses it)."""
    return count_tokens(canonical_prompt(body))


def refused(server: FakeOpenAIServer) -> list[dict[str, Any]]:
    return [body for body in server.chat_requests if server.refusal(body) is not None]


def is_summary_request(body: dict[str, Any]) -> bool:
    return bool(body["messages"][0]["content"] == SUMMARIZER_PROMPT)


def answers(text: str) -> Reply:
    """Summary requests get a summary, however many there are; the turn's call `text`."""
    return Reply.dynamic(
        lambda body: Reply.text("The summary." if is_summary_request(body) else text)
    )


def capped_agent(server: FakeOpenAIServer, history: InMemoryHistoryStore) -> Any:
    return make_agent(server, history=history, compaction=POLICY, model_options={"answer_cap": CAP})


def test_the_budget_fits_the_window_with_room_for_the_answer() -> None:
    assert budget_for_window(24_000, None, 2_048) == 24_000
    assert budget_for_window(24_000, 8_192, 2_048) == 8_192 - 2_048 - 512
    assert budget_for_window(4_000, 128_000, 2_048) == 4_000  # the setting is the ceiling
    assert budget_for_window(24_000, 2_048, 2_048) == 512  # a quarter of the window at least


async def test_the_answer_cap_is_sent_on_every_call(fake_openai: FakeOpenAIServer) -> None:
    history = InMemoryHistoryStore()
    agent = make_agent(
        fake_openai,
        history=history,
        compaction=CompactionPolicy(budget_tokens=1_000, use_reported_usage=False),
        model_options={"answer_cap": CAP},
    )
    fake_openai.script(
        Reply.text(words("Assistant", 200)), Reply.text("Summary."), Reply.text("Fine.")
    )
    await agent.process_request(words("Person", 200))
    await agent.process_request(words("Person", 340))
    requests = fake_openai.chat_requests
    assert len(requests) == 3  # the second turn's call came after a summary request
    assert "tools" not in requests[1] and requests[1]["messages"][0]["role"] == "system"
    assert [r.get("max_tokens") for r in requests] == [CAP, CAP, CAP]
    assert all("max_completion_tokens" not in r for r in requests)


async def test_openai_gets_max_completion_tokens(fake_openai: FakeOpenAIServer) -> None:
    options = {"answer_cap": CAP, "answer_cap_field": "max_completion_tokens"}
    agent = make_agent(fake_openai, model_options=options)
    fake_openai.script(Reply.text("Hello."))
    await agent.process_request("Hi")
    (body,) = fake_openai.chat_requests
    assert body["max_completion_tokens"] == CAP
    assert "max_tokens" not in body


async def test_a_server_refusing_the_cap_field_gets_the_other_one(
    fake_openai: FakeOpenAIServer,
) -> None:
    agent = make_agent(fake_openai, model_options={"answer_cap": CAP})
    fake_openai.script(
        Reply.error(
            400,
            "Unsupported parameter: 'max_tokens' is not supported with this model. Use "
            "'max_completion_tokens' instead.",
            "invalid_request_error",
            code="unsupported_parameter",
        ),
        Reply.text("Hello."),
    )
    result = await agent.process_request("Hi")
    assert result.text == "Hello."
    first, second = fake_openai.chat_requests
    assert first["max_tokens"] == CAP and "max_completion_tokens" not in first
    assert second["max_completion_tokens"] == CAP and "max_tokens" not in second
    fake_openai.script(Reply.text("Again."))
    await agent.process_request("Once more")
    assert "max_tokens" not in fake_openai.chat_requests[-1]  # the server's choice is kept


async def test_the_second_turn_refused_as_too_long_is_compacted_and_retried(
    fake_openai: FakeOpenAIServer,
) -> None:
    """The issue's case: the budget (24,000) is far above the server's window, which the
    agent was not told; the server refuses the second turn with llama.cpp's 400."""
    history = InMemoryHistoryStore()
    agent = capped_agent(fake_openai, history)
    recorder = Recorder()
    agent.subscribe(recorder)
    fake_openai.script(Reply.text(words("Assistant", 400)))
    await agent.process_request(words("Person", 400))
    first = tokens(fake_openai.chat_requests[0])
    fake_openai.context_window = first + 600  # the first turn fits; the second will not
    fake_openai.script(*(answers("Short answer.") for _ in range(4)))

    result = await agent.process_request(words("Person", 200))

    assert result.text == "Short answer."
    requests = fake_openai.chat_requests
    assert refused(fake_openai) == [requests[1]]
    assert tokens(requests[1]) >= fake_openai.context_window
    summaries = requests[2:-1]
    assert summaries and all(is_summary_request(body) for body in summaries)
    assert all(tokens(body) < fake_openai.context_window for body in summaries)
    retried = requests[-1]["messages"]
    assert retried[1]["content"] == f"{COMPACTION_LABEL}\n\nThe summary."
    assert retried[2] == {"role": "user", "content": words("Person", 200)}
    assert tokens(requests[-1]) < fake_openai.context_window
    assert all(r["max_tokens"] == CAP for r in requests)
    # The window was learned from the refusal: the budget now leaves room for the answer.
    assert agent.context_window == fake_openai.context_window
    assert agent.context_budget == budget_for_window(24_000, agent.context_window, CAP)
    stored = await history.load()
    assert [m.provenance for m in stored].count(Provenance.COMPACTION) == 1
    assert len(stored) == 5  # both turns kept whole (four messages), plus the summary
    assert not recorder.of("error")


async def test_a_known_window_compacts_before_the_server_has_to_refuse(
    fake_openai: FakeOpenAIServer,
) -> None:
    history = InMemoryHistoryStore()
    agent = capped_agent(fake_openai, history)
    fake_openai.script(Reply.text(words("Assistant", 400)))
    await agent.process_request(words("Person", 400))
    window = tokens(fake_openai.chat_requests[0]) + 600
    fake_openai.context_window = window
    agent.set_context_window(window)  # as the app does once the server reported it
    assert agent.context_budget == budget_for_window(24_000, window, CAP) < window
    fake_openai.script(*(answers("Short answer.") for _ in range(3)))

    await agent.process_request(words("Person", 200))

    assert refused(fake_openai) == []
    last = fake_openai.chat_requests[-1]
    assert not is_summary_request(last)
    assert last["messages"][1]["content"] == f"{COMPACTION_LABEL}\n\nThe summary."


async def test_a_second_refusal_is_a_clear_error_and_loses_nothing(
    fake_openai: FakeOpenAIServer,
) -> None:
    history = InMemoryHistoryStore()
    agent = capped_agent(fake_openai, history)
    fake_openai.script(Reply.text("A short first answer."))
    await agent.process_request("A short first question.")
    fake_openai.context_window = 600
    long_message = words("Person", 800)  # alone longer than the window
    fake_openai.script(Reply.text("The summary of turn one."))

    with pytest.raises(ModelError) as raised:
        await agent.process_request(long_message)

    text = str(raised.value)
    assert "too long for the model's context window of 600 tokens" in text
    assert "even after older messages were summarized" in text
    assert "Your message is kept" in text and "Retry" in text
    assert raised.value.retryable
    requests = fake_openai.chat_requests
    assert len(requests) == 4  # refused, the summary, refused again: no third try
    assert refused(fake_openai) == [requests[1], requests[3]]
    stored = await history.load()
    persons = [m for m in stored if isinstance(m, UserMessage) and m.provenance is None]
    assert persons[-1].text == long_message
    # After the server is given a larger context, Retry goes through with what was kept.
    fake_openai.context_window = 10_000
    fake_openai.script(Reply.text("Now it fits."))
    assert (await agent.retry()).text == "Now it fits."


async def test_nothing_to_summarize_fails_at_once_with_a_clear_error(
    fake_openai: FakeOpenAIServer,
) -> None:
    history = InMemoryHistoryStore()
    agent = capped_agent(fake_openai, history)
    fake_openai.context_window = 600
    with pytest.raises(ModelError) as raised:
        await agent.process_request(words("Person", 800))
    assert "there were no older messages left to summarize" in str(raised.value)
    assert len(fake_openai.chat_requests) == 1
    assert len(await history.load()) == 1  # the person's message, kept for Retry


async def test_an_answer_cut_at_the_cap_runs_none_of_its_calls(
    fake_openai: FakeOpenAIServer,
) -> None:
    history = InMemoryHistoryStore()
    agent = make_agent(fake_openai, history=history, model_options={"answer_cap": CAP})

    calls = Reply.tool_calls(
        ToolCallSpec("search", {"query": "kyo"}), text="Looking", finish_reason="length"
    )
    fake_openai.script(calls)
    result = await agent.process_request("Find Kyoto")
    (answer,) = [m for m in await history.load() if m.role == "assistant"]
    assert answer.finish_reason == "length"
    assert answer.tool_calls == ()
    assert result.text == "Looking"
    assert len(fake_openai.chat_requests) == 1


async def test_a_refusal_when_the_summary_fails_says_so_and_loses_nothing(
    fake_openai: FakeOpenAIServer,
) -> None:
    history = InMemoryHistoryStore()
    agent = capped_agent(fake_openai, history)
    fake_openai.script(Reply.text("A short first answer."))
    await agent.process_request("A short first question.")
    fake_openai.context_window = 600
    fake_openai.script(Reply.error(500, "the summary went wrong"))

    with pytest.raises(ModelError) as raised:
        await agent.process_request(words("Person", 800))

    assert "and older messages could not be summarized" in str(raised.value)
    assert len(fake_openai.chat_requests) == 3  # refused, the failed summary; no resend
    assert [m.role for m in await history.load()] == ["user", "assistant", "user"]


@pytest.mark.parametrize(
    ("message", "type_", "code", "requested", "window"),
    [
        (  # OpenAI
            "This model's maximum context length is 128000 tokens. However, your messages "
            "resulted in 130532 tokens. Please reduce the length of the messages.",
            "invalid_request_error",
            "context_length_exceeded",
            130_532,
            128_000,
        ),
        (  # vLLM
            "This model's maximum context length is 8192 tokens. However, you requested 9000 "
            "tokens (7000 in the messages, 2000 in the completion). Please reduce the length "
            "of the messages or completion.",
            "BadRequestError",
            None,
            7_000,
            8_192,
        ),
        (  # LM Studio
            "Trying to keep the first 9123 tokens when context the overflows. However, the "
            "model is loaded with context length of only 4096 tokens, which is not enough.",
            "invalid_request_error",
            None,
            9_123,
            4_096,
        ),
        ("context_length_exceeded", "invalid_request_error", "context_length_exceeded", None, None),
    ],
)
async def test_other_servers_refusals_are_read_as_too_long(
    fake_openai: FakeOpenAIServer,
    message: str,
    type_: str,
    code: str | None,
    requested: int | None,
    window: int | None,
) -> None:
    model = OpenAIChatModel(client_for(fake_openai), model="fake-model")
    fake_openai.script(Reply.error(400, message, type_, code=code))
    request = ModelRequest(system_prompt="S", messages=[user_message("Hi")], tools=(), iteration=1)
    with pytest.raises(ContextOverflowError) as raised:
        await model.respond(request, lambda _event: None)
    assert (raised.value.requested, raised.value.window) == (requested, window)


async def test_another_400_is_not_read_as_too_long(fake_openai: FakeOpenAIServer) -> None:
    model = OpenAIChatModel(client_for(fake_openai), model="fake-model")
    fake_openai.script(Reply.error(400, "tools are not supported", "invalid_request_error"))
    request = ModelRequest(system_prompt="S", messages=[user_message("Hi")], tools=(), iteration=1)
    with pytest.raises(ModelError) as raised:
        await model.respond(request, lambda _event: None)
    assert not isinstance(raised.value, ContextOverflowError)


async def test_a_prompt_larger_than_the_budget_is_compacted_only_to_fit_the_window(
    fake_openai: FakeOpenAIServer,
) -> None:
    """Instructions, tools and state alone pass the budget in use (the answer then has less
    room than its cap): a turn is summarized only once the input would not fit the window."""
    history = InMemoryHistoryStore()
    agent = capped_agent(fake_openai, history)
    agent.add_context_provider(lambda _signal: "state " * 600, name="state")
    fake_openai.script(Reply.text(words("Assistant", 40)))
    await agent.process_request("First question?")
    window = tokens(fake_openai.chat_requests[0]) + 400
    fake_openai.context_window = window
    agent.set_context_window(window)
    assert agent.context_budget is not None
    assert agent.context_budget < tokens(fake_openai.chat_requests[0])  # the fixed part passes
    fake_openai.script(*(answers("Second answer.") for _ in range(3)))

    await agent.process_request("Second question?")  # still fits: nothing is summarized
    assert [m.provenance for m in await history.load()].count(Provenance.COMPACTION) == 0
    await agent.process_request(words("Person", 120))  # would not fit: summarized first

    assert refused(fake_openai) == []
    stored = await history.load()
    assert [m.provenance for m in stored].count(Provenance.COMPACTION) == 1
    last = fake_openai.chat_requests[-1]
    assert last["messages"][1]["content"] == f"{COMPACTION_LABEL}\n\nThe summary."
    assert last["messages"][2] == {"role": "user", "content": words("Person", 120)}
    assert tokens(last) < window
