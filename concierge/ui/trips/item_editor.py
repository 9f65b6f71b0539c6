"""The small dialog to add or edit one itinerary item.

It only collects values: the itinerary view writes them and either closes the dialog or
shows the store's reason under the fields, so nothing typed is lost to a refusal. Open it
with `open()` (never `exec()`: no nested event loop inside a coroutine).
"""

from __future__ import annotations

import itertools
import re
from datetime import date

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from concierge.store import ItineraryItemRecord
from concierge.ui.colours import Tone, tint

from .date_field import DISPLAY_FORMAT, qdate

_TIME = re.compile(r"(?P<hour>\d{1,2})[:.h]?(?P<minute>\d{2})")


def normalize_time(text: str) -> str | None:
    """ "930", "9:30", "9.30", "9h30" → "09:30"; blank → None; anything else as typed, for
    the store to explain."""
    typed = text.strip()
    if not typed:
        return None
    if match := _TIME.fullmatch(typed):
        return f"{int(match['hour']):02d}:{match['minute']}"
    return typed


class ItemEditor(QDialog):
    """`save_requested(values)` when the person clicks Save; the view answers with
    `accept()` or `show_error(field, message)`."""

    save_requested = Signal(object)

    def __init__(
        self,
        parent: QWidget | None,
        *,
        day: date,
        item: ItineraryItemRecord | None = None,
        timezone: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.item = item
        heading = "Add item" if item is None else "Edit item"
        self.setWindowTitle(heading)
        self.setAccessibleName(heading)
        self.day_edit = QDateEdit(self)
        self.day_edit.setCalendarPopup(True)
        self.day_edit.setDisplayFormat(DISPLAY_FORMAT)
        self.day_edit.setDate(qdate(item.day if item else day))
        self.time_edit = QLineEdit(self)
        self.time_edit.setPlaceholderText("Optional, e.g. 09:30")
        self.title_edit = QLineEdit(self)
        self.place_edit = QLineEdit(self)
        self.notes_edit = QPlainTextEdit(self)
        self.notes_edit.setTabChangesFocus(True)
        self.notes_edit.setFixedHeight(72)
        if item is not None:
            self.time_edit.setText(item.start_time.strftime("%H:%M") if item.start_time else "")
            self.title_edit.setText(item.title)
            self.place_edit.setText(item.place)
            self.notes_edit.setPlainText(item.notes)
        zone = item.timezone if item is not None else timezone
        self.time_edit.setToolTip(f"Local time in {zone}" if zone else "Local time")
        self.error_label = QLabel(self)
        self.error_label.setWordWrap(True)
        self.error_label.setTextFormat(Qt.TextFormat.PlainText)
        tint(self.error_label, Tone.ERROR)
        self.error_label.setAccessibleName("Error")
        self.error_label.hide()
        self.buttons = QDialogButtonBox(self)
        self.save_button = QPushButton("Save", self)
        self.save_button.setDefault(True)
        self.cancel_button = QPushButton("Cancel", self)
        self.buttons.addButton(self.save_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.addButton(self.cancel_button, QDialogButtonBox.ButtonRole.RejectRole)

        form = QFormLayout()
        self.fields: dict[str, QWidget] = {
            "day": self.day_edit,
            "start_time": self.time_edit,
            "title": self.title_edit,
            "place": self.place_edit,
            "notes": self.notes_edit,
        }
        for label_text, widget in zip(
            ("Day", "Time", "Title", "Place", "Notes"), self.fields.values(), strict=True
        ):
            label = QLabel(label_text, self)
            label.setBuddy(widget)
            widget.setAccessibleName(label_text)
            form.addRow(label, widget)
        for button in (self.save_button, self.cancel_button):
            button.setAccessibleName(button.text())
        self.form = form
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error_label)
        layout.addWidget(self.buttons)
        self.title_edit.setFocus()
        self.save_button.clicked.connect(self._save)
        self.cancel_button.clicked.connect(self.reject)

    def add_row(self, label_text: str, widget: QWidget) -> None:
        """Another row under the fields (the item's documents), reached by Tab after them."""
        label = QLabel(label_text, self)
        label.setBuddy(widget)
        widget.setAccessibleName(label_text)
        self.form.addRow(label, widget)
        inner = [
            child
            for child in widget.findChildren(QWidget)
            if child.focusPolicy() != Qt.FocusPolicy.NoFocus and child.focusProxy() is None
        ]
        for first, second in itertools.pairwise([self.notes_edit, *inner, self.save_button]):
            QWidget.setTabOrder(first, second)

    def values(self) -> dict[str, object]:
        """What the fields say, in the store's terms."""
        day = self.day_edit.date()
        return {
            "day": date(day.year(), day.month(), day.day()),
            "start_time": normalize_time(self.time_edit.text()),
            "title": self.title_edit.text().strip(),
            "place": self.place_edit.text().strip(),
            "notes": self.notes_edit.toPlainText(),
        }

    def show_error(self, field: str, message: str) -> None:
        """The store refused the values: say why and put the cursor where to fix it."""
        self.set_busy(False)
        self.error_label.setText(message)
        self.error_label.setAccessibleDescription(message)
        self.error_label.show()
        widget = self.fields.get(field)
        if widget is not None:
            widget.setFocus(Qt.FocusReason.OtherFocusReason)

    def set_busy(self, busy: bool) -> None:
        self.save_button.setEnabled(not busy)

    def _save(self) -> None:
        self.set_busy(True)
        self.save_requested.emit(self.values())
