"""The trip form's editors: one `Binding` per trip field, labelled, in tab order. Saving
and following the store are `TripForm`'s job."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from concierge.store import Pace, TripRecord, trip_label
from concierge.store.validation import TRIP_RULES, text_limit, whole_range
from concierge.travel.edits.trips import PlaceRole
from concierge.travel.money.currencies import CURRENCIES
from concierge.travel.places.index import PlaceIndex
from concierge.ui.async_support import BackgroundTasks
from concierge.ui.forms.field_row import FieldRow
from concierge.ui.forms.form_binding import Binding
from concierge.ui.forms.form_fields import FormFields, set_plain_text
from concierge.ui.i18n import shown, shown_date, translate
from concierge.ui.views.layouts import tab_order

from .budget import AMOUNT_PATTERN, amount_text, budget_changes
from .currency_combo import CurrencyCombo, currency_text
from .date_field import DateField
from .place_field import PlaceEdit
from .stops_editor import StopsEditor
from .trip_text import date_hint, place_hint

TYPING_DEBOUNCE_MS = 400
NOTES_DEBOUNCE_MS = 800


def _quoted(value: str) -> str:
    return f"“{value}”" if value else translate("TripFields", "empty")


def _not_set() -> str:
    return translate("TripFields", "not set")


def pace_label(pace: Pace) -> str:
    """The pace as the list of paces shows it: "Relaxed", "Balanced", "Packed"."""
    labels = {
        "relaxed": translate("TripFields", "Relaxed"),
        "balanced": translate("TripFields", "Balanced"),
        "packed": translate("TripFields", "Packed"),
    }
    return labels.get(pace.value, pace.value.capitalize())


def pace_word(pace: Pace) -> str:
    """The pace inside a sentence: "relaxed"."""
    return pace_label(pace).lower()


class TripFields(FormFields[Binding[Any]]):
    """Labels and editors of every trip field, in a form layout."""

    def __init__(
        self,
        places: PlaceIndex,
        tasks: BackgroundTasks,
        stored_currency: Callable[[], str | None],
        stops_editor: StopsEditor,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._stored_currency = stored_currency
        self.title_edit = QLineEdit(self)
        self.origin_edit = PlaceEdit(places, tasks, self)
        self.origin_edit.setPlaceholderText(
            translate("TripFields", "City or airport code, e.g. Lisbon or LIS")
        )
        self.origin_edit.setToolTip(translate("TripFields", "Home: where the trip starts and ends"))
        self.stops_editor = stops_editor
        self.start_field = DateField(shown(trip_label("start_date")), self)
        self.end_field = DateField(shown(trip_label("end_date")), self)
        self.start_field.edit.fallback = lambda: self.end_field.value() or date.today()
        self.end_field.edit.fallback = lambda: self.start_field.value() or date.today()
        self.travellers_spin = QSpinBox(self)
        self.travellers_spin.setRange(*whole_range(TRIP_RULES["travellers"]))
        self.budget_edit = QLineEdit(self)
        self.budget_edit.setValidator(QRegularExpressionValidator(AMOUNT_PATTERN, self.budget_edit))
        self.budget_edit.setPlaceholderText(translate("TripFields", "Amount, e.g. 1500.00"))
        self.currency_combo = CurrencyCombo(self)
        self.interests_edit = QLineEdit(self)
        self.interests_edit.setPlaceholderText(
            translate("TripFields", "Separated by commas, e.g. food, museums")
        )
        self.pace_combo = QComboBox(self)
        for pace in Pace:
            self.pace_combo.addItem(pace_label(pace), pace.value)
        self.notes_edit = QPlainTextEdit(self)
        self.notes_edit.setTabChangesFocus(True)
        self.notes_edit.setMinimumHeight(96)
        holidays = translate("TripFields", "Holidays during my trip")
        self.holidays_button = QPushButton(holidays, self)
        self.holidays_button.setAccessibleName(holidays)
        self.holidays_button.setToolTip(
            translate("TripFields", "Look up public holidays at the first stop")
        )
        convert = translate("TripFields", "Convert budget")
        self.convert_button = QPushButton(convert, self)
        self.convert_button.setAccessibleName(convert)
        self.convert_button.setToolTip(
            translate("TripFields", "Convert the budget at the European Central Bank rate")
        )
        self.convert_menu = QMenu(convert, self)
        self.set_lookup_buttons_visible(False)

        self.bindings = self._bindings()
        self.by_key = {binding.key: binding for binding in self.bindings}
        self.labels: dict[str, QLabel] = {}
        form = QFormLayout(self)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        for binding in self.bindings:
            label = QLabel(shown(binding.label), self)
            label.setBuddy(binding.row.editor)
            binding.row.editor.setAccessibleName(shown(binding.label))
            self.labels[binding.key] = label
            form.addRow(label, binding.row)
            if binding.key == "origin":
                self.stops_label = QLabel(translate("TripFields", "Stops"), self)
                self.stops_label.setBuddy(stops_editor.add_button)
                form.addRow(self.stops_label, stops_editor)
        self.addAction(stops_editor.add_action)  # Add stop works from every field.
        stops_editor.tab_before = self.origin_edit
        stops_editor.tab_after = self.start_field.edit
        tab_order(self.tab_chain())
        self._connect()

    def tab_chain(self) -> list[QWidget]:
        """Every focusable control, top to bottom."""
        return [
            self.title_edit,
            self.origin_edit,
            self.stops_editor.add_button,
            self.start_field.edit,
            self.start_field.clear_button,
            self.end_field.edit,
            self.end_field.clear_button,
            self.travellers_spin,
            self.budget_edit,
            self.currency_combo,
            self.interests_edit,
            self.pace_combo,
            self.notes_edit,
        ]

    def set_lookup_buttons_visible(self, visible: bool) -> None:
        """Show the lookup buttons (only when lookups can start); hidden, they take no focus."""
        policy = Qt.FocusPolicy.StrongFocus if visible else Qt.FocusPolicy.NoFocus
        for button in (self.holidays_button, self.convert_button):
            button.setVisible(visible)
            button.setFocusPolicy(policy)
        if visible:  # Tab reaches each button right after the field it sits next to.
            for before, after in (
                (self.end_field.clear_button, self.holidays_button),
                (self.holidays_button, self.travellers_spin),
                (self.currency_combo, self.convert_button),
                (self.convert_button, self.interests_edit),
            ):
                QWidget.setTabOrder(before, after)

    def _connect(self) -> None:
        for edit in (
            self.title_edit,
            self.origin_edit,
            self.budget_edit,
            self.interests_edit,
        ):
            key = self._key_of(edit)
            edit.textEdited.connect(lambda _text, k=key: self._edited(k))
            edit.editingFinished.connect(lambda k=key: self._finished(k))
        self.origin_edit.picked.connect(lambda _label: self._finished("origin"))
        self.origin_edit.left.connect(lambda: self._finished("origin"))
        for field in (self.start_field, self.end_field):
            key = self._key_of(field)
            field.edit.textEdited.connect(lambda _text, k=key: self._edited(k, debounce=False))
            field.edit.stepped.connect(lambda k=key: self._edited(k))
            field.edit.editingFinished.connect(lambda k=key: self._finished(k))
            field.picked.connect(lambda k=key: self._finished(k))
            field.cleared.connect(lambda k=key: self._finished(k))
        self.travellers_spin.valueChanged.connect(lambda _value: self._edited("travellers"))
        self.travellers_spin.editingFinished.connect(lambda: self._finished("travellers"))
        self.currency_combo.activated.connect(lambda _index: self._finished("budget_currency"))
        line = self.currency_combo.lineEdit()
        assert line is not None
        line.textEdited.connect(lambda _text: self._edited("budget_currency"))
        line.editingFinished.connect(lambda: self._finished("budget_currency"))
        self.currency_combo.left.connect(lambda: self._finished("budget_currency"))
        self.pace_combo.currentIndexChanged.connect(lambda _index: self._edited("pace"))
        self.notes_edit.textChanged.connect(lambda: self._edited("notes"))
        for binding in self.bindings:
            if binding.timer is not None:
                binding.timer.timeout.connect(lambda k=binding.key: self._finished(k))

    def _key_of(self, widget: QWidget) -> str:
        return next(b.key for b in self.bindings if widget in b.focus)

    def _budget_currency(self) -> str:
        """The currency an amount is checked against: the one being chosen, if valid."""
        typed = self.currency_combo.code()
        return typed if typed in CURRENCIES else (self._stored_currency() or typed)

    def _bindings(self) -> list[Binding[Any]]:
        def text(
            key: str,
            label: str,
            edit: QLineEdit,
            hint: Callable[[TripRecord], str] | None = None,
            store_fields: Sequence[str] = (),
        ) -> Binding[str]:
            if (limit := text_limit(TRIP_RULES[key])) is not None:
                edit.setMaxLength(limit)
            return Binding[str](
                key,
                label,
                FieldRow([edit], self),
                read=edit.text,
                show=edit.setText,
                from_record=lambda record: str(getattr(record, key)),
                changes=lambda value: {key: value},
                describe=_quoted,
                store_fields=store_fields or (key,),
                focus=(edit,),
                hint=hint,
            )

        def place(role: PlaceRole, label: str, edit: PlaceEdit) -> Binding[str]:
            def hint(record: TripRecord) -> str:
                code, tz = getattr(record, f"{role}_code"), getattr(record, f"{role}_tz")
                return place_hint(getattr(record, role), code, tz)

            fields = (role, f"{role}_code", f"{role}_tz")
            return text(role, label, edit, hint=hint, store_fields=fields)

        def day(
            key: str, label: str, field: DateField, extra: Sequence[QWidget] = ()
        ) -> Binding[Any]:
            def hint(record: TripRecord) -> str:
                start = record.start_date if key == "end_date" else None
                return date_hint(getattr(record, key), start)

            return Binding[Any](
                key,
                label,
                FieldRow([field, *extra], self, described=field.edit),
                read=field.read,
                show=field.set_value,
                from_record=lambda record: getattr(record, key),
                changes=lambda value: {key: value},
                describe=lambda value: shown_date(value) if value else _not_set(),
                store_fields=(key,),
                focus=(field,),
                debounce_ms=TYPING_DEBOUNCE_MS,
                hint=hint,
            )

        spin, combo, notes = self.travellers_spin, self.pace_combo, self.notes_edit
        return [
            text("title", trip_label("title"), self.title_edit),
            place("origin", trip_label("origin"), self.origin_edit),
            day("start_date", trip_label("start_date"), self.start_field),
            day("end_date", trip_label("end_date"), self.end_field, [self.holidays_button]),
            Binding[int](
                "travellers",
                trip_label("travellers"),
                FieldRow([spin], self),
                read=spin.value,
                show=spin.setValue,
                from_record=lambda record: record.travellers,
                changes=lambda value: {"travellers": value},
                describe=str,
                store_fields=("travellers",),
                focus=(spin,),
                debounce_ms=TYPING_DEBOUNCE_MS,
            ),
            Binding[str](
                "budget_amount",
                trip_label("budget_amount"),
                FieldRow([self.budget_edit], self),
                read=self.budget_edit.text,
                show=self.budget_edit.setText,
                from_record=lambda record: amount_text(
                    record.budget_amount, record.budget_currency
                ),
                changes=lambda value: budget_changes(value, self._budget_currency()),
                describe=lambda value: value or _not_set(),
                store_fields=("budget_amount",),
                focus=(self.budget_edit,),
            ),
            Binding[str](
                "budget_currency",
                trip_label("budget_currency"),
                FieldRow([self.currency_combo, self.convert_button], self),
                read=self.currency_combo.code,
                show=self.currency_combo.set_code,
                from_record=lambda record: record.budget_currency,
                changes=lambda value: {"budget_currency": value},
                describe=currency_text,
                store_fields=("budget_currency",),
                focus=(self.currency_combo,),
            ),
            Binding[str](
                "interests",
                trip_label("interests"),
                FieldRow([self.interests_edit], self),
                read=self.interests_edit.text,
                show=self.interests_edit.setText,
                from_record=lambda record: ", ".join(record.interests),
                changes=lambda value: {"interests": value},
                describe=_quoted,
                store_fields=("interests",),
                focus=(self.interests_edit,),
            ),
            Binding[Pace](
                "pace",
                trip_label("pace"),
                FieldRow([combo], self),
                read=lambda: Pace(str(combo.currentData())),
                show=lambda value: combo.setCurrentIndex(combo.findData(value.value)),
                from_record=lambda record: record.pace,
                changes=lambda value: {"pace": value.value},
                describe=pace_word,
                store_fields=("pace",),
                focus=(combo,),
                debounce_ms=TYPING_DEBOUNCE_MS,
            ),
            Binding[str](
                "notes",
                trip_label("notes"),
                FieldRow([notes], self),
                read=notes.toPlainText,
                show=lambda text: set_plain_text(notes, text),
                from_record=lambda record: record.notes,
                changes=lambda value: {"notes": value},
                describe=lambda value: (
                    translate("TripFields", "new text") if value else _quoted("")
                ),
                store_fields=("notes",),
                focus=(notes,),
                debounce_ms=NOTES_DEBOUNCE_MS,
            ),
        ]
