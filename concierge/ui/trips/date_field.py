"""A date that may be unset, typed as text or picked from a calendar, with a clear button.

Unreadable text stays as typed and `read()` returns it as an `UnreadableDate`, so the form
can say what is wrong and lose nothing. Up and Down step a day; Alt+Down or F4 opens the
calendar.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta

from PySide6.QtCore import QDate, Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent
from PySide6.QtWidgets import (
    QCalendarWidget,
    QHBoxLayout,
    QLineEdit,
    QStyle,
    QToolButton,
    QWidget,
)

from concierge.model.values.dates import pattern_example, read_typed_date, short_date
from concierge.model.values.errors import DateTextError
from concierge.text import error_text
from concierge.travel.locale.app_locale import app_locale
from concierge.ui.i18n import ENGLISH, current_language, translate
from concierge.ui.views.date_pattern import local_pattern as local_pattern  # re-exported

DISPLAY_FORMAT = "d MMM yyyy"
"""For QDateEdits (an itinerary item's day). No weekday section: Qt steps a weekday only
within its week, so Down on a Monday would do nothing."""


@dataclass(frozen=True)
class UnreadableDate:
    """Text in a date field that is not a date, and why."""

    text: str
    message: str


def qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


class DateEdit(QLineEdit):
    """`read()` is a `date`, None (empty) or `UnreadableDate`."""

    stepped = Signal()
    popup_requested = Signal()

    def __init__(self, pattern: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.pattern = pattern
        self.fallback: Callable[[], date] = date.today
        """Where stepping or the calendar starts from "Not set"."""
        self.setPlaceholderText(translate("DateField", "Not set"))
        self.setToolTip(
            translate(
                "DateField",
                "Type a date, e.g. 14 May 2026, 2026-05-14 or {example}; "
                "Up and Down change it by a day, Alt+Down opens the calendar",
            ).format(example=pattern_example(pattern))
        )

    def read(self) -> date | UnreadableDate | None:
        text = self.text().strip()
        if not text:
            return None
        try:
            return read_typed_date(text, self.pattern, app_locale())
        except DateTextError as error:
            return UnreadableDate(text, error_text(error))

    def value(self) -> date | None:
        """The date shown, or None when there is none (empty or unreadable)."""
        day = self.read()
        return day if isinstance(day, date) else None

    def set_value(self, value: date | None) -> None:
        self.setText("" if value is None else self.date_text(value))

    def date_text(self, value: date) -> str:
        """How the field writes a date: "10 Apr 2027" in English; in another language the
        locale's numeric form (10/04/2027), which reads back the same, with no English month."""
        if current_language() == ENGLISH or "MMM" in self.pattern:
            return short_date(value)
        return pattern_example(self.pattern, value)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        """Leaving shows the date as it was read ("10/04/2027" becomes "10 Apr 2027") at once,
        not only when the saved trip comes back."""
        super().focusOutEvent(event)
        day = self.read()
        if isinstance(day, date) and event.reason() != Qt.FocusReason.PopupFocusReason:
            self.set_value(day)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key, modifiers = event.key(), event.modifiers()
        if key == Qt.Key.Key_F4 or (
            key == Qt.Key.Key_Down and modifiers & Qt.KeyboardModifier.AltModifier
        ):
            self.popup_requested.emit()
            return
        if key in (Qt.Key.Key_Up, Qt.Key.Key_Down) and not modifiers:
            self._step(1 if key == Qt.Key.Key_Up else -1)
            return
        super().keyPressEvent(event)

    def _step(self, days: int) -> None:
        current = self.read()
        if isinstance(current, UnreadableDate):
            return  # Stepping would throw away what was typed.
        self.set_value(self.fallback() if current is None else current + timedelta(days=days))
        self.stepped.emit()


class DateField(QWidget):
    """A `DateEdit`, a calendar button and a clear button; `cleared` and `picked` mean save now."""

    cleared = Signal()
    picked = Signal()

    def __init__(self, label: str, parent: QWidget | None = None, *, pattern: str = "") -> None:
        super().__init__(parent)
        self.edit = DateEdit(pattern or local_pattern(), self)
        self.edit.setAccessibleName(label)
        lowered = f"{label[0].lower()}{label[1:]}"
        self.calendar_button = QToolButton(self)
        self.calendar_button.setArrowType(Qt.ArrowType.DownArrow)
        self.calendar_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Alt+Down from the edit.
        self.calendar_button.setToolTip(
            translate("DateField", "Choose the {field} in a calendar (Alt+Down)").format(
                field=lowered
            )
        )
        self.calendar_button.setAccessibleName(
            translate("DateField", "Choose {field}").format(field=lowered)
        )
        self.clear_button = QToolButton(self)
        self.clear_button.setIcon(
            self.style().standardIcon(QStyle.StandardPixmap.SP_LineEditClearButton)
        )
        clear = translate("DateField", "Clear {field}").format(field=lowered)
        self.clear_button.setToolTip(clear)
        self.clear_button.setAccessibleName(clear)
        self._calendar: QCalendarWidget | None = None
        self._lowered = lowered
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.edit, 1)
        layout.addWidget(self.calendar_button)
        layout.addWidget(self.clear_button)
        self.setFocusProxy(self.edit)
        self.clear_button.clicked.connect(self._clear)
        self.calendar_button.clicked.connect(self.open_calendar)
        self.edit.popup_requested.connect(self.open_calendar)
        self.edit.textChanged.connect(self._update_button)
        self._update_button()

    @property
    def calendar(self) -> QCalendarWidget:
        """The calendar popup, built when first wanted: it is most of what a field costs to
        build (a stop added in the trip form builds two fields), and most are never opened."""
        if self._calendar is None:
            calendar = QCalendarWidget(self)
            calendar.setWindowFlags(Qt.WindowType.Popup)
            calendar.setAccessibleName(
                translate("DateField", "Calendar for the {field}").format(field=self._lowered)
            )
            calendar.clicked.connect(self._pick)
            calendar.activated.connect(self._pick)
            self._calendar = calendar
        return self._calendar

    def value(self) -> date | None:
        return self.edit.value()

    def read(self) -> date | UnreadableDate | None:
        return self.edit.read()

    def set_value(self, value: date | None) -> None:
        self.edit.set_value(value)

    def open_calendar(self) -> None:
        """Show the calendar under the field at the date shown (or where stepping starts)."""
        start = self.value() or self.edit.fallback()
        self.calendar.setSelectedDate(qdate(start))
        self.calendar.setCurrentPage(start.year, start.month)
        self.calendar.adjustSize()
        self.calendar.move(self.edit.mapToGlobal(self.edit.rect().bottomLeft()))
        self.calendar.show()
        self.calendar.setFocus(Qt.FocusReason.PopupFocusReason)

    def _pick(self, day: QDate) -> None:
        self.calendar.hide()
        self.edit.set_value(date(day.year(), day.month(), day.day()))
        self.window().activateWindow()  # Some platforms leave the closed popup active.
        self.edit.setFocus(Qt.FocusReason.PopupFocusReason)
        self.picked.emit()

    def _clear(self) -> None:
        self.edit.set_value(None)
        self.cleared.emit()

    def _update_button(self) -> None:
        self.clear_button.setEnabled(bool(self.edit.text().strip()))
