"""The trip as every snapshot shows it: a bounded view whatever the itinerary's size.

The focus is the days of the selected items; else, while the trip is under way, today; else the
first day. Days are taken nearest the focus first while they fit, and shown in date order; a day too
long to fit shows its selected items first and counts the rest. Everything left out is one
`read_trip` call away, and the view says so. Same state, same text: nothing depends on the order
rows were read in."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from concierge.store import (
    DocumentRecord,
    ItineraryItemRecord,
    LockRecord,
    StopRecord,
    TripRecord,
)

from ..itinerary.item_zones import TripZones
from ..safe_text.sensitive import sharing
from .snapshot_budget import line_cost, lines_tokens
from .trip_view import (
    UNVERIFIED_LEGEND,
    day_heading,
    day_text,
    day_zone,
    header_lines,
    item_problems,
    lock_line,
    render_item,
    short_id,
    shortened,
)

NOTES_LIMIT = 200
LINE_LIMIT = 320
"""Characters of the notes line and of every other header line (a long route) in the view;
a quarter and a third of them when the header would leave no room for the focus day (its
heading, its count and its first selected item)."""
PROBLEMS_SHOWN = 3
NEIGHBOURS = 2
"""Days nearest the focus whose heading and count are kept room for, however long the
focus days are, unless that room is what a focus day needs to show one of its selected
items."""
READ_HINT = "read_trip with day (and to, for a range), item or search"


@dataclass(frozen=True, slots=True)
class Focus:
    """The days the view is centred on and why, in the words the view uses."""

    days: tuple[date, ...]
    reason: str


def focus_of(
    trip: TripRecord, days: Sequence[date], selected: Sequence[ItineraryItemRecord], today: date
) -> Focus:
    """The selected items' days; else today while the trip is under way; else the first day
    of the itinerary (or of the trip)."""
    if selected:
        return Focus(tuple(sorted({item.day for item in selected})), "the selected items' days")
    start, end = trip.start_date, trip.end_date
    if start is not None and end is not None and start <= today <= end:
        return Focus((today,), f"today, {day_text(today)},")
    first = days[0] if days else start
    return Focus((first,) if first is not None else (), "the first days")


def _by_nearness(days: Sequence[date], focus: Sequence[date]) -> list[date]:
    """`days`, the focus days first, then by distance to the nearest focus day, a later day
    before an earlier one at the same distance."""

    def key(day: date) -> tuple[int, int, date]:
        if not focus:
            return (0, 0, day)
        nearest = min(focus, key=lambda anchor: (abs((day - anchor).days), anchor))
        return (abs((day - nearest).days), 0 if day >= nearest else 1, day)

    return sorted(days, key=key)


def trip_snapshot(
    trip: TripRecord,
    items: Sequence[ItineraryItemRecord],
    stops: Sequence[StopRecord],
    *,
    allowance: int,
    selected: Collection[str] = (),
    today: date,
    documents: Sequence[DocumentRecord] = (),
    unverified: Mapping[str, Sequence[str]] | None = None,
    locks: Sequence[LockRecord] = (),
) -> str:
    """The bounded view in at most `allowance` estimated tokens (the header alone may pass it on a
    tiny allowance; the caller's `within` then cuts it)."""
    with sharing(trip.shared_values):
        return _snapshot(
            trip, items, stops, allowance, selected, today, documents, unverified or {}, locks
        )


def _snapshot(
    trip: TripRecord,
    items: Sequence[ItineraryItemRecord],
    stops: Sequence[StopRecord],
    allowance: int,
    selected_ids: Collection[str],
    today: date,
    documents: Sequence[DocumentRecord],
    unverified: Mapping[str, Sequence[str]],
    locks: Sequence[LockRecord],
) -> str:
    by_day: dict[date, list[ItineraryItemRecord]] = {}
    for item in items:
        by_day.setdefault(item.day, []).append(item)
    days = sorted(by_day)
    wanted = set(selected_ids)
    focus = focus_of(trip, days, [item for item in items if item.id in wanted], today)
    tail = [
        f"Itinerary: {_count(len(items), 'item')} on {_count(len(days), 'day')}, "
        f"{days[0].isoformat()} to {days[-1].isoformat()}"
        if items
        else "Itinerary: empty",
        f"Days shown: {focus.reason} and the nearest.",
    ]
    problems = _problem_lines(items)
    legend = [UNVERIFIED_LEGEND] if any(item.id in unverified for item in items) else []
    locked = [shortened(line, LINE_LIMIT) for line in [lock_line(locks, items, stops)] if line]
    rest_line = _rest_line(len(days), len(items))
    fixed = sum(line_cost(line) for line in [*tail, *problems, *legend, *locked, rest_line])
    attached = Counter(document.item_id for document in documents)
    for day in focus.days[:1]:
        if day in by_day:
            rows = _item_rows(trip, stops, day, by_day[day], attached, unverified)
            fixed += _least_cost(trip, day, by_day[day], rows, wanted)
    order = _by_nearness(days, focus.days)
    neighbours = [day for day in order if day not in focus.days][:NEIGHBOURS]
    kept = {day: _least_cost(trip, day, by_day[day], {}, ()) for day in neighbours}
    lines = header_lines(
        trip, stops, notes_limit=NOTES_LIMIT, documents=documents, text_limit=LINE_LIMIT
    )
    if lines_tokens(lines) + fixed > allowance:
        short = {"notes_limit": NOTES_LIMIT // 4, "text_limit": LINE_LIMIT // 3}
        lines = header_lines(trip, stops, documents=documents, **short)
    lines.extend(locked)
    if not items:
        return "\n".join([*lines, tail[0]])
    lines.extend(tail)
    used = lines_tokens(lines) + sum(line_cost(line) for line in [*problems, *legend])
    used += line_cost(_rest_line(len(days), len(items)))
    shown: dict[date, list[str]] = {}
    for day in order:
        kept.pop(day, None)
        room = allowance - used
        rows = _item_rows(trip, stops, day, by_day[day], attached, unverified)
        block = _day_lines(trip, day, by_day[day], rows, wanted, room - sum(kept.values()))
        if day in focus.days and (block is None or not _shows_selected(block, rows, wanted)):
            block = _day_lines(trip, day, by_day[day], rows, wanted, room)
        if block is None:
            break
        shown[day] = block
        used += sum(line_cost(line) for line in block)
    for day in sorted(shown):
        lines.extend(shown[day])
    rest = [day for day in days if day not in shown]
    if rest:
        lines.append(_rest_line(len(rest), sum(len(by_day[day]) for day in rest)))
    lines.extend(problems)
    if any(item.id in unverified for day in shown for item in by_day[day]):
        lines.extend(legend)
    return "\n".join(lines)


def _item_rows(
    trip: TripRecord,
    stops: Sequence[StopRecord],
    day: date,
    items: Sequence[ItineraryItemRecord],
    attached: Counter[str | None],
    unverified: Mapping[str, Sequence[str]],
) -> dict[str, str]:
    """The day's items as the view lists them, by id."""
    zone, zones = day_zone(trip, stops, day), TripZones.of(stops)
    return {
        item.id: "  - "
        + render_item(item, zone, attached[item.id], unverified.get(item.id, ()), zones)
        for item in items
    }


def _day_lines(
    trip: TripRecord,
    day: date,
    items: Sequence[ItineraryItemRecord],
    rows: Mapping[str, str],
    selected: Collection[str],
    room: int,
) -> list[str] | None:
    """The day's heading and as many of its items as fit `room`, selected ones first; None when
    not even the heading and a count fit."""
    heading = day_heading(trip, day)
    order = sorted(items, key=lambda item: item.id not in selected)
    used = line_cost(heading)
    taken: set[str] = set()
    for index, item in enumerate(order):
        remaining = len(order) - index - 1
        reserve = line_cost(_more_line(day, remaining)) if remaining else 0
        cost = line_cost(rows[item.id])
        if used + cost + reserve > room:
            break
        taken.add(item.id)
        used += cost
    hidden = len(items) - len(taken)
    if hidden and used + line_cost(_more_line(day, hidden, bool(taken))) > room:
        return None
    lines = [heading, *(rows[item.id] for item in items if item.id in taken)]
    if hidden:
        lines.append(_more_line(day, hidden, bool(taken)))
    return lines


def _shows_selected(
    block: Sequence[str], rows: Mapping[str, str], selected: Collection[str]
) -> bool:
    """Whether a day's `block` shows one of its selected items, or it has none."""
    chosen = {row for item_id, row in rows.items() if item_id in selected}
    return not chosen or any(line in chosen for line in block)


def _least_cost(
    trip: TripRecord,
    day: date,
    items: Sequence[ItineraryItemRecord],
    rows: Mapping[str, str],
    selected: Collection[str],
) -> int:
    """What a day costs with the fewest of its items shown: its heading, its first selected
    item if it has one (its row in `rows`), and the count of the rest."""
    chosen = next((item for item in items if item.id in selected), None)
    heading = line_cost(day_heading(trip, day))
    if chosen is None:
        return heading + line_cost(_more_line(day, len(items), False))
    rest = len(items) - 1
    return heading + line_cost(rows[chosen.id]) + (line_cost(_more_line(day, rest)) if rest else 0)


def _more_line(day: date, count: int, some_shown: bool = True) -> str:
    counted = f"… {_count(count, 'more item')} this day" if some_shown else _count(count, "item")
    return f"  - {counted}: read_trip day={day.isoformat()}"


def _rest_line(days: int, items: int) -> str:
    return f"Other days: {_count(days, 'day')}, {_count(items, 'item')} ({READ_HINT})."


def _problem_lines(items: Sequence[ItineraryItemRecord]) -> list[str]:
    """The items whose stored values the rules now refuse: the first few, and a count."""
    found = [(item, problem) for item in items if (problem := item_problems(item)) is not None]
    if not found:
        return []
    lines = [f"Open problems: {_count(len(found), 'item')} with values to correct:"]
    lines.extend(
        f"- [{short_id(item.id)}] {item.day.isoformat()} {problem}"
        for item, problem in found[:PROBLEMS_SHOWN]
    )
    if len(found) > PROBLEMS_SHOWN:
        lines.append(f"- … {len(found) - PROBLEMS_SHOWN} more (read_trip search or day).")
    return lines


def _count(number: int, noun: str) -> str:
    return f"{number:,} {noun}" if number == 1 else f"{number:,} {noun}s"
