"""The app's own calendar comes back in: the Japan trip exported as `.ics` and imported through
the review queue gives the same items (kinds, local times and zones, a hotel's check-in and
check-out, booking details and costs), each a duplicate of its original in the trip it came
from, and new in an empty one; the booking code, sensitive, never left the app."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from concierge.store import ItineraryItemRecord
from concierge.travel.edits.import_files import import_file
from concierge.travel.exports import ics
from concierge.travel.exports.plan import read_plan
from concierge.travel.services import open_services
from tests.cli.support import BOOKING_CODE, seed


def _when(item: ItineraryItemRecord) -> tuple[object, ...]:
    return (
        item.kind,
        item.day,
        item.start_time,
        item.end_day or item.day,
        item.end_time,
        item.duration_minutes,
        item.title,
        item.place,
        item.carrier,
        item.service_number,
        item.from_place,
        item.to_place,
        item.cost_amount,
        item.cost_currency,
        item.notes,
    )


async def test_an_exported_calendar_imports_as_the_same_items(tmp_path: Path) -> None:
    seeded = await seed(tmp_path / "data")
    services = open_services(seeded.folder)
    try:
        calendar = tmp_path / "kyoto.ics"
        calendar.write_bytes(ics.trip_calendar(await read_plan(services, seeded.kyoto)))
        assert BOOKING_CODE.encode() not in calendar.read_bytes()
        originals = await services.itinerary.items(seeded.kyoto)
        timed = [item for item in originals if item.start_time is not None]
        assert timed, "the seeded trip has timed items"

        again = await import_file(services.imports, seeded.kyoto, calendar)
        assert len(again.queued) == len(originals)
        assert again.duplicates == len(originals)  # Each one found against its original.

        copy = (await services.trips.create({"title": "Kyoto, the copy"})).record
        fresh = await import_file(services.imports, copy.id, calendar)
        assert fresh.duplicates == 0
        await services.imports.accept_new(copy.id)
        imported = await services.itinerary.items(copy.id)
        imported_notes = {item.title: item.notes for item in imported}
        assert all(note == "imported from kyoto.ics" for note in imported_notes.values())
        imported = [dataclasses.replace(item, notes="") for item in imported]
        assert sorted(map(_when, imported), key=repr) == sorted(map(_when, originals), key=repr)
        by_title = {item.title: item for item in imported}
        for item in timed:
            back = by_title[item.title]
            assert (back.timezone, back.end_timezone or back.timezone) == (
                item.timezone,
                item.end_timezone or item.timezone,
            )
    finally:
        await services.aclose()
        services.close()
