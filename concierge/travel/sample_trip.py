"""The sample trip the welcome offers: a week in Portugal with real stops (resolved in the place
index, so they carry their airport codes and time zones), timed bookings with costs, and two
problems the plan checks find (two bookings that overlap, a budget the costs exceed), so every
panel has something to show. Declared here once; written through the repositories as one undo
step, labelled a sample in its title and its notes, and deleted like any trip."""

from __future__ import annotations

import asyncio
from datetime import date, timedelta

from concierge.store import Actor, ChangeContext, TripRecord
from concierge.text import QT_TRANSLATE_NOOP

from .edits.trips import TripEditor
from .services import TravelServices

SAMPLE_TITLE = QT_TRANSLATE_NOOP("SampleTrip", "Sample: a week in Portugal")
SAMPLE_NOTES = QT_TRANSLATE_NOOP(
    "SampleTrip",
    "A sample trip to look around in: change anything, ask the assistant about it, or delete "
    "it from the trip list. Undo takes it away in one step.",
)
SAMPLE_LABEL = QT_TRANSLATE_NOOP("ChangeLabel", "Open the sample trip")
WEEKS_AHEAD = 8
"""The sample starts this many weeks after the day it is opened, so its dates lie ahead."""
DEFAULT_ORIGIN = "London"
"""Where the sample starts when no home is set."""


BUDGET = "1000"
CURRENCY = "EUR"
TRAVELLERS = 2
DAY_FIELDS = ("arrive", "depart", "day", "end_day")
"""Written as days after the trip's first day; each becomes that date."""
STOPS: tuple[dict[str, object], ...] = (
    {"place": "Lisbon", "arrive": 0, "depart": 3},
    {"place": "Porto", "arrive": 3, "depart": 6},
)
ITEMS: tuple[dict[str, object], ...] = (
    {"kind": "lodging", "title": "Hotel in Alfama", "stop": 0, "day": 0, "end_day": 3,
     "start_time": "15:00", "end_time": "11:00", "cost_amount": "480"},
    {"kind": "activity", "title": "Jerónimos Monastery", "stop": 0, "day": 1,
     "start_time": "10:00", "end_time": "12:00", "cost_amount": "36"},
    {"kind": "meal", "title": "Lunch at Time Out Market", "stop": 0, "day": 1,
     "start_time": "11:30", "end_time": "13:00", "cost_amount": "40"},
    {"kind": "activity", "title": "Tram 28 through the old town", "stop": 0, "day": 2,
     "start_time": "09:30", "end_time": "11:00", "cost_amount": "6"},
    {"kind": "train", "title": "Alfa Pendular to Porto", "stop": 0, "day": 3,
     "start_time": "09:09", "end_time": "11:58", "cost_amount": "62",
     "carrier": "CP", "service_number": "121", "to_place": "Porto"},
    {"kind": "lodging", "title": "Riverside guest house", "stop": 1, "day": 3, "end_day": 6,
     "start_time": "14:00", "end_time": "11:00", "cost_amount": "390"},
    {"kind": "activity", "title": "Port wine cellar tour", "stop": 1, "day": 4,
     "start_time": "15:00", "end_time": "16:30", "cost_amount": "50"},
    {"kind": "meal", "title": "Dinner in Ribeira", "stop": 1, "day": 4,
     "start_time": "20:00", "end_time": "22:00", "cost_amount": "90"},
)  # fmt: skip
"""In the itinerary's own field names, plus `stop` (the index of the stop whose place and time
zone the item takes). Lunch starts before the monastery visit ends, and the costs (1,154) pass
the budget."""


def dated(values: dict[str, object], first: date) -> dict[str, object]:
    """`values` with each of `DAY_FIELDS` turned from a day count into its date."""
    return {
        name: first + timedelta(days=value)
        if name in DAY_FIELDS and isinstance(value, int)
        else value
        for name, value in values.items()
    }


def sample_start(today: date) -> date:
    return today + timedelta(weeks=WEEKS_AHEAD)


async def open_sample_trip(
    services: TravelServices,
    today: date,
    *,
    title: str = SAMPLE_TITLE,
    notes: str = SAMPLE_NOTES,
    home: str = "",
) -> TripRecord:
    """Write the sample trip (starting `WEEKS_AHEAD` weeks after `today`, from `home` or
    `DEFAULT_ORIGIN`) as one undo step and return it; `title` and `notes` in the window's
    language."""
    await services.load_places()
    editor = services.editor
    zones = await asyncio.to_thread(_zones, editor)
    context = ChangeContext(actor=Actor.PERSON, label=SAMPLE_LABEL)
    first = sample_start(today)
    trip = (
        await services.trips.create(
            {
                "title": title,
                "notes": notes,
                "start_date": first,
                "end_date": dated(STOPS[-1], first)["depart"],
                "travellers": TRAVELLERS,
                "budget_amount": BUDGET,
                "budget_currency": CURRENCY,
            },
            context=context,
        )
    ).record
    origin = home or DEFAULT_ORIGIN
    await editor.apply(trip.id, {"origin": origin}, context=context, strict_places=False)
    for stop in STOPS:
        await editor.add_stop(trip.id, dated(stop, first), context=context)
    for item in ITEMS:
        values = dated(item, first)
        stop_index = values.pop("stop")
        assert isinstance(stop_index, int)
        values |= {"place": STOPS[stop_index]["place"], "timezone": zones[stop_index]}
        if "cost_amount" in values:
            values["cost_currency"] = CURRENCY
        await services.itinerary.add(trip.id, values, context=context)
    updated = await services.trips.get(trip.id)
    assert updated is not None
    return updated


def _zones(editor: TripEditor) -> list[str | None]:
    """Each stop's time zone, read from the place index (a search: off the event loop)."""
    zones = (
        editor.place_fields("stop", str(stop["place"]), strict=True)["timezone"] for stop in STOPS
    )
    return [zone if isinstance(zone, str) else None for zone in zones]
