"""Where a trip is on a given day, and its route written out, from its ordered stops. The
origin is home: the route leaves from it and comes back to it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from concierge.store import StopRecord

from ..safe_text.value_text import one_line
from .date_spans import day_span


def stop_on(stops: Sequence[StopRecord], day: date) -> StopRecord | None:
    """The stop one is at on `day`: the last whose dates hold it (a missing date leaves that side
    open, a stop with neither never matches); on a travel day, the stop reached."""
    found: StopRecord | None = None
    for stop in stops:
        if stop.arrive is None and stop.depart is None:
            continue
        if (stop.arrive is None or stop.arrive <= day) and (
            stop.depart is None or day <= stop.depart
        ):
            found = stop
    return found


def stop_or_first(stops: Sequence[StopRecord], day: date | None) -> StopRecord | None:
    """The stop of `day` if one matches, else the first stop (None without stops): the place
    a lookup or a new itinerary item is about when nothing narrower is known."""
    matched = stop_on(stops, day) if day is not None else None
    return matched or (stops[0] if stops else None)


def render_stop(stop: StopRecord) -> str:
    """A stop for the model: "Tokyo (12–15 Apr, Asia/Tokyo)"; an unmatched place says so."""
    details = [part for part in (day_span(stop.arrive, stop.depart), stop.timezone) if part]
    if stop.place_code is None and stop.timezone is None:
        details.append("not matched to an airport or city")
    shown = one_line(stop.place)
    return f"{shown} ({', '.join(one_line(d) for d in details)})" if details else shown


def render_route(origin: str, stops: Sequence[StopRecord]) -> str:
    """ "Lisbon → Tokyo (12–15 Apr, Asia/Tokyo) → Kyoto (…) → Lisbon": out from home, each
    stop in order, back home."""
    home = one_line(origin) if origin else "origin not set"
    if not stops:
        return f"{home} → no stops yet"
    return " → ".join([home, *(render_stop(stop) for stop in stops), home])
