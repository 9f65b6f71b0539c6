"""A second process for the turn tests: holds a conversation's turn until told to finish.

Run as `python -m tests.store.turn_holder DATABASE CONVERSATION_ID`; stores one message inside
the turn, prints "holding", and on a line from stdin stores a second one and ends the turn.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

from concierge.agent.messages import user_message
from concierge.store import Database, SqliteHistoryStore


async def hold(path: Path, conversation_id: str) -> None:
    with Database(path) as database:
        history = SqliteHistoryStore(database, conversation_id)
        async with history.turn():
            await history.append([user_message("first, from the other window")])
            print("holding", flush=True)
            await asyncio.to_thread(sys.stdin.readline)
            await history.append([user_message("second, from the other window")])
    print("released", flush=True)


def start_holder(path: Path, conversation_id: str) -> subprocess.Popen[str]:
    """Start the holder and return once it holds the turn; `communicate("finish\n")` ends it."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.store.turn_holder", str(path), conversation_id],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    if line != "holding\n":
        process.kill()
        raise AssertionError(f"the holder did not take the turn: {line}{process.stdout.read()}")
    return process


if __name__ == "__main__":
    asyncio.run(hold(Path(sys.argv[1]), sys.argv[2]))
