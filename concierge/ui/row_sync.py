"""Bringing a list model's rows in step with a fresh read of the store without a reset, so
the views' selection, current row and open editor survive it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from PySide6.QtCore import QAbstractItemModel, QModelIndex

_ROOT = QModelIndex()


class Identified(Protocol):
    @property
    def id(self) -> str: ...


T = TypeVar("T", bound=Identified)


def sync_rows(
    model: QAbstractItemModel,
    rows: list[T],
    records: Sequence[T],
    kept: Callable[[int, T, T], None],
) -> None:
    """Make `rows` (what `model` shows) equal `records` with the fewest structural changes;
    `kept(row, shown, record)` is called for every record that was already shown."""
    wanted = {record.id for record in records}
    for row in reversed(range(len(rows))):
        if rows[row].id not in wanted:
            model.beginRemoveRows(_ROOT, row, row)
            del rows[row]
            model.endRemoveRows()
    for target, record in enumerate(records):
        current = next((row for row, shown in enumerate(rows) if shown.id == record.id), None)
        if current is None:
            model.beginInsertRows(_ROOT, target, target)
            rows.insert(target, record)
            model.endInsertRows()
            continue
        if current != target:  # Rows before `target` are settled, so current > target.
            model.beginMoveRows(_ROOT, current, current, _ROOT, target)
            rows.insert(target, rows.pop(current))
            model.endMoveRows()
        shown = rows[target]
        rows[target] = record
        kept(target, shown, record)
