"""The itinerary as a two-level tree model: day rows, each with its items as children.

Columns are Time, Title, Place and Notes; a day row's heading sits in the first column
(the view spans it across the row). Items the assistant added or changed and the person
has not looked at are tinted, with the reason in the tooltip.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from concierge.store import CREATED, ItineraryItemRecord

from .itinerary_days import DayGroup
from .marks import ADDED_BY_ASSISTANT, CHANGED_BY_ASSISTANT, TINT

_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
_DAY = 0
"""The internal id of a day row; an item row's id is its day's row + 1."""

COLUMNS = ("Time", "Title", "Place", "Notes")
ITEM_ID_ROLE = Qt.ItemDataRole.UserRole + 1
DAY_ROLE = Qt.ItemDataRole.UserRole + 2
UNSEEN_ROLE = Qt.ItemDataRole.UserRole + 3

_FIELD_NAMES = {
    "day": "day",
    "start_time": "time",
    "timezone": "time zone",
    "title": "title",
    "place": "place",
    "notes": "notes",
}
"""What an assistant change is called in a tooltip; moves that only renumber (position)
are not marked: they follow from another change."""


def unseen_reason(fields: frozenset[str]) -> str | None:
    """The tooltip for an item with these unseen assistant changes, or None (no mark)."""
    if CREATED in fields:
        return ADDED_BY_ASSISTANT
    names = [name for field, name in _FIELD_NAMES.items() if field in fields]
    return f"{CHANGED_BY_ASSISTANT}: {', '.join(names)}" if names else None


class ItineraryModel(QAbstractItemModel):
    """Days and their items; replace the content with `set_days`."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._days: list[DayGroup] = []
        self._unseen: dict[str, str] = {}
        """Item id → why it is marked."""

    @property
    def days(self) -> tuple[DayGroup, ...]:
        return tuple(self._days)

    def set_days(
        self, days: Sequence[DayGroup], unseen: Mapping[str, frozenset[str]] | None = None
    ) -> None:
        self.beginResetModel()
        self._days = list(days)
        self._unseen = {}
        for item_id, fields in (unseen or {}).items():
            if (reason := unseen_reason(fields)) is not None:
                self._unseen[item_id] = reason
        self.endResetModel()

    def is_unseen(self, item_id: str) -> bool:
        return item_id in self._unseen

    def mark_seen(self, item_id: str) -> None:
        if self._unseen.pop(item_id, None) is None:
            return
        first = self.index_of_item(item_id)
        if first.isValid():
            last = first.siblingAtColumn(len(COLUMNS) - 1)
            self.dataChanged.emit(first, last)

    def item_at(self, index: _Index) -> ItineraryItemRecord | None:
        if not index.isValid() or index.internalId() == _DAY:
            return None
        group = self._days[index.internalId() - 1]
        return group.items[index.row()] if index.row() < len(group.items) else None

    def day_at(self, index: _Index) -> date | None:
        """The day of a day row or of an item row."""
        if not index.isValid():
            return None
        row = index.row() if index.internalId() == _DAY else index.internalId() - 1
        return self._days[row].day if row < len(self._days) else None

    def index_of_item(self, item_id: str, column: int = 0) -> QModelIndex:
        for day_row, group in enumerate(self._days):
            for row, item in enumerate(group.items):
                if item.id == item_id:
                    return self.createIndex(row, column, day_row + 1)
        return QModelIndex()

    def index_of_day(self, day: date) -> QModelIndex:
        for row, group in enumerate(self._days):
            if group.day == day:
                return self.createIndex(row, 0, _DAY)
        return QModelIndex()

    def index(self, row: int, column: int, parent: _Index = _ROOT) -> QModelIndex:
        if not 0 <= column < len(COLUMNS) or row < 0:
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, _DAY) if row < len(self._days) else QModelIndex()
        if parent.internalId() != _DAY or parent.column() != 0:
            return QModelIndex()
        if parent.row() >= len(self._days) or row >= len(self._days[parent.row()].items):
            return QModelIndex()
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, index: _Index = _ROOT) -> QModelIndex:  # type: ignore[override]
        if not index.isValid() or index.internalId() == _DAY:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, _DAY)

    def rowCount(self, parent: _Index = _ROOT) -> int:
        if not parent.isValid():
            return len(self._days)
        if parent.internalId() != _DAY or parent.column() != 0:
            return 0
        return len(self._days[parent.row()].items) if parent.row() < len(self._days) else 0

    def columnCount(self, parent: _Index = _ROOT) -> int:
        return len(COLUMNS)

    def hasChildren(self, parent: _Index = _ROOT) -> bool:
        return self.rowCount(parent) > 0

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.internalId() != _DAY:
            flags |= Qt.ItemFlag.ItemNeverHasChildren
        return flags

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section] if 0 <= section < len(COLUMNS) else None
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        if index.internalId() == _DAY:
            return self._day_data(index, role)
        item = self.item_at(index)
        return None if item is None else self._item_data(item, index.column(), role)

    def _day_data(self, index: _Index, role: int) -> object:
        if index.row() >= len(self._days):
            return None
        group = self._days[index.row()]
        if role == DAY_ROLE:
            return group.day
        if index.column() != 0:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return group.heading
        if role == Qt.ItemDataRole.AccessibleTextRole:
            count = len(group.items)
            return f"{group.heading}, {count} item{'' if count == 1 else 's'}"
        if role == Qt.ItemDataRole.FontRole:
            font = QFont()
            font.setBold(True)
            return font
        return None

    def _item_data(self, item: ItineraryItemRecord, column: int, role: int) -> object:
        reason = self._unseen.get(item.id)
        if role == Qt.ItemDataRole.DisplayRole:
            return _cell(item, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            detail = item.notes if column == 3 and item.notes else None
            return "\n".join(part for part in (reason, detail) if part) or None
        if role == Qt.ItemDataRole.AccessibleDescriptionRole:
            return reason
        if role == Qt.ItemDataRole.BackgroundRole:
            return TINT if reason else None
        if role == ITEM_ID_ROLE:
            return item.id
        if role == DAY_ROLE:
            return item.day
        if role == UNSEEN_ROLE:
            return reason is not None
        return None


def _cell(item: ItineraryItemRecord, column: int) -> str | None:
    if column == 0:
        return item.start_time.strftime("%H:%M") if item.start_time else ""
    if column == 1:
        return item.title
    if column == 2:
        return item.place
    if column == 3:
        return " ".join(item.notes.split())
    return None
