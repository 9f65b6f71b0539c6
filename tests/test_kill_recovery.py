"""kill -9 at random points of scripted assistant turns, each judged by reopening the data
with the project's code: the database is intact, no committed edit is lost, and the next
request is valid (every tool call paired, as OpenAI requires) after a new message and after
Retry alike.

The killed processes (tests/kill_worker.py) run real turns against the loopback server:
tool calls that add and remove itinerary items, streamed answers, and removal prompts that
nobody answers, so kills land mid-stream, mid-tool, between a committed change and its
stored result, and at an open permission prompt.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from sqlalchemy import text

from concierge.agent import NothingToRetryError
from concierge.agent.messages import unanswered_tool_calls
from concierge.store import (
    ChangeBus,
    Database,
    ItineraryRepository,
    SqliteHistoryStore,
    TripRepository,
)
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec
from tests.fakes.pairing import pairing_error
from tests.kill_worker import CONVERSATION, build_agent

ROOT = Path(__file__).resolve().parent.parent
KILLS = 32
SEED = 20261201
ADDED = re.compile(r"Added (Visit \d+)\.")


class Script:
    """The fake model: picks each reply from the request, with a seeded random choice.

    Text answers stream slowly enough to be killed mid-stream; tool calls add numbered items
    or remove ones added before (odd numbers wait for a permission that never comes), and
    some bundles add an item and then ask to remove one, so a committed addition waits
    behind an open prompt for its result to be stored."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._lock = threading.Lock()
        self._next = 0

    def __call__(self, body: dict[str, Any]) -> Reply:
        with self._lock:
            messages = body["messages"]
            last_user = max(i for i, m in enumerate(messages) if m["role"] == "user")
            rounds = sum(m["role"] == "assistant" for m in messages[last_user:])
            roll = self._rng.random()
            if rounds >= 2 or roll < 0.25:
                return Reply.text("Done. " + "word " * 30, chunks=30, chunk_delay=0.01)
            added = [
                t for m in messages if m["role"] == "tool" for t in ADDED.findall(m["content"])
            ]
            specs = []
            if added and roll < 0.4:
                specs.append(ToolCallSpec("remove_item", {"title": self._rng.choice(added)}))
            elif roll < 0.7:
                for _ in range(1 if roll < 0.6 else 2):
                    self._next += 1
                    specs.append(ToolCallSpec("add_item", {"title": f"Visit {self._next}"}))
            else:  # An addition commits, then its removal's prompt hangs (an odd number).
                self._next += 1 + self._next % 2
                title = f"Visit {self._next}"
                specs.append(ToolCallSpec("add_item", {"title": title}))
                specs.append(ToolCallSpec("remove_item", {"title": title}))
            return Reply.tool_calls(*specs, split=3, chunk_delay=0.005)


class Zygote:
    """tests/kill_worker.py: forks one warm child per round and reaps it once killed."""

    def __init__(self, db_path: Path, base_url: str, trip_id: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.kill_worker", str(db_path), base_url, trip_id],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    async def ask(self, line: str | None) -> str:
        assert self.process.stdin is not None
        if line is not None:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        return await self.read()

    async def read(self) -> str:
        assert self.process.stdout is not None
        answer = await asyncio.wait_for(asyncio.to_thread(self.process.stdout.readline), 30)
        assert answer, "the kill worker ended"
        return answer.strip()

    async def start(self, command: str) -> int:
        """Fork a child; return its pid once it is ready (the two lines come in any order)."""
        lines = {await self.ask(command), await self.read()}
        (pid,) = {int(line.split()[1]) for line in lines}
        assert {line.split()[0] for line in lines} == {"pid", "ready"}
        return pid

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=10)


async def judge(
    db_path: Path,
    server: FakeOpenAIServer,
    trip_id: str,
    added: set[str],
    removed: set[str],
    *,
    retry: bool,
) -> tuple[bool, bool]:
    """Reopen and check. Returns whether the kill left a call without a result, and whether
    Retry (rather than a new message) was judged."""
    with Database.open(db_path) as database:
        history = await SqliteHistoryStore(database, CONVERSATION).load()
        dangling = bool(unanswered_tool_calls(history))
        integrity = await database.run(
            lambda session: session.connection().execute(text("PRAGMA integrity_check")).scalar()
        )
        assert integrity == "ok"
        titles = [i.title for i in await ItineraryRepository(database, ChangeBus()).items(trip_id)]
        assert len(titles) == len(set(titles)), f"an edit was repeated: {titles}"
        assert added - removed <= set(titles), f"committed additions lost: {added - set(titles)}"
        assert not removed & set(titles), f"committed removals undone: {removed & set(titles)}"

        server.discard_replies()
        server.script(Reply.text("Judged."))
        agent, client = build_agent(database, server.base_url, trip_id)
        retried = False
        try:
            if retry:
                try:
                    await agent.retry()
                    retried = True
                except NothingToRetryError:
                    await agent.process_request("After the kill.")
            else:
                await agent.process_request("After the kill.")
        finally:
            await client.close()
        assert pairing_error(server.chat_requests[-1]) is None
        assert_results_tell_the_truth(server.chat_requests[-1], set(titles), removed)
        return dangling, retried


def assert_results_tell_the_truth(
    body: dict[str, Any], titles: set[str], removed: set[str]
) -> None:
    """An addition reported aborted left no item; one reported done left it (or a committed
    removal took it away since)."""
    calls = {
        call["id"]: json.loads(call["function"]["arguments"])["title"]
        for m in body["messages"]
        if m["role"] == "assistant"
        for call in m.get("tool_calls") or ()
        if call["function"]["name"] == "add_item"
    }
    for m in body["messages"]:
        title = calls.get(m.get("tool_call_id", ""))
        if m["role"] != "tool" or title is None:
            continue
        if m["content"].startswith("The tool call was aborted"):
            assert title not in titles, f"{title} was added but reported aborted"
        else:
            assert title in titles | removed, f"{title} was reported added but is missing"


async def test_kills_at_random_points_lose_nothing_and_leave_a_valid_next_request(
    tmp_path: Path, fake_openai: FakeOpenAIServer
) -> None:
    db_path = tmp_path / "concierge.db"
    with Database.open(db_path) as database:
        trip = (await TripRepository(database, ChangeBus()).create({"title": "Kill test"})).record
    rng = random.Random(SEED)
    script = Script(random.Random(SEED + 1))
    zygote = Zygote(db_path, fake_openai.base_url, trip.id)
    added: set[str] = set()
    removed: set[str] = set()
    retries = dangling = 0
    try:
        assert await zygote.ask(None) == "zygote ready"
        for round_ in range(KILLS):
            fake_openai.discard_replies()
            fake_openai.script(*[Reply.dynamic(script) for _ in range(300)])
            events = tmp_path / f"events-{round_}.log"
            mode = rng.choice(["new", "retry"])
            pid = await zygote.start(f"run {round_} {mode} {events}")
            await asyncio.sleep(rng.uniform(0.0, 0.7))  # the random kill point
            os.kill(pid, signal.SIGKILL)
            assert await zygote.ask(f"reap {pid}") == f"reaped {signal.SIGKILL}"
            lines = events.read_text().splitlines()
            assert not [line for line in lines if line.startswith("error")], lines
            added.update(line.removeprefix("added ") for line in lines if line.startswith("added "))
            removed.update(
                line.removeprefix("removed ") for line in lines if line.startswith("removed ")
            )
            left, retried = await judge(
                db_path, fake_openai, trip.id, added, removed, retry=round_ % 2 == 1
            )
            dangling += left
            retries += retried
    finally:
        zygote.close()

    refused = [body for body in fake_openai.chat_requests if pairing_error(body) is not None]
    assert refused == []
    assert len(added) >= KILLS // 4  # the turns did change the trip between kills
    assert retries >= 3  # Retry was judged, not only new messages
    assert dangling >= 3  # kills did leave tool calls without results
    recovered = [
        m["content"]
        for m in fake_openai.chat_requests[-1]["messages"]
        if m["role"] == "tool" and "had already taken effect" in m["content"]
    ]
    assert recovered  # and some had committed their change: the model was told so
