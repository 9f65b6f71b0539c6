"""How a person names a trip outside the window (a command's argument, an MCP tool's `trip`):
its id, a unique start of its id, or its exact title."""

from __future__ import annotations

from collections.abc import Sequence

from concierge.store import TripRecord


class TripNameError(ValueError):
    """No trip, or more than one, goes by the name given; the message says which to give."""


def one_line(text: str) -> str:
    return " ".join(text.split())


def find_trip(trips: Sequence[TripRecord], wanted: str, *, listed_by: str) -> TripRecord:
    """The trip `wanted` names; `listed_by` says where the person finds the trips'
    names ("`concierge trips`")."""
    for trip in trips:
        if trip.id == wanted:
            return trip
    titled = [trip for trip in trips if trip.title == wanted]
    if not titled:
        titled = [trip for trip in trips if wanted and trip.id.startswith(wanted.lower())]
    if len(titled) == 1:
        return titled[0]
    if titled:
        candidates = "; ".join(f"{trip.id} “{one_line(trip.title)}”" for trip in titled)
        raise TripNameError(f"{wanted!r} names {len(titled)} trips, give an id: {candidates}.")
    raise TripNameError(f"No trip has the id or title {wanted!r}; {listed_by} lists them.")
