"""One input widget per form field, chosen by the field's `WidgetKind`.
An answer is read back with the form engine's own `parse`, so the panel refuses exactly
what a tool call would, with the same message. Nothing entered retracts the answer.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

from pydantic import JsonValue
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)

from concierge.text import QT_TRANSLATE_NOOP
from concierge.travel.forms import FormField, FormValueError, ValueKind, WidgetKind
from concierge.travel.forms.trip_brief import choice_label
from concierge.ui.forms.form_fields import set_plain_text
from concierge.ui.i18n import shown, translate

Shown = str | int | bool | tuple[str, ...] | None
"""What an editor's widget holds: text, a whole number, a choice, yes/no, ticked choices;
None for "Not answered" in a spin box or list."""
Hook = Callable[[], None]

NOT_ANSWERED = QT_TRANSLATE_NOOP("BriefPanel", "Not answered")
CHOICE_COLUMNS = 3
PICK_DEBOUNCE_MS = 400
"""Spin boxes, lists and check boxes save this long after the last change."""
TYPING_DEBOUNCE_MS = 800
"""Multi-line boxes save this long after the last keystroke (and when left)."""
_LIST_LINES = 3
_MULTILINE_LINES = 4
_SPIN_LIMIT = 1_000_000


def choice_text(choice: str) -> str:
    """A choice as the panel shows it: "gluten-free" reads "Gluten-free", translated (the
    stored value stays the English word the model reads)."""
    return shown(choice_label(choice))


def not_answered() -> str:
    """ "not answered", as a value in a sentence."""
    return translate("BriefPanel", "not answered")


class FieldEditor(ABC):
    """The widgets of one field. `editor` is the focusable widget its label names; `widget`
    goes into the form row; `focus` is everything that belongs to the field."""

    debounce_ms: int | None = None
    """None: the field saves when editing finishes (Enter, leaving it)."""

    def __init__(self, field: FormField, widget: QWidget) -> None:
        self.field = field
        self.widget = widget

    @property
    def editor(self) -> QWidget:
        return self.widget

    @property
    def focus(self) -> tuple[QWidget, ...]:
        return (self.widget,)

    def name(self, label: str) -> None:
        self.editor.setAccessibleName(label)

    @abstractmethod
    def read(self) -> Shown: ...

    @abstractmethod
    def show(self, value: Shown) -> None: ...

    @abstractmethod
    def connect(self, edited: Hook, finished: Hook) -> None:
        """`finished` means save now (editors with a debounce only call `edited`)."""

    def display(self, answer: JsonValue) -> Shown:
        """What the widget shows for a stored answer (None: unanswered). An answer that no
        longer fits the field shows as its text where it can, else as unanswered."""
        if answer is None:
            return self.empty()
        try:
            return self.shown_value(self.field.parse(answer))
        except FormValueError:
            return self.unfit(answer)

    def empty(self) -> Shown:
        return ""

    def unfit(self, answer: JsonValue) -> Shown:
        return self.empty()

    def shown_value(self, value: JsonValue) -> Shown:
        return self.field.to_text(value)

    def raw(self, shown: Shown) -> object | None:
        """The raw answer for `parse`; None when nothing is entered."""
        return shown if isinstance(shown, str) and shown.strip() else None

    def answer(self, shown: Shown) -> JsonValue:
        """The answer the widget's content means, parsed by the form engine; None to
        retract. Raises FormValueError with the engine's message."""
        raw = self.raw(shown)
        return None if raw is None else self.field.parse(raw)

    def describe(self, shown: Shown) -> str:
        """A value in a sentence: "Meanwhile changed to …"."""
        if isinstance(shown, str) and shown.strip():
            return translate("BriefPanel", "“{value}”").format(value=shown)
        return not_answered()


class LineEditor(FieldEditor):
    """One line of text; also whole-number and decimal lists ("41, 39, 8") and decimals."""

    def __init__(self, field: FormField, parent: QWidget, placeholder: str) -> None:
        self.edit = QLineEdit(parent)
        super().__init__(field, self.edit)
        self.edit.setPlaceholderText(shown(placeholder))

    def read(self) -> Shown:
        return self.edit.text()

    def show(self, value: Shown) -> None:
        self.edit.setText(str(value or ""))

    def connect(self, edited: Hook, finished: Hook) -> None:
        self.edit.textEdited.connect(lambda _text: edited())
        self.edit.editingFinished.connect(finished)

    def unfit(self, answer: JsonValue) -> Shown:
        return _as_text(answer, ", ")


class TextBoxEditor(FieldEditor):
    """Several lines: multi-line text, or a list of text items one per line."""

    debounce_ms = TYPING_DEBOUNCE_MS

    def __init__(self, field: FormField, parent: QWidget, placeholder: str, lines: int) -> None:
        self.edit = QPlainTextEdit(parent)
        super().__init__(field, self.edit)
        self.edit.setTabChangesFocus(True)
        self.edit.setPlaceholderText(shown(placeholder))
        height = self.edit.fontMetrics().lineSpacing() * lines
        margins = self.edit.contentsMargins()
        frame = 2 * self.edit.frameWidth() + margins.top() + margins.bottom()
        self.edit.setFixedHeight(height + frame + 2 * int(self.edit.document().documentMargin()))

    def read(self) -> Shown:
        return self.edit.toPlainText()

    def show(self, value: Shown) -> None:
        set_plain_text(self.edit, str(value or ""))

    def connect(self, edited: Hook, finished: Hook) -> None:
        self.edit.textChanged.connect(edited)

    def unfit(self, answer: JsonValue) -> Shown:
        return _as_text(answer, "\n")

    def describe(self, shown: Shown) -> str:
        if isinstance(shown, str) and shown.strip():
            return translate("BriefPanel", "new text")
        return not_answered()


class AnswerSpinBox(QSpinBox):
    """A spin box whose lowest value reads "Not answered", and which takes erased text
    for it, so a number can be cleared from the keyboard."""

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        if not text.strip():
            return QValidator.State.Acceptable, text, pos
        return super().validate(text, pos)

    def valueFromText(self, text: str) -> int:
        return self.minimum() if not text.strip() else super().valueFromText(text)


class PickedEditor(FieldEditor):
    """A value picked whole (a number, a choice), None while not answered."""

    debounce_ms = PICK_DEBOUNCE_MS

    def empty(self) -> Shown:
        return None

    def raw(self, shown: Shown) -> object | None:
        return shown


class SpinEditor(PickedEditor):
    """A whole number within the field's limits, with "Not answered" below them."""

    def __init__(self, field: FormField, parent: QWidget) -> None:
        low, high = _whole_limits(field)
        self.spin = AnswerSpinBox(parent)
        super().__init__(field, self.spin)
        self.spin.setRange(low - 1, high)
        self.spin.setSpecialValueText(shown(NOT_ANSWERED))
        self.spin.setValue(low - 1)

    def read(self) -> Shown:
        value = self.spin.value()
        return None if value == self.spin.minimum() else value

    def show(self, value: Shown) -> None:
        self.spin.setValue(value if isinstance(value, int) else self.spin.minimum())

    def connect(self, edited: Hook, finished: Hook) -> None:
        self.spin.valueChanged.connect(lambda _value: edited())

    def shown_value(self, value: JsonValue) -> Shown:
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def describe(self, shown: Shown) -> str:
        return not_answered() if shown is None else str(shown)


class ComboEditor(PickedEditor):
    """One of the choices, or yes/no, with "Not answered" first."""

    def __init__(self, field: FormField, parent: QWidget) -> None:
        self.combo = QComboBox(parent)
        super().__init__(field, self.combo)
        self.combo.addItem(shown(NOT_ANSWERED), None)
        if field.widget is WidgetKind.YES_NO:
            self.combo.addItem(translate("BriefPanel", "Yes"), True)
            self.combo.addItem(translate("BriefPanel", "No"), False)
        else:
            for choice in field.choices:
                self.combo.addItem(choice_text(choice), choice)

    def read(self) -> Shown:
        data = self.combo.currentData()
        return data if isinstance(data, str | bool) else None

    def show(self, value: Shown) -> None:
        index = next(
            (i for i in range(self.combo.count()) if _same(self.combo.itemData(i), value)), 0
        )
        self.combo.setCurrentIndex(index)

    def connect(self, edited: Hook, finished: Hook) -> None:
        self.combo.currentIndexChanged.connect(lambda _index: edited())

    def shown_value(self, value: JsonValue) -> Shown:
        return value if isinstance(value, str | bool) else None

    def describe(self, shown: Shown) -> str:
        if shown is None:
            return not_answered()
        if isinstance(shown, bool):
            return translate("BriefPanel", "yes") if shown else translate("BriefPanel", "no")
        return translate("BriefPanel", "“{value}”").format(value=choice_text(str(shown)))


class CheckBoxesEditor(FieldEditor):
    """Any of the choices, as check boxes in a grid; none ticked is no answer."""

    debounce_ms = PICK_DEBOUNCE_MS

    def __init__(self, field: FormField, parent: QWidget) -> None:
        self.box = QWidget(parent)
        super().__init__(field, self.box)
        grid = QGridLayout(self.box)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(2)
        self.checks: dict[str, QCheckBox] = {}
        for number, choice in enumerate(field.choices):
            check = QCheckBox(choice_text(choice), self.box)
            check.setAccessibleName(choice_text(choice))
            grid.addWidget(check, number // CHOICE_COLUMNS, number % CHOICE_COLUMNS)
            self.checks[choice] = check

    @property
    def editor(self) -> QWidget:
        return next(iter(self.checks.values()))

    @property
    def focus(self) -> tuple[QWidget, ...]:
        return (self.box, *self.checks.values())

    def name(self, label: str) -> None:
        """The group is named by the label; each box keeps its choice as its name."""
        self.box.setAccessibleName(label)

    def read(self) -> Shown:
        return tuple(choice for choice, check in self.checks.items() if check.isChecked())

    def show(self, value: Shown) -> None:
        ticked = set(value) if isinstance(value, tuple) else set()
        for choice, check in self.checks.items():
            check.setChecked(choice in ticked)

    def connect(self, edited: Hook, finished: Hook) -> None:
        for check in self.checks.values():
            check.toggled.connect(lambda _on: edited())

    def empty(self) -> Shown:
        return ()

    def shown_value(self, value: JsonValue) -> Shown:
        return tuple(str(item) for item in value) if isinstance(value, list) else ()

    def raw(self, shown: Shown) -> object | None:
        return list(shown) if isinstance(shown, tuple) and shown else None

    def describe(self, shown: Shown) -> str:
        if not isinstance(shown, tuple) or not shown:
            return not_answered()
        return ", ".join(choice_text(choice) for choice in shown)


def editor_for(field: FormField, parent: QWidget) -> FieldEditor:
    """The editor that fits the field's widget kind; `help` becomes the placeholder."""
    kind = field.widget
    if kind is WidgetKind.TEXT:
        return LineEditor(field, parent, field.help)
    if kind is WidgetKind.MULTILINE:
        return TextBoxEditor(field, parent, field.help, _MULTILINE_LINES)
    if kind is WidgetKind.TEXT_LIST:
        return TextBoxEditor(
            field,
            parent,
            translate("BriefPanel", "One per line, or separated by commas"),
            _LIST_LINES,
        )
    if kind is WidgetKind.NUMBER_LIST:
        return LineEditor(
            field, parent, translate("BriefPanel", "Separated by commas, e.g. 41, 39, 8")
        )
    if kind is WidgetKind.NUMBER:
        if field.spec.kind is ValueKind.INTEGER:
            return SpinEditor(field, parent)
        return LineEditor(
            field, parent, field.help or translate("BriefPanel", "A number, e.g. 2.5")
        )
    if kind is WidgetKind.MULTI_CHOICE:
        return CheckBoxesEditor(field, parent)
    return ComboEditor(field, parent)


def _whole_limits(field: FormField) -> tuple[int, int]:
    schema = field.spec.schema
    low = _bound(schema.get("minimum"), schema.get("exclusiveMinimum"), 1, -_SPIN_LIMIT)
    high = _bound(schema.get("maximum"), schema.get("exclusiveMaximum"), -1, _SPIN_LIMIT)
    return low, high


def _bound(inclusive: object, exclusive: object, step: int, default: int) -> int:
    if isinstance(inclusive, int | float):
        return int(inclusive)
    if isinstance(exclusive, int | float):
        return int(exclusive) + step
    return default


def _same(a: object, b: object) -> bool:
    """Equal, with yes/no never equal to a number or text."""
    return a == b and isinstance(a, bool) == isinstance(b, bool)


def _as_text(answer: JsonValue, separator: str) -> str:
    if isinstance(answer, list):
        return separator.join(str(item) for item in answer)
    return str(answer)
