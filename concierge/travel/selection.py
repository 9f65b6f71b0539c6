"""What the person has selected in the window, as plain state the providers can read."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from concierge.agent.listeners import Listeners


@dataclass(frozen=True, slots=True)
class Selection:
    trip_id: str | None = None
    item_ids: tuple[str, ...] = ()
    lookup_ids: tuple[str, ...] = ()
    """Lookup jobs (finished ones) selected in the lookups panel."""


@dataclass
class SelectionState:
    """The current selection; selecting another trip clears the item and lookup selections."""

    current: Selection = field(default_factory=Selection)
    _listeners: Listeners[Selection] = field(
        default_factory=lambda: Listeners[Selection]("selection listener")
    )

    def select_trip(self, trip_id: str | None) -> None:
        if trip_id != self.current.trip_id:
            self._set(Selection(trip_id=trip_id))

    def select_items(self, item_ids: tuple[str, ...]) -> None:
        if item_ids != self.current.item_ids:
            self._set(replace(self.current, item_ids=item_ids))

    def select_lookups(self, lookup_ids: tuple[str, ...]) -> None:
        lookup_ids = tuple(lookup_ids)
        if lookup_ids != self.current.lookup_ids:
            self._set(replace(self.current, lookup_ids=lookup_ids))

    def subscribe(self, listener: Callable[[Selection], None]) -> Callable[[], None]:
        """Add `listener`; the returned function removes it (calling it twice is harmless)."""
        return self._listeners.subscribe(listener)

    def _set(self, selection: Selection) -> None:
        self.current = selection
        self._listeners.publish(selection)
