"""Does a small local model still answer from the latest state when runtime context goes as
changes? Against a REAL llama.cpp server with SmolLM2-135M (NOTES.md, "A real local model
server"), each fixed question gets a conversation of its own, once per mode:

  1. the person says hello; the trip's notes hold a code word (the first snapshot has it);
  2. the notes change to a new code word (a repository write, as a form edit makes);
  3. the person asks the question; only the latest state holds the new word.

The app side is real: `open_services` on a fresh SQLite file, the assistant as
`build_trip_assistant` builds it (instructions, tools, providers), with
`context_updates=False` ("whole every call": the whole snapshot trails the conversation) or
`True` ("changes only": runtime context #1 stays after the hello, and the question's call
adds update #2 with the changed notes line). Temperature 0; answers capped at `ANSWER_CAP`
tokens (the hello's at `HELLO_CAP`); each question is asked in both modes before the next.
Scored in code: "latest" when the answer holds the new code word (case-insensitive),
"stale" when it holds only the old one, "neither" otherwise. "prompt", "cached" and
"uncached" are the server's usage for the question's call, averaged.

Run: start llama-server (NOTES.md), then `python bench/context_updates_real.py --base-url
http://127.0.0.1:PORT/v1` (a few minutes on two cores).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.harness import mean, print_table
from concierge.agent import Usage
from concierge.agent.openai_model import OpenAIChatModel
from concierge.travel.assistant.trip_assistant import build_trip_assistant
from concierge.travel.services import open_services

ANSWER_CAP = 48
"""max_tokens of the question's answer: room for a code word after an echoed label."""
HELLO_CAP = 8
"""max_tokens of the hello's answer: it only has to be there (generation is slow here)."""
MODES = (("whole every call", False), ("changes only", True))


@dataclass(frozen=True, slots=True)
class Question:
    text: str
    before: str
    """The code word of the first snapshot."""
    after: str
    """The code word only the latest state holds."""


QUESTIONS: tuple[Question, ...] = (
    Question("What is the code word?", "amber", "falcon"),
    Question("What is the code word in the trip notes?", "cobalt", "juniper"),
    Question("Tell me the code word.", "maple", "orchid"),
    Question("Which code word do the notes give?", "pebble", "saffron"),
    Question("What is our code word for this trip?", "tundra", "violet"),
    Question("Say the code word, please.", "walnut", "zephyr"),
)


def notes(word: str) -> str:
    return f"Code word: {word}. Bring the rail passes."


def score(answer: str, question: Question) -> str:
    text = answer.lower()
    if question.after in text:
        return "latest"
    return "stale" if question.before in text else "neither"


@dataclass(frozen=True, slots=True)
class Outcome:
    verdict: str
    answer: str
    usage: Usage | None


async def ask(base_url: str, model_name: str, question: Question, updates: bool) -> Outcome:
    import openai

    client = openai.AsyncOpenAI(base_url=base_url, api_key="local", max_retries=0, timeout=600)
    with tempfile.TemporaryDirectory(prefix="concierge-updates-") as folder:
        services = open_services(Path(folder))
        try:
            trip = (
                await services.trips.create(
                    {
                        "title": "Kansai in spring",
                        "start_date": "2027-04-06",
                        "end_date": "2027-04-10",
                        "travellers": 2,
                        "notes": notes(question.before),
                    }
                )
            ).record
            model = OpenAIChatModel(
                client, model=model_name, temperature=0.0, extra_body={"max_tokens": HELLO_CAP}
            )
            agent = build_trip_assistant(services, trip.id, model, context_updates=updates)
            await agent.process_request("Hello! We are planning this trip.")
            await services.trips.update(trip.id, {"notes": notes(question.after)})
            model.extra_body = {"max_tokens": ANSWER_CAP}
            result = await agent.process_request(question.text)
        finally:
            services.close()
            await client.close()
    usage = result.usage[-1] if result.usage else None
    return Outcome(score(result.text, question), result.text, usage)


async def measure(base_url: str, model_name: str, count: int, show: bool) -> None:
    asked: dict[str, list[Outcome]] = {name: [] for name, _ in MODES}
    for question in QUESTIONS[:count]:
        for name, updates in MODES:
            outcome = await ask(base_url, model_name, question, updates)
            asked[name].append(outcome)
            if show:
                print(f"[{name}] {question.text!r} -> {outcome.verdict}: {outcome.answer!r}")
                sys.stdout.flush()
    rows: list[list[str]] = []
    for name, outcomes in asked.items():
        usages = [o.usage for o in outcomes if o.usage is not None]
        prompt = mean([u.prompt_tokens for u in usages]) if usages else 0.0
        cached = mean([u.cached_tokens for u in usages]) if usages else 0.0
        rows.append(
            [
                name,
                *(
                    f"{sum(o.verdict == v for o in outcomes)} / {len(outcomes)}"
                    for v in ("latest", "stale", "neither")
                ),
                f"{prompt:,.0f}",
                f"{cached:,.0f}",
                f"{prompt - cached:,.0f}",
            ]
        )
    print_table(
        f"The code word only the latest state holds ({model_name}, llama.cpp, temperature 0)",
        ["runtime context", "latest", "stale", "neither", "prompt", "cached", "uncached"],
        rows,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base-url", default="http://127.0.0.1:8080/v1")
    parser.add_argument("--model", default="smollm2-135m")
    parser.add_argument("--questions", type=int, default=len(QUESTIONS))
    parser.add_argument("--show", action="store_true", help="print every answer")
    args = parser.parse_args()
    asyncio.run(measure(args.base_url, args.model, args.questions, args.show))


if __name__ == "__main__":
    main()
