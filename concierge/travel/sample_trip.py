"""The sample trip the welcome offers: a week in Portugal with real stops (resolved in the place
index, so they carry their airport codes and time zones), timed bookings with costs, and two
problems the plan checks find (two bookings that overlap, a budget the costs exceed), so every
panel has something to show. Declared here once; written through the repositories as one undo
step, labelled a sample in its title and its notes, and deleted like any trip."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
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


@dataclass(frozen=True, slots=True)
class SampleStop:
    place: str
    arrive: int
    """Days after the trip's first day."""
    depart: int


@dataclass(frozen=True, slots=True)
class SampleItem:
    """A booking `day` days after the first, at `stop`'s place and time zone."""

    kind: str
    title: str
    stop: int
    day: int
    start: str | None = None
    end: str | None = None
    end_day: int | None = None
    cost: str | None = None
    details: dict[str, str] = field(default_factory=dict)


BUDGET = "1000"
CURRENCY = "EUR"
TRAVELLERS = 2
STOPS = (SampleStop("Lisbon", 0, 3), SampleStop("Porto", 3, 6))
ITEMS = (
    SampleItem("lodging", "Hotel in Alfama", 0, 0, "15:00", "11:00", end_day=3, cost="480"),
    SampleItem("activity", "Jerónimos Monastery", 0, 1, "10:00", "12:00", cost="36"),
    SampleItem("meal", "Lunch at Time Out Market", 0, 1, "11:30", "13:00", cost="40"),
    SampleItem("activity", "Tram 28 through the old town", 0, 2, "09:30", "11:00", cost="6"),
    SampleItem(
        "train",
        "Alfa Pendular to Porto",
        0,
        3,
        "09:09",
        "11:58",
        cost="62",
        details={"carrier": "CP", "service_number": "121", "to_place": "Porto"},
    ),
    SampleItem("lodging", "Riverside guest house", 1, 3, "14:00", "11:00", end_day=6, cost="390"),
    SampleItem("activity", "Port wine cellar tour", 1, 4, "15:00", "16:30", cost="50"),
    SampleItem("meal", "Dinner in Ribeira", 1, 4, "20:00", "22:00", cost="90"),
)
"""Lunch starts before the monastery visit ends, and the costs (1,154) pass the budget."""


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
                "end_date": first + timedelta(days=STOPS[-1].depart),
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
        await editor.add_stop(
            trip.id,
            {
                "place": stop.place,
                "arrive": first + timedelta(days=stop.arrive),
                "depart": first + timedelta(days=stop.depart),
            },
            context=context,
        )
    for item in ITEMS:
        zone = zones[item.stop]
        values: dict[str, object] = {
            "kind": item.kind,
            "title": item.title,
            "day": first + timedelta(days=item.day),
            "place": STOPS[item.stop].place,
            "start_time": item.start,
            "end_time": item.end,
            "timezone": zone,
            **item.details,
        }
        if item.end_day is not None:
            values["end_day"] = first + timedelta(days=item.end_day)
        if item.cost is not None:
            values |= {"cost_amount": item.cost, "cost_currency": CURRENCY}
        await services.itinerary.add(trip.id, values, context=context)
    updated = await services.trips.get(trip.id)
    assert updated is not None
    return updated


def _zones(editor: TripEditor) -> list[str | None]:
    """Each stop's time zone, read from the place index (a search: off the event loop)."""
    zones = (editor.place_fields("stop", stop.place, strict=True)["timezone"] for stop in STOPS)
    return [zone if isinstance(zone, str) else None for zone in zones]
