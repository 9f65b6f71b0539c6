"""A date that may be unset: a QDateEdit with a calendar popup showing "Not set", and a
clear button beside it.

Qt has no empty date, so the edit's minimum date stands for "not set" and is shown as the
special value text. Stepping or opening the calendar from "Not set" starts at a sensible
date (today, or the other end of the trip) instead of the sentinel year.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from PySide6.QtCore import QDate, QEvent, QObject, Signal
from PySide6.QtWidgets import QDateEdit, QHBoxLayout, QStyle, QToolButton, QWidget

NOT_SET = "Not set"
UNSET = QDate(1900, 1, 1)
DISPLAY_FORMAT = "d MMM yyyy"
"""No weekday section: Qt steps a weekday only within its week, so Down on a Monday
would do nothing. The form shows the weekday in the hint under the field instead."""


def qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


class OptionalDateEdit(QDateEdit):
    """`value()` is a `date` or None; `set_value` accepts either."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setCalendarPopup(True)
        self.setDisplayFormat(DISPLAY_FORMAT)
        self.setMinimumDate(UNSET)
        self.setSpecialValueText(NOT_SET)
        self.fallback: Callable[[], date] = date.today
        """Where stepping or the calendar starts from "Not set"."""
        self.setDate(UNSET)
        self.calendarWidget().installEventFilter(self)

    def value(self) -> date | None:
        current = self.date()
        if current == UNSET:
            return None
        return date(current.year(), current.month(), current.day())

    def set_value(self, value: date | None) -> None:
        self.setDate(UNSET if value is None else qdate(value))

    def stepBy(self, steps: int) -> None:
        if self.date() == UNSET:
            self.setDate(qdate(self.fallback()))
            return
        super().stepBy(steps)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        calendar = self.calendarWidget()
        if watched is calendar and event.type() == QEvent.Type.Show and self.date() == UNSET:
            start = self.fallback()
            calendar.setCurrentPage(start.year, start.month)
        return super().eventFilter(watched, event)


class DateField(QWidget):
    """An `OptionalDateEdit` and its clear button; `cleared` when the person clears it."""

    cleared = Signal()

    def __init__(self, label: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.edit = OptionalDateEdit(self)
        self.edit.setAccessibleName(label)
        self.clear_button = QToolButton(self)
        self.clear_button.setIcon(
            self.style().standardIcon(QStyle.StandardPixmap.SP_LineEditClearButton)
        )
        name = f"Clear {label[0].lower()}{label[1:]}"
        self.clear_button.setToolTip(name)
        self.clear_button.setAccessibleName(name)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.edit, 1)
        layout.addWidget(self.clear_button)
        self.setFocusProxy(self.edit)
        self.clear_button.clicked.connect(self._clear)
        self.edit.dateChanged.connect(self._update_button)
        self._update_button()

    def value(self) -> date | None:
        return self.edit.value()

    def set_value(self, value: date | None) -> None:
        self.edit.set_value(value)

    def _clear(self) -> None:
        self.edit.set_value(None)
        self.cleared.emit()

    def _update_button(self) -> None:
        self.clear_button.setEnabled(self.edit.value() is not None)
