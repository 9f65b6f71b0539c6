"""The itinerary with kinds and real times: items that span days show on each, timed items
in time order with untimed ones in their places, times in other zones named; and the item
dialog edits kinds, ends and details from the keyboard alone."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from concierge.store import TripRecord
from concierge.ui.trips import ItineraryView
from tests.ui import trips_support
from tests.ui.trips_support import TripServices, on_screen
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services


@pytest.fixture
async def view(services: TripServices) -> AsyncIterator[ItineraryView]:
    widget = ItineraryView(
        services.itinerary, services.trips, services.history, services.bus, services.selection
    )
    async with on_screen(widget, 900, 600):
        yield widget


async def tokyo_trip(services: TripServices) -> TripRecord:
    return await services.trips.create(
        {
            "title": "Japan",
            "start_date": "2026-05-01",
            "end_date": "2026-05-04",
            "destination": "Tokyo (NRT)",
            "destination_code": "NRT",
            "destination_tz": "Asia/Tokyo",
        }
    )


def rows(view: ItineraryView) -> list[list[tuple[str, ...]]]:
    """Each day's rows as their four cells."""
    model = view.model
    shown = []
    for day_row in range(model.rowCount()):
        day = model.index(day_row, 0)
        shown.append(
            [
                tuple(str(model.index(row, column, day).data()) for column in range(4))
                for row in range(model.rowCount(day))
            ]
        )
    return shown


async def test_spanning_items_show_on_each_day_in_time_order(
    view: ItineraryView, services: TripServices
) -> None:
    trip = await tokyo_trip(services)
    add = services.itinerary.add
    await add(trip.id, {"day": "2026-05-02", "title": "Buy a SIM card"})
    await add(
        trip.id,
        {
            "day": "2026-05-01",
            "title": "Lisbon to Tokyo",
            "kind": "flight",
            "start_time": "13:45",
            "timezone": "Europe/Lisbon",
            "end_day": "2026-05-02",
            "end_time": "09:05",
            "end_timezone": "Asia/Tokyo",
            "carrier": "TAP",
            "service_number": "TP 88",
            "from_place": "LIS",
            "to_place": "NRT",
            "cost_amount": "812.40",
            "cost_currency": "EUR",
        },
    )
    await add(
        trip.id,
        {
            "day": "2026-05-02",
            "title": "Gracery",
            "kind": "lodging",
            "start_time": "15:00",
            "timezone": "Asia/Tokyo",
            "end_day": "2026-05-04",
            "end_time": "11:00",
            "address": "Kabukicho 1-19-1",
        },
    )
    await add(
        trip.id,
        {
            "day": "2026-05-04",
            "title": "Tsukiji breakfast",
            "kind": "meal",
            "start_time": "08:00",
            "timezone": "Asia/Tokyo",
        },
    )
    view.set_trip(trip.id)
    await until(lambda: view.model.rowCount() == 4)
    assert rows(view) == [
        [
            (
                "13:45 Lisbon",
                "Flight · Lisbon to Tokyo (departs)",
                "LIS → NRT",
                "TAP TP 88 · 812.40 EUR",
            )
        ],
        [
            # The arrival (09:05) and check-in (15:00) are timed: they fill the timed places
            # in time order; the untimed errand keeps its own place.
            (
                "until 09:05 Tokyo",
                "Flight · Lisbon to Tokyo (arrives)",
                "LIS → NRT",
                "TAP TP 88 · 812.40 EUR",
            ),
            ("", "Buy a SIM card", "", ""),
            ("15:00", "Lodging · Gracery (check-in)", "Kabukicho 1-19-1", ""),
        ],
        [("", "Lodging · Gracery (continues)", "Kabukicho 1-19-1", "")],
        [
            ("08:00", "Meal · Tsukiji breakfast", "", ""),
            ("until 11:00", "Lodging · Gracery (check-out)", "Kabukicho 1-19-1", ""),
        ],
    ]
