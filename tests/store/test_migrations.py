"""Start-up migrations: no drift from the models, backups before upgrades, atomic runs."""

from __future__ import annotations

import shutil
import sqlite3
from contextlib import closing
from decimal import Decimal
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect
from sqlmodel import SQLModel

import concierge.store.migrations
from concierge.agent.messages import MESSAGE_ADAPTER, user_message
from concierge.store import (
    ChangeBus,
    Database,
    MigrationError,
    SqliteHistoryStore,
    TripRepository,
    upgrade_to_head,
)
from concierge.store.engine import create_sqlite_engine
from concierge.store.migrate import HEAD_REVISION, alembic_config, stored_revision
from tests.store.support import migrate_to

HEAD = ScriptDirectory.from_config(alembic_config()).get_current_head()

PROBE_REVISION = '''
"""Test-only step: records whether foreign keys were enforced while it ran."""

import sqlalchemy as sa
from alembic import op

revision = "a1b2c3d4e5f6"
down_revision = "{down}"
branch_labels = None
depends_on = None


def upgrade() -> None:
    probe = op.create_table("migration_probe", sa.Column("foreign_keys", sa.Integer()))
    enforced = op.get_bind().exec_driver_sql("PRAGMA foreign_keys").scalar_one()
    op.bulk_insert(probe, [{{"foreign_keys": enforced}}])


def downgrade() -> None:
    op.drop_table("migration_probe")
'''

FAILING_REVISION = '''
"""Test-only step that fails halfway."""

import sqlalchemy as sa
from alembic import op

revision = "f00dfacef00d"
down_revision = "{down}"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table("half_done", sa.Column("id", sa.Integer(), primary_key=True))
    op.drop_table("conversation_message")
    raise RuntimeError("disk on fire")


def downgrade() -> None:
    pass
'''


def scripts_with(tmp_path: Path, revision: str) -> str:
    """The app's migrations plus one newer revision, as a script location."""
    source = Path(concierge.store.migrations.__file__).parent
    target = tmp_path / "migrations"
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__"))
    (target / "versions" / "newer.py").write_text(revision.format(down=HEAD))
    return str(target)


def query(path: Path, sql: str) -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(path)) as connection:
        return connection.execute(sql).fetchall()


def tables(path: Path) -> set[str]:
    return {str(row[0]) for row in query(path, "SELECT name FROM sqlite_master WHERE type='table'")}


def test_migrated_schema_matches_the_models(db_path: Path) -> None:
    upgrade_to_head(db_path)
    engine = create_sqlite_engine(db_path)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            assert compare_metadata(context, SQLModel.metadata) == []
    finally:
        engine.dispose()


def test_drift_check_notices_a_missing_table(tmp_path: Path) -> None:
    """The comparison above is not vacuous: an unmigrated file differs from the models."""
    engine = create_sqlite_engine(tmp_path / "empty.db")
    try:
        with engine.connect() as connection:
            diffs = compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)
    finally:
        engine.dispose()
    added = {diff[1].name for diff in diffs if diff[0] == "add_table"}
    assert {
        "conversation",
        "conversation_message",
        "trip",
        "itinerary_item",
        "change_log",
        "app_setting",
    } <= added


def test_migrated_check_constraints_match_the_models(db_path: Path) -> None:
    """Autogenerate does not compare CHECK constraints, so compare them here, by name and
    text, with what the models would create."""
    upgrade_to_head(db_path)
    fresh = db_path.with_name("from-models.db")
    engine = create_sqlite_engine(fresh)
    try:
        SQLModel.metadata.create_all(engine)
    finally:
        engine.dispose()

    def checks(path: Path) -> dict[str, set[tuple[str, str]]]:
        engine = create_sqlite_engine(path)
        try:
            with engine.connect() as connection:
                inspector = inspect(connection)
                return {
                    table: {
                        (str(check["name"]), " ".join(check["sqltext"].split()))
                        for check in inspector.get_check_constraints(table)
                    }
                    for table in inspector.get_table_names()
                    if table != "alembic_version"
                }
        finally:
            engine.dispose()

    migrated = checks(db_path)
    assert migrated == checks(fresh)
    assert ("ck_trip_travellers_at_least_one", "travellers >= 1") in migrated["trip"]


def test_a_fresh_file_is_migrated_without_a_backup(db_path: Path) -> None:
    report = upgrade_to_head(db_path)
    assert (report.from_revision, report.to_revision, report.backup_path) == (None, HEAD, None)
    assert report.upgraded
    assert list(db_path.parent.glob("*.bak-*")) == []
    assert query(db_path, "SELECT version_num FROM alembic_version") == [(HEAD,)]


def test_a_database_at_head_is_left_alone(db_path: Path) -> None:
    upgrade_to_head(db_path)
    report = upgrade_to_head(db_path)
    assert not report.upgraded
    assert report.backup_path is None
    assert list(db_path.parent.glob("*.bak-*")) == []


def test_the_head_known_without_alembic_is_the_migrations_folders() -> None:
    """Start-up skips Alembic for a file at `HEAD_REVISION`: a new migration must move it."""
    assert HEAD_REVISION == HEAD


def test_the_stored_revision_is_read_without_alembic(db_path: Path) -> None:
    assert stored_revision(db_path) is None  # no file yet: nothing is created
    assert not db_path.exists()
    upgrade_to_head(db_path)
    assert stored_revision(db_path) == HEAD
    with closing(sqlite3.connect(db_path)) as connection, connection:
        connection.execute("UPDATE alembic_version SET version_num = 'b7e3c5a9d2f1'")
    assert stored_revision(db_path) == "b7e3c5a9d2f1"


async def test_an_older_database_is_backed_up_then_upgraded(db_path: Path, tmp_path: Path) -> None:
    with Database.open(db_path) as database:
        message = user_message("keep me")
        await SqliteHistoryStore(database, "c1").append([message])

    report = upgrade_to_head(db_path, script_location=scripts_with(tmp_path, PROBE_REVISION))

    assert report.from_revision == HEAD
    assert report.to_revision == "a1b2c3d4e5f6"
    assert report.backup_path == db_path.with_name(f"concierge.db.bak-{HEAD}")
    backup = report.backup_path
    assert query(backup, "SELECT version_num FROM alembic_version") == [(HEAD,)]
    assert query(backup, "SELECT id FROM conversation_message") == [(message.id,)]
    assert "migration_probe" not in tables(backup)
    assert query(db_path, "SELECT version_num FROM alembic_version") == [("a1b2c3d4e5f6",)]
    assert query(db_path, "SELECT foreign_keys FROM migration_probe") == [(0,)]
    with Database(db_path) as database:
        assert await SqliteHistoryStore(database, "c1").load() == [message]
        enforced = database.run_sync(
            lambda s: s.connection().exec_driver_sql("PRAGMA foreign_keys").scalar_one()
        )
        assert enforced == 1


def test_backups_never_overwrite_each_other(db_path: Path, tmp_path: Path) -> None:
    upgrade_to_head(db_path)
    earlier = db_path.with_name(f"concierge.db.bak-{HEAD}")
    earlier.write_bytes(b"an earlier backup")
    report = upgrade_to_head(db_path, script_location=scripts_with(tmp_path, PROBE_REVISION))
    assert report.backup_path == db_path.with_name(f"concierge.db.bak-{HEAD}-2")
    assert earlier.read_bytes() == b"an earlier backup"


def test_a_failed_upgrade_changes_nothing_and_names_the_backup(
    db_path: Path, tmp_path: Path
) -> None:
    upgrade_to_head(db_path)
    before = tables(db_path)
    with pytest.raises(MigrationError) as raised:
        upgrade_to_head(db_path, script_location=scripts_with(tmp_path, FAILING_REVISION))
    assert "disk on fire" in str(raised.value)
    assert raised.value.backup_path == db_path.with_name(f"concierge.db.bak-{HEAD}")
    assert str(raised.value.backup_path) in str(raised.value)
    assert tables(db_path) == before
    assert query(db_path, "SELECT version_num FROM alembic_version") == [(HEAD,)]


async def test_a_database_from_the_previous_revision_is_backed_up_and_upgraded(
    db_path: Path,
) -> None:
    """A file written by the release before trips existed: its history survives, a backup
    is taken, and the trip tables work afterwards."""
    previous = "f6e6761c12eb"
    migrate_to(db_path, previous)
    message = user_message("plan Porto")
    with closing(sqlite3.connect(db_path)) as connection, connection:
        # Written as that release wrote it: today's history store also checks turns.
        connection.execute("INSERT INTO conversation VALUES ('c1', '', '2026-11-01 10:00:00')")
        connection.execute(
            "INSERT INTO conversation_message VALUES (?, 'c1', 0, 'user', NULL, ?, ?)",
            (
                message.id,
                MESSAGE_ADAPTER.dump_json(message, exclude={"provenance"}).decode(),
                "2026-11-01 10:00:00",
            ),
        )
    assert "trip" not in tables(db_path)

    with Database.open(db_path) as database:
        report = database.migration
        assert report is not None
        assert (report.from_revision, report.to_revision) == (previous, HEAD)
        assert report.backup_path == db_path.with_name(f"concierge.db.bak-{previous}")
        assert await SqliteHistoryStore(database, "c1").load() == [message]
        trip = (
            await TripRepository(database, ChangeBus()).create({"budget_amount": "10.00"})
        ).record
        assert trip.budget_amount == Decimal("10.00")

    backup = db_path.with_name(f"concierge.db.bak-{previous}")
    assert query(backup, "SELECT version_num FROM alembic_version") == [(previous,)]
    assert "trip" not in tables(backup)
    assert {"trip", "itinerary_item", "change_log", "app_setting"} <= tables(db_path)


def test_a_database_from_a_newer_version_is_refused(db_path: Path) -> None:
    upgrade_to_head(db_path)
    with closing(sqlite3.connect(db_path)) as connection, connection:
        connection.execute("UPDATE alembic_version SET version_num = 'fromthefuture'")
    with pytest.raises(MigrationError, match="newer version"):
        Database.open(db_path)
    assert list(db_path.parent.glob("*.bak-*")) == []
