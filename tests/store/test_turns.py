"""One turn at a time per conversation: a second process's turn (or write) on a conversation
that another process is answering is refused in words, and nothing interleaves."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from concierge.agent.messages import user_message
from concierge.store import ConversationBusyError, Database, SqliteHistoryStore
from concierge.store.tables import ConversationTurn, utc_now
from tests.store.turn_holder import start_holder

BUSY = "This conversation is being answered in another Concierge window"


@pytest.fixture
def holder(db_path: Path, database: Database) -> Iterator[subprocess.Popen[str]]:
    process = start_holder(db_path, "c1")
    yield process
    if process.poll() is None:
        process.kill()
        process.wait(30)


def _texts(history: SqliteHistoryStore, database: Database) -> list[str]:
    return [message.text for message in database.run_sync(history._load)[0]]


async def test_a_turn_held_by_another_process_refuses_ours_until_it_ends(
    database: Database, holder: subprocess.Popen[str]
) -> None:
    ours = SqliteHistoryStore(database, "c1")
    with pytest.raises(ConversationBusyError, match=BUSY):
        async with ours.turn():
            pytest.fail("the turn must not start")
    with pytest.raises(ConversationBusyError, match=BUSY):
        await ours.append([user_message("ours, interleaved")])
    with pytest.raises(ConversationBusyError, match=BUSY):
        await ours.clear()
    out, _ = holder.communicate("finish\n", timeout=60)
    assert holder.returncode == 0, out
    async with ours.turn():
        await ours.append([user_message("ours, after")])
    assert _texts(ours, database) == [
        "first, from the other window",
        "second, from the other window",
        "ours, after",
    ]


async def test_a_killed_process_leaves_no_turn_behind(
    database: Database, holder: subprocess.Popen[str]
) -> None:
    holder.kill()
    holder.wait(30)
    ours = SqliteHistoryStore(database, "c1")
    async with ours.turn():
        await ours.append([user_message("ours")])
    assert _texts(ours, database) == ["first, from the other window", "ours"]


async def test_a_lease_whose_time_ran_out_is_free(database: Database) -> None:
    database.run_sync(
        lambda session: session.add(
            ConversationTurn(
                conversation_id="c1",
                owner="elsewhere",
                host="another-computer",
                pid=1,
                expires_at=utc_now() - timedelta(seconds=1),
            )
        )
    )
    ours = SqliteHistoryStore(database, "c1")
    await ours.append([user_message("ours")])
    async with ours.turn():
        await ours.append([user_message("again")])
    assert database.run_sync(lambda session: session.get(ConversationTurn, "c1")) is None


async def test_another_computer_live_lease_is_respected(database: Database) -> None:
    database.run_sync(
        lambda session: session.add(
            ConversationTurn(
                conversation_id="c1",
                owner="elsewhere",
                host="another-computer",
                pid=1,
                expires_at=utc_now() + timedelta(seconds=60),
            )
        )
    )
    with pytest.raises(ConversationBusyError):
        await SqliteHistoryStore(database, "c1").append([user_message("ours")])


async def test_a_long_turn_renews_its_lease(database: Database) -> None:
    ours = SqliteHistoryStore(database, "c1")

    def expiry() -> datetime:
        row = database.run_sync(lambda session: session.get(ConversationTurn, "c1"))
        assert row is not None
        return row.expires_at

    async with ours.turn(lease=0.3):
        first = expiry()
        while expiry() == first:
            await ours.load()  # let the renewal run; no sleeps of our own
        assert expiry() > first
    assert database.run_sync(lambda session: session.get(ConversationTurn, "c1")) is None


async def test_the_stores_of_one_process_share_its_turn(database: Database) -> None:
    """The chat panel and the agent each hold a history store of the same conversation."""
    panel = SqliteHistoryStore(database, "c1")
    agent = SqliteHistoryStore(database, "c1")
    async with panel.turn():
        await agent.append([user_message("from the agent")])
    assert _texts(panel, database) == ["from the agent"]
