"""Which trip-form fields carry the mark of an unseen change, and whose it is. The change log
knows unseen changes only per trip, so the form tells it once no field is left unseen."""

from __future__ import annotations

from collections.abc import Iterable

from concierge.ui.views.marks import changed_by_program


class FormMarks:
    def __init__(self) -> None:
        self.marked: frozenset[str] = frozenset()
        self.program: str | None = None
        """The other program that made the unseen changes (None: the assistant)."""
        self._looked_at: set[str] = set()

    def reset(self) -> None:
        self.marked = frozenset()
        self._looked_at.clear()

    def changed_again(self, keys: Iterable[str]) -> None:
        """The assistant just changed `keys`: looking at them earlier no longer counts."""
        self._looked_at.difference_update(keys)

    @property
    def words(self) -> str:
        """Who made the unseen changes, as the marks say it."""
        return changed_by_program(self.program)

    def update(self, unseen: Iterable[str], program: str | None = None) -> frozenset[str]:
        """Set the marks from the log's unseen fields, made by `program` (None: the
        assistant); returns the fields to mark."""
        self.marked = frozenset(unseen) - self._looked_at
        self.program = program
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
