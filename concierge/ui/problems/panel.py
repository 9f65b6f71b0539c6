"""The Problems list: what the plan checks find in the selected trip, most serious first.

It checks nothing itself: it shows each run `TripChecks` publishes on the bus, the same run
an assistant tool reports. `step` walks the list for F8/Shift+F8.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeView,
    QWidget,
)

from concierge.store import ChangeBus
from concierge.text import QT_TRANSLATE_NOOP
from concierge.travel.checks import Problem, Severity, TripChecks, TripProblems
from concierge.ui.colours import follow_palette
from concierge.ui.i18n import translate
from concierge.ui.views.layouts import note_label, vbox
from concierge.ui.views.trip_view import TripView
from concierge.ui.views.words import counted

from .icons import SeverityIcons, worst
from .marks import count_text
from .model import ProblemsModel


def severity_count(severity: Severity, count: int) -> str:
    """ "1 error", "3 warnings", "2 notes"."""
    if severity == "error":
        return counted(
            count, translate("Problems", "1 error"), translate("Problems", "{count} errors")
        )
    if severity == "warning":
        return counted(
            count, translate("Problems", "1 warning"), translate("Problems", "{count} warnings")
        )
    return counted(count, translate("Problems", "1 note"), translate("Problems", "{count} notes"))


class _Wrapping(QStyledItemDelegate):
    """Rows as tall as their sentence wrapped to the Problem column (Qt's tree view measures
    a row's text on one line, and cuts it short)."""

    def __init__(self, view: QTreeView) -> None:
        super().__init__(view)
        self._view = view

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        size = super().sizeHint(option, index)
        if index.column() != 0:
            return size
        style = self._view.style()
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self._view) + 1
        icon = self._view.iconSize().width() if self._view.iconSize().isValid() else 16
        width = self._view.header().sectionSize(0) - icon - 4 * margin
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        flags = int(Qt.TextFlag.TextWordWrap)
        bound = option.fontMetrics.boundingRect(QRect(0, 0, max(width, 20), 1 << 20), flags, text)
        return QSize(size.width(), max(size.height(), bound.height() + 2 * margin))


class ProblemsPanel(TripView[TripProblems]):
    """The selected trip's problems (`set_trip`); `problems_changed` carries each new list."""

    problems_changed = Signal(object)
    """The trip's problems after a check (a tuple of `Problem`, possibly empty)."""
    jump_requested = Signal(object)
    """The person asked to go to what this `Problem` is about."""

    view_name = "problems"
    object_name = "problemsPanel"
    accessible_name = QT_TRANSLATE_NOOP("Problems", "Problems")

    def __init__(self, checks: TripChecks, bus: ChangeBus, parent: QWidget | None = None) -> None:
        super().__init__(bus.news(TripProblems), parent)
        self.checks = checks
        self._unfollow: Callable[[], None] | None = None
        self._icons = SeverityIcons()
        self.loaded = False
        """The list shows a finished check of the current trip."""
        self.model = ProblemsModel(self.icon, self)
        self.view = QTreeView(self)
        self.view.setObjectName("problemsList")
        self.view.setAccessibleName(translate("Problems", "Problems"))
        self.view.setModel(self.model)
        self.view.setRootIsDecorated(False)
        self.view.setWordWrap(True)
        self.view.setAllColumnsShowFocus(True)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        header = self.view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.view.setItemDelegate(_Wrapping(self.view))
        # Rows wrap their sentence to the column's width: lay them out again when it changes.
        header.sectionResized.connect(lambda *_: self.view.doItemsLayout())
        self.view.activated.connect(self._activated)  # Enter, and a double-click.
        self.summary = QLabel(self)
        self.summary.setObjectName("problemsSummary")
        self.summary.setWordWrap(True)
        self.placeholder = note_label(
            translate("Problems", "Select a trip to see the problems in its plan."), self
        )
        self.body = vbox(self, self.summary, self.view, grow=self.view)
        self.stack = self.stack_pages(self.placeholder, self.body)
        self.setFocusProxy(self.view)
        follow_palette(self, self._paint_icons)

    @property
    def problems(self) -> tuple[Problem, ...]:
        return self.model.problems

    def icon(self, severity: Severity) -> QIcon:
        """The severity's icon in this panel's palette."""
        return self._icons.of(severity, self.palette())

    def worst(self) -> Severity | None:
        return worst(problem.severity for problem in self.problems)

    def current_row(self) -> int | None:
        index = self.view.currentIndex()
        return index.row() if index.isValid() else None

    def current_problem(self) -> Problem | None:
        row = self.current_row()
        return self.problems[row] if row is not None and row < len(self.problems) else None

    def step(self, delta: int) -> Problem | None:
        """Make the next (+1) or previous (−1) problem current, round the list's ends."""
        count = len(self.problems)
        if not count:
            return None
        row = self.current_row()
        target = (0 if delta > 0 else count - 1) if row is None else (row + delta) % count
        self._make_current(target)
        return self.problems[target]

    def take_focus(self) -> None:
        """Focus the list, its current problem (or the first) selected."""
        if self.problems and self.current_row() is None:
            self._make_current(0)
        self.view.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def set_trip(self, trip_id: str | None) -> None:
        """Show `trip_id`, which the checker then keeps checked after each change."""
        if trip_id != self.trip_id:
            self._stop_following()
            if trip_id is not None:
                self._unfollow = self.checks.follow(trip_id)
        super().set_trip(trip_id)

    def forget(self) -> None:
        self.loaded = False
        self._show(())

    async def before_shutdown(self) -> None:
        self._stop_following()

    def _stop_following(self) -> None:
        if self._unfollow is not None:
            self._unfollow()
            self._unfollow = None

    def show_no_trip(self) -> None:
        self.stack.setCurrentWidget(self.placeholder)

    async def load(self, trip_id: str) -> None:
        found = self.checks.last(trip_id)
        if found is None:
            found = await self.checks.problems(trip_id)
        if trip_id != self.trip_id:
            return
        self.loaded = True
        self.stack.setCurrentWidget(self.body)
        self._show(found)
        self.refreshed.emit()

    def _show(self, problems: tuple[Problem, ...]) -> None:
        if problems == self.problems:
            self._summarise()
            self.problems_changed.emit(problems)  # Checked (or forgotten): the count says.
            return
        current = self.current_problem()
        self.model.set_problems(problems)
        self._summarise()
        if current is not None:
            row = next((n for n, p in enumerate(problems) if p.key == current.key), None)
            if row is not None:
                self._make_current(row)
        self.problems_changed.emit(problems)

    def _summarise(self) -> None:
        if not self.problems:
            self.summary.setText(
                translate("Problems", "No problems found in this plan.")
                if self.loaded
                else translate("Problems", "Checking the plan…")
            )
            return
        counts = [
            severity_count(s, n)
            for s in ("error", "warning", "note")
            if (n := sum(p.severity == s for p in self.problems))
        ]
        hint = translate(
            "Problems", "Enter goes to a problem; F8 and Shift+F8 to the next and the previous."
        )
        self.summary.setText(f"{count_text(len(self.problems))}: {', '.join(counts)}. {hint}")

    def _paint_icons(self) -> None:
        self.model.icons_changed()

    def _make_current(self, row: int) -> None:
        index = self.model.index(row, 0)
        self.view.setCurrentIndex(index)
        self.view.scrollTo(index)

    def _activated(self, index: QModelIndex | QPersistentModelIndex) -> None:
        if index.isValid() and index.row() < len(self.problems):
            self.jump_requested.emit(self.problems[index.row()])
