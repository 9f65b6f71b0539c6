"""The brief's editors, laid out from its `FormDefinition`: one titled section per step, one
labelled row per field, in form order and tab order."""

from __future__ import annotations

import functools
import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from concierge.travel.forms import FormDefinition, FormField, FormStep
from concierge.ui.colours import Tone, colour, follow_palette, secondary, tint
from concierge.ui.forms.field_row import FieldRow
from concierge.ui.forms.form_binding import FieldBinding
from concierge.ui.forms.form_fields import FormFields
from concierge.ui.i18n import shown, translate
from concierge.ui.views.layouts import tab_order

from .editors import FieldEditor, Shown, editor_for

REQUIRED_MARK = "*"


def required_legend() -> str:
    """ "* required"."""
    return translate("BriefPanel", "{mark} required").format(mark=REQUIRED_MARK)


BriefBinding = FieldBinding[Shown]


def field_tooltip(field: FormField) -> str:
    """The help, then what an answer must be: "Expected: a list of whole numbers …"."""
    if field.required:
        expected = translate("BriefPanel", "Expected: {expected}; required.")
    else:
        expected = translate("BriefPanel", "Expected: {expected}.")
    expected = expected.format(expected=shown(field.expected))
    return f"{shown(field.help)}\n{expected}" if field.help else expected


def muted(label: QLabel) -> QLabel:
    """Secondary text in the palette's placeholder colour (reads on light and dark)."""
    tint(label, secondary)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def _show_label(label: QLabel, field: FormField) -> None:
    """The field's name, and a required field's mark in the palette's error colour."""
    text = html.escape(shown(field.label), quote=False)
    if field.required:
        mark = colour(Tone.ERROR, label.palette()).name()
        text += f' <span style="color: {mark};">{REQUIRED_MARK}</span>'
    if text != label.text():
        label.setText(text)


class BriefFields(FormFields[BriefBinding]):
    """Every field of `definition`, grouped by step."""

    def __init__(self, definition: FormDefinition, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.definition = definition
        self.editors: dict[str, FieldEditor] = {}
        self.labels: dict[str, QLabel] = {}
        self.sections: dict[str, QGroupBox] = {}
        self.skipped: dict[str, QLabel] = {}
        """Per step: the fields not asked now, with the reason."""
        self._rows: dict[str, tuple[QFormLayout, int]] = {}
        layout = QVBoxLayout(self)
        for number, step in enumerate(definition.steps, start=1):
            layout.addWidget(self._section(number, step))
        self.unknown_label = muted(QLabel(self))
        self.unknown_label.setObjectName("unknownAnswers")
        clear = translate("BriefPanel", "Clear these answers")
        self.clear_unknown_button = QPushButton(clear, self)
        self.clear_unknown_button.setAccessibleName(clear)
        self.clear_unknown_button.setToolTip(
            translate("BriefPanel", "Withdraw the answers to questions no longer asked")
        )
        self.unknown_box = QWidget(self)
        unknown = QHBoxLayout(self.unknown_box)
        unknown.setContentsMargins(0, 0, 0, 0)
        unknown.addWidget(self.unknown_label, 1)
        unknown.addWidget(self.clear_unknown_button, 0, Qt.AlignmentFlag.AlignTop)
        self.unknown_box.hide()
        layout.addWidget(self.unknown_box)
        layout.addStretch(1)
        self.by_key = {binding.key: binding for binding in self.bindings}
        widest = max(label.sizeHint().width() for label in self.labels.values())
        for label in self.labels.values():  # One label column through every step.
            label.setMinimumWidth(widest)
        chain = self.tab_chain()
        tab_order(chain)

    def tab_chain(self) -> list[QWidget]:
        chain: list[QWidget] = []
        for editor in self.editors.values():
            chain.extend(w for w in editor.focus if w.focusPolicy() != Qt.FocusPolicy.NoFocus)
        return [*chain, self.clear_unknown_button]

    def set_row_visible(self, name: str, visible: bool) -> None:
        layout, row = self._rows[name]
        if layout.isRowVisible(row) != visible:
            layout.setRowVisible(row, visible)

    def row_visible(self, name: str) -> bool:
        layout, row = self._rows[name]
        return layout.isRowVisible(row)

    def set_skipped(self, step_id: str, text: str) -> None:
        label = self.skipped[step_id]
        if label.text() != text:
            label.setText(text)
            label.setAccessibleName(text)
        label.setVisible(bool(text))

    def set_unknown(self, text: str) -> None:
        """Answers kept for questions the form no longer has ("" hides the line)."""
        self.unknown_label.setText(text)
        self.unknown_box.setVisible(bool(text))
        policy = Qt.FocusPolicy.StrongFocus if text else Qt.FocusPolicy.NoFocus
        self.clear_unknown_button.setFocusPolicy(policy)

    def _section(self, number: int, step: FormStep) -> QGroupBox:
        title = shown(step.title)
        box = QGroupBox(f"{number}. {title}", self)
        box.setObjectName(f"step-{step.id}")
        box.setAccessibleName(title)
        self.sections[step.id] = box
        outer = QVBoxLayout(box)
        if step.help:
            outer.addWidget(muted(QLabel(shown(step.help), box)))
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # Narrow: label above.
        outer.addLayout(form)
        for field in step.fields:
            self._add_field(box, form, field)
        skipped = muted(QLabel(box))
        skipped.hide()
        self.skipped[step.id] = skipped
        outer.addWidget(skipped)
        return box

    def _add_field(self, box: QGroupBox, form: QFormLayout, field: FormField) -> None:
        editor = editor_for(field, box)
        tip = field_tooltip(field)
        editor.widget.setToolTip(tip)  # Before the row: it restores this after a mark.
        editor.name(shown(field.label))
        label = QLabel(box)
        label.setTextFormat(Qt.TextFormat.RichText)
        follow_palette(label, functools.partial(_show_label, label, field))
        label.setToolTip(tip)
        label.setBuddy(editor.editor)
        row = FieldRow([editor.widget], box)
        binding = BriefBinding(
            field.name,
            field.label,
            row,
            read=editor.read,
            show=editor.show,
            describe=editor.describe,
            focus=editor.focus,
            debounce_ms=editor.debounce_ms,
        )
        form.addRow(label, row)
        self._rows[field.name] = (form, form.rowCount() - 1)
        self.editors[field.name] = editor
        self.labels[field.name] = label
        self.bindings.append(binding)
        name = field.name
        editor.connect(lambda: self._edited(name), lambda: self._finished(name))
        if binding.timer is not None:
            binding.timer.timeout.connect(lambda: self._finished(name))
