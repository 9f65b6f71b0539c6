"""Context-provider overhead and model-input building time.

(i)   10 synchronous providers, each returning a short string: the time of one
      `agent.get_runtime_context()` (the same resolution the loop runs before every model
      call), over 2,000 resolutions after a warm-up. Measured twice: as registered with no
      timeout and no request signal, and as the app registers them (a timeout each, with the
      request's abort signal). Budget: mean < 1 ms.
(ii)  10 asynchronous providers, each awaiting `asyncio.sleep(0.020)`: wall time of one
      resolution, median of 20. Budget: < 40 ms, which only concurrent resolution meets.
(iii) A 5,000-message history (user turns, assistant tool calls, tool results with
      summaries, assistant answers) plus a fresh snapshot: `build_model_input`,
      `summarized_results` and `OpenAIChatModel.payload` (the JSON-ready request body), median
      of 20. Budget: < 20 ms. Measured cold (a new adapter each run, so all 5,000 messages
      are formatted) and steady (the same adapter, as on every iteration after the first:
      history stores hand out the same message objects, so only new ones are formatted).
      Nothing is sent; no server is needed. The adapter posts this body as is: it does not
      go through `chat.completions.create`, whose per-message type walk costs seconds here.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.harness import mean, median, ms, offline_client, percentile, print_table, verdict
from concierge.agent import (
    AbortController,
    AbortSignal,
    Agent,
    AssistantMessage,
    CharTokenEstimator,
    InMemoryHistoryStore,
    Message,
    ModelRequest,
    ToolCall,
    ToolResult,
)
from concierge.agent.context import ContextProvider, runtime_context_message
from concierge.agent.messages import user_message
from concierge.agent.model_input import build_model_input
from concierge.agent.openai_model import OpenAIChatModel
from concierge.agent.result_summaries import SummaryPolicy, summarized_results

PROVIDERS = 10
SYNC_RESOLUTIONS = 2_000
WARM_UP = 200
ASYNC_SLEEP = 0.020
RUNS = 20
WARM_UP_RUNS = 2
HISTORY_MESSAGES = 5_000
ESTIMATOR = CharTokenEstimator()
SYNC_BUDGET = 0.001
ASYNC_BUDGET = 0.040
BUILD_BUDGET = 0.020


SYSTEM = "Static instructions."
TOOLS = [{"type": "function", "function": {"name": "add_itinerary_item", "parameters": {}}}]


def new_model() -> OpenAIChatModel:
    return OpenAIChatModel(offline_client(), model="bench-model")


def new_agent() -> Agent:
    return Agent(model=new_model(), system_prompt=SYSTEM, history=InMemoryHistoryStore())


def sync_provider(index: int) -> Callable[[AbortSignal], str]:
    def render(_signal: AbortSignal) -> str:
        return f"Panel {index}: 3 items selected, filter 'next 7 days'"

    return render


def sleeping_provider(index: int) -> ContextProvider:
    async def render(_signal: AbortSignal) -> str:
        await asyncio.sleep(ASYNC_SLEEP)
        return f"Lookup {index}: running, 40% done"

    return render


async def time_resolutions(
    agent: Agent, count: int, signal: AbortSignal | None = None
) -> list[float]:
    samples: list[float] = []
    for _ in range(count):
        started = time.perf_counter()
        await agent.get_runtime_context(signal)
        samples.append(time.perf_counter() - started)
    return samples


async def sync_overhead(*, with_timeouts: bool) -> list[float]:
    agent = new_agent()
    for index in range(PROVIDERS):
        timeout = 2.0 if with_timeouts else None
        agent.add_context_provider(sync_provider(index), name=f"panel{index}", timeout=timeout)
    signal = AbortController().signal if with_timeouts else None
    await time_resolutions(agent, WARM_UP, signal)
    return await time_resolutions(agent, SYNC_RESOLUTIONS, signal)


async def async_resolution() -> list[float]:
    agent = new_agent()
    for index in range(PROVIDERS):
        agent.add_context_provider(sleeping_provider(index), name=f"lookup{index}", timeout=2.0)
    await time_resolutions(agent, 1)
    return await time_resolutions(agent, RUNS)


def long_history(count: int) -> list[Message]:
    """Repeating turns of user, tool call, tool result, answer, cut to `count` messages."""
    messages: list[Message] = []
    turn = 0
    while len(messages) < count:
        turn += 1
        call = ToolCall(
            id=f"call_{turn:05d}",
            name="add_itinerary_item",
            arguments=json.dumps({"day": turn % 7 + 1, "time": "10:30", "title": f"Visit {turn}"}),
        )
        messages += [
            user_message(f"Please add a museum visit on day {turn % 7 + 1} at half past ten."),
            AssistantMessage(text="", tool_calls=(call,), finish_reason="tool_calls"),
            ToolResult(
                tool_call_id=call.id,
                tool_name=call.name,
                content=json.dumps({"ok": True, "item": turn, "detail": "opening hours " * 8}),
                summary=f"added item {turn}",
            ),
            AssistantMessage(text=f"Done: visit {turn} is on day {turn % 7 + 1} at 10:30."),
        ]
    return messages[:count]


async def build_times(*, cold: bool) -> list[float]:
    history = long_history(HISTORY_MESSAGES)
    model = new_model()
    samples: list[float] = []
    for run in range(WARM_UP_RUNS + RUNS):
        if cold:
            model = new_model()
        started = time.perf_counter()
        messages = build_model_input(history, runtime_context_message(f"Iteration {run}"))
        summarized = summarized_results(history, messages, SummaryPolicy(), ESTIMATOR)
        model.payload(ModelRequest(SYSTEM, messages, TOOLS, 1, summarized))
        if run >= WARM_UP_RUNS:
            samples.append(time.perf_counter() - started)
    return samples


async def main() -> None:
    plain = await sync_overhead(with_timeouts=False)
    timed = await sync_overhead(with_timeouts=True)
    concurrent = await async_resolution()
    cold = await build_times(cold=True)
    steady = await build_times(cold=False)

    def sync_row(label: str, samples: list[float]) -> list[str]:
        result = (
            f"mean {ms(mean(samples))}, p50 {ms(percentile(samples, 50))}, "
            f"p99 {ms(percentile(samples, 99))}"
        )
        return [label, result, "mean < 1 ms", verdict(mean(samples) < SYNC_BUDGET)]

    rows = [
        sync_row(f"(i) {PROVIDERS} sync providers, no timeout", plain),
        sync_row(f"(i) {PROVIDERS} sync providers, timeout + signal", timed),
        [
            f"(ii) {PROVIDERS} async providers sleeping {ASYNC_SLEEP * 1000:.0f} ms",
            f"median {ms(median(concurrent))}, max {ms(max(concurrent))}",
            "< 40 ms",
            verdict(median(concurrent) < ASYNC_BUDGET),
        ],
        *(
            [
                f"(iii) model input from {HISTORY_MESSAGES:,} messages, {label}",
                f"median {ms(median(samples))}, max {ms(max(samples))}",
                "< 20 ms",
                verdict(median(samples) < BUILD_BUDGET),
            ]
            for label, samples in (("cold", cold), ("steady", steady))
        ),
    ]
    print_table(
        "Context providers and model input: time per model iteration",
        ["measurement", "measured", "target", "PASS/FAIL"],
        rows,
        align="llll",
        notes=[
            f"(i) {SYNC_RESOLUTIONS:,} resolutions each after {WARM_UP} warm-up; "
            f"(ii) and (iii) {RUNS} runs each",
            "(iii) = build_model_input + summarized_results + OpenAIChatModel.payload",
        ],
    )


if __name__ == "__main__":
    asyncio.run(main())
