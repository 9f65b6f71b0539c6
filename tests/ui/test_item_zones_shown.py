"""The itinerary's rows and timeline, and the printed itinerary, read an item without a zone
in its stop's zone (`item_zones`), as the checks and the calendar do: a museum at 09:30 in
Lisbon comes before a call at 17:45 in Tokyo (08:30 and 08:45 UTC), whatever order they
were put in."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import time

import pytest

from concierge.travel.exports import read_plan
from concierge.travel.services import TravelServices
from concierge.ui.exports.itinerary_page import itinerary_page
from concierge.ui.trips import ItineraryView
from tests.travel.zones_support import seed_lisbon_day
from tests.ui import trips_support
from tests.ui.trips_support import on_screen
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services


@pytest.fixture
async def view(services: TravelServices) -> AsyncIterator[ItineraryView]:
    widget = ItineraryView(
        services.itinerary, services.trips, services.history, services.bus, services.selection
    )
    async with on_screen(widget, 800, 480):
        yield widget


async def test_rows_timeline_and_print_read_a_zoneless_item_in_its_stops_zone(
    view: ItineraryView, services: TravelServices
) -> None:
    seeded = await seed_lisbon_day(services)
    view.set_trip(seeded.trip_id)
    await until(lambda: view.model.rowCount() > 0)

    day = view.model.days[0]  # The flight lands the next day.
    assert [item.title for item in day.items] == ["Museum", "Call", "To Tokyo"]
    museum = view.model.index_of_item(seeded.museum.id)
    assert museum.siblingAtColumn(0).data() == "09:30–10:30"
    assert view.model.index_of_item(seeded.call.id).siblingAtColumn(0).data() == (
        "17:45 Tokyo → 18:45 Tokyo"
    )
    await until(lambda: bool(view.timeline.day_layout.blocks))
    blocks = {block.entry.title: block.entry for block in view.timeline.day_layout.blocks}
    assert (blocks["Museum"].start, blocks["Museum"].end) == (time(9, 30), time(10, 30))

    page = itinerary_page(await read_plan(services, seeded.trip_id))
    assert page.index("Museum") < page.index("Call") < page.index("To Tokyo")
    assert "09:30–10:30" in page
