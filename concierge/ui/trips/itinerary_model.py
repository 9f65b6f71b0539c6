"""The itinerary as a two-level tree model: day rows, each with its items as children.

Columns are Time, Title, Place and Notes; a day row's heading sits in the first column
(the view spans it across the row). Items the assistant added or changed and the person
has not looked at are tinted, with the reason in the tooltip.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from concierge.store import CREATED, ItineraryItemRecord

from .itinerary_days import DayGroup
from .marks import ADDED_BY_ASSISTANT, CHANGED_BY_ASSISTANT, TINT

_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
_DAY = 0
"""The internal id of a day row; an item row's id is its day's row + 1."""
_NCOL = 4

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


_DISPLAY = Qt.ItemDataRole.DisplayRole
_TOOLTIP = Qt.ItemDataRole.ToolTipRole
_ACCESSIBLE_TEXT = Qt.ItemDataRole.AccessibleTextRole
_ACCESSIBLE_DESCRIPTION = Qt.ItemDataRole.AccessibleDescriptionRole
_BACKGROUND = Qt.ItemDataRole.BackgroundRole
_FONT = Qt.ItemDataRole.FontRole

_DAY_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_ITEM_FLAGS = _DAY_FLAGS | Qt.ItemFlag.ItemNeverHasChildren
"""Built once: `flags` is called thousands of times a second while the tree paints."""

_Cells = dict[int, tuple[Any, ...]]
"""A row's precomputed values: role → one value per column (None where nothing is shown)."""

_SERVED = frozenset(
    int(role)
    for role in (
        _DISPLAY,
        _TOOLTIP,
        _ACCESSIBLE_TEXT,
        _ACCESSIBLE_DESCRIPTION,
        _BACKGROUND,
        _FONT,
        ITEM_ID_ROLE,
        DAY_ROLE,
        UNSEEN_ROLE,
    )
)


class ItineraryModel(QAbstractItemModel):
    """Days and their items; replace the content with `set_days`.

    Every row's values are computed once, when the content is set, so `data()` (called for
    many roles of every visible cell on every paint) is a lookup. `set_days` applies a new
    content as row inserts, removals, moves and data changes when the days are the same,
    and resets the model only when the days themselves change.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._days: list[DayGroup] = []
        self._unseen: dict[str, str] = {}
        """Item id → why it is marked."""
        self._bold = QFont()
        self._bold.setBold(True)
        self._day_cells: list[_Cells] = []
        self._item_cells: list[list[_Cells]] = []

    @property
    def days(self) -> tuple[DayGroup, ...]:
        return tuple(self._days)

    def set_days(
        self, days: Sequence[DayGroup], unseen: Mapping[str, frozenset[str]] | None = None
    ) -> bool:
        """Show `days`; returns True when that took a model reset (the days changed), False
        when it was applied as row changes (expansion, selection and scrolling survive)."""
        reasons: dict[str, str] = {}
        for item_id, fields in (unseen or {}).items():
            if (reason := unseen_reason(fields)) is not None:
                reasons[item_id] = reason
        days = list(days)
        if [group.day for group in days] != [group.day for group in self._days]:
            self.beginResetModel()
            self._days = days
            self._unseen = reasons
            self._day_cells = [self._cells_of_day(group) for group in days]
            self._item_cells = [[self._cells_of_item(i) for i in group.items] for group in days]
            self.endResetModel()
            return True
        self._unseen = reasons
        for day_row, group in enumerate(days):
            self._sync_day(day_row, group)
        return False

    def _sync_day(self, day_row: int, group: DayGroup) -> None:
        parent = self.createIndex(day_row, 0, _DAY)
        old = self._days[day_row]
        items = list(old.items)
        cells = self._item_cells[day_row]
        wanted = {item.id for item in group.items}
        # The group is replaced first (same day, same rows), then rows change one at a time.
        for row in reversed(range(len(items))):
            if items[row].id not in wanted:
                self.beginRemoveRows(parent, row, row)
                del items[row]
                del cells[row]
                self._days[day_row] = DayGroup(old.day, old.heading, tuple(items))
                self.endRemoveRows()
        for target, item in enumerate(group.items):
            current = next((n for n in range(target, len(items)) if items[n].id == item.id), None)
            if current is None:
                self.beginInsertRows(parent, target, target)
                items.insert(target, item)
                cells.insert(target, self._cells_of_item(item))
                self._days[day_row] = DayGroup(old.day, old.heading, tuple(items))
                self.endInsertRows()
                continue
            if current != target:  # Rows before `target` are settled, so current > target.
                self.beginMoveRows(parent, current, current, parent, target)
                items.insert(target, items.pop(current))
                cells.insert(target, cells.pop(current))
                self._days[day_row] = DayGroup(old.day, old.heading, tuple(items))
                self.endMoveRows()
            fresh = self._cells_of_item(item)
            items[target] = item
            if fresh != cells[target]:
                cells[target] = fresh
                self.dataChanged.emit(
                    self.createIndex(target, 0, day_row + 1),
                    self.createIndex(target, _NCOL - 1, day_row + 1),
                )
        self._days[day_row] = group
        fresh_day = self._cells_of_day(group)
        if fresh_day != self._day_cells[day_row]:
            self._day_cells[day_row] = fresh_day
            self.dataChanged.emit(parent, self.createIndex(day_row, _NCOL - 1, _DAY))

    def is_unseen(self, item_id: str) -> bool:
        return item_id in self._unseen

    def mark_seen(self, item_id: str) -> None:
        if self._unseen.pop(item_id, None) is None:
            return
        first = self.index_of_item(item_id)
        if first.isValid():
            day_row = first.internalId() - 1
            item = self._days[day_row].items[first.row()]
            self._item_cells[day_row][first.row()] = self._cells_of_item(item)
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
        return _NCOL

    def hasChildren(self, parent: _Index = _ROOT) -> bool:
        return self.rowCount(parent) > 0

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return _DAY_FLAGS if index.internalId() == _DAY else _ITEM_FLAGS

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section] if 0 <= section < len(COLUMNS) else None
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role not in _SERVED or not index.isValid():
            return None
        day_row = index.internalId()
        try:
            if day_row == _DAY:
                cells = self._day_cells[index.row()]
            else:
                cells = self._item_cells[day_row - 1][index.row()]
            values = cells.get(role)
            return None if values is None else values[index.column()]
        except IndexError:
            return None

    def _cells_of_day(self, group: DayGroup) -> _Cells:
        count = len(group.items)
        label = f"{group.heading}, {count} item{'' if count == 1 else 's'}"
        return {
            DAY_ROLE: (group.day,) * _NCOL,
            _DISPLAY: (group.heading, None, None, None),
            _ACCESSIBLE_TEXT: (label, None, None, None),
            _FONT: (self._bold, None, None, None),
        }

    def _cells_of_item(self, item: ItineraryItemRecord) -> _Cells:
        reason = self._unseen.get(item.id)
        notes_tip = "\n".join(part for part in (reason, item.notes) if part) or None
        return {
            _DISPLAY: tuple(_cell(item, column) for column in range(_NCOL)),
            _TOOLTIP: (reason, reason, reason, notes_tip),
            _ACCESSIBLE_DESCRIPTION: (reason,) * _NCOL,
            _BACKGROUND: (TINT if reason else None,) * _NCOL,
            ITEM_ID_ROLE: (item.id,) * _NCOL,
            DAY_ROLE: (item.day,) * _NCOL,
            UNSEEN_ROLE: (reason is not None,) * _NCOL,
        }


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
