"""The printed itinerary is the person's: its headings, labels and dates are in the window's
language, English or Portuguese."""

from __future__ import annotations

from concierge.travel.exports import read_plan
from concierge.travel.services import TravelServices
from concierge.ui.exports.itinerary_page import itinerary_page
from tests.cli.support import seed_japan
from tests.ui import trips_support

place_index = trips_support.place_index
services = trips_support.services


async def japan(services: TravelServices) -> str:
    trip = (
        await services.trips.create(
            {"title": "Kyoto in autumn", "start_date": "2027-11-14", "end_date": "2027-11-24"}
        )
    ).record
    await seed_japan(services, trip.id)
    return trip.id


async def test_in_english_headings_and_dates_are_english(services: TravelServices) -> None:
    plan = await read_plan(services, await japan(services))
    page = itinerary_page(plan)
    for expected in ("<h2>Essentials</h2>", "<h2>Costs</h2>", "<b>Total</b>"):
        assert expected in page
    assert "Thursday 18 November 2027 · Kyoto" in page
    assert "<title>Kyoto in autumn</title>" in page


async def test_in_portuguese_headings_and_dates_are_portuguese(
    portuguese: None, services: TravelServices
) -> None:
    plan = await read_plan(services, await japan(services))
    page = itinerary_page(plan)
    for expected in ("<h2>Essenciais</h2>", "<h2>Custos</h2>", "<b>Total</b>"):
        assert expected in page
    assert "quinta-feira, 18 de novembro de 2027 · Kyoto" in page
    assert "Essentials" not in page and "Thursday" not in page
