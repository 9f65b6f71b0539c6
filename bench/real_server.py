"""The app's first prompt on a real llama.cpp server: its size, cold and warm time to first
token, and prefill speed, beside the same request without tools and a one-line prompt.

The server is llama.cpp's `llama-server` with SmolLM2-135M (Q4_1) on the CPU, built by
`.ci/llama-server.sh` and started by `tests/real_model/llama_server.py` on a free loopback
port with `-c 8192 -np 1 -t 2` (NOTES.md, "A real local model server").

"first prompt" is the app's own first request for an empty trip (a trip just created, no
stops, no items): `build_trip_assistant` on a fresh SQLite database in a temporary folder,
with the app's instructions, every tool and every context provider, the person asking
`QUESTION`. Its body is taken from `OpenAIChatModel.payload` (a recording adapter answers
without a network call), so it is byte for byte what the app would send. Its rows:

  first prompt         that body as it is
  without tools        the same body without `tools` (what the schemas cost)
  one-line prompt      a one-line system prompt and `QUESTION`, no tools, no snapshot

Tokens are counted twice by the server itself: its chat template applied to the body
(`/apply-template`) and tokenized (`/tokenize`), and `usage.prompt_tokens` of the answer.
Every request streams through the `openai` SDK as the app's adapter posts it (temperature 0,
`max_tokens` 8). Time to first token runs from sending the request to the first chunk that
carries answer text or a tool call, on the client's clock. Cold requests send
`cache_prompt: false`, so the server computes the whole prompt again (`--runs` of them);
warm requests then repeat the same body with the cache on, after one that fills it, so only
the last token is new. Prefill speed is the server's `timings.prompt_n / prompt_ms` of the
cold requests. Medians. Budget (issue 12): the first prompt ≤ 3,000 tokens.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import openai

from bench.harness import print_table, verdict
from concierge.agent import AgentEvent, ModelReply, ModelRequest
from concierge.agent.openai_model import OpenAIChatModel
from concierge.travel.assistant.trip_assistant import build_trip_assistant
from concierge.travel.services import open_services
from tests.real_model.llama_server import MODEL_ALIAS, LlamaServer, unavailable_reason

BUDGET_TOKENS = 3_000
QUESTION = "Which day do we leave?"
ONE_LINE_SYSTEM = "You are a helpful travel assistant."
ANSWER_CAP = 8
RUNS = 1
WARM_RUNS = 3


class RecordingModel:
    """The app's adapter building its request body, answering without sending it."""

    def __init__(self, adapter: OpenAIChatModel) -> None:
        self.adapter = adapter
        self.bodies: list[dict[str, Any]] = []

    async def respond(
        self, request: ModelRequest, emit: Callable[[AgentEvent], None]
    ) -> ModelReply:
        self.bodies.append(self.adapter.payload(request))
        return ModelReply("Recorded.", (), None, "stop")


async def app_first_body(client: openai.AsyncOpenAI) -> tuple[dict[str, Any], str]:
    """The body of the app's first model call for an empty trip, and its snapshot text."""
    adapter = OpenAIChatModel(client, model=MODEL_ALIAS)
    recorder = RecordingModel(adapter)
    with tempfile.TemporaryDirectory() as folder:
        services = open_services(Path(folder))
        try:
            trip = (await services.trips.create({})).record
            agent = build_trip_assistant(services, trip.id, recorder)
            snapshot = (await agent.get_runtime_context()).text or ""
            await agent.process_request(QUESTION)
        finally:
            await services.aclose()
            services.close()
    return recorder.bodies[0], snapshot


@dataclass(frozen=True)
class Answer:
    first_token: float
    """Seconds from sending to the first chunk with answer text or a tool call."""
    prompt_tokens: int
    cached_tokens: int
    prompt_n: int
    prompt_ms: float


async def stream(client: openai.AsyncOpenAI, body: Mapping[str, Any], *, cold: bool) -> Answer:
    """Send `body` as the app's adapter does and time its first token."""
    payload = {
        **body,
        "stream": True,
        "stream_options": {"include_usage": True},
        "temperature": 0,
        "max_tokens": ANSWER_CAP,
        "cache_prompt": not cold,
    }
    started = time.perf_counter()
    first: float | None = None
    usage: Mapping[str, Any] = {}
    timings: Mapping[str, Any] = {}
    chunks: openai.AsyncStream[Any] = await client.post(
        "/chat/completions",
        body=payload,
        cast_to=object,
        stream=True,
        stream_cls=openai.AsyncStream[object],
    )
    async with chunks:
        async for chunk in chunks:
            for choice in chunk.get("choices") or []:
                delta = choice.get("delta") or {}
                if first is None and (delta.get("content") or delta.get("tool_calls")):
                    first = time.perf_counter() - started
            usage = chunk.get("usage") or usage
            timings = chunk.get("timings") or timings
    if first is None:
        raise RuntimeError(f"the server answered {body['messages'][-1]!r} with nothing")
    details = usage.get("prompt_tokens_details") or {}
    return Answer(
        first_token=first,
        prompt_tokens=int(usage["prompt_tokens"]),
        cached_tokens=int(details.get("cached_tokens", 0)),
        prompt_n=int(timings["prompt_n"]),
        prompt_ms=float(timings["prompt_ms"]),
    )


@dataclass(frozen=True)
class Row:
    name: str
    template_tokens: int
    usage_tokens: int
    cold: list[Answer]
    warm: list[Answer]

    @property
    def prefill_per_second(self) -> float:
        return statistics.median(a.prompt_n / a.prompt_ms * 1000 for a in self.cold)


async def measure(
    server: LlamaServer, client: openai.AsyncOpenAI, name: str, body: dict[str, Any], runs: int
) -> Row:
    template_tokens = server.tokenize(server.apply_template(body))
    print(f"{name}: {template_tokens:,} tokens ...", file=sys.stderr, flush=True)
    cold = [await stream(client, body, cold=True) for _ in range(runs)]
    await stream(client, body, cold=False)  # fills the cache when the cold runs did not
    warm = [await stream(client, body, cold=False) for _ in range(WARM_RUNS)]
    return Row(name, template_tokens, cold[0].prompt_tokens, cold, warm)


def seconds(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} s"


async def main(runs: int, port: int | None) -> None:
    reason = unavailable_reason()
    if reason is not None:
        raise SystemExit(reason)
    with LlamaServer(port=port) as server:
        # One retry, as the app's client makes: llama-server closes a kept-alive connection
        # after a few idle seconds, and the next request on it finds it gone.
        client = openai.AsyncOpenAI(base_url=server.base_url, api_key="unused", max_retries=1)
        first, snapshot = await app_first_body(client)
        bare = {key: value for key, value in first.items() if key != "tools"}
        one_line = {
            "model": MODEL_ALIAS,
            "messages": [
                {"role": "system", "content": ONE_LINE_SYSTEM},
                {"role": "user", "content": QUESTION},
            ],
        }
        rows = [
            await measure(server, client, "first prompt (empty trip)", first, runs),
            await measure(server, client, "the same without tools", bare, runs),
            await measure(server, client, "one-line prompt", one_line, runs),
        ]
        parts = {
            "instructions": server.tokenize(first["messages"][0]["content"]),
            "tool schemas": rows[0].template_tokens - rows[1].template_tokens,
            "snapshot": server.tokenize(snapshot),
        }
        tools = len(first.get("tools", []))
        await client.close()
    table = []
    for row in rows:
        budget = ""
        if row is rows[0]:
            ok = max(row.template_tokens, row.usage_tokens) <= BUDGET_TOKENS
            budget = f"≤ {BUDGET_TOKENS:,} {verdict(ok)}"
        table.append(
            [
                row.name,
                f"{row.template_tokens:,}",
                f"{row.usage_tokens:,}",
                seconds([a.first_token for a in row.cold]),
                seconds([a.first_token for a in row.warm]),
                f"{statistics.median(a.cached_tokens for a in row.warm):,.0f}",
                f"{row.prefill_per_second:.0f}",
                budget,
            ]
        )
    print_table(
        f"First prompt on llama.cpp {MODEL_ALIAS} (2 threads, cold runs: {runs}, "
        f"warm runs: {WARM_RUNS}, medians)",
        [
            "request",
            "tokens (template)",
            "usage.prompt_tokens",
            "cold first token",
            "warm first token",
            "warm cached",
            "prefill tok/s",
            "budget",
        ],
        table,
        notes=[
            f"first prompt: {tools} tools; "
            + ", ".join(f"{name} {count:,} tokens" for name, count in parts.items()),
            f"question: {QUESTION!r}; answers capped at {ANSWER_CAP} tokens, temperature 0",
        ],
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=RUNS, help="cold requests per row")
    parser.add_argument("--port", type=int, help="the server's port (default: a free one)")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.runs, arguments.port))
