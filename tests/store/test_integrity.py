"""A damaged database file is found at start-up, reported, and never written; a good backup
can take its place, and a backup is checked when it is made."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from concierge.store import (
    ChangeBus,
    CorruptDatabaseError,
    Database,
    ItineraryRepository,
    TripRepository,
    backup,
)
from concierge.store.integrity import (
    IntegrityReport,
    backups_of,
    check_integrity,
    latest_good_backup,
    restore_backup,
)
from tests.store.damage import ITEMS, damage, fill, fingerprint


async def test_a_damaged_file_is_reported_at_start_up_and_left_untouched(db_path: Path) -> None:
    await fill(db_path)
    damage(db_path)
    before = fingerprint(db_path)
    with pytest.raises(CorruptDatabaseError) as caught:
        Database.open(db_path)
    assert "is damaged" in str(caught.value)
    assert "will not write into it" in str(caught.value)
    assert caught.value.backup is None  # None was ever made.
    assert fingerprint(db_path) == before
    assert not check_integrity(db_path).ok


async def test_the_newest_good_backup_is_offered_and_restores(db_path: Path) -> None:
    trip_id = await fill(db_path)
    older = backup.backup_database(db_path, "older")
    damaged_backup = backup.backup_database(db_path, "newest")
    damage(damaged_backup)
    damage(db_path)
    with pytest.raises(CorruptDatabaseError) as caught:
        Database.open(db_path)
    assert caught.value.backup == older  # The newer backup is damaged too.
    assert latest_good_backup(db_path) == older
    damaged = restore_backup(db_path, older)
    assert not check_integrity(damaged).ok  # Kept aside, not deleted.
    with Database.open(db_path) as database:
        items = await ItineraryRepository(database, ChangeBus()).items(trip_id)
        await TripRepository(database, ChangeBus()).update(trip_id, {"title": "Back"})
    assert len(items) == ITEMS
    assert check_integrity(db_path).ok


async def test_a_backup_that_fails_its_check_is_removed_and_refused(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As if the disk damaged the copy while it was written."""
    await fill(db_path)

    def damaged_then_checked(path: Path) -> IntegrityReport:
        damage(path)
        return check_integrity(path)

    monkeypatch.setattr(backup, "check_integrity", damaged_then_checked)
    with pytest.raises(sqlite3.DatabaseError, match="failed its check"):
        backup.backup_database(db_path, "rev")
    assert backups_of(db_path) == []
    assert check_integrity(db_path).ok


async def test_a_backup_is_one_sound_file(db_path: Path) -> None:
    await fill(db_path)
    copy = backup.backup_database(db_path, "rev")
    assert check_integrity(copy).ok
    assert sorted(path.name for path in db_path.parent.iterdir()) == [
        "concierge.db",
        "concierge.db.bak-rev",
    ]


def _rows(path: Path, table: str) -> int:
    with closing(sqlite3.connect(path)) as connection:
        return int(connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0])


async def test_damage_met_after_start_up_stops_every_later_write(db_path: Path) -> None:
    """The file passed start-up's check and is damaged while open: the read that meets the
    damage fails in words, naming the good backup, and no later work runs on the file."""
    trip_id = await fill(db_path)
    good = backup.backup_database(db_path, "before")
    with Database.open(db_path) as database:
        bus = ChangeBus()
        trips = TripRepository(database, bus)
        itinerary = ItineraryRepository(database, bus)
        await trips.update(trip_id, {"title": "Checked"})
        damage(db_path)
        with pytest.raises(CorruptDatabaseError) as caught:
            await itinerary.items(trip_id)
        assert caught.value.while_open
        assert caught.value.backup == good
        assert "will write nothing more into it" in str(caught.value)
        assert database.damaged
        with pytest.raises(CorruptDatabaseError):
            await trips.create({"title": "Written into a damaged file"})
        with pytest.raises(CorruptDatabaseError):
            await trips.get(trip_id)
    assert _rows(db_path, "trip") == 1
    with pytest.raises(CorruptDatabaseError) as at_start:
        Database.open(db_path)
    assert not at_start.value.while_open
