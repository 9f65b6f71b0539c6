"""Small helpers shared by the trip, itinerary and undo tests."""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime
from typing import Any

from sqlmodel import col, select

from concierge.store import ChangeLogEntry, Database, ItineraryItemRecord, TripRecord

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
