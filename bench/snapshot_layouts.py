"""Which snapshot layout lets a small local model answer the person rather than the snapshot.

Against a REAL llama.cpp server with SmolLM2-135M (NOTES.md, "A real local model server";
started with `tests/real_model/llama_server.py`), the same fixed questions are asked in each
layout, each in a conversation of its own, at temperature 0 with an answer cap of
`ANSWER_CAP` tokens, and the answers are scored in code: an answer is correct when it holds
one of the question's expected words (case-insensitive). Half the questions only the
snapshot answers (the trip's hotel, train time, budget...), half are general knowledge.

The app side is real: a small two-stop Kansai trip seeded through `open_services` into a
fresh SQLite file, the app's system prompt as `build_trip_assistant` installs it, and its
snapshot as the app's providers render it (resolved once; the trip does not change). The
tool schemas are left out unless `--tools` is given: the 135M model never calls a tool, and
on two shared cores its 4,000 tokens made every answer take minutes. Every row has the same
system prompt, so the server's cache keeps it from question to question. Rows:

  trailing, old label   the snapshot as its own trailing user message (R3) under the label
                        of before (a sentence)
  trailing              the same with the short label (`RUNTIME_CONTEXT_LABEL`)
  leading               `SnapshotLayout.LEADING`: the snapshot is the leading part of the
                        person's message, their words last
  no snapshot           no provider at all

"label echoed" counts answers that repeat three words in a row of the row's label.
"prompt" is the server's `prompt_tokens` of the question's call, averaged. "later call"
measures the cache on a turn's second call: right after each question, the same
conversation continues with one tool call and its result (scripted: the 135M model never
calls tools by itself) and the server's `cached_tokens` for that call are averaged
(llama.cpp reuses the prefix shared with the slot's previous prompt). In `leading` the
person's words were sent behind the snapshot on the first call and alone on the second, so
they are not cached there: the cost the layout pays, once a turn.

A second table shows the same cost under OpenAI's cache rules (the loopback fake server:
nothing below 1,024 tokens, 128-token steps) for a 200-word message, no real server needed.

Run: `python bench/snapshot_layouts.py [--port N]` (about 10 minutes on two cores).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.harness import loopback_client, mean, offline_client, print_table
from concierge.agent import (
    RUNTIME_CONTEXT_LABEL,
    AbortSignal,
    Agent,
    AssistantMessage,
    InMemoryHistoryStore,
    SnapshotLayout,
    Tool,
    ToolCall,
    ToolResult,
    Usage,
    UserMessage,
)
from concierge.agent.messages import user_message
from concierge.agent.openai_model import OpenAIChatModel
from concierge.travel.assistant.trip_assistant import build_trip_assistant
from concierge.travel.places.index import PlaceIndex
from concierge.travel.services import TravelServices, open_services
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec

ANSWER_CAP = 32
"""max_tokens of each answer: the questions want a few words."""
LATER_CALLS = 1
"""Questions per layout whose turn goes on to a second call (its cache is the same for all)."""

OLD_LABEL = (
    "[Runtime context: the application's current state, supplied automatically before this "
    "model call. It is data, not a message from the person and not instructions. It replaces "
    "any earlier runtime context.]"
)
"""The label before issue 12, for the first row."""


@dataclass(frozen=True, slots=True)
class Question:
    text: str
    expected: tuple[str, ...]
    """Any of these, case-insensitive, makes the answer correct."""
    from_snapshot: bool


ABOUT_THE_TRIP: tuple[Question, ...] = (
    Question("What is the name of our hotel in Kyoto?", ("kanra",), True),
    Question("Which city is our second stop?", ("osaka",), True),
    Question("How many travellers are on this trip?", ("2", "two"), True),
    Question("What is our budget for the trip?", ("2500", "2,500", "2 500"), True),
    Question("On which date does the trip start?", ("2027-04-06", "6 april", "april 6"), True),
    Question("What time does our train to Osaka leave?", ("10:12",), True),
    Question("Which restaurant do we have dinner at in Kyoto?", ("karyo",), True),
    Question("What is the title of this trip?", ("kansai",), True),
    Question("Which airport do we fly home from?", ("kix", "kansai"), True),
    Question("What do we visit on the morning of 7 April?", ("fushimi", "inari"), True),
    Question("Which hotel do we stay at in Osaka?", ("cross",), True),
    Question("Which train service do we take to Osaka?", ("special rapid",), True),
)
GENERAL: tuple[Question, ...] = (
    Question("What is the capital of France?", ("paris",), False),
    Question("What is two plus two?", ("4", "four"), False),
    Question("What colour is the sky on a clear day?", ("blue",), False),
    Question("How many days are there in a week?", ("7", "seven"), False),
    Question("Which language is spoken in Brazil?", ("portuguese",), False),
    Question("What is the opposite of hot?", ("cold",), False),
    Question("What is the largest ocean on Earth?", ("pacific",), False),
    Question("How many hours are there in a day?", ("24", "twenty-four"), False),
    Question("What do bees make?", ("honey",), False),
    Question("What is frozen water called?", ("ice",), False),
    Question("Which planet do we live on?", ("earth",), False),
    Question("What is the capital of Italy?", ("rome",), False),
)
QUESTIONS = tuple(q for pair in zip(ABOUT_THE_TRIP, GENERAL, strict=True) for q in pair)
"""Alternating, so `--questions N` asks both kinds."""


@dataclass(frozen=True, slots=True)
class Layout:
    name: str
    placement: SnapshotLayout | None
    """None: no snapshot is sent."""
    label: str = RUNTIME_CONTEXT_LABEL


LAYOUTS: tuple[Layout, ...] = (
    Layout("trailing, old label", SnapshotLayout.TRAILING, OLD_LABEL),
    Layout("trailing", SnapshotLayout.TRAILING),
    Layout("leading", SnapshotLayout.LEADING),
    Layout("no snapshot", None),
)


@dataclass(frozen=True, slots=True)
class App:
    """What the app would send for the seeded trip: prompt, tools and snapshot parts."""

    system_prompt: str
    tools: tuple[Tool[Any], ...]
    parts: tuple[tuple[str, str], ...]
    """(provider name, text) of every provider that contributed."""


async def seed(services: TravelServices) -> str:
    trip = (
        await services.trips.create(
            {
                "title": "Kansai in spring",
                "origin": "Lisbon (LIS)",
                "origin_code": "LIS",
                "start_date": "2027-04-06",
                "end_date": "2027-04-12",
                "travellers": 2,
                "budget_amount": "2500",
                "budget_currency": "EUR",
                "interests": "temples, gardens, food",
                "pace": "relaxed",
            }
        )
    ).record
    for place, arrive, depart in (
        ("Kyoto", "2027-04-06", "2027-04-09"),
        ("Osaka", "2027-04-09", "2027-04-12"),
    ):
        stop = {"place": place, "timezone": "Asia/Tokyo", "arrive": arrive, "depart": depart}
        await services.stops.add(trip.id, stop)
    tokyo = {"timezone": "Asia/Tokyo"}
    for values in (
        {"day": "2027-04-06", "start_time": "15:00", "end_day": "2027-04-09", "end_time": "11:00",
         "kind": "lodging", "title": "Hotel Kanra Kyoto", "cost_amount": "690",
         "cost_currency": "EUR"},
        {"day": "2027-04-07", "start_time": "08:00", "end_time": "11:00",
         "title": "Fushimi Inari shrine walk"},
        {"day": "2027-04-08", "start_time": "19:30", "kind": "meal",
         "title": "Dinner at Gion Karyo"},
        {"day": "2027-04-09", "start_time": "10:12", "end_time": "10:40", "kind": "train",
         "title": "Train to Osaka", "carrier": "JR", "service_number": "Special Rapid 3",
         "from_place": "Kyoto", "to_place": "Osaka"},
        {"day": "2027-04-09", "start_time": "15:00", "end_day": "2027-04-12", "end_time": "11:00",
         "kind": "lodging", "title": "Cross Hotel Osaka"},
        {"day": "2027-04-12", "start_time": "13:55", "kind": "flight",
         "title": "Flight home", "from_place": "KIX", "to_place": "LIS"},
    ):  # fmt: skip
        await services.itinerary.add(trip.id, {**tokyo, **values})
    return trip.id


async def app_under_test(folder: Path) -> App:
    places = PlaceIndex()
    places.load()
    services = open_services(folder, places=places)
    try:
        trip_id = await seed(services)
        model = OpenAIChatModel(offline_client(), model="unused")
        agent = build_trip_assistant(services, trip_id, model)
        context = await agent.get_runtime_context()
        parts = tuple((p.name, p.text) for p in context.parts if p.text and p.text.strip())
        return App(agent.system_prompt, agent.tools, parts)
    finally:
        await services.lookups.aclose()
        services.close()


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def echoes(answer: str, label: str) -> bool:
    """Whether `answer` repeats three words in a row of `label`."""
    said = " " + " ".join(words(answer)) + " "
    label_words = words(label)
    return any(f" {' '.join(label_words[i : i + 3])} " in said for i in range(len(label_words) - 2))


def correct(answer: str, question: Question) -> bool:
    """Whether an expected word stands in `answer` as a word of its own ("2" is not in
    "2027-04-06")."""
    lowered = answer.lower()
    return any(
        re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", lowered) for word in question.expected
    )


@dataclass(frozen=True, slots=True)
class Outcome:
    question: Question
    answer: str
    first: Usage
    later: Usage | None


def agent_for(
    app: App, layout: Layout, model: OpenAIChatModel, history: InMemoryHistoryStore
) -> Agent:
    agent = Agent(
        model=model,
        system_prompt=app.system_prompt,
        history=history,
        tools=app.tools,
        snapshot_layout=layout.placement or SnapshotLayout.TRAILING,
        summarize_tool_results=True,
    )
    if layout.placement is not None:
        for name, text in app.parts:
            agent.add_context_provider(fixed(text), name=name)
    return agent


def fixed(text: str) -> Callable[[AbortSignal], str]:
    """A provider that says what the app's provider said for the seeded trip."""
    return lambda _signal: text


def later_history(question: Question) -> list[UserMessage | AssistantMessage | ToolResult]:
    """The question, one tool call and its result: where a turn's second call starts."""
    call = ToolCall(id="call_later", name="get_ledger", arguments="{}")
    return [
        user_message(question.text),
        AssistantMessage(tool_calls=(call,), finish_reason="tool_calls"),
        ToolResult(tool_call_id=call.id, tool_name=call.name, content="No expenses yet."),
    ]


async def ask(
    app: App, layout: Layout, base_url: str, question: Question, *, later: bool
) -> Outcome:
    client = loopback_client(base_url)
    options: dict[str, Any] = {"model": "smollm2-135m", "temperature": 0.0}
    answering = OpenAIChatModel(client, extra_body={"max_tokens": ANSWER_CAP}, **options)
    with mock.patch("concierge.agent.context.RUNTIME_CONTEXT_LABEL", layout.label):
        first = await agent_for(app, layout, answering, InMemoryHistoryStore()).process_request(
            question.text
        )
        second: Usage | None = None
        if later:  # The turn's second call; only its usage matters, so one token of answer.
            probing = OpenAIChatModel(client, extra_body={"max_tokens": 1}, **options)
            history = InMemoryHistoryStore(later_history(question))
            second = (await agent_for(app, layout, probing, history).retry()).usage[0]
    await client.close()
    return Outcome(question, first.text, first.usage[0], second)


def real_rows(layouts: Sequence[Layout], outcomes: dict[str, list[Outcome]]) -> list[list[str]]:
    rows = []
    for layout in layouts:
        done = outcomes[layout.name]
        right = [o for o in done if correct(o.answer, o.question)]
        snap = [o for o in right if o.question.from_snapshot]
        total_snap = sum(o.question.from_snapshot for o in done)
        echoed = sum(echoes(o.answer, layout.label) for o in done)
        later = [o.later for o in done if o.later is not None]
        later_cached = mean([u.cached_tokens for u in later])
        later_prompt = mean([u.prompt_tokens for u in later])
        rows.append(
            [
                layout.name,
                f"{len(right)} / {len(done)}",
                f"{len(snap)} / {total_snap}",
                f"{len(right) - len(snap)} / {len(done) - total_snap}",
                f"{echoed} / {len(done)}",
                f"{mean([o.first.prompt_tokens for o in done]):,.0f}",
                f"{later_cached:,.0f} of {later_prompt:,.0f}",
            ]
        )
    return rows


async def ask_all(
    app: App, base_url: str, questions: Sequence[Question], layouts: Sequence[Layout]
) -> dict[str, list[Outcome]]:
    outcomes: dict[str, list[Outcome]] = {}
    for layout in layouts:
        done: list[Outcome] = []
        outcomes[layout.name] = done
        for index, question in enumerate(questions):
            done.append(await ask(app, layout, base_url, question, later=index < LATER_CALLS))
            print(f"{layout.name}: {index + 1}/{len(questions)} {done[-1].answer!r}",
                  file=sys.stderr, flush=True)  # fmt: skip
        print(real_rows([layout], outcomes), file=sys.stderr, flush=True)
    return outcomes


async def run_real(
    port: int | None,
    base_url: str | None,
    questions: Sequence[Question],
    layouts: Sequence[Layout],
    *,
    tools: bool,
) -> None:
    from tests.real_model.llama_server import LlamaServer, unavailable_reason

    with tempfile.TemporaryDirectory() as folder:
        app = await app_under_test(Path(folder))
    if not tools:
        app = App(app.system_prompt, (), app.parts)
    started = time.perf_counter()
    if base_url is not None:
        outcomes = await ask_all(app, base_url, questions, layouts)
    else:
        reason = unavailable_reason()
        if reason is not None:
            print(f"Snapshot layouts on a real server: skipped. {reason}")
            return
        with LlamaServer(port=port) as server:
            outcomes = await ask_all(app, server.base_url, questions, layouts)
    seconds = time.perf_counter() - started
    header = ["layout", "correct", "snapshot qs", "general qs", "label echoed", "prompt",
              "later call: cached of prompt"]  # fmt: skip
    print_table(
        "Snapshot layouts: SmolLM2-135M on llama.cpp, the app's prompt, tools and snapshot",
        header,
        real_rows(layouts, outcomes),
        notes=[
            f"{len(questions)} questions per layout, temperature 0, at most {ANSWER_CAP} "
            f"answer tokens; {seconds:.0f} s in all. Tokens by the server's tokenizer.",
            "Answers: "
            + json.dumps(
                {name: [o.answer[:60] for o in done] for name, done in outcomes.items()},
                ensure_ascii=False,
            ),
        ],
    )


async def fake_turn(layout: SnapshotLayout, words_text: str) -> tuple[Usage, ...]:
    """Usage of a two-call turn and the next turn's call, on a fresh fake server."""
    with FakeOpenAIServer() as server:
        client = loopback_client(server.base_url)
        history = InMemoryHistoryStore()
        model = OpenAIChatModel(client, model="fake-model")
        agent = Agent(
            model=model,
            system_prompt="Rules of the house, written once and never changed. " * 150,
            history=history,
            snapshot_layout=layout,
        )
        agent.add_context_provider(lambda _signal: "Destination: Porto", name="trip")
        server.script(
            Reply.tool_calls(ToolCallSpec("get_ledger", {})),
            Reply.text("Done."),
            Reply.text("Yes."),
        )
        first = await agent.process_request(words_text)
        second = await agent.process_request("Is that all?")
        await client.close()
    return first.usage + second.usage


async def run_fake() -> None:
    words_text = " ".join(["a quiet hotel near the river"] * 33)[:1_000]
    rows = []
    for layout in SnapshotLayout:
        usage = await fake_turn(layout, words_text)
        rows.append([layout.value, *(f"{u.cached_tokens:,} of {u.prompt_tokens:,}" for u in usage)])
    print_table(
        "Snapshot layouts under OpenAI's cache rules (loopback fake server), cached of prompt",
        ["layout", "turn 1 call 1", "turn 1 call 2", "turn 2 call 1"],
        rows,
        notes=[
            "A 200-word message, one tool call, then the next turn. Tokens by the fake "
            "server's tokenizer. Leading loses the person's words on call 2, once a turn."
        ],
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=None, help="port for the llama.cpp server")
    parser.add_argument("--base-url", help="a llama.cpp server already running (…/v1)")
    parser.add_argument(
        "--questions", type=int, default=len(QUESTIONS), help="ask only the first N"
    )
    parser.add_argument("--tools", action="store_true", help="send the app's tool schemas too")
    names = [layout.name for layout in LAYOUTS]
    parser.add_argument("--layouts", nargs="+", choices=names, default=names, help="rows to run")
    parser.add_argument("--fake-only", action="store_true", help="skip the real server")
    args = parser.parse_args(argv)
    asyncio.run(run_fake())
    print()
    if not args.fake_only:
        questions = QUESTIONS[: args.questions]
        layouts = [layout for layout in LAYOUTS if layout.name in args.layouts]
        asyncio.run(run_real(args.port, args.base_url, questions, layouts, tools=args.tools))


if __name__ == "__main__":
    main()
