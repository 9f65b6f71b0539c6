"""Undo from an inline bar: revert exactly the step the bar offered, or say why not.

The change log undoes the newest step of a trip first. By the time the person clicks the
bar's Undo, that may no longer be the removal the bar is about (it was undone from the
menu, or the trip changed since), so the step's label is checked first and nothing else
is ever reverted in its place.
"""

from __future__ import annotations

from dataclasses import dataclass

from concierge.store import ChangeHistory, StoreError
from concierge.text import QT_TRANSLATE_NOOP, error_text

STALE = QT_TRANSLATE_NOOP(
    "UndoBar", "This can no longer be undone here: other changes to the trip came after it."
)


@dataclass(frozen=True, slots=True)
class UndoOffer:
    trip_id: str | None
    """The trip whose newest step it is; None for a step of no trip (an all-trip pin)."""
    label: str
    """The change-log label of the offered step (the write's `ChangeContext.label`)."""
    entity_ids: tuple[str, ...]
    """What the step removed: the trip, itinerary items, goals or pins."""


async def undo_offered(history: ChangeHistory, offer: UndoOffer) -> str | None:
    """Undo the offered step; None when done, else the reason to show (through `shown`, as
    `UndoBar.inform` does)."""
    if await history.undo_label(offer.trip_id) != offer.label:
        return STALE
    try:
        await history.undo_last(offer.trip_id)
    except StoreError as error:
        return error_text(error)
    return None
