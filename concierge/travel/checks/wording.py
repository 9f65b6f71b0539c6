"""How problems name items, days and times: one wording for every checker. Days are short
("23 Dec"); the model's copy turns the curly quotes to plain ones (`model_text`)."""

from __future__ import annotations

from datetime import date, datetime

from concierge.store import ItineraryItemRecord
from concierge.store.wall_clock import end_of, start_of, zone_of
from concierge.text import QT_TRANSLATE_NOOP

from ..safe_text.value_text import one_line

TITLE_LIMIT = 40
"""Characters of an item's title a message quotes."""


def named(item: ItineraryItemRecord) -> str:
    """The item as a message names it: its title in quotes, cut to `TITLE_LIMIT`."""
    title = one_line(item.title) or item.kind.value
    if len(title) > TITLE_LIMIT:
        title = title[: TITLE_LIMIT - 1].rstrip() + "…"
    return f"“{title}”"


def on_day(day: date) -> str:
    """A day as "23 Dec": short (the snapshot prices every digit), the year left to the
    trip's dates."""
    return QT_TRANSLATE_NOOP("Problem", "{day} {month}").format(
        day=day.day, month=SHORT_MONTHS[day.month - 1]
    )


SHORT_MONTHS = (
    QT_TRANSLATE_NOOP("Month", "Jan"),
    QT_TRANSLATE_NOOP("Month", "Feb"),
    QT_TRANSLATE_NOOP("Month", "Mar"),
    QT_TRANSLATE_NOOP("Month", "Apr"),
    QT_TRANSLATE_NOOP("Month", "May"),
    QT_TRANSLATE_NOOP("Month", "Jun"),
    QT_TRANSLATE_NOOP("Month", "Jul"),
    QT_TRANSLATE_NOOP("Month", "Aug"),
    QT_TRANSLATE_NOOP("Month", "Sep"),
    QT_TRANSLATE_NOOP("Month", "Oct"),
    QT_TRANSLATE_NOOP("Month", "Nov"),
    QT_TRANSLATE_NOOP("Month", "Dec"),
)
"""A month as a problem names it, "Dec"."""


def local(moment: datetime | None) -> str:
    """A local time as "09:30"; "?" when unknown."""
    return "?" if moment is None else f"{moment:%H:%M}"


def span(
    item: ItineraryItemRecord, start: datetime | None = None, end: datetime | None = None
) -> str:
    """The item's local start and end, "09:30-11:00", or "from 09:30"; `start` and `end`, when the
    caller has them, spare reading them again."""
    start = start_of(item) if start is None else start.astimezone(zone_of(item.timezone))
    if end is None:
        end = end_of(item)
    else:
        end = end.astimezone(zone_of(item.end_timezone or item.timezone))
    if end is None:
        return QT_TRANSLATE_NOOP("Problem", "from {start}").format(start=local(start))
    if start is None or end.date() == start.date():
        return f"{local(start)}-{local(end)}"
    return QT_TRANSLATE_NOOP("Problem", "{start}-{end} {end_day}").format(
        start=local(start), end=local(end), end_day=on_day(end.date())
    )


_PLAIN = str.maketrans({"“": '"', "”": '"', "’": "'", "–": "-"})


def model_text(text: str) -> str:
    """`text` as the model reads it: curly quotes and dashes made plain, since the
    snapshot's estimate prices every byte of them (a pair of quotes is six tokens)."""
    return text.translate(_PLAIN)
