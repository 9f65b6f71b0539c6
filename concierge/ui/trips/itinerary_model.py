"""The itinerary as a tree model: day rows with their items as children, marked.

A `QStandardItemModel` keeps the values in C++: the view asks several roles of every
visible cell on every paint, and answering from Python costs an interpreter call each.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from datetime import date
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, Qt
from PySide6.QtGui import QFont, QIcon, QStandardItem, QStandardItemModel

from concierge.model.fields import ITEM
from concierge.store import CREATED, ItineraryItemRecord
from concierge.text import QT_TRANSLATE_NOOP
from concierge.travel.checks import Severity
from concierge.travel.itinerary.item_text import (
    booking_text,
    details_text,
    place_text,
    title_text,
    when_text,
)
from concierge.travel.itinerary.item_times import DayRole
from concierge.travel.itinerary.item_zones import NO_STOPS, TripZones
from concierge.ui.colours import Tone, colour, mark_tint
from concierge.ui.i18n import shown, translate
from concierge.ui.model_index import AnyIndex
from concierge.ui.problems.marks import NO_MARKS, Mark, ProblemMarks, count_text
from concierge.ui.views.locks import LOCKED_TEXT
from concierge.ui.views.marks import UNVERIFIED, added_by, changed_by
from concierge.ui.views.words import counted

from .itinerary_days import DayGroup

_NCOL = 4

COLUMNS = (
    QT_TRANSLATE_NOOP("ItineraryModel", "Time"),
    QT_TRANSLATE_NOOP("ItineraryModel", "Title"),
    QT_TRANSLATE_NOOP("ItineraryModel", "Place"),
    QT_TRANSLATE_NOOP("ItineraryModel", "Notes"),
)
ITEM_ID_ROLE = Qt.ItemDataRole.UserRole + 1
DAY_ROLE = Qt.ItemDataRole.UserRole + 2
UNSEEN_ROLE = Qt.ItemDataRole.UserRole + 3
PROBLEM_ROLE = Qt.ItemDataRole.UserRole + 4
"""The worst severity of the problems about a row (None: no problem)."""
UNVERIFIED_ROLE = Qt.ItemDataRole.UserRole + 5
LOCKED_ROLE = Qt.ItemDataRole.UserRole + 6
"""True on the cells of a locked item or day row."""

_COLUMN_FIELDS = ("start_time", "title", "place", "notes")
"""The field each column shows: a change to it is called by the column's name."""


def _field_names() -> dict[str, str]:
    """What an assistant change to each field is called in a tooltip ("time", "end day"),
    in declaration order; moves that only renumber (position) are not marked."""
    columns = dict(zip(_COLUMN_FIELDS, COLUMNS, strict=True))
    return {
        field: shown(columns.get(field, rule.label)).lower() for field, rule in ITEM.fields.items()
    }


def unseen_reason(fields: frozenset[str]) -> str | None:
    """The tooltip for an item with these unseen changes (the assistant's or another
    program's), or None (no mark)."""
    if CREATED in fields:
        return shown(added_by(fields))
    return _reason(changed_by(fields), fields)


def unverified_reason(fields: Sequence[str]) -> str | None:
    """The tooltip for an item with these unconfirmed facts of the assistant's, or None."""
    return _reason(UNVERIFIED, {ITEM.marked_as(field) for field in fields})


def _reason(what: str, fields: Collection[str]) -> str | None:
    """ "Changed by the assistant: time, place", in the person's language."""
    names = [name for field, name in _field_names().items() if field in fields]
    if not names:
        return None
    return translate("ItineraryModel", "{what}: {fields}").format(
        what=shown(what), fields=", ".join(names)
    )


_DISPLAY = Qt.ItemDataRole.DisplayRole
_TOOLTIP = Qt.ItemDataRole.ToolTipRole
_ACCESSIBLE_TEXT = Qt.ItemDataRole.AccessibleTextRole
_ACCESSIBLE_DESCRIPTION = Qt.ItemDataRole.AccessibleDescriptionRole
_BACKGROUND = Qt.ItemDataRole.BackgroundRole
_FOREGROUND = Qt.ItemDataRole.ForegroundRole
_FONT = Qt.ItemDataRole.FontRole
_DECORATION = Qt.ItemDataRole.DecorationRole

_DAY_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_ITEM_FLAGS = _DAY_FLAGS | Qt.ItemFlag.ItemNeverHasChildren

_Cells = dict[int, tuple[Any, ...]]
"""A row's values: role → one value per column (None where nothing is shown)."""


class ItineraryModel(QStandardItemModel):
    """Days and their items. Each row's values are kept beside it (`_Cells`), so `set_days`
    writes only what changed."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(0, _NCOL, parent)
        self.setHorizontalHeaderLabels([shown(column) for column in COLUMNS])
        self._days: list[DayGroup] = []
        self._unseen: dict[str, str] = {}
        """Item id → why it is marked."""
        self._unverified: dict[str, str] = {}
        """Item id → which of its facts nobody confirmed."""
        self._bold = QFont()
        self._bold.setBold(True)
        self._day_cells: list[_Cells] = []
        self._item_cells: list[list[_Cells]] = []
        self._zones: TripZones = NO_STOPS
        """The trip's zones; times in another zone than the day's name theirs."""
        self._marks: ProblemMarks = NO_MARKS
        self._icon_of: Callable[[Severity], QIcon | None] = _no_icon
        self.lock_icon = QIcon()
        """The padlock locked rows show (the view sets it from its palette)."""
        self._locked_items: frozenset[str] = frozenset()
        self._locked_days: frozenset[date] = frozenset()
        self._day_inputs: list[tuple[object, ...]] = []
        """What each day's rows were last written from (`_inputs_of_day`)."""
        self._shared_inputs: tuple[object, ...] = ()

    @property
    def days(self) -> tuple[DayGroup, ...]:
        return tuple(self._days)

    def set_days(
        self,
        days: Sequence[DayGroup],
        unseen: Mapping[str, frozenset[str]] | None = None,
        *,
        zones: TripZones = NO_STOPS,
        unverified: Mapping[str, Sequence[str]] | None = None,
        locked_items: frozenset[str] = frozenset(),
        locked_days: frozenset[date] = frozenset(),
    ) -> bool:
        """Show `days`; True when the rows were rebuilt (the days changed), False when applied
        as row changes (expansion, selection and scrolling survive)."""
        self._unverified = {
            item_id: reason
            for item_id, fields in (unverified or {}).items()
            if (reason := unverified_reason(fields)) is not None
        }
        self._zones = zones
        self._locked_items = locked_items
        self._locked_days = locked_days
        reasons: dict[str, str] = {}
        for item_id, fields in (unseen or {}).items():
            if (reason := unseen_reason(fields)) is not None:
                reasons[item_id] = reason
        days = list(days)
        self._unseen = reasons
        shared = (zones, mark_tint().rgba(), colour(Tone.UNVERIFIED).rgba(), self._marks)
        if shared != self._shared_inputs:
            self._shared_inputs = shared
            self._day_inputs = []
        if [group.day for group in days] != [group.day for group in self._days]:
            self.removeRows(0, self.rowCount())
            self._days = days
            self._day_cells = [self._cells_of_day(group) for group in days]
            self._item_cells = [
                [
                    self._cells_of_item(i, group.role_of(n), group.day)
                    for n, i in enumerate(group.items)
                ]
                for group in days
            ]
            for cells, item_cells in zip(self._day_cells, self._item_cells, strict=True):
                row = _row(cells, _DAY_FLAGS)
                for child in item_cells:
                    row[0].appendRow(_row(child, _ITEM_FLAGS))
                self.appendRow(row)
            self._day_inputs = [self._inputs_of_day(group) for group in days]
            return True
        if len(self._day_inputs) != len(days):
            self._day_inputs = [() for _ in days]
        for day_row, group in enumerate(days):
            inputs = self._inputs_of_day(group)
            if inputs != self._day_inputs[day_row]:  # A day that reads the same is skipped.
                self._sync_day(day_row, group)
                self._day_inputs[day_row] = inputs
        return False

    def _inputs_of_day(self, group: DayGroup) -> tuple[object, ...]:
        """What a day's rows are computed from beyond `_shared_inputs`: its items, and their
        unseen, unverified and locked states."""
        return (
            group,
            group.day in self._locked_days,
            tuple(
                (self._unseen.get(i.id), self._unverified.get(i.id), i.id in self._locked_items)
                for i in group.items
            ),
        )

    def _sync_day(self, day_row: int, group: DayGroup) -> None:
        day_item = self.item(day_row, 0)
        items = list(self._days[day_row].items)
        cells = self._item_cells[day_row]
        wanted = {item.id for item in group.items}
        for row in reversed(range(len(items))):
            if items[row].id not in wanted:
                del items[row]
                del cells[row]
                day_item.removeRow(row)
        for target, item in enumerate(group.items):
            current = next((n for n in range(target, len(items)) if items[n].id == item.id), None)
            fresh = self._cells_of_item(item, group.role_of(target), group.day)
            if current is None:
                items.insert(target, item)
                cells.insert(target, fresh)
                day_item.insertRow(target, _row(fresh, _ITEM_FLAGS))
                continue
            if current != target:  # Rows before `target` are settled, so current > target.
                items.insert(target, items.pop(current))
                cells.insert(target, cells.pop(current))
                day_item.insertRow(target, day_item.takeRow(current))
            items[target] = item
            _update(day_item, target, cells[target], fresh)
            cells[target] = fresh
        self._days[day_row] = group
        fresh_day = self._cells_of_day(group)
        _update(self.invisibleRootItem(), day_row, self._day_cells[day_row], fresh_day)
        self._day_cells[day_row] = fresh_day

    def set_marks(
        self, marks: ProblemMarks, icon_of: Callable[[Severity], QIcon | None] | None = None
    ) -> None:
        """Mark the rows the plan's problems are about in place, rewriting only changed marks
        (a long trip has a thousand rows), or every marked row with new icons."""
        before = self._marks
        if icon_of is None:
            items = {
                k
                for k in before.items.keys() | marks.items.keys()
                if _moved(before.items, marks.items, k)
            }
            days = {
                k
                for k in before.days.keys() | marks.days.keys()
                if _moved(before.days, marks.days, k)
            }
        else:
            self._icon_of = icon_of
            items = set(before.items.keys() | marks.items.keys())
            days = set(before.days.keys() | marks.days.keys())
        self._marks = marks
        root = self.invisibleRootItem()
        for day_row, group in enumerate(self._days):
            if group.day in days:
                fresh_day = self._cells_of_day(group)
                _update(root, day_row, self._day_cells[day_row], fresh_day)
                self._day_cells[day_row] = fresh_day
            day_item = self.item(day_row, 0)
            cells = self._item_cells[day_row]
            for row, item in enumerate(group.items):
                if item.id in items:
                    fresh = {**cells[row], **self._words_of_item(item, cells[row][_DISPLAY])}
                    _update(day_item, row, cells[row], fresh)
                    cells[row] = fresh

    def time_texts(self) -> frozenset[str]:
        """Every text the Time column shows (read from Python, not through Qt calls)."""
        return frozenset(
            cells[_DISPLAY][0] for day_cells in self._item_cells for cells in day_cells
        )

    def is_unseen(self, item_id: str) -> bool:
        return item_id in self._unseen

    def is_unverified(self, item_id: str) -> bool:
        return item_id in self._unverified

    def mark_seen(self, item_id: str) -> None:
        if self._unseen.pop(item_id, None) is None:
            return
        index = self.index_of_item(item_id)
        if index.isValid():
            day_row, row = index.parent().row(), index.row()
            group = self._days[day_row]
            fresh = self._cells_of_item(group.items[row], group.role_of(row), group.day)
            day_item = self.item(day_row, 0)
            _update(day_item, row, self._item_cells[day_row][row], fresh)
            self._item_cells[day_row][row] = fresh

    def item_at(self, index: AnyIndex) -> ItineraryItemRecord | None:
        if not index.isValid() or index.model() is not self:
            return None
        parent = index.parent()
        if not parent.isValid() or parent.row() >= len(self._days):
            return None
        items = self._days[parent.row()].items
        return items[index.row()] if index.row() < len(items) else None

    def day_at(self, index: AnyIndex) -> date | None:
        """The day of a day row or of an item row."""
        if not index.isValid() or index.model() is not self:
            return None
        parent = index.parent()
        row = parent.row() if parent.isValid() else index.row()
        return self._days[row].day if row < len(self._days) else None

    def index_of_item(self, item_id: str, column: int = 0) -> QModelIndex:
        for day_row, group in enumerate(self._days):
            for row, item in enumerate(group.items):
                if item.id == item_id:
                    return self.index(row, column, self.index(day_row, 0))
        return QModelIndex()

    def index_of_day(self, day: date) -> QModelIndex:
        for row, group in enumerate(self._days):
            if group.day == day:
                return self.index(row, 0)
        return QModelIndex()

    def _cells_of_day(self, group: DayGroup) -> _Cells:
        count = len(group.items)
        label = counted(
            count,
            translate("ItineraryModel", "{day}, 1 item"),
            translate("ItineraryModel", "{day}, {count} items"),
            day=group.heading,
        )
        mark = self._marks.days.get(group.day)
        locked = group.day in self._locked_days
        if locked:
            label += f", {shown(LOCKED_TEXT)}"
        cells: _Cells = {
            DAY_ROLE: (group.day,) * _NCOL,
            _DISPLAY: (group.heading, None, None, None),
            _ACCESSIBLE_TEXT: (label, None, None, None),
            _FONT: (self._bold, None, None, None),
            _DECORATION: (self.lock_icon if locked else None, None, None, None),
            _TOOLTIP: (_day_locked() if locked else None, None, None, None),
            LOCKED_ROLE: (locked,) * _NCOL,
        }
        if mark is not None:  # Its icon in place of the padlock; the words say both.
            label += f", {count_text(len(mark.lines)).lower()}"
            cells[_ACCESSIBLE_TEXT] = (label, None, None, None)
            cells[_ACCESSIBLE_DESCRIPTION] = (mark.spoken, None, None, None)
            cells[_TOOLTIP] = (mark.text, None, None, None)
            cells[_DECORATION] = (self._icon_of(mark.severity), None, None, None)
            cells[PROBLEM_ROLE] = (mark.severity,) * _NCOL
        return cells

    def _cells_of_item(self, item: ItineraryItemRecord, role: DayRole, day: date) -> _Cells:
        reason = self._unseen.get(item.id)
        doubt = self._unverified.get(item.id)
        texts = (
            shown(when_text(self._zones.read(item), role, self._zones.on(day))),
            shown(title_text(item)),
            place_text(item),
            shown(details_text(item)),
        )
        ink = colour(Tone.UNVERIFIED) if doubt else None
        locked = item.id in self._locked_items
        return {
            _DISPLAY: texts,
            _ACCESSIBLE_TEXT: (
                None,
                f"{texts[1]}, {shown(LOCKED_TEXT)}" if locked else None,
                None,
                None,
            ),
            LOCKED_ROLE: (locked,) * _NCOL,
            _BACKGROUND: (mark_tint() if reason else None,) * _NCOL,
            _FOREGROUND: (ink, None, None, ink),
            UNVERIFIED_ROLE: (doubt is not None,) * _NCOL,
            ITEM_ID_ROLE: (item.id,) * _NCOL,
            DAY_ROLE: (item.day,) * _NCOL,
            UNSEEN_ROLE: (reason is not None,) * _NCOL,
            **self._words_of_item(item, texts),
        }

    def _words_of_item(self, item: ItineraryItemRecord, texts: tuple[Any, ...]) -> _Cells:
        """What a row says beyond its text: marks and problems in words, and the worst
        problem's icon (cheap to redo, so new problems rewrite only these)."""
        reason = self._unseen.get(item.id)
        doubt = self._unverified.get(item.id)
        mark = self._marks.items.get(item.id)
        # Unmarked, the title and place show in full as tooltips (a narrow column cuts them
        # short); the notes' tooltip keeps their line breaks.
        problems = mark.text if mark is not None else None
        tip = "\n".join(part for part in (reason, doubt, problems) if part) or None
        notes = "\n".join(part for part in (tip, shown(booking_text(item)), item.notes) if part)
        spoken = " ".join(part for part in (reason, doubt, mark and mark.spoken) if part) or None
        icon = self._icon_of(mark.severity) if mark is not None else None
        padlock = self.lock_icon if item.id in self._locked_items else None
        return {
            _TOOLTIP: (tip, tip or texts[1], tip or texts[2] or None, notes or None),
            _ACCESSIBLE_DESCRIPTION: (spoken,) * _NCOL,
            _DECORATION: (padlock, icon, None, None),
            PROBLEM_ROLE: (mark.severity if mark is not None else None,) * _NCOL,
        }


def _row(cells: _Cells, flags: Qt.ItemFlag) -> list[QStandardItem]:
    """A new row of items holding `cells`."""
    row = []
    for column in range(_NCOL):
        item = QStandardItem()
        item.setFlags(flags)
        for role, values in cells.items():
            if values[column] is not None:
                item.setData(values[column], role)
        row.append(item)
    return row


def _update(parent: QStandardItem, row: int, old: _Cells, new: _Cells) -> None:
    """Write the values of `new` that differ from `old` into `parent`'s child row `row`."""
    if old == new:
        return
    for role in old.keys() | new.keys():
        before = old.get(role, (None,) * _NCOL)
        after = new.get(role, (None,) * _NCOL)
        for column in range(_NCOL):
            if before[column] != after[column]:
                parent.child(row, column).setData(after[column], role)


def _day_locked() -> str:
    return translate("ItineraryModel", "Day locked: the assistant cannot change it")


def _no_icon(severity: Severity) -> QIcon | None:
    return None


def _moved(before: Mapping[Any, Mark], after: Mapping[Any, Mark], key: object) -> bool:
    """Whether the mark of `key` differs between two sets of marks."""
    return before.get(key) != after.get(key)
