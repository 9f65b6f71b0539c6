"""Undo from an inline bar: revert exactly the step the bar offered, or say why not. The
newest step may no longer be the bar's by the click, so its label is checked first.
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
