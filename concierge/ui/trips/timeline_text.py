"""How the day timeline reads: kind names, times, free time, and the one sentence per entry
that its tooltip and screen readers both say. Free of Qt, so it is tested as text."""

from __future__ import annotations

from concierge.store import ItemKind
from concierge.travel.day_layout import Block, DayLayout, TimelineEntry
from concierge.travel.item_kinds import KIND_LABELS

ALL_DAY = "All day"
NO_TIME = "No time"
NO_END = "no end time"


def kind_label(kind: str) -> str:
    try:
        return KIND_LABELS[ItemKind(kind)]
    except ValueError:
        return kind.replace("_", " ").capitalize()


def clock(minutes: int) -> str:
    """Minutes since midnight as 24-hour time; the end of the day reads 24:00."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def duration_text(minutes: int) -> str:
    """45 min, 2 h, 1 h 30."""
    hours, rest = divmod(minutes, 60)
    if not hours:
        return f"{rest} min"
    return f"{hours} h" if not rest else f"{hours} h {rest:02d}"


def free_text(minutes: int) -> str:
    return f"{duration_text(minutes)} free"


def apart_label(entry: TimelineEntry) -> str:
    """What an entry listed apart from the blocks is: all day, or not yet given a time."""
    return ALL_DAY if entry.all_day or entry.continues_before else NO_TIME


def block_times(block: Block) -> str:
    """10:05–13:00, 20:00 · no end time, until 07:15, 22:00 until the next day."""
    entry = block.entry
    start = "from the day before" if entry.start is None else clock(block.start)
    if block.open_end:
        return f"{start} · {NO_END}"
    if entry.continues_after and entry.end is None:
        return f"{start} until the next day"
    if entry.start is None:
        return f"{start} until {clock(block.end)}"
    return f"{start}–{clock(block.end)}"


def describe(layout: DayLayout, item_id: str) -> str:
    """One entry as a sentence: title, kind, times, what it overlaps, where it is in the day."""
    order = layout.order()
    place = f"{order.index(item_id) + 1} of {len(order)}"
    block = next((b for b in layout.blocks if b.item_id == item_id), None)
    if block is None:
        entry = layout.entry(item_id)
        assert entry is not None, item_id
        return f"{entry.title}, {kind_label(entry.kind)}, {apart_label(entry).lower()}. {place}."
    text = f"{block.entry.title}, {kind_label(block.entry.kind)}, {block_times(block)}."
    others = [layout.entry(other) for other in layout.overlapping(item_id)]
    if others:
        text += " Overlaps " + ", ".join(o.title for o in others if o is not None) + "."
    return f"{text} {place}."


def summary(layout: DayLayout) -> str:
    """The day at a glance: how many items, overlaps, and the free time between them."""
    count = len(layout.order())
    if not count:
        return "Nothing planned"
    parts = [f"{count} item" + ("s" if count != 1 else "")]
    if layout.overlaps:
        overlaps = len(layout.overlaps)
        parts.append(f"{overlaps} overlap" + ("s" if overlaps != 1 else ""))
    free = sum(gap.minutes for gap in layout.gaps)
    if free:
        parts.append(free_text(free))
    return " · ".join(parts)
