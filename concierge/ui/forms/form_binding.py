"""One form field as a form binds it. `shown` is the stored value the widget started from,
so the field has unsaved edits exactly when the widget reads something else.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field
from typing import Generic, TypeVar

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QWidget

from concierge.store import TripRecord

from .field_row import FieldRow

V = TypeVar("V")


@dataclass(eq=False, repr=False)
class FieldBinding(Generic[V]):
    """A form field: key, visible label, row, and how its widget reads and shows a value."""

    key: str
    label: str
    row: FieldRow
    _: KW_ONLY
    read: Callable[[], V]
    show: Callable[[V], None]
    describe: Callable[[V], str]
    focus: Sequence[QWidget]
    debounce_ms: int | None = None
    timer: QTimer | None = field(init=False, default=None)
    loaded: bool = field(init=False, default=False)
    shown: V = field(init=False)
    stored: V = field(init=False)
    in_flight: list[V] = field(init=False, default_factory=list)
    """Values handed to the store and not yet answered, oldest first."""

    def __post_init__(self) -> None:
        self.focus = tuple(self.focus)
        if self.debounce_ms is not None:
            self.timer = QTimer(self.row)
            self.timer.setSingleShot(True)
            self.timer.setInterval(self.debounce_ms)

    @property
    def waiting(self) -> bool:
        """A debounced change has not been handed to the store yet."""
        return self.timer is not None and self.timer.isActive()

    def dirty(self) -> bool:
        """The widget holds something the store does not have (yet)."""
        return self.loaded and (self.waiting or bool(self.in_flight) or self.read() != self.shown)

    def untouched_since(self, value: object) -> bool:
        """The widget still reads the last value handed to the store."""
        return not self.in_flight and not self.waiting and self.read() == value

    def baseline(self) -> V:
        """What a new edit is compared with: the newest value on its way, else `shown`."""
        return self.in_flight[-1] if self.in_flight else self.shown

    def contains(self, widget: QWidget | None) -> bool:
        """Whether `widget` is part of this field, popups (calendar, lists) included."""
        while widget is not None:
            if widget in self.focus:
                return True
            widget = widget.parentWidget()
        return False


@dataclass(eq=False, repr=False, kw_only=True)
class Binding(FieldBinding[V]):
    """A trip form field (e.g. "origin") and how it maps to a `TripRecord`."""

    from_record: Callable[[TripRecord], V]
    changes: Callable[[V], Mapping[str, object]]
    store_fields: Collection[str]
    hint: Callable[[TripRecord], str] | None = None
    """How the store understood the value (places), shown while the field is clean."""

    def covers(self, fields: Collection[str]) -> bool:
        """Whether a change of `fields` touches this field's value."""
        return not frozenset(self.store_fields).isdisjoint(fields)
