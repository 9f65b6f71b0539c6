"""Timed items that overlap, compared as real instants. Lodging, a rented car and notes run in the
background of a day, so only the other kinds can clash."""

from __future__ import annotations

from collections.abc import Iterator

from concierge.text import QT_TRANSLATE_NOOP

from .checker import CheckEnv, Checker
from .plan import Timed, TripPlan
from .problem import Problem
from .wording import named, on_day, span


def overlapping(plan: TripPlan) -> Iterator[tuple[Timed, Timed]]:
    """Each pair of timed items with an end where the later-starting one starts before the
    other ends: a sweep by start, comparing each item only with those still running."""
    running: list[Timed] = []
    for current in plan.timed:
        if current.item.kind.spec.background or current.end is None or current.end <= current.start:
            continue  # an item without a length (a moment, an open end) clashes with nothing
        running = [o for o in running if o.end is not None and o.end > current.start]
        for other in running:
            yield other, current
        running.append(current)


def check(plan: TripPlan, env: CheckEnv) -> Iterator[Problem]:
    for first, second in overlapping(plan):
        assert first.end is not None and second.end is not None
        a, b = first.item, second.item
        minutes = int((min(first.end, second.end) - second.start).total_seconds() // 60)
        length = (
            QT_TRANSLATE_NOOP("Problem", "{minutes} min").format(minutes=minutes)
            if minutes
            else QT_TRANSLATE_NOOP("Problem", "their start")
        )
        yield Problem(
            check=CHECKER.name,
            severity="error",
            message=QT_TRANSLATE_NOOP(
                "Problem", "{first} overlaps {second} by {length} on {day}."
            ).format(first=named(a), second=named(b), length=length, day=on_day(b.day)),
            item_ids=(a.id, b.id),
            detail=QT_TRANSLATE_NOOP(
                "Problem", "{first} {first_span}, {second} {second_span}."
            ).format(
                first=named(a),
                first_span=span(a, first.start, first.end),
                second=named(b),
                second_span=span(b, second.start, second.end),
            ),
            day=b.day,
            at=second.start,
        )


CHECKER = Checker("overlaps", "Overlapping times", check)
