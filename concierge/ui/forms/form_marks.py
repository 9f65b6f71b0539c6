"""Which trip-form fields carry the mark of an unseen change, and whose it is. The change log
knows unseen changes only per trip, so the form tells it once no field is left unseen."""

from __future__ import annotations

from collections.abc import Iterable

from concierge.ui.views.marks import CHANGED_BY_ASSISTANT


class FormMarks:
    def __init__(self) -> None:
        self.marked: frozenset[str] = frozenset()
        self.words: str = CHANGED_BY_ASSISTANT
        """Who made the unseen changes (`changed_by`): the assistant or another program."""
        self._looked_at: set[str] = set()

    def reset(self) -> None:
        self.marked = frozenset()
        self._looked_at.clear()

    def changed_again(self, keys: Iterable[str]) -> None:
        """The assistant just changed `keys`: looking at them earlier no longer counts."""
        self._looked_at.difference_update(keys)

    def update(self, unseen: Iterable[str], words: str = CHANGED_BY_ASSISTANT) -> frozenset[str]:
        """Set the marks from the log's unseen fields, made by whom `words` says; returns the
        fields to mark."""
        self.marked = frozenset(unseen) - self._looked_at
        self.words = words
        return self.marked

    def look_at(self, key: str) -> bool:
        """The person focused `key`; True when that was the last marked field."""
        if key not in self.marked:
            return False
        self._looked_at.add(key)
        self.marked = self.marked - {key}
        return not self.marked

    def all_seen(self) -> None:
        """The log now has nothing unseen for the trip."""
        self.reset()
