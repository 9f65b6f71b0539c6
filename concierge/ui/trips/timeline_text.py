"""How the day timeline reads: kind names, times, free time, and the one sentence per entry
that its tooltip and screen readers both say. Free of widgets, so it is tested as text; the
words go through the translation system (English unchanged)."""

from __future__ import annotations

from concierge.model.kinds import ITEM_KINDS
from concierge.travel.itinerary.day_layout import Block, DayLayout, TimelineEntry
from concierge.ui.i18n import shown, translate
from concierge.ui.views.words import counted


def kind_label(kind: str) -> str:
    row = ITEM_KINDS.get(kind)
    return kind.replace("_", " ").capitalize() if row is None else shown(row.label)


def clock(minutes: int) -> str:
    """Minutes since midnight as 24-hour time; the end of the day reads 24:00."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def duration_text(minutes: int) -> str:
    """45 min, 2 h, 1 h 30."""
    hours, rest = divmod(minutes, 60)
    if not hours:
        return translate("DayTimeline", "{minutes} min").format(minutes=rest)
    if not rest:
        return translate("DayTimeline", "{hours} h").format(hours=hours)
    return translate("DayTimeline", "{hours} h {minutes}").format(
        hours=hours, minutes=f"{rest:02d}"
    )


def free_text(minutes: int) -> str:
    return translate("DayTimeline", "{duration} free").format(duration=duration_text(minutes))


def apart_label(entry: TimelineEntry) -> str:
    """What an entry listed apart from the blocks is: all day, or not yet given a time."""
    if entry.all_day or entry.continues_before:
        return translate("DayTimeline", "All day")
    return translate("DayTimeline", "No time")


def block_times(block: Block) -> str:
    """10:05–13:00, 20:00 · no end time, until 07:15, 22:00 until the next day."""
    entry = block.entry
    if entry.start is None:
        start = translate("DayTimeline", "from the day before")
    else:
        start = clock(block.start)
    if block.open_end:
        return translate("DayTimeline", "{start} · no end time").format(start=start)
    if entry.continues_after and entry.end is None:
        return translate("DayTimeline", "{start} until the next day").format(start=start)
    if entry.start is None:
        return translate("DayTimeline", "{start} until {end}").format(
            start=start, end=clock(block.end)
        )
    return f"{start}–{clock(block.end)}"


def describe(layout: DayLayout, item_id: str) -> str:
    """One entry as a sentence: title, kind, times, what it overlaps, where it is in the day."""
    order = layout.order()
    place = translate("DayTimeline", "{number} of {count}").format(
        number=order.index(item_id) + 1, count=len(order)
    )
    block = next((b for b in layout.blocks if b.item_id == item_id), None)
    if block is None:
        entry = layout.entry(item_id)
        assert entry is not None, item_id
        return f"{entry.title}, {kind_label(entry.kind)}, {apart_label(entry).lower()}. {place}."
    text = f"{block.entry.title}, {kind_label(block.entry.kind)}, {block_times(block)}."
    others = [layout.entry(other) for other in layout.overlapping(item_id)]
    if others:
        text += " " + translate("DayTimeline", "Overlaps {titles}.").format(
            titles=", ".join(o.title for o in others if o is not None)
        )
    return f"{text} {place}."


def summary(layout: DayLayout) -> str:
    """The day at a glance: how many items, overlaps, and the free time between them."""
    count = len(layout.order())
    if not count:
        return translate("DayTimeline", "Nothing planned")
    parts = [
        counted(
            count, translate("DayTimeline", "1 item"), translate("DayTimeline", "{count} items")
        )
    ]
    if layout.overlaps:
        parts.append(
            counted(
                len(layout.overlaps),
                translate("DayTimeline", "1 overlap"),
                translate("DayTimeline", "{count} overlaps"),
            )
        )
    free = sum(gap.minutes for gap in layout.gaps)
    if free:
        parts.append(free_text(free))
    return " · ".join(parts)
