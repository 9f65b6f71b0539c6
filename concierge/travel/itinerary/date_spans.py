"""A span of days with either end possibly unknown, in words: one reading of which ends are
known, each caller wording the four cases its own way."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


@dataclass(frozen=True, slots=True)
class SpanWords:
    """How a span reads: `unset` without either day; `starts` or `ends` with one, written by
    `day` in place of {}; `both` with the two."""

    day: Callable[[date], str]
    unset: str
    starts: str
    ends: str
    both: Callable[[date, date], str]


def span_text(start: date | None, end: date | None, words: SpanWords) -> str:
    if start is None and end is None:
        return words.unset
    if end is None:
        assert start is not None
        return words.starts.format(words.day(start))
    if start is None:
        return words.ends.format(words.day(end))
    return words.both(start, end)


def day_span(arrive: date | None, depart: date | None) -> str:
    """ "12–15 Apr", "28 Apr–2 May", "from 12 Apr", "until 15 Apr", or "" without dates."""
    return span_text(arrive, depart, _SHORT)


def _day(value: date) -> str:
    return f"{value.day} {_MONTHS[value.month - 1]}"


def _days(arrive: date, depart: date) -> str:
    if arrive == depart:
        return _day(arrive)
    if (arrive.year, arrive.month) == (depart.year, depart.month):
        return f"{arrive.day}–{_day(depart)}"
    return f"{_day(arrive)}–{_day(depart)}"


_SHORT = SpanWords(day=_day, unset="", starts="from {}", ends="until {}", both=_days)
