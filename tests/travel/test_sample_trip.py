"""The welcome's sample trip: real stops from the place index, timed bookings, two problems
the plan checks find, one undo step; and a new trip starting from home."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from concierge.model.settings import HOME_CURRENCY, HOME_PLACE
from concierge.travel.edits.home import home_values
from concierge.travel.sample_trip import ITEMS, SAMPLE_LABEL, STOPS, open_sample_trip
from tests.composition import opened_services

TODAY = date(2026, 12, 7)


async def test_the_sample_trip_has_stops_bookings_and_problems(tmp_path: Path) -> None:
    async with opened_services(tmp_path / "data") as services:
        await services.settings.set(HOME_PLACE, "Berlin")
        trip = await open_sample_trip(services, TODAY, home="Berlin")
        assert trip.title == "Sample: a week in Portugal"
        assert "sample trip" in trip.notes
        assert (trip.origin_code, trip.origin_tz) == ("BER", "Europe/Berlin")
        assert (trip.start_date, trip.end_date) == (date(2027, 2, 1), date(2027, 2, 7))
        stops = await services.stops.stops(trip.id)
        assert [(s.place, s.place_code, s.timezone) for s in stops] == [
            ("Lisbon (LIS)", "LIS", "Europe/Lisbon"),
            ("Porto (OPO)", "OPO", "Europe/Lisbon"),
        ]
        assert len(stops) == len(STOPS)
        items = await services.itinerary.items(trip.id)
        assert len(items) == len(ITEMS)
        assert all(item.start_time is not None and item.timezone for item in items)
        problems = await services.checks.problems(trip.id)
        assert sorted(p.check for p in problems) == ["budget", "overlaps"]

        assert await services.history.undo_label() == SAMPLE_LABEL
        await services.history.undo_last()
        assert await services.trips.get(trip.id) is None
        assert await services.stops.stops(trip.id) == []
        await services.history.redo_last()
        assert len(await services.itinerary.items(trip.id)) == len(ITEMS)


async def test_the_sample_trip_is_deleted_like_any_trip(tmp_path: Path) -> None:
    async with opened_services(tmp_path / "data") as services:
        trip = await open_sample_trip(services, TODAY)
        assert trip.origin.startswith("London")
        await services.trips.delete(trip.id)
        assert await services.trips.all() == []
        assert await services.itinerary.items(trip.id) == []


async def test_a_new_trip_starts_from_home(tmp_path: Path) -> None:
    async with opened_services(tmp_path / "data") as services:
        assert await home_values(services.settings, services.editor) == {"budget_currency": "EUR"}
        await services.settings.set(HOME_PLACE, "Lisbon")
        await services.settings.set(HOME_CURRENCY, "brl")
        values = await home_values(services.settings, services.editor)
        assert values == {
            "budget_currency": "BRL",
            "origin": "Lisbon (LIS)",
            "origin_code": "LIS",
            "origin_tz": "Europe/Lisbon",
        }
        trip = (await services.trips.create(values)).record
        assert (trip.origin, trip.budget_currency) == ("Lisbon (LIS)", "BRL")
