"""The dialog to add or edit one itinerary item: its kind, when it starts and ends (local
times in their zones, or all day, or a duration), and the details its kind needs.

It only collects values: the itinerary view writes them and either closes the dialog or
shows the store's reason under the fields, so nothing typed is lost to a refusal. Details
of other kinds are hidden, not cleared: switching a flight to a train and back keeps its
seat. Open it with `open()` (never `exec()`: no nested event loop inside a coroutine).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Collection
from datetime import date, time
from zoneinfo import available_timezones

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from concierge.model.fields import ITEM
from concierge.model.kinds import COMMON_DETAILS, ITEM_KINDS, JOURNEY_DETAILS, VISIT_DETAILS
from concierge.model.values import ClockError, read_duration, read_time, write_time
from concierge.store import ItemKind, ItineraryItemRecord
from concierge.store.validation import ITEM_RULES, text_limit
from concierge.travel.itinerary.item_kinds import DETAIL_FIELDS, field_label
from concierge.ui.colours import Tone, tint
from concierge.ui.i18n import shown, translate
from concierge.ui.views.marks import UNVERIFIED

from .currency_combo import CurrencyCombo
from .date_field import DISPLAY_FORMAT, DateEdit, UnreadableDate, local_pattern, qdate


@functools.cache
def _zones() -> list[str]:
    """The zones to complete, read once when the first dialog opens (listing the zone data
    takes a tenth of a second: not at start-up)."""
    hidden = ("posix/", "right/", "Etc/", "SystemV/")
    return sorted(
        zone for zone in available_timezones() if "/" in zone and not zone.startswith(hidden)
    )


def normalize_zone(text: str) -> str | None:
    """ "tokyo", "asia/tokyo" or "New York" → the zone of that name or city; blank → None;
    anything else as typed, for the store to explain."""
    typed = text.strip()
    if not typed:
        return None
    wanted = typed.casefold().replace(" ", "_")
    for zone in _zones():
        if wanted in (zone.casefold(), zone.rsplit("/", 1)[-1].casefold()):
            return zone
    return typed


def normalize_time(text: str) -> str | None:
    """ "930", "9:30", "9.30", "9h30", "9:30 am" → "09:30"; blank → None; anything else as
    typed, for the store to explain."""
    typed = text.strip()
    if not typed:
        return None
    try:
        return write_time(read_time(typed))
    except ClockError:
        return typed


def parse_duration(text: str) -> int | str | None:
    """ "90" → 90, "1:30", "1h30", "1 h 30 min" → 90, "2h" → 120; blank → None; anything
    else as typed, for the store to explain."""
    typed = text.strip()
    if not typed:
        return None
    try:
        return read_duration(typed)
    except ClockError:
        return typed


def _clock(value: time | None) -> str:
    return write_time(value) if value is not None else ""


def _zone_edit(parent: QWidget, placeholder: str) -> QLineEdit:
    """A zone typed by name, "tokyo" completing to Asia/Tokyo."""
    edit = QLineEdit(parent)
    edit.setPlaceholderText(placeholder)
    completer = QCompleter(_zones(), edit)
    completer.setFilterMode(Qt.MatchFlag.MatchContains)
    completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    edit.setCompleter(completer)
    return edit


class ItemEditor(QDialog):
    """`save_requested(values)` when the person clicks Save; the view answers with
    `accept()` or `show_error(field, message)`. `confirm_requested` when the person confirms
    the facts the assistant set (`mark_unverified`); the view confirms them and clears the
    marks."""

    save_requested = Signal(object)
    confirm_requested = Signal()

    def __init__(
        self,
        parent: QWidget | None,
        *,
        day: date,
        item: ItineraryItemRecord | None = None,
        timezone: str | None = None,
        currency: str = "EUR",
    ) -> None:
        super().__init__(parent)
        self.item = item
        heading = (
            translate("ItemEditor", "Add item")
            if item is None
            else translate("ItemEditor", "Edit item")
        )
        self.setWindowTitle(heading)
        self.setAccessibleName(heading)
        self.kind_combo = QComboBox(self)
        for row in ITEM_KINDS:
            self.kind_combo.addItem(shown(row.label), row.value)
        self.title_edit = QLineEdit(self)
        self.day_edit = QDateEdit(self)
        self.day_edit.setCalendarPopup(True)
        self.day_edit.setDisplayFormat(DISPLAY_FORMAT)
        self.day_edit.setDate(qdate(item.day if item else day))
        self.all_day_check = QCheckBox(translate("ItemEditor", "All day"), self)
        self.time_edit = QLineEdit(self)
        self.time_edit.setPlaceholderText(translate("ItemEditor", "Optional, e.g. 09:30"))
        self.zone_edit = _zone_edit(self, translate("ItemEditor", "Time zone, e.g. Europe/Lisbon"))
        self.end_day_edit = DateEdit(local_pattern(), self)
        self.end_day_edit.setPlaceholderText(translate("ItemEditor", "Same day"))
        self.end_day_edit.fallback = self._day
        self.end_time_edit = QLineEdit(self)
        self.end_time_edit.setPlaceholderText(translate("ItemEditor", "Optional, e.g. 11:00"))
        self.end_zone_edit = _zone_edit(self, translate("ItemEditor", "Same as the start"))
        self.duration_edit = QLineEdit(self)
        self.duration_edit.setPlaceholderText(
            translate("ItemEditor", "Instead of an end, e.g. 1h30")
        )
        self.detail_edits: dict[str, QLineEdit] = {name: QLineEdit(self) for name in DETAIL_FIELDS}
        self.detail_edits["link"].setPlaceholderText(translate("ItemEditor", "https://…"))
        self.detail_edits["hours"].setPlaceholderText(
            translate("ItemEditor", "e.g. 10:00–19:00, closed Mondays")
        )
        self.place_edit = QLineEdit(self)
        self.cost_edit = QLineEdit(self)
        self.cost_edit.setPlaceholderText(translate("ItemEditor", "Optional, e.g. 120.50"))
        self.currency_combo = CurrencyCombo(self)
        self.currency_combo.set_code(currency)
        self.notes_edit = QPlainTextEdit(self)
        self.notes_edit.setTabChangesFocus(True)
        self.notes_edit.setFixedHeight(72)
        self._fill(item, timezone)
        self.error_label = QLabel(self)
        self.error_label.setWordWrap(True)
        self.error_label.setTextFormat(Qt.TextFormat.PlainText)
        tint(self.error_label, Tone.ERROR)
        self.error_label.setAccessibleName(translate("ItemEditor", "Error"))
        self.error_label.hide()
        self.buttons = QDialogButtonBox(self)
        self.save_button = QPushButton(translate("ItemEditor", "Save"), self)
        self.save_button.setDefault(True)
        self.cancel_button = QPushButton(translate("ItemEditor", "Cancel"), self)
        self.confirm_button = QPushButton(translate("ItemEditor", "Confirm details"), self)
        self.confirm_button.setToolTip(
            translate(
                "ItemEditor",
                "Confirm the details the assistant set (marked); editing one confirms it too",
            )
        )
        self.confirm_button.setAutoDefault(False)
        self.confirm_button.hide()
        self._flagged: frozenset[str] = frozenset()
        self.buttons.addButton(self.confirm_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.addButton(self.save_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.addButton(self.cancel_button, QDialogButtonBox.ButtonRole.RejectRole)

        cost_row = QWidget(self)
        cost_layout = QHBoxLayout(cost_row)
        cost_layout.setContentsMargins(0, 0, 0, 0)
        cost_layout.addWidget(self.cost_edit, 1)
        cost_layout.addWidget(self.currency_combo)
        self.currency_combo.setAccessibleName(translate("ItemEditor", "Cost currency"))
        self.fields: dict[str, QWidget] = {
            "kind": self.kind_combo,
            "title": self.title_edit,
            "day": self.day_edit,
            "all_day": self.all_day_check,
            "start_time": self.time_edit,
            "timezone": self.zone_edit,
            "end_day": self.end_day_edit,
            "end_time": self.end_time_edit,
            "end_timezone": self.end_zone_edit,
            "duration_minutes": self.duration_edit,
            **{name: self.detail_edits[name] for name in JOURNEY_DETAILS},
            "place": self.place_edit,
            **{name: self.detail_edits[name] for name in (*VISIT_DETAILS, *COMMON_DETAILS)},
            "cost_amount": self.cost_edit,
            "notes": self.notes_edit,
        }
        """Field → its widget, in the order of the rows (and of Tab)."""
        for name, widget in self.fields.items():
            limit = text_limit(ITEM_RULES[name])
            if isinstance(widget, QLineEdit) and limit is not None:
                widget.setMaxLength(limit)
        self.form = QFormLayout()
        self.labels: dict[str, QLabel] = {}
        for name, widget in self.fields.items():
            label = QLabel(self)
            label.setBuddy(widget)
            self.labels[name] = label
            self.form.addRow(label, cost_row if name == "cost_amount" else widget)
        for button in (self.save_button, self.cancel_button, self.confirm_button):
            button.setAccessibleName(button.text())
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.error_label)
        layout.addWidget(self.buttons)
        order = [*self.fields.values(), self.save_button, self.cancel_button, self.confirm_button]
        order.insert(order.index(self.cost_edit) + 1, self.currency_combo)
        for before, after in itertools.pairwise(order):
            QWidget.setTabOrder(before, after)
        self.kind_combo.currentIndexChanged.connect(self._kind_changed)
        self.all_day_check.toggled.connect(self._all_day_changed)
        self._kind_changed()
        self._all_day_changed()
        self.title_edit.setFocus()
        self.save_button.clicked.connect(self._save)
        self.cancel_button.clicked.connect(self.reject)
        self.confirm_button.clicked.connect(self.confirm_requested)

    def mark_unverified(self, fields: Collection[str]) -> None:
        """Mark the fields holding facts the assistant set that nobody confirmed (their
        labels in `Tone.UNVERIFIED`, the words in tooltip and accessible description), and
        offer Confirm details while there are any."""
        flagged = frozenset(ITEM.marked_as(name) for name in fields) & self.fields.keys()
        for name in flagged ^ self._flagged:
            marked = name in flagged
            tint(self.labels[name], Tone.UNVERIFIED if marked else None)
            widget = self.fields[name]
            widget.setToolTip(shown(UNVERIFIED) if marked else "")
            widget.setAccessibleDescription(shown(UNVERIFIED) if marked else "")
        self._flagged = flagged
        self.confirm_button.setVisible(bool(flagged))

    @property
    def unverified_fields(self) -> frozenset[str]:
        return self._flagged

    def _fill(self, item: ItineraryItemRecord | None, timezone: str | None) -> None:
        if item is None:
            self.zone_edit.setText(timezone or "")
            self.kind_combo.setCurrentIndex(
                self.kind_combo.findData(str(ITEM_RULES["kind"].default))
            )
            return
        self.kind_combo.setCurrentIndex(self.kind_combo.findData(item.kind.value))
        self.title_edit.setText(item.title)
        self.all_day_check.setChecked(item.all_day)
        self.time_edit.setText(_clock(item.start_time))
        self.zone_edit.setText(item.timezone or "")
        self.end_day_edit.set_value(item.end_day)
        self.end_time_edit.setText(_clock(item.end_time))
        self.end_zone_edit.setText(item.end_timezone or "")
        self.duration_edit.setText(
            "" if item.duration_minutes is None else str(item.duration_minutes)
        )
        for name, edit in self.detail_edits.items():
            edit.setText(getattr(item, name))
        self.place_edit.setText(item.place)
        self.cost_edit.setText("" if item.cost_amount is None else str(item.cost_amount))
        if item.cost_currency:
            self.currency_combo.set_code(item.cost_currency)
        self.notes_edit.setPlainText(item.notes)

    def add_row(self, label_text: str, widget: QWidget) -> None:
        """Another row under the fields (the item's documents), reached by Tab after them."""
        label_text = shown(label_text)
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

    def _day(self) -> date:
        day = self.day_edit.date()
        return date(day.year(), day.month(), day.day())

    def kind(self) -> ItemKind:
        return ItemKind(self.kind_combo.currentData())

    def values(self) -> dict[str, object]:
        """What the fields say, in the store's terms (hidden details included: they are
        kept, not cleared). An all-day item has no times: those fields, hidden while All day
        is on, keep their text but are not sent."""
        end_day = self.end_day_edit.read()
        timed = not self.all_day_check.isChecked()
        cost = self.cost_edit.text().strip()
        return {
            "kind": self.kind().value,
            "title": self.title_edit.text().strip(),
            "day": self._day(),
            "all_day": self.all_day_check.isChecked(),
            "start_time": normalize_time(self.time_edit.text()) if timed else None,
            "timezone": normalize_zone(self.zone_edit.text()),
            "end_day": end_day.text if isinstance(end_day, UnreadableDate) else end_day,
            "end_time": normalize_time(self.end_time_edit.text()) if timed else None,
            "end_timezone": normalize_zone(self.end_zone_edit.text()),
            "duration_minutes": parse_duration(self.duration_edit.text()) if timed else None,
            **{name: edit.text().strip() for name, edit in self.detail_edits.items()},
            "place": self.place_edit.text().strip(),
            "cost_amount": cost or None,
            "cost_currency": self.currency_combo.code() if cost else None,
            "notes": self.notes_edit.toPlainText(),
        }

    def show_error(self, field: str, message: str) -> None:
        """The store refused the values: say why and put the cursor where to fix it."""
        self.set_busy(False)
        message = shown(message)
        self.error_label.setText(message)
        self.error_label.setAccessibleDescription(message)
        self.error_label.show()
        widget = self.currency_combo if field == "cost_currency" else self.fields.get(field)
        if widget is not None:
            widget.setFocus(Qt.FocusReason.OtherFocusReason)

    def set_busy(self, busy: bool) -> None:
        self.save_button.setEnabled(not busy)

    def _kind_changed(self) -> None:
        """Show the rows this kind needs, labelled for it (a hotel's check-in and out)."""
        kind = self.kind()
        wanted = set(kind.spec.details)
        asked_by_some = ITEM_KINDS.details()
        for name, label in self.labels.items():
            text = shown(_label_text(kind, name))
            label.setText("" if name == "all_day" else text)
            self.fields[name].setAccessibleName(text)
            if name in asked_by_some:
                self.form.setRowVisible(label, name in wanted)

    def _all_day_changed(self) -> None:
        timed = not self.all_day_check.isChecked()
        for name in ("start_time", "timezone", "end_time", "end_timezone", "duration_minutes"):
            self.form.setRowVisible(self.labels[name], timed)

    def _save(self) -> None:
        self.set_busy(True)
        self.save_requested.emit(self.values())


def _label_text(kind: ItemKind, name: str) -> str:
    return kind.spec.editor_labels.get(name) or field_label(kind, name)
