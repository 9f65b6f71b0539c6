"""The whole window in another language: with a pseudo-translation and some data in every
panel (a stop, an item, an expense, a goal, a pin), every text under the main window, shown
or not, went through the translation system, except the app's name, currency codes, the
calendar's month and day names (locale data) and the person's own data; in Portuguese the brief's
choices read in Portuguese."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QWidget

from concierge.app_identity import APP_NAME
from concierge.store import Actor, ChangeContext, TripRecord
from concierge.travel.currencies import CURRENCIES
from concierge.travel.services import TravelServices
from concierge.ui.i18n import install_language
from tests.ui import trips_support
from tests.ui.trips_support import shown_window
from tests.ui.visible_text import CLOSE, OPEN, plain, pseudo_language, untranslated
from tests.ui.waiting import until

services = trips_support.services
place_index = trips_support.place_index

OWN_DATA = (
    "Porto",
    "Porto (OPO)",
    "OPO",
    "Europe/Lisbon",
    "Museum",
    "Guesthouse",
    "Me",
    "Flights booked",
    "No red-eye flights",
)


@pytest.fixture
def portuguese(qapp: QWidget) -> Iterator[None]:
    install_language("pt_BR")
    try:
        yield
    finally:
        install_language("en")


def allowed_text() -> set[str]:
    locale = QLocale()
    forms = (QLocale.FormatType.LongFormat, QLocale.FormatType.ShortFormat)
    months = {locale.monthName(month, form) for month in range(1, 13) for form in forms}
    weekdays = {locale.dayName(day, form) for day in range(1, 8) for form in forms}
    return {APP_NAME, *CURRENCIES, *months, *weekdays, *OWN_DATA}


def allowed(text: str) -> bool:
    """The app's name, a currency code, a month name or the person's own data, or a text
    made only of those outside the pseudo-translation's marks."""
    names = allowed_text()
    while re.search(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", text):
        text = re.sub(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", "\0", text)
    parts = [re.sub(r"^[\W\d_]+|[\W\d_]+$", "", part) for part in text.split("\0")]
    return all(not part or part in names or plain(part) in names for part in parts)


def assistant(name: str) -> ChangeContext:
    return ChangeContext(actor=Actor.ASSISTANT, label=f"the assistant’s {name}", group_id=name)


async def porto(services: TravelServices) -> TripRecord:
    trip = await services.trips.create(
        {
            "title": "Porto",
            "start_date": "2026-05-14",
            "end_date": "2026-05-16",
            "budget_amount": "100",
            "budget_currency": "EUR",
        }
    )
    await services.stops.add(
        trip.id, {"place": "Porto (OPO)", "place_code": "OPO", "timezone": "Europe/Lisbon"}
    )
    await services.itinerary.add(
        trip.id,
        {"day": "2026-05-14", "title": "Museum", "start_time": "10:00", "end_time": "12:00"},
    )
    await services.ledger.add(
        trip.id,
        {
            "spent_on": date(2026, 5, 14),
            "amount": "80",
            "currency": "EUR",
            "category": "lodging",
            "description": "Guesthouse",
        },
    )
    await services.goals.add(trip.id, "Flights booked")
    pin = await services.pins.add("No red-eye flights", trip_id=trip.id)
    await services.pins.set_rule(pin.id, "max_flights(2)", context=assistant("rule"))
    return trip


async def test_the_whole_window_holding_data_shows_only_translated_text(
    services: TravelServices,
) -> None:
    await porto(services)
    with pseudo_language():
        async with shown_window(services) as main:
            await until(lambda: main.trip_form.record is not None)
            found = untranslated(main, allowed, visible_only=False)
    assert found == [], "\n".join(found)
