"""One form field as a form binds it: how the widget shows and reads its value, and what the
widget shows compared with the store.

`shown` is the stored value the widget's content started from, so the field has unsaved
edits exactly when the widget reads something else (or a write of it is still on its way).
A refresh never overwrites such a field; it only updates `stored`. `FieldBinding` is that
bookkeeping for any form (the trip brief uses it too); `Binding` adds where a trip field's
value lives in a `TripRecord`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Generic, TypeVar

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QWidget

from concierge.store import TripRecord

from .field_row import FieldRow

V = TypeVar("V")


class FieldBinding(Generic[V]):
    """A form field: key, visible label, row, and how its widget reads and shows a value."""

    def __init__(
        self,
        key: str,
        label: str,
        row: FieldRow,
        *,
        read: Callable[[], V],
        show: Callable[[V], None],
        describe: Callable[[V], str],
        focus: Sequence[QWidget],
        debounce_ms: int | None = None,
    ) -> None:
        self.key = key
        self.label = label
        self.row = row
        self.read = read
        self.show = show
        self.describe = describe
        self.focus = tuple(focus)
        self.timer: QTimer | None = None
        if debounce_ms is not None:
            self.timer = QTimer(row)
            self.timer.setSingleShot(True)
            self.timer.setInterval(debounce_ms)
        self.loaded = False
        self.shown: V
        self.stored: V
        self.in_flight: list[V] = []
        """Values handed to the store and not yet answered, oldest first."""

    @property
    def waiting(self) -> bool:
        """A debounced change has not been handed to the store yet."""
        return self.timer is not None and self.timer.isActive()

    def dirty(self) -> bool:
        """The widget holds something the store does not have (yet)."""
        return self.loaded and (self.waiting or bool(self.in_flight) or self.read() != self.shown)

    def untouched_since(self, value: object) -> bool:
        """The widget still reads `value`, the last value handed to the store: the person
        has not edited the field since."""
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


class Binding(FieldBinding[V]):
    """A trip form field (e.g. "origin"): its value in a `TripRecord`, the changes a
    value makes, the record fields it covers and an optional hint."""

    def __init__(
        self,
        key: str,
        label: str,
        row: FieldRow,
        *,
        read: Callable[[], V],
        show: Callable[[V], None],
        from_record: Callable[[TripRecord], V],
        changes: Callable[[V], Mapping[str, object]],
        describe: Callable[[V], str],
        store_fields: Sequence[str],
        focus: Sequence[QWidget],
        debounce_ms: int | None = None,
        hint: Callable[[TripRecord], str] | None = None,
    ) -> None:
        super().__init__(
            key,
            label,
            row,
            read=read,
            show=show,
            describe=describe,
            focus=focus,
            debounce_ms=debounce_ms,
        )
        self.from_record = from_record
        self.changes = changes
        self.store_fields = frozenset(store_fields)
        self.hint = hint
        """How the store understood the value (places), shown while the field is clean."""
