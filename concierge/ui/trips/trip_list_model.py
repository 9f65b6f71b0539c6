"""The trips as a list model: title to show and edit, dates and stops as a subtitle.

`sync` applies a read as row changes, not a reset, so the selection and an open title
editor survive every refresh. Renaming asks with `rename_requested`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QObject,
    Qt,
    Signal,
)

from concierge.store import TripRecord
from concierge.ui.model_index import ROOT, AnyIndex
from concierge.ui.row_sync import sync_rows

from .trip_text import trip_subtitle

TRIP_ID_ROLE = Qt.ItemDataRole.UserRole + 1
SUBTITLE_ROLE = Qt.ItemDataRole.UserRole + 2


class TripListModel(QAbstractListModel):
    """One row per trip, in the store's list order."""

    rename_requested = Signal(str, str)
    """(trip id, new title): the person finished editing a title in the view."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._trips: list[TripRecord] = []
        self._routes: Mapping[str, tuple[str, ...]] = {}

    @property
    def trips(self) -> tuple[TripRecord, ...]:
        return tuple(self._trips)

    def trip_at(self, row: int) -> TripRecord | None:
        return self._trips[row] if 0 <= row < len(self._trips) else None

    def row_of(self, trip_id: str) -> int | None:
        for row, trip in enumerate(self._trips):
            if trip.id == trip_id:
                return row
        return None

    def index_of(self, trip_id: str) -> QModelIndex:
        row = self.row_of(trip_id)
        return QModelIndex() if row is None else self.index(row, 0)

    def sync(
        self, trips: Sequence[TripRecord], routes: Mapping[str, tuple[str, ...]] | None = None
    ) -> None:
        """Make the rows equal `trips`; `routes` (trip id → places) are kept when not given."""
        before = self._routes
        after = before if routes is None else dict(routes)

        def kept(row: int, shown: TripRecord, trip: TripRecord) -> None:
            old = shown.title, trip_subtitle(shown, before.get(shown.id, ()))
            if old != (trip.title, trip_subtitle(trip, after.get(trip.id, ()))):
                changed = self.index(row, 0)  # Only what the rows show needs a repaint.
                self.dataChanged.emit(changed, changed)

        self._routes = after
        sync_rows(self, self._trips, trips, kept)

    def subtitle(self, trip: TripRecord) -> str:
        return trip_subtitle(trip, self._routes.get(trip.id, ()))

    def rowCount(self, parent: AnyIndex = ROOT) -> int:
        return 0 if parent.isValid() else len(self._trips)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        trip = self.trip_at(index.row()) if index.isValid() else None
        if trip is None:
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return trip.title
        if role == SUBTITLE_ROLE:
            return self.subtitle(trip)
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{trip.title}\n{self.subtitle(trip)}"
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return f"{trip.title}, {self.subtitle(trip)}"
        if role == TRIP_ID_ROLE:
            return trip.id
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return (
            Qt.ItemFlag.ItemIsEnabled
            | Qt.ItemFlag.ItemIsSelectable
            | Qt.ItemFlag.ItemIsEditable
            | Qt.ItemFlag.ItemNeverHasChildren
        )

    def setData(self, index: AnyIndex, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """A new title from the view's editor: shown at once, written by `rename_requested`."""
        trip = self.trip_at(index.row()) if index.isValid() else None
        if trip is None or role != Qt.ItemDataRole.EditRole or not isinstance(value, str):
            return False
        title = value.strip()
        if not title or title == trip.title:
            return False
        self._trips[index.row()] = dataclasses.replace(trip, title=title)
        self.dataChanged.emit(index, index)
        self.rename_requested.emit(trip.id, title)
        return True
