"""One loaded place index for the whole session (loading reads the real airport data), the
app's services over a test's folder (`tests.composition`), and the trip the assistant and
lookup tests plan: real lookups have something to find for it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from concierge.store import ChangeContext, StopRepository, TripRecord, TripRepository
from concierge.travel.locale.app_locale import DEFAULT_LOCALE, set_app_locale
from concierge.travel.places.index import PlaceIndex
from concierge.travel.services import TravelServices
from tests.composition import loaded_places, opened_services

CHRISTMAS_IN_NEW_YORK = {
    "title": "Christmas in New York",
    "origin": "Lisbon (LIS)",
    "origin_code": "LIS",
    "origin_tz": "Europe/Lisbon",
    "start_date": "2026-12-22",
    "end_date": "2026-12-27",
}
NEW_YORK = {"place": "New York (JFK)", "place_code": "JFK", "timezone": "America/New_York"}
"""The one stop of `CHRISTMAS_IN_NEW_YORK`."""


async def christmas_in_new_york(
    trips: TripRepository, stops: StopRepository, **values: object
) -> TripRecord:
    """The Christmas trip (with `values` over it), New York its one stop: one undo step,
    as the trip was when it had a destination."""
    fields = {**CHRISTMAS_IN_NEW_YORK, **values}
    context = ChangeContext(label=f"Create trip “{fields['title']}”")
    trip = (await trips.create(fields, context=context)).record
    await stops.add(trip.id, NEW_YORK, context=context)
    return trip


@pytest.fixture(scope="session")
def places() -> PlaceIndex:
    return loaded_places()


@pytest.fixture
async def services(tmp_path: Path) -> AsyncIterator[TravelServices]:
    """The app's services over `tmp_path / "data"` (`tests.composition`)."""
    async with opened_services(tmp_path / "data") as opened:
        yield opened


@pytest.fixture
def portuguese() -> Iterator[None]:
    """The app shown in Portuguese for one test, English again after it."""
    set_app_locale("pt")
    try:
        yield
    finally:
        set_app_locale(DEFAULT_LOCALE)
