"""One loaded place index for the whole session (loading reads the real airport data), and
the trip the assistant and lookup tests plan: real lookups have something to find for it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from concierge.travel.app_locale import DEFAULT_LOCALE, set_app_locale
from concierge.travel.places import PlaceIndex

CHRISTMAS_IN_NEW_YORK = {
    "title": "Christmas in New York",
    "origin": "Lisbon (LIS)",
    "origin_code": "LIS",
    "origin_tz": "Europe/Lisbon",
    "destination": "New York (JFK)",
    "destination_code": "JFK",
    "destination_tz": "America/New_York",
    "start_date": "2026-12-22",
    "end_date": "2026-12-27",
}


@pytest.fixture(scope="session")
def places() -> PlaceIndex:
    index = PlaceIndex()
    index.load()
    return index


@pytest.fixture
def portuguese() -> Iterator[None]:
    """The app shown in Portuguese for one test, English again after it."""
    set_app_locale("pt")
    try:
        yield
    finally:
        set_app_locale(DEFAULT_LOCALE)
