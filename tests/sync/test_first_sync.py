"""A whole trip reaching a companion's device in its first sync, where the rows are written
together: each arrives as it is on the sending device (its values, its place in its day), each
is logged and given its fact sources as if written alone, and no day needs renumbering."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from sqlmodel import select

from concierge.store import Action, EntityKind
from concierge.store.field_sources import sources_of
from concierge.store.tables import ChangeLogEntry
from concierge.sync.folder import folder_key
from concierge.travel.services import TravelServices
from tests.composition import opened_services
from tests.sync.pair import ANA, BEN, PASSPHRASE, open_sync
from tests.travel.sized_trips import seed_trip

ITEMS = 60
LOCAL = {"updated_at", "seen_by_assistant"}
"""Each device's own bookkeeping, not shared."""


async def _items(services: TravelServices, trip_id: str) -> list[dict[str, Any]]:
    items = await services.itinerary.items(trip_id)
    return [{k: v for k, v in dataclasses.asdict(item).items() if k not in LOCAL} for item in items]


async def _sourced(services: TravelServices, ids: list[str]) -> set[tuple[str, str]]:
    found = await services.database.run(
        lambda session: sources_of(session, EntityKind.ITINERARY_ITEM, ids)
    )
    return {(entity_id, name) for entity_id, fields in found.items() for name in fields}


async def _logged(services: TravelServices, trip_id: str) -> list[tuple[str, str]]:
    def read(session: Any) -> list[tuple[str, str]]:
        rows = session.exec(
            select(ChangeLogEntry).where(
                ChangeLogEntry.trip_id == trip_id,
                ChangeLogEntry.entity == EntityKind.ITINERARY_ITEM.value,
            )
        ).all()
        return [(row.entity_id, row.action) for row in rows]

    logged: list[tuple[str, str]] = await services.database.run(read)
    return logged


async def test_a_whole_trip_arrives_in_order_each_row_logged_with_its_sources(
    tmp_path: Path,
) -> None:
    shared = tmp_path / "Synced"
    key = folder_key(shared, PASSPHRASE)
    async with (
        opened_services(tmp_path / "ana") as ana,
        opened_services(tmp_path / "ben") as ben,
    ):
        trip = await seed_trip(ana.database, ana.bus, ITEMS)
        sending = open_sync(ana, shared, trip.id, ANA, key)
        taking = open_sync(ben, shared, trip.id, BEN, key)
        try:
            await sending.start()
            report = await taking.start()
        finally:
            sending.close()
            taking.close()
        assert report.applied == 1
        sent = await _items(ana, trip.id)
        assert len(sent) == ITEMS
        assert await _items(ben, trip.id) == sent
        ids = [item["id"] for item in sent]
        assert await _sourced(ben, ids) == await _sourced(ana, ids)
        logged = await _logged(ben, trip.id)
        assert sorted(logged) == sorted((item_id, Action.CREATE.value) for item_id in ids)
