"""The dialog to add or edit one itinerary item: its kind, when it starts and ends (local
times in their zones, or all day, or a duration), and the details its kind needs.

It only collects values: the itinerary view writes them and either closes the dialog or
shows the store's reason under the fields, so nothing typed is lost to a refusal. Details
of other kinds are hidden, not cleared: switching a flight to a train and back keeps its
seat. Open it with `open()` (never `exec()`: no nested event loop inside a coroutine).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Mapping
from datetime import date, time
from typing import TypeVar
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

from concierge.model.field_kinds import (
    Amount,
    Choice,
    Day,
    Flag,
    Line,
    Link,
    Minutes,
    Text,
    TimeOfDay,
    Zone,
)
from concierge.model.fields import ITEM, defaults, text_limit
from concierge.model.kinds import ITEM_KINDS
from concierge.model.values import ClockError, read_duration, read_time, write_time
from concierge.store import ItemKind, ItineraryItemRecord
from concierge.travel.itinerary.item_kinds import DETAIL_FIELDS, field_label
from concierge.ui.colours import Tone, tint
from concierge.ui.i18n import shown, translate
from concierge.ui.views.layouts import tab_order
from concierge.ui.views.marks import UNVERIFIED
from concierge.ui.wrapped_label import wrapped_label

from .currency_combo import CurrencyCombo
from .date_field import DISPLAY_FORMAT, DateEdit, UnreadableDate, local_pattern, qdate

_W = TypeVar("_W", bound=QWidget)


@functools.cache
def _zones() -> list[str]:
    """Read when the first dialog opens: listing the zone data takes a tenth of a second."""
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


def _clock_text(read: Callable[[str], object], text: str) -> object:
    """A time ("930", "9h30", "9:30 am") or duration ("90", "1h30", "2h") in the store's
    terms; blank → None; anything else as typed, for the store to explain."""
    typed = text.strip()
    if not typed:
        return None
    try:
        return read(typed)
    except ClockError:
        return typed


def parse_duration(text: str) -> object:
    """ "90", "1:30", "1h30", "1 h 30 min" → 90, "2h" → 120 (see `_clock_text`)."""
    return _clock_text(read_duration, text)


def _text(value: object) -> str:
    return "" if value is None else str(value)


def _date(edit: QDateEdit) -> date:
    day = edit.date()
    return date(day.year(), day.month(), day.day())


def _zone_edit(parent: QWidget) -> QLineEdit:
    """A zone typed by name, "tokyo" completing to Asia/Tokyo."""
    edit = QLineEdit(parent)
    completer = QCompleter(_zones(), edit)
    completer.setFilterMode(Qt.MatchFlag.MatchContains)
    completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    edit.setCompleter(completer)
    return edit


def _rank(name: str) -> int:
    """Where a field's row goes: what, when, where to, where, other kinds' details, the
    details every kind can carry, the cost and the notes."""
    rule = ITEM.fields[name]
    kind = rule.kind
    ranked = (
        isinstance(kind, Choice),
        isinstance(kind, Line) and kind.required,
        isinstance(kind, Day) and not kind.nullable,
        isinstance(kind, Flag),
        isinstance(kind, Day | TimeOfDay | Zone | Minutes),
        any(name in row.details for row in ITEM_KINDS if row.between_places),
        rule.prose and isinstance(kind, Line),
        name in ITEM_KINDS.details(),
        isinstance(kind, Line | Link),
        isinstance(kind, Amount),
    )
    return ranked.index(True) if True in ranked else len(ranked)


def _rows() -> list[str]:
    """The fields with a row, in row (and Tab) order; a field that is part of another's fact
    (the cost's currency) sits in that field's row."""
    return sorted((name for name, rule in ITEM.fields.items() if rule.part_of is None), key=_rank)


def _timed(name: str) -> bool:
    """A field hidden, and not sent, while the item is all day."""
    return isinstance(ITEM.fields[name].kind, TimeOfDay | Zone | Minutes)


def _placeholders() -> dict[str, str]:
    return {
        "start_time": translate("ItemEditor", "Optional, e.g. 09:30"),
        "timezone": translate("ItemEditor", "Time zone, e.g. Europe/Lisbon"),
        "end_day": translate("ItemEditor", "Same day"),
        "end_time": translate("ItemEditor", "Optional, e.g. 11:00"),
        "end_timezone": translate("ItemEditor", "Same as the start"),
        "duration_minutes": translate("ItemEditor", "Instead of an end, e.g. 1h30"),
        "link": translate("ItemEditor", "https://…"),
        "hours": translate("ItemEditor", "e.g. 10:00–19:00, closed Mondays"),
        "cost_amount": translate("ItemEditor", "Optional, e.g. 120.50"),
    }


class ItemEditor(QDialog):
    """The view answers `save_requested(values)` with `accept()` or `show_error(field,
    message)`. Each field's widget, reader and writer follow from its declared kind."""

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
        self.parts: dict[str, CurrencyCombo] = {}
        """A field that is part of another's fact → its widget, in that field's row."""
        self.fields: dict[str, QWidget] = {name: self._widget(name) for name in _rows()}
        """Field → its widget, in the order of the rows (and of Tab)."""
        for name, text in _placeholders().items():
            edit = self.fields.get(name)
            if isinstance(edit, QLineEdit):
                edit.setPlaceholderText(text)
        self.kind_combo = self._typed("kind", QComboBox)
        self.title_edit = self._typed("title", QLineEdit)
        self.day_edit = self._typed("day", QDateEdit)
        self.all_day_check = self._typed("all_day", QCheckBox)
        self.time_edit = self._typed("start_time", QLineEdit)
        self.zone_edit = self._typed("timezone", QLineEdit)
        self.end_day_edit = self._typed("end_day", DateEdit)
        self.end_time_edit = self._typed("end_time", QLineEdit)
        self.end_zone_edit = self._typed("end_timezone", QLineEdit)
        self.duration_edit = self._typed("duration_minutes", QLineEdit)
        self.place_edit = self._typed("place", QLineEdit)
        self.cost_edit = self._typed("cost_amount", QLineEdit)
        self.notes_edit = self._typed("notes", QPlainTextEdit)
        self.currency_combo = self.parts["cost_currency"]
        self.detail_edits = {name: self._typed(name, QLineEdit) for name in DETAIL_FIELDS}
        self.currency_combo.set_code(currency)
        if item is None:
            self._fill({**defaults(ITEM.fields), "day": day, "timezone": timezone})
        else:
            self._fill({name: getattr(item, name) for name in ITEM.fields})
        self.error_label = wrapped_label(self)
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

        self.form = QFormLayout()
        self.labels: dict[str, QLabel] = {}
        order: list[QWidget] = []
        for name, widget in self.fields.items():
            label = QLabel(self)
            label.setBuddy(widget)
            self.labels[name] = label
            self.form.addRow(label, self._row(name, widget))
            order += [widget, *self._parts_of(name)]
        for button in (self.save_button, self.cancel_button, self.confirm_button):
            button.setAccessibleName(button.text())
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.error_label)
        layout.addWidget(self.buttons)
        order += [self.save_button, self.cancel_button, self.confirm_button]
        tab_order(order)
        self.kind_combo.currentIndexChanged.connect(self._kind_changed)
        self.all_day_check.toggled.connect(self._all_day_changed)
        self._kind_changed()
        self._all_day_changed()
        self.title_edit.setFocus()
        self.save_button.clicked.connect(self._save)
        self.cancel_button.clicked.connect(self.reject)
        self.confirm_button.clicked.connect(self.confirm_requested)

    def _widget(self, name: str) -> QWidget:
        """The editor of a field of this kind, limited as declared."""
        rule = ITEM.fields[name]
        kind = rule.kind
        widget: QWidget
        if isinstance(kind, Choice):
            widget = QComboBox(self)
            for option in kind.options:
                widget.addItem(shown(getattr(option, "label", option.value)), option.value)
        elif isinstance(kind, Day) and not kind.nullable:
            widget = QDateEdit(self)
            widget.setCalendarPopup(True)
            widget.setDisplayFormat(DISPLAY_FORMAT)
        elif isinstance(kind, Day):
            widget = DateEdit(local_pattern(), self)
            widget.fallback = self._day
        elif isinstance(kind, Flag):
            widget = QCheckBox(shown(rule.label), self)
        elif isinstance(kind, Zone):
            widget = _zone_edit(self)
        elif isinstance(kind, Text):
            widget = QPlainTextEdit(self)
            widget.setTabChangesFocus(True)
            widget.setFixedHeight(72)
        else:
            widget = QLineEdit(self)
            limit = text_limit(rule)
            if limit is not None:
                widget.setMaxLength(limit)
        for part, part_rule in ITEM.fields.items():
            if part_rule.part_of == name:
                self.parts[part] = CurrencyCombo(self)
                self.parts[part].setAccessibleName(shown(part_rule.label))
        return widget

    def _typed(self, name: str, cls: type[_W]) -> _W:
        widget = self.fields[name]
        if not isinstance(widget, cls):
            raise TypeError(f"{name} is edited in a {type(widget).__name__}")
        return widget

    def _parts_of(self, name: str) -> list[QWidget]:
        return [self.parts[part] for part in self.parts if ITEM.fields[part].part_of == name]

    def _row(self, name: str, widget: QWidget) -> QWidget:
        """The field's widget, or a row of it and the fields that are part of it."""
        parts = self._parts_of(name)
        if not parts:
            return widget
        row = QWidget(self)
        row_layout = QHBoxLayout(row)
        row_layout.setContentsMargins(0, 0, 0, 0)
        row_layout.addWidget(widget, 1)
        for part in parts:
            row_layout.addWidget(part)
        return row

    def mark_unverified(self, fields: Collection[str]) -> None:
        """Mark the fields holding facts the assistant set that nobody confirmed, and offer
        Confirm details while there are any."""
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

    def _fill(self, values: Mapping[str, object]) -> None:
        for name, widget in self.fields.items():
            value = values[name]
            if isinstance(widget, QComboBox):
                widget.setCurrentIndex(widget.findData(str(value)))
            elif isinstance(widget, DateEdit):
                widget.set_value(value if isinstance(value, date) else None)
            elif isinstance(widget, QDateEdit) and isinstance(value, date):
                widget.setDate(qdate(value))
            elif isinstance(widget, QCheckBox):
                widget.setChecked(bool(value))
            elif isinstance(widget, QPlainTextEdit):
                widget.setPlainText(str(value or ""))
            elif isinstance(widget, QLineEdit):
                widget.setText(write_time(value) if isinstance(value, time) else _text(value))
        for part, combo in self.parts.items():
            if values[part]:
                combo.set_code(str(values[part]))

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
        last = [*self.fields.values()][-1]
        tab_order([last, *inner, self.save_button])

    def _day(self) -> date:
        return _date(self.day_edit)

    def kind(self) -> ItemKind:
        return ItemKind(self.kind_combo.currentData())

    def values(self) -> dict[str, object]:
        """What the fields say, in the store's terms (hidden details are kept, not cleared);
        an all-day item's hidden time fields keep their text but are not sent."""
        timed = not self.all_day_check.isChecked()
        values = {
            name: self._read(name, widget) if timed or not _timed(name) else None
            for name, widget in self.fields.items()
        }
        for part, combo in self.parts.items():
            values[part] = combo.code() if values[ITEM.marked_as(part)] else None
        return values

    def _read(self, name: str, widget: QWidget) -> object:
        kind = ITEM.fields[name].kind
        if isinstance(widget, QComboBox):
            return widget.currentData()
        if isinstance(widget, DateEdit):
            read = widget.read()
            return read.text if isinstance(read, UnreadableDate) else read
        if isinstance(widget, QDateEdit):
            return _date(widget)
        if isinstance(widget, QCheckBox):
            return widget.isChecked()
        if isinstance(widget, QPlainTextEdit):
            return widget.toPlainText()
        assert isinstance(widget, QLineEdit)
        text = widget.text()
        if isinstance(kind, TimeOfDay):
            return _clock_text(lambda typed: write_time(read_time(typed)), text)
        if isinstance(kind, Zone):
            return normalize_zone(text)
        if isinstance(kind, Minutes):
            return parse_duration(text)
        return text.strip() or (None if isinstance(kind, Amount) else "")

    def show_error(self, field: str, message: str) -> None:
        """The store refused the values: say why and put the cursor where to fix it."""
        self.set_busy(False)
        message = shown(message)
        self.error_label.setText(message)
        self.error_label.setAccessibleDescription(message)
        self.error_label.show()
        widget = self.parts.get(field) or self.fields.get(field)
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
            label.setText("" if isinstance(self.fields[name], QCheckBox) else text)
            self.fields[name].setAccessibleName(text)
            if name in asked_by_some:
                self.form.setRowVisible(label, name in wanted)

    def _all_day_changed(self) -> None:
        timed = not self.all_day_check.isChecked()
        for name in filter(_timed, self.fields):
            self.form.setRowVisible(self.labels[name], timed)

    def _save(self) -> None:
        self.set_busy(True)
        self.save_requested.emit(self.values())


def _label_text(kind: ItemKind, name: str) -> str:
    return kind.spec.editor_labels.get(name) or field_label(kind, name)
