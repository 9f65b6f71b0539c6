"""Token usage per model call, as a table model: how much of each prompt the cache reused."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from concierge.agent import Usage
from concierge.text import QT_TRANSLATE_NOOP
from concierge.ui.chat.counts import grouped, percent
from concierge.ui.i18n import shown, translate

_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()

HEADERS = (
    QT_TRANSLATE_NOOP("UsageTable", "Call"),
    QT_TRANSLATE_NOOP("UsageTable", "Prompt"),
    QT_TRANSLATE_NOOP("UsageTable", "Cached"),
    QT_TRANSLATE_NOOP("UsageTable", "Share"),
    QT_TRANSLATE_NOOP("UsageTable", "Output"),
)
"""One word each: five columns share a side panel a third of a 1,024-pixel screen wide.
The tooltips (and the group title) say what they count."""
TOOLTIPS = (
    QT_TRANSLATE_NOOP(
        "UsageTable",
        "Model call number (iteration) within its request; summary requests of compaction "
        "are marked",
    ),
    QT_TRANSLATE_NOOP("UsageTable", "Prompt tokens"),
    QT_TRANSLATE_NOOP("UsageTable", "Prompt tokens the server reused from its cache"),
    QT_TRANSLATE_NOOP("UsageTable", "Cached share: the part of the prompt served from the cache"),
    QT_TRANSLATE_NOOP("UsageTable", "Completion tokens: what the model wrote"),
)
MAX_ROWS = 1000
"""Oldest rows are dropped beyond this, so a long session does not grow without bound."""


@dataclass(frozen=True, slots=True)
class UsageRow:
    iteration: int
    usage: Usage
    summary: bool = False
    """A request that summarized older messages (compaction), not a conversation call."""


class UsageTableModel(QAbstractTableModel):
    """One row per model call, newest last. Numbers are right-aligned; share is a percentage."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[UsageRow] = []

    @property
    def rows(self) -> tuple[UsageRow, ...]:
        return tuple(self._rows)

    def add(self, iteration: int, usage: Usage, *, summary: bool = False) -> None:
        if len(self._rows) >= MAX_ROWS:
            self.beginRemoveRows(_ROOT, 0, 0)
            del self._rows[0]
            self.endRemoveRows()
        row = len(self._rows)
        self.beginInsertRows(_ROOT, row, row)
        self._rows.append(UsageRow(iteration, usage, summary))
        self.endInsertRows()

    def clear(self) -> None:
        self.beginResetModel()
        self._rows.clear()
        self.endResetModel()

    def totals(self) -> Usage:
        return Usage(
            prompt_tokens=sum(r.usage.prompt_tokens for r in self._rows),
            completion_tokens=sum(r.usage.completion_tokens for r in self._rows),
            cached_tokens=sum(r.usage.cached_tokens for r in self._rows),
        )

    def rowCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(HEADERS)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or index.row() >= len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return _display(row, column)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        if role == Qt.ItemDataRole.UserRole:
            return _value(row, column)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation == Qt.Orientation.Horizontal:
            if not 0 <= section < len(HEADERS):
                return None
            if role == Qt.ItemDataRole.DisplayRole:
                return shown(HEADERS[section])
            if role == Qt.ItemDataRole.ToolTipRole:
                return shown(TOOLTIPS[section])
            return None
        return str(section + 1) if role == Qt.ItemDataRole.DisplayRole else None


def _value(row: UsageRow, column: int) -> float | int | None:
    usage = row.usage
    values: tuple[float | int, ...] = (
        row.iteration,
        usage.prompt_tokens,
        usage.cached_tokens,
        usage.cached_share,
        usage.completion_tokens,
    )
    return values[column] if 0 <= column < len(values) else None


def _display(row: UsageRow, column: int) -> str | None:
    value = _value(row, column)
    if value is None:
        return None
    if column == 0 and row.summary:
        return translate("UsageTable", "{call} · summary").format(call=value)
    if column == 3:
        return percent(value) if row.usage.prompt_tokens else "—"
    return grouped(value)
