"""Everything an export shows of a trip, read once: the trip, its route, its items and the
brief's essentials."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from pydantic import JsonValue

from concierge.store import ItineraryItemRecord, StopRecord, TripRecord

from ..forms import TRIP_BRIEF
from ..services import TravelServices

ESSENTIALS = ("party", "ages", "children", "accessibility", "diet", "diet_notes", "avoid")
"""The brief's answers a printed plan carries: who travels and what they need or avoid."""


@dataclass(frozen=True, slots=True)
class TripPlan:
    trip: TripRecord
    stops: tuple[StopRecord, ...]
    items: tuple[ItineraryItemRecord, ...]
    essentials: tuple[tuple[str, str], ...]
    """(label, answer) of the brief's essentials that are answered, in the brief's order."""

    @property
    def first_day(self) -> date | None:
        days = [d for d in (self.trip.start_date, *(i.day for i in self.items)) if d]
        return min(days, default=None)

    @property
    def last_day(self) -> date | None:
        days = [d for d in (self.trip.end_date, *(i.end_day or i.day for i in self.items)) if d]
        return max(days, default=None)


def answer_text(value: JsonValue) -> str:
    """A brief answer as it reads: lists joined with commas."""
    if isinstance(value, list):
        return ", ".join(answer_text(part) for part in value)
    return "" if value is None else str(value)


def essentials(answers: dict[str, JsonValue], travellers: int) -> tuple[tuple[str, str], ...]:
    found: list[tuple[str, str]] = [("Travellers", str(travellers))]
    for name in ESSENTIALS:
        text = answer_text(answers.get(name)).strip()
        if text:
            found.append((TRIP_BRIEF.field(name).label, text))
    return tuple(found)


async def read_plan(services: TravelServices, trip_id: str) -> TripPlan:
    """The plan of the trip `trip_id`; LookupError when there is no such trip."""
    trip = await services.trips.get(trip_id)
    if trip is None:
        raise LookupError(f"There is no trip {trip_id}.")
    stops: Sequence[StopRecord] = await services.stops.stops(trip_id)
    items = await services.itinerary.items(trip_id)
    answers = await services.forms.answers(trip_id, TRIP_BRIEF.id)
    return TripPlan(trip, tuple(stops), tuple(items), essentials(answers, trip.travellers))
