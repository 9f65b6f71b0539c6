"""Upgrading to fact sources: old items keep their values with no recorded source (nothing is
shown unverified), old change-log rows still undo, and downgrading drops the sources."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from concierge.store import (
    Actor,
    ChangeBus,
    ChangeContext,
    ChangeHistory,
    Database,
    ItineraryRepository,
)
from tests.store.support import downgrade_to, migrate_to

PREVIOUS = "c8d4b0a6c3f7"


NOW = "2026-12-01 10:00:00.000000"


def _write_old_file(path: Path) -> None:
    """A trip with an item whose time the assistant set, logged as the previous release did."""
    migrate_to(path, PREVIOUS)
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute(
            "INSERT INTO trip (id, title, origin, travellers, budget_currency, interests, pace, "
            "notes, shared_values, position, created_at, updated_at) "
            "VALUES ('t1', 'Porto', '', 1, 'EUR', '[]', 'balanced', '', '[]', 0, ?, ?)",
            (NOW, NOW),
        )
        connection.execute(
            "INSERT INTO itinerary_item (id, trip_id, day, start_time, title, place, notes, "
            "position, created_at, updated_at, kind, all_day, carrier, service_number, "
            "from_place, to_place, seat, confirmation_code, provider, address, link) "
            "VALUES ('i1', 't1', '2027-04-11', '10:30:00.000000', 'Lello', '', '', 0, ?, ?, "
            "'activity', 0, '', '', '', '', '', '', '', '', '')",
            (NOW, NOW),
        )
        connection.execute(
            "INSERT INTO change_log (group_id, actor, label, entity, entity_id, trip_id, action, "
            "before, after, at, undone, seen) VALUES ('g1', 'assistant', 'Edit “Lello”', "
            "'itinerary_item', 'i1', 't1', 'update', '{\"start_time\": null}', "
            '\'{"start_time": "10:30:00"}\', ?, 0, 1)',
            (NOW,),
        )


def _columns(path: Path, table: str) -> set[str]:
    with closing(sqlite3.connect(path)) as connection:
        return {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}


async def test_old_facts_have_no_source_and_old_edits_still_undo(db_path: Path) -> None:
    _write_old_file(db_path)
    with Database.open(db_path) as database:
        bus = ChangeBus()
        items = ItineraryRepository(database, bus)
        (item,) = await items.items("t1")
        assert item.hours == ""
        assert await items.unverified("t1") == {}
        assert await ChangeHistory(database, bus).undo_last() is not None
        (item,) = await items.items("t1")
        assert item.start_time is None
        await items.update(
            "i1",
            {"start_time": "11:00", "hours": "10:00-19:00"},
            context=ChangeContext(actor=Actor.ASSISTANT),
        )
        assert await items.unverified("t1") == {"i1": ("start_time", "hours")}


async def test_downgrading_drops_the_sources_and_the_hours(db_path: Path) -> None:
    _write_old_file(db_path)
    with Database.open(db_path) as database:
        await ItineraryRepository(database, ChangeBus()).update(
            "i1", {"hours": "10:00-19:00"}, context=ChangeContext(actor=Actor.ASSISTANT)
        )
    downgrade_to(db_path, PREVIOUS)
    assert "hours" not in _columns(db_path, "itinerary_item")
    assert not {"sources_before", "sources_after"} & _columns(db_path, "change_log")
    assert _columns(db_path, "field_source") == set()
    with closing(sqlite3.connect(db_path)) as connection:
        logged = connection.execute("SELECT after FROM change_log ORDER BY id").fetchall()
    assert logged == [('{"start_time": "10:30:00"}',)]
