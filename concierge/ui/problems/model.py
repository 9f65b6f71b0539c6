"""The Problems list's model: one row per problem, answered from the tuple of problems, so a
new list of hundreds of problems costs one reset on the GUI thread, not a row of items each."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QIcon

from concierge.model.values.dates import WEEKDAYS, short_date
from concierge.travel.checks import Problem, Severity
from concierge.ui.i18n import ENGLISH, current_language, shown, translate

from .marks import problem_words

COLUMN_COUNT = 2
KEY_ROLE = Qt.ItemDataRole.UserRole + 1
"""A row's `Problem.key`."""

_Index = QModelIndex | QPersistentModelIndex


def columns() -> tuple[str, str]:
    return translate("Problems", "Problem"), translate("Problems", "Day")


def day_text(day: date | None) -> str:
    """The Day column: "Thu 14 May", or "Whole trip" for a problem of no one day."""
    if day is None:
        return translate("Problems", "Whole trip")
    if current_language() == ENGLISH:
        return f"{WEEKDAYS[day.weekday()][:3]} {short_date(day)}"
    from babel.dates import format_skeleton

    from concierge.travel.locale.app_locale import app_locale

    weekday = QLocale().dayName(day.isoweekday(), QLocale.FormatType.ShortFormat)
    return f"{weekday} {format_skeleton('MMMd', day, locale=app_locale())}"


class ProblemsModel(QAbstractTableModel):
    """The problems in their order (`set_problems`); `icon_of` draws a severity's icon."""

    def __init__(self, icon_of: Callable[[Severity], QIcon], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._problems: tuple[Problem, ...] = ()
        self._icon_of = icon_of

    @property
    def problems(self) -> tuple[Problem, ...]:
        return self._problems

    def set_problems(self, problems: tuple[Problem, ...]) -> None:
        self.beginResetModel()
        self._problems = problems
        self.endResetModel()

    def icons_changed(self) -> None:
        """The palette changed: the views ask for the icons again."""
        if self._problems:
            last = self.index(len(self._problems) - 1, 0)
            roles = [Qt.ItemDataRole.DecorationRole]
            self.dataChanged.emit(self.index(0, 0), last, roles)

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._problems)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else COLUMN_COUNT

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.DisplayRole
            and 0 <= section < COLUMN_COUNT
        ):
            return columns()[section]
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._problems):
            return None
        problem = self._problems[index.row()]
        column = index.column()
        if role == KEY_ROLE:
            return problem.key
        if role == Qt.ItemDataRole.DisplayRole:
            return shown(problem.text) if column == 0 else day_text(problem.day)
        if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole):
            return problem_words(problem) if column == 0 else day_text(problem.day)
        if role == Qt.ItemDataRole.DecorationRole and column == 0:
            return self._icon_of(problem.severity)
        return None
