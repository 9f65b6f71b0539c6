"""How problems name items, times and money: one wording for every checker."""

from __future__ import annotations

from datetime import datetime

from concierge.store import ItineraryItemRecord
from concierge.store.wall_clock import end_of, start_of

from ..value_text import one_line

TITLE_LIMIT = 40
"""Characters of an item's title a message quotes."""


def named(item: ItineraryItemRecord) -> str:
    """The item as a message names it: its title in quotes, cut to `TITLE_LIMIT`."""
    title = one_line(item.title) or item.kind.value
    if len(title) > TITLE_LIMIT:
        title = title[: TITLE_LIMIT - 1].rstrip() + "…"
    return f"“{title}”"


def local(moment: datetime | None) -> str:
    """A local time as "09:30"; "?" when unknown."""
    return "?" if moment is None else f"{moment:%H:%M}"


def span(item: ItineraryItemRecord) -> str:
    """The item's local start and end, "09:30–11:00" (the end in its own zone, with its
    day when that differs), or "from 09:30" without an end."""
    start, end = start_of(item), end_of(item)
    if end is None:
        return f"from {local(start)}"
    later = "" if start is None or end.date() == start.date() else f" {end:%-d %b}"
    return f"{local(start)}–{local(end)}{later}"
