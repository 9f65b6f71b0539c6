"""What a voice session's answers are billed over 12 changes, superseded snapshots kept or
deleted.

The app's own trip assistant (`build_trip_assistant`, a seeded trip of `--items` items in a
real SQLite file, one item selected) speaks through the realtime bridge to the loopback
realtime server (tests/fakes), which bills every answer as the real server does: the
instructions, the tools and every item the conversation holds when the answer starts (its
tokenizer is the fakes' approximate one; audio at OpenAI's rates). The session asks one
question, then 12 times: the person changes the trip in a form (travellers, then notes),
the app refreshes the session, and the person asks again (push to talk).

- baseline, in the same run: the bridge as it was before, every snapshot kept;
- now: superseded snapshots deleted once the server has their replacement.

Run: `python bench/voice_snapshots.py [--items N] [--changes N]`.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.harness import loopback_client, print_table, verdict
from bench.snapshot import seeded_assistant
from concierge.agent import RUNTIME_CONTEXT_LABEL
from concierge.agent.voice_bridge import RealtimeBridge
from concierge.agent.voice_events import ResponseFinished, TurnDetection, VoiceEvent
from concierge.travel.services import TravelServices, open_services
from tests.fakes.realtime_server import FakeRealtimeServer, Say, Usage

SPOKEN = b"\x10\x00" * 4800
"""200 ms of the person speaking (the server commits at least 100 ms)."""


class KeepingBridge(RealtimeBridge):
    """The baseline: the bridge before superseded snapshots were deleted."""

    async def _delete_superseded(self, generation: int | None) -> None:
        self._superseded = []


async def change(services: TravelServices, trip_id: str, number: int) -> None:
    """A form edit: the travellers on odd changes, the notes on even ones."""
    if number % 2:
        await services.trips.update(trip_id, {"travellers": 2 + number})
    else:
        await services.trips.update(trip_id, {"notes": f"Change {number}: quieter hotels."})


async def session(
    folder: Path, items: int, changes: int, bridge_type: type[RealtimeBridge]
) -> tuple[list[Usage], int]:
    """Every answer's usage, and how many snapshots the conversation holds at the end."""
    services = open_services(folder)
    try:
        trip, agent = await seeded_assistant(services, items)
        await agent.get_runtime_context()  # waits for the exchange rates: both runs alike
        async with FakeRealtimeServer(api_key="bench-key") as realtime:
            answered = asyncio.Event()

            def on_event(event: VoiceEvent) -> None:
                if isinstance(event, ResponseFinished):
                    answered.set()

            bridge = bridge_type(
                agent,
                loopback_client(realtime.base_url),
                model="gpt-realtime",
                turn_detection=TurnDetection.PUSH_TO_TALK,
            )
            bridge.subscribe(on_event)
            await bridge.start()
            try:
                for number in range(changes + 1):
                    if number:
                        await change(services, trip.id, number)
                        await bridge.refresh_context()
                    realtime.transcripts.append(f"What changed with change {number}?")
                    realtime.script(Say(f"Noted, change {number}."))
                    answered.clear()
                    bridge.append_audio(SPOKEN)
                    await bridge.commit_audio()
                    await asyncio.wait_for(answered.wait(), 30)
                    await realtime.wait_until(lambda n=number: len(realtime.billed) == n + 1)  # type: ignore[misc]
                held = sum(
                    1
                    for item in realtime.session.items
                    if item.get("role") == "user"
                    and str(item["content"][0].get("text", "")).startswith(RUNTIME_CONTEXT_LABEL)
                )
                return list(realtime.billed), held
            finally:
                await bridge.close()
    finally:
        await services.lookups.aclose()
        services.close()


def measure(items: int, changes: int) -> dict[str, tuple[list[Usage], int]]:
    results = {}
    with tempfile.TemporaryDirectory() as scratch:
        for name, bridge_type in (("baseline", KeepingBridge), ("now", RealtimeBridge)):
            folder = Path(scratch) / name
            folder.mkdir()
            results[name] = asyncio.run(session(folder, items, changes, bridge_type))
    return results


def rows_of(before: Sequence[Usage], after: Sequence[Usage]) -> list[list[str]]:
    rows = []
    for number, (old, new) in enumerate(zip(before, after, strict=True)):
        rows.append(
            [
                "question" if number == 0 else f"change {number}",
                f"{old.input_tokens:,}",
                f"{old.input_tokens - old.cached_tokens:,}",
                f"{new.input_tokens:,}",
                f"{new.input_tokens - new.cached_tokens:,}",
                f"{new.input_tokens - old.input_tokens:+,}",
            ]
        )
    total_old = sum(u.input_tokens for u in before)
    total_new = sum(u.input_tokens for u in after)
    uncached_old = sum(u.input_tokens - u.cached_tokens for u in before)
    uncached_new = sum(u.input_tokens - u.cached_tokens for u in after)
    rows.append(
        [
            "all answers",
            f"{total_old:,}",
            f"{uncached_old:,}",
            f"{total_new:,}",
            f"{uncached_new:,}",
            f"{total_new - total_old:+,}",
        ]
    )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=100, help="itinerary items in the trip")
    parser.add_argument("--changes", type=int, default=12)
    options = parser.parse_args()
    results = measure(options.items, options.changes)
    (before, held_before), (after, held_after) = results["baseline"], results["now"]
    last_old, last_new = before[-1].input_tokens, after[-1].input_tokens
    print_table(
        f"Prompt tokens billed per answer: {options.changes} changes, a trip of "
        f"{options.items} items",
        ["answer", "baseline in", "uncached", "now in", "uncached", "now - baseline"],
        rows_of(before, after),
        notes=[
            f"snapshots held at the end: baseline {held_before}, now {held_after}",
            f"last answer: {last_old:,} -> {last_new:,} tokens "
            f"({last_old - last_new:,} of stale state gone)",
            f"now carries one snapshot: {verdict(held_after == 1)}",
        ],
    )


if __name__ == "__main__":
    main()
