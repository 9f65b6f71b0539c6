"""What a checker is: a named pure function from a plan to the problems it finds."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from concierge.store import ItineraryItemRecord

from ..money.exchange import Exchange
from ..places.geo import distance_km
from ..places.index import Place, PlaceIndex
from .plan import TripPlan
from .problem import Problem


@dataclass(frozen=True, slots=True)
class CheckEnv:
    """What checks may use beside the plan, each optional: a check that needs what is missing finds
    nothing rather than guessing."""

    places: PlaceIndex | None = None
    rates: Exchange | None = None

    def place(self, text: str | None) -> Place | None:
        """The place `text` names exactly (a code, a label, an unambiguous city or town
        name), or None; never the fuzzy `resolve`, which costs ~130 ms on unknown text."""
        if not text or self.places is None or not self.places.is_loaded:
            return None
        return self.places.exactly(text)

    def starts_at(self, item: ItineraryItemRecord) -> Place | None:
        """Where the item starts: a journey's departure, else its place."""
        return self.place(item.from_place if _travels(item) and item.from_place else item.place)

    def ends_at(self, item: ItineraryItemRecord) -> Place | None:
        """Where the item ends: a journey's arrival, else its place."""
        return self.place(item.to_place if _travels(item) and item.to_place else item.place)


def _travels(item: ItineraryItemRecord) -> bool:
    return item.kind.spec.between_places


def km_between(a: Place, b: Place) -> float:
    """Straight-line distance between two places."""
    return distance_km(a.lat, a.lon, b.lat, b.lon)


Check = Callable[[TripPlan, CheckEnv], Iterable[Problem]]


@dataclass(frozen=True, slots=True)
class Checker:
    """`name` is each of its problems' `check`; `title` names it in the UI ("Overlaps")."""

    name: str
    title: str
    run: Check
