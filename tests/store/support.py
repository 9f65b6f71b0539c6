"""Small helpers shared by the store tests: change-log rows, records compared without their
clocks, undoing everything, and a database at an older revision."""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from sqlmodel import col, select

from concierge.store import ChangeHistory, ChangeLogEntry, Database, ItineraryItemRecord, TripRecord
from concierge.store.engine import create_sqlite_engine
from concierge.store.migrate import alembic_config

EPOCH = datetime(2000, 1, 1, tzinfo=UTC)


def log_rows(database: Database) -> list[ChangeLogEntry]:
    return database.run_sync(
        lambda session: list(
            session.exec(select(ChangeLogEntry).order_by(col(ChangeLogEntry.id))).all()
        )
    )


def logged(row: ChangeLogEntry) -> tuple[str, str, dict[str, Any] | None, dict[str, Any] | None]:
    """(entity, action, before, after) of a change-log row, JSON parsed."""
    before = None if row.before is None else json.loads(row.before)
    after = None if row.after is None else json.loads(row.after)
    return row.entity, row.action, before, after


def ignoring_updated_at(
    records: list[TripRecord] | list[ItineraryItemRecord],
) -> list[TripRecord | ItineraryItemRecord]:
    """Records with `updated_at` blanked: undo is itself a write, so it sets a new one."""
    return [dataclasses.replace(record, updated_at=EPOCH) for record in records]


def positions(items: list[ItineraryItemRecord]) -> list[tuple[str, str, int]]:
    """(day, title, position) of each item, in the order given."""
    return [(item.day.isoformat(), item.title, item.position) for item in items]


async def undo_everything(history: ChangeHistory) -> list[str]:
    """Undo step after step until nothing is left; the steps' labels, newest first."""
    labels = []
    while (step := await history.undo_last()) is not None:
        labels.append(step.label)
    return labels


def migrate_to(path: Path, revision: str) -> None:
    """Create or upgrade the database file at `path` to `revision` (an older release's)."""
    engine = create_sqlite_engine(path, foreign_keys=False)
    try:
        with engine.connect() as connection, connection.begin():
            config = alembic_config()
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
    finally:
        engine.dispose()


def downgrade_to(path: Path, revision: str) -> None:
    """Take the database file at `path` back to `revision`, as an older release left it."""
    engine = create_sqlite_engine(path, foreign_keys=False)
    try:
        with engine.connect() as connection, connection.begin():
            config = alembic_config()
            config.attributes["connection"] = connection
            command.downgrade(config, revision)
    finally:
        engine.dispose()
