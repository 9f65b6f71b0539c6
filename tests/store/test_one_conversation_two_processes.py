"""Two processes sending turns in one conversation on one real SQLite file, against the
loopback fake server (which refuses what real servers refuse): a call still running in one
is never answered by the other, and after a kill of either at any step every stored call has
exactly one result and the next request passes the pairing rules (issue 25, item 2)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from concierge.agent.messages import AssistantMessage, PairingCheck, ToolResult, effect_id
from concierge.store import Database, SqliteHistoryStore
from tests.conversation_worker import CONVERSATION
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec

ROOT = Path(__file__).resolve().parents[2]


class Worker:
    def __init__(self, db_path: Path, base_url: str, mode: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.conversation_worker", str(db_path), base_url, mode],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.read() == "ready"

    def tell(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line, "the worker ended"
        return line.strip()

    def ask(self, line: str) -> str:
        self.tell(line)
        return self.read()

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(30)

    def close(self) -> None:
        if self.process.poll() is None:
            self.kill()


@pytest.fixture
def workers(db_path: Path, fake_openai: FakeOpenAIServer) -> Iterator[list[Worker]]:
    Database.open(db_path).close()
    started: list[Worker] = []
    yield started
    for worker in started:
        worker.close()


def _hold() -> Reply:
    return Reply.tool_calls(ToolCallSpec("hold", {}))


def assert_one_result_per_call(db_path: Path) -> None:
    with Database.open(db_path) as database:
        history = database.run_sync(SqliteHistoryStore(database, CONVERSATION)._load)[0]
    calls = {
        (message.id, call.id)
        for message in history
        if isinstance(message, AssistantMessage)
        for call in message.tool_calls
    }
    results = Counter(m.tool_call_id for m in history if isinstance(m, ToolResult))
    assert calls and all(results[call_id] == 1 for _, call_id in calls), results
    assert PairingCheck().well_paired(history)
    assert len(
        {effect_id(m, c) for m in history if isinstance(m, AssistantMessage) for c in m.tool_calls}
    ) == len(calls)


async def test_a_call_running_in_another_process_is_never_answered_for_it(
    db_path: Path, fake_openai: FakeOpenAIServer, workers: list[Worker]
) -> None:
    """Neither holds a lease (as a voice session storing its calls does not): the store
    itself refuses the second process's result for the first one's running call."""
    first = Worker(db_path, fake_openai.base_url, "bare")
    second = Worker(db_path, fake_openai.base_url, "bare")
    workers += [first, second]
    fake_openai.script(_hold(), Reply.text("Released."), Reply.text("Hello to you."))
    assert first.ask("send hold please") == "holding"
    assert second.ask("send hello") == "busy"
    assert len(fake_openai.chat_requests) == 1
    assert first.ask("go") == "done Released."
    assert second.ask("send hello") == "done Hello to you."
    assert_one_result_per_call(db_path)


@pytest.mark.parametrize("victim", ["first", "second"])
@pytest.mark.parametrize("step", ["running its call", "waiting for the answer"])
async def test_a_kill_of_either_at_any_step_leaves_one_result_per_call(
    db_path: Path, fake_openai: FakeOpenAIServer, workers: list[Worker], victim: str, step: str
) -> None:
    first = Worker(db_path, fake_openai.base_url, "window")
    second = Worker(db_path, fake_openai.base_url, "window")
    workers += [first, second]
    killed, survivor = (first, second) if victim == "first" else (second, first)
    never = threading.Event()
    fake_openai.script(Reply.text("Hi."), _hold())
    assert survivor.ask("send hi") == "done Hi."
    assert killed.ask("send hold please") == "holding"
    assert survivor.ask("send meanwhile") == "busy"
    if step == "waiting for the answer":
        fake_openai.script(Reply.text("Never sent.", wait_for=never))
        killed.tell("go")
        await asyncio.to_thread(
            fake_openai.wait_until, lambda: len(fake_openai.chat_requests) == 3, 30
        )
    killed.kill()
    never.set()
    fake_openai.discard_replies()
    fake_openai.script(_hold(), Reply.text("All done."))
    assert survivor.ask("send after the kill") == "holding"
    assert survivor.ask("go") == "done All done."
    assert_one_result_per_call(db_path)
