"""A table model over store records with ids (goals, pins), kept in step with fresh reads.
Editing asks with `edit_requested`; the next `sync` shows what the store kept."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    Qt,
    Signal,
)

from concierge.store import CREATED
from concierge.ui.colours import mark_tint
from concierge.ui.i18n import shown
from concierge.ui.model_index import ROOT, AnyIndex
from concierge.ui.row_sync import Identified, sync_rows
from concierge.ui.views.marks import added_by, changed_by

ID_ROLE = Qt.ItemDataRole.UserRole + 1


R = TypeVar("R", bound=Identified)


def unseen_reason(fields: frozenset[str], named: Mapping[str, str]) -> str | None:
    """The tooltip for a row with these unseen changes (the assistant's or another program's),
    or None (no mark). `named` says what each field that deserves a mark is called."""
    if CREATED in fields:
        return shown(added_by(fields))
    names = [shown(name) for field, name in named.items() if field in fields]
    return f"{shown(changed_by(fields))}: {', '.join(names)}" if names else None


class RecordTableModel(QAbstractTableModel, Generic[R]):
    """Records in the store's order; subclasses say what each column shows."""

    edit_requested = Signal(str, str)
    """(record id, new text): the person finished editing the first column."""

    columns: Sequence[str] = ()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._records: list[R] = []
        self._unseen: dict[str, str] = {}

    def text(self, record: R, column: int) -> str:
        """What `column` shows for `record`; column 0 is the editable text."""
        raise NotImplementedError

    def tooltip(self, record: R) -> str:
        """More about the row, for its tooltip and its accessible text."""
        return ""

    def check_state(self, record: R) -> Qt.CheckState | None:
        """The first column's check box, if the rows have one."""
        return None

    @property
    def records(self) -> tuple[R, ...]:
        return tuple(self._records)

    def record_at(self, row: int) -> R | None:
        return self._records[row] if 0 <= row < len(self._records) else None

    def row_of(self, record_id: str) -> int | None:
        for row, record in enumerate(self._records):
            if record.id == record_id:
                return row
        return None

    def index_of(self, record_id: str, column: int = 0) -> QModelIndex:
        row = self.row_of(record_id)
        return QModelIndex() if row is None else self.index(row, column)

    def is_unseen(self, record_id: str) -> bool:
        return record_id in self._unseen

    def mark_seen(self, record_id: str) -> None:
        if self._unseen.pop(record_id, None) is not None:
            self._changed(record_id)

    def replace(self, record: R, **changes: Any) -> None:
        """Show a change at once, before the store confirms it (e.g. a ticked box)."""
        row = self.row_of(record.id)
        if row is not None:
            self._records[row] = dataclasses.replace(record, **changes)  # type: ignore[type-var]
            self._changed(record.id)

    def sync(self, records: Sequence[R], unseen: Mapping[str, str] | None = None) -> None:
        """Make the rows equal `records`; `unseen` gives the reason to mark a record by id."""
        marks_before = self._unseen
        self._unseen = dict(unseen or {})

        def kept(row: int, shown: R, record: R) -> None:
            mark_changed = marks_before.get(record.id) != self._unseen.get(record.id)
            if shown != record or mark_changed:
                self._changed(record.id)

        sync_rows(self, self._records, records, kept)

    def rowCount(self, parent: AnyIndex = ROOT) -> int:
        return 0 if parent.isValid() else len(self._records)

    def columnCount(self, parent: AnyIndex = ROOT) -> int:
        return 0 if parent.isValid() else len(self.columns)

    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> object:
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.DisplayRole
            and 0 <= section < len(self.columns)
        ):
            return shown(self.columns[section])
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        record = self.record_at(index.row()) if index.isValid() else None
        if record is None:
            return None
        column = index.column()
        reason = self._unseen.get(record.id)
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self.text(record, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            parts = [self.text(record, 0), self.tooltip(record), reason or ""]
            return "\n".join(part for part in parts if part)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            parts = [self.text(record, column)]
            if column == 0:
                parts += [self.tooltip(record), reason or ""]
            return ", ".join(part for part in parts if part)
        if role == Qt.ItemDataRole.BackgroundRole:
            return mark_tint() if reason else None
        if role == Qt.ItemDataRole.CheckStateRole and column == 0:
            return self.check_state(record)
        if role == ID_ROLE:
            return record.id
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = (
            Qt.ItemFlag.ItemIsEnabled
            | Qt.ItemFlag.ItemIsSelectable
            | Qt.ItemFlag.ItemNeverHasChildren
        )
        if index.column() == 0:
            flags |= Qt.ItemFlag.ItemIsEditable
            if self.check_state(self._records[index.row()]) is not None:
                flags |= Qt.ItemFlag.ItemIsUserCheckable
        return flags

    def setData(self, index: AnyIndex, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """New text from the view's editor: handed on with `edit_requested` (blank text
        too, so the store can say why it is refused)."""
        record = self.record_at(index.row()) if index.isValid() else None
        if record is None or index.column() != 0 or role != Qt.ItemDataRole.EditRole:
            return False
        if not isinstance(value, str) or value.strip() == self.text(record, 0):
            return False
        self.edit_requested.emit(record.id, value)
        return True

    def _changed(self, record_id: str) -> None:
        row = self.row_of(record_id)
        if row is not None:
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(self.columns) - 1))
