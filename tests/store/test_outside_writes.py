"""Noticing another writer's commits without Qt: two openings of one real SQLite file (as two
processes have them; the window test runs real processes). What the other commits reaches
this one's bus once, as its `Change`s and queue news; this one's own writes are not announced
again; another program's changes stay unseen, named by the program; closing stops the thread.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import pytest

from concierge.store import (
    Action,
    Change,
    ChangeBus,
    ChangeHistory,
    Database,
    EntityKind,
    ImportNews,
    ImportQueue,
    Incoming,
    ItineraryRepository,
    TripRepository,
)
from concierge.store.outside_writes import OutsideWrites, _Seen
from concierge.store.seen import CREATED, made_by
from concierge.store.writers import Writer
from tests.ui.waiting import until

WAIT = 30.0
FLIGHT = {"kind": "flight", "title": "TP 1943 Lisbon → Porto", "day": "2027-04-10"}


@dataclass
class Side:
    """One opening of the file: its database, bus and repositories."""

    database: Database
    bus: ChangeBus
    trips: TripRepository
    itinerary: ItineraryRepository
    imports: ImportQueue
    history: ChangeHistory

    @classmethod
    def open(cls, path: Path, program: str) -> Side:
        database = Database.open(path, writer=Writer(program))
        bus = ChangeBus()
        return cls(
            database,
            bus,
            TripRepository(database, bus),
            ItineraryRepository(database, bus),
            ImportQueue(database, bus),
            ChangeHistory(database, bus),
        )


@dataclass
class Pair:
    window: Side
    other: Side
    watcher: OutsideWrites
    heard: list[Change]
    news: list[ImportNews]


@pytest.fixture
async def pair(db_path: Path) -> AsyncIterator[Pair]:
    window = Side.open(db_path, "window")
    other = Side.open(db_path, "concierge import")
    watcher = OutsideWrites(db_path, window.database.writer, window.bus, poll_seconds=0.05)
    heard: list[Change] = []
    news: list[ImportNews] = []
    window.bus.subscribe(heard.append)
    window.bus.imports.subscribe(news.append)
    await watcher.start()
    yield Pair(window, other, watcher, heard, news)
    await watcher.aclose()
    window.database.close()
    other.database.close()


async def test_another_writers_changes_come_once_and_the_own_not_again(pair: Pair) -> None:
    trip = (await pair.other.trips.create({"title": "Porto"})).record
    await until(lambda: any(c.entity_id == trip.id for c in pair.heard), WAIT)
    [created] = [c for c in pair.heard if c.entity_id == trip.id]
    assert (created.entity, created.action, created.initiator) == (
        EntityKind.TRIP,
        Action.CREATE,
        None,
    )
    assert "title" in created.fields

    own = (await pair.window.itinerary.add(trip.id, {"day": "2027-04-10", "title": "Mine"})).record
    theirs = (await pair.other.itinerary.add(trip.id, FLIGHT)).record
    await until(lambda: any(c.entity_id == theirs.id for c in pair.heard), WAIT)
    ids = [c.entity_id for c in pair.heard if c.entity_id in (own.id, theirs.id)]
    assert ids == [own.id, theirs.id]


async def test_another_programs_changes_stay_unseen_named_by_it(pair: Pair) -> None:
    trip = (await pair.other.trips.create({"title": "Porto"})).record
    theirs = (await pair.other.itinerary.add(trip.id, FLIGHT)).record
    own = (await pair.window.itinerary.add(trip.id, {"day": "2027-04-10", "title": "Mine"})).record
    unseen = await pair.window.history.unseen_assistant_changes(trip.id)
    fields = unseen[EntityKind.ITINERARY_ITEM, theirs.id]
    assert CREATED in fields and made_by(fields) == "concierge import"
    assert (EntityKind.ITINERARY_ITEM, own.id) not in unseen
    await pair.window.history.mark_seen(trip.id)
    assert await pair.window.history.unseen_assistant_changes(trip.id) == {}


async def test_queue_news_of_another_writer_comes_and_the_own_once(pair: Pair) -> None:
    trip = (await pair.other.trips.create({"title": "Porto"})).record
    await pair.other.imports.queue(trip.id, "trip.ics", [Incoming(FLIGHT, "event 1")])
    await until(lambda: ImportNews(trip.id) in pair.news, WAIT)
    pair.news.clear()

    mine = await pair.window.imports.pending(trip.id)
    await pair.window.imports.reject(trip.id, [mine[0].id])
    assert pair.news == [ImportNews(trip.id)]
    # A later write of the other's, once seen, shows the watcher has read past the own one.
    marker = (await pair.other.trips.create({"title": "Later"})).record
    await until(lambda: any(c.entity_id == marker.id for c in pair.heard), WAIT)
    assert pair.news == [ImportNews(trip.id)]


async def test_another_writers_undo_and_redo_come_and_the_own_once(pair: Pair) -> None:
    trip = (await pair.other.trips.create({"title": "Porto"})).record
    theirs = (await pair.other.itinerary.add(trip.id, FLIGHT)).record
    await until(lambda: any(c.entity_id == theirs.id for c in pair.heard), WAIT)

    def of_item() -> list[tuple[Action, bool, bool]]:
        return [(c.action, c.undo, c.redo) for c in pair.heard if c.entity_id == theirs.id]

    await pair.other.history.undo_last(trip.id)
    await until(lambda: len(of_item()) == 2, WAIT)
    await pair.other.history.redo_last(trip.id)
    await until(lambda: len(of_item()) == 3, WAIT)
    assert of_item() == [
        (Action.CREATE, False, False),
        (Action.DELETE, True, False),
        (Action.CREATE, False, True),
    ]

    await pair.window.history.undo_last(trip.id)
    # Two later writes of the other's, once seen, show the watcher has read past the own
    # undo and polled again since (step news waits one poll).
    for title in ("Later", "Later still"):
        marker = (await pair.other.trips.create({"title": title})).record
        await until(lambda m=marker.id: any(c.entity_id == m for c in pair.heard), WAIT)
    assert of_item()[3:] == [(Action.DELETE, True, False)]


async def test_an_undo_redone_before_the_watcher_looks_still_comes(pair: Pair) -> None:
    """Another program undoes and redoes between two looks: the rows read as before, yet a view
    may have read the file in between (the item gone), so the redo must still be announced."""
    trip = (await pair.other.trips.create({"title": "Porto"})).record
    theirs = (await pair.other.itinerary.add(trip.id, FLIGHT)).record
    seen = _Seen()
    with closing(sqlite3.connect(pair.watcher.path, isolation_level=None)) as connection:
        pair.watcher._read(connection, seen)
        await pair.other.history.undo_last(trip.id)
        await pair.other.history.redo_last(trip.id)
        news = pair.watcher._read(connection, seen)
        assert [(c.entity_id, c.action, c.undo, c.redo) for c in news.steps] == [
            (theirs.id, Action.CREATE, False, True)
        ]
        assert not pair.watcher._read(connection, seen)


async def test_closing_stops_the_watching_thread(pair: Pair) -> None:
    assert pair.watcher.running
    await pair.watcher.aclose()
    assert not pair.watcher.running
