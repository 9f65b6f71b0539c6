"""Running a place lookup for each stop of the route, for the days the person is there. A stop
without dates counts only when it is the only one; otherwise it is skipped with a note."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from concierge.model.values.dates import format_date
from concierge.text import QT_TRANSLATE_NOOP

from ...places.place import Place, PlaceError
from .. import parameters
from ..errors import LookupInputError
from ..parameters import Parameters
from ..progress import Progress
from .base import LookupContext, LookupResult

NO_STOPS = (
    "The trip has no stops. Add a stop to its route (a city or airport code, e.g. Kyoto "
    "or KIX) and try again."
)


@dataclass(frozen=True, slots=True)
class StopDays:
    """One stop to look up: its number in the route (None: a place given instead of the
    route), where it is, and the trip days spent there."""

    number: int | None
    place: Place
    start: date | None
    end: date | None
    """None only in a lookup that needs no dates, on a trip without them (then the first
    day there is the arrival or the trip's start, when known)."""

    def days(self) -> tuple[date, date]:
        if self.start is None or self.end is None:
            raise LookupInputError(
                QT_TRANSLATE_NOOP("Lookup", "The trip has no dates. Set its start and end dates.")
            )
        return self.start, self.end

    @property
    def label(self) -> str:
        where = self.place.short
        return where if self.number is None else f"Stop {self.number}, {where}"


@dataclass(frozen=True, slots=True)
class StopResult:
    stop: StopDays
    result: LookupResult

    def to_dict(self) -> dict[str, Any]:
        return {
            "stop": self.stop.number,
            "place": self.stop.place.short,
            "from_date": None if self.stop.start is None else self.stop.start.isoformat(),
            "to_date": None if self.stop.end is None else self.stop.end.isoformat(),
            **self.result.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class PerStopResult:
    """A lookup's results grouped by stop, in route order, and the stops left out."""

    results: tuple[StopResult, ...]
    skipped: tuple[str, ...]

    def summary(self) -> str:
        if len(self.results) == 1:
            text = self.results[0].result.summary()
        else:
            text = "; ".join(  # each result names its place (or country)
                f"Stop {r.stop.number}: {r.result.summary()}" for r in self.results
            )
        if self.skipped:
            noun = "stop" if len(self.skipped) == 1 else "stops"
            text += f" ({len(self.skipped)} {noun} skipped)"
        return text

    def to_dict(self) -> dict[str, Any]:
        return {
            "stops": [r.to_dict() for r in self.results],
            "stops_skipped": list(self.skipped),
        }


def _optional_day(value: Any, label: str) -> date | None:
    if value is None or value == "":
        return None
    return parameters.day({"value": value}, "value", label)


def stop_days(
    ctx: LookupContext, params: Parameters, *, dated: bool = True
) -> tuple[list[StopDays], list[str]]:
    """The stops to look up and notes on those skipped, or `LookupInputError` when none is left
    or the dates or stop cannot be used. Not `dated`: every stop, without days."""
    if not dated and not (params.get("start_date") and params.get("end_date")):
        return _undated(ctx, params)
    start, end = parameters.trip_dates(params)
    if params.get("destination"):
        return [StopDays(None, parameters.stop_place(ctx.places, params), start, end)], []
    alone = len(params.get("stops") or []) == 1
    found: list[StopDays] = []
    skipped: list[str] = []
    for number, named, place, entry in _route(ctx, params, skipped):
        arrive = _optional_day(entry.get("arrive"), f"arrival of stop {number}")
        depart = _optional_day(entry.get("depart"), f"departure of stop {number}")
        if arrive is None and depart is None and not alone:
            skipped.append(f"{named}: it has no dates; set its arrival and departure.")
            continue
        first, last = max(start, arrive or start), min(end, depart or end)
        if first > last:
            skipped.append(f"{named}: its dates fall outside the trip's.")
            continue
        found.append(StopDays(number, place, first, last))
    if not found:
        raise LookupInputError(" ".join(skipped) if skipped else NO_STOPS)
    return found, skipped


def _route(
    ctx: LookupContext, params: Parameters, skipped: list[str]
) -> list[tuple[int, str, Place, Mapping[str, Any]]]:
    """The route's stops (or the one chosen by "stop") whose place resolves: number, name
    for notes, place and the stop's entry; the others go to `skipped`."""
    route: Sequence[Mapping[str, Any]] = params.get("stops") or []
    if not route:
        raise LookupInputError(NO_STOPS)
    chosen = params.get("stop")
    if chosen is not None:
        numbers = [entry.get("number") for entry in route]
        if chosen not in numbers:
            raise LookupInputError(
                QT_TRANSLATE_NOOP(
                    "Lookup", "The trip has no stop {chosen}; its stops are numbered 1 to {count}."
                ).format(chosen=chosen, count=len(route))
            )
        route = [route[numbers.index(chosen)]]
    resolved = []
    for entry in route:
        number = int(entry.get("number") or 0)
        named = f"Stop {number} ({entry.get('place') or 'no place'})"
        try:
            place = ctx.places.resolve(str(entry.get("place") or ""))
        except PlaceError as error:
            skipped.append(f"{named}: the place cannot be used: {error}")
            continue
        resolved.append((number, named, place, entry))
    return resolved


def _undated(ctx: LookupContext, params: Parameters) -> tuple[list[StopDays], list[str]]:
    if params.get("destination"):
        return [StopDays(None, parameters.stop_place(ctx.places, params), None, None)], []
    start = parameters.day(params, "start_date", "start date") if params.get("start_date") else None
    skipped: list[str] = []
    found = []
    for number, _, place, entry in _route(ctx, params, skipped):
        arrive = _optional_day(entry.get("arrive"), f"arrival of stop {number}")
        known = [day for day in (start, arrive) if day is not None]
        found.append(StopDays(number, place, max(known) if known else None, None))
    if not found:
        raise LookupInputError(" ".join(skipped))
    return found, skipped


def for_each_stop(
    params: Parameters,
    ctx: LookupContext,
    look_up: Callable[[StopDays, LookupContext], LookupResult],
    *,
    dated: bool = True,
) -> PerStopResult:
    """`look_up` for every stop, each with its share of the progress; a stop whose lookup
    raises `LookupInputError` is skipped with its message, unless it is the only one."""
    stops, skipped = stop_days(ctx, params, dated=dated)
    results: list[StopResult] = []
    failures: list[str] = []
    for index, stop in enumerate(stops):
        share = _Share(ctx.progress, index, len(stops), stop.place.short)
        try:
            results.append(StopResult(stop, look_up(stop, LookupContext(ctx.places, share))))
        except LookupInputError as error:
            if len(stops) == 1:
                raise
            failures.append(f"{stop.label} ({_span(stop)}): {error}")
    if not results:
        raise LookupInputError(" ".join(failures))
    return PerStopResult(tuple(results), (*skipped, *failures))


def _span(stop: StopDays) -> str:
    if stop.start is None or stop.end is None:
        return "no dates"
    if stop.start == stop.end:
        return format_date(stop.start)
    return f"{format_date(stop.start)} to {format_date(stop.end)}"


class _Share(Progress):
    """One stop's part of a lookup's progress, reported as a part of the whole."""

    def __init__(self, whole: Progress, index: int, count: int, place: str) -> None:
        super().__init__()
        self._whole = whole
        self._index = index
        self._count = count
        self._place = place

    def report(self, fraction: float, status_line: str) -> None:
        self._whole.report(
            (self._index + min(1.0, max(0.0, fraction))) / self._count,
            f"{self._place}: {status_line}" if self._count > 1 else status_line,
        )

    def check(self) -> None:
        self._whole.check()

    @property
    def cancelled(self) -> bool:
        return self._whole.cancelled
