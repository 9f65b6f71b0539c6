"""The change log is bounded by the undo depth (a setting): the newest N steps stay undoable
and redoable, unreachable rows go, and the assistant's unseen changes keep their marks."""

from __future__ import annotations

import pytest

from concierge.model.settings import UNDO_DEPTH
from concierge.store import (
    Actor,
    ChangeContext,
    ChangeHistory,
    Database,
    EntityKind,
    InvalidSettingError,
    Settings,
    TripRepository,
)
from tests.store.support import log_rows

DEPTH = 5


@pytest.fixture
async def shallow(database: Database) -> Settings:
    settings = Settings(database)
    await settings.set(UNDO_DEPTH, DEPTH)
    return settings


def _groups(database: Database) -> set[str]:
    return {row.group_id for row in log_rows(database)}


async def test_the_default_depth_is_usable_and_the_setting_is_checked(database: Database) -> None:
    settings = Settings(database)
    assert await settings.get(UNDO_DEPTH) == 200
    with pytest.raises(InvalidSettingError):
        await settings.set(UNDO_DEPTH, 0)


async def test_the_newest_groups_are_kept_and_undo_reaches_exactly_that_far(
    shallow: Settings, trips: TripRepository, history: ChangeHistory, database: Database
) -> None:
    trip = (await trips.create({"title": "Edit 0"})).record
    for number in range(1, 13):
        await trips.update(trip.id, {"title": f"Edit {number}"})
    assert len(_groups(database)) == DEPTH
    for number in range(11, 11 - DEPTH, -1):
        undone = await history.undo_last()
        assert undone is not None
        assert (await trips.get(trip.id)).title == f"Edit {number}"  # type: ignore[union-attr]
    assert await history.undo_last() is None
    assert await history.undo_label() is None
    for _ in range(DEPTH):
        assert await history.redo_last() is not None
    assert (await trips.get(trip.id)).title == "Edit 12"  # type: ignore[union-attr]


async def test_redo_keeps_its_rows_until_a_new_change_makes_them_unreachable(
    shallow: Settings, trips: TripRepository, history: ChangeHistory, database: Database
) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    for number in range(DEPTH):
        await trips.update(trip.id, {"notes": f"note {number}"})
    await history.undo_last()
    await history.undo_last()
    undone = [row for row in log_rows(database) if row.undone]
    assert len(undone) == 2 and all(row.redo_step is not None for row in undone)
    await trips.update(trip.id, {"title": "Lisbon"})  # clears redo: those rows are history
    assert not [row for row in log_rows(database) if row.undone]
    assert len(_groups(database)) == DEPTH - 2 + 1  # the steps left open, and the new one


async def test_an_unseen_assistant_change_keeps_its_mark_past_the_depth(
    shallow: Settings, trips: TripRepository, history: ChangeHistory, database: Database
) -> None:
    trip = (await trips.create({"title": "Porto"})).record
    await trips.update(
        trip.id, {"notes": "Book the cellar"}, context=ChangeContext(actor=Actor.ASSISTANT)
    )
    for number in range(DEPTH + 3):
        await trips.update(trip.id, {"title": f"Porto {number}"})
    unseen = await history.unseen_assistant_changes(trip.id)
    assert unseen == {(EntityKind.TRIP, trip.id): frozenset({"notes"})}
    assert await history.mark_seen(trip.id) == 1
    await trips.update(trip.id, {"title": "Porto again"})
    assert [row for row in log_rows(database) if row.actor == "assistant"] == []
    assert len(_groups(database)) == DEPTH
