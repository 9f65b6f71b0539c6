"""One row of the Settings dialog per declared setting, its control chosen by the
declaration's kind of editor: a new setting needs no code here unless it needs a new kind.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QHBoxLayout,
    QKeySequenceEdit,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from concierge.model.settings import Editor, Setting
from concierge.model_server import PRESETS
from concierge.ui.i18n import (
    SYSTEM,
    available_languages,
    choose_language,
    native_name,
    shown,
    translate,
)
from concierge.ui.setting_labels import setting_name as setting_name
from concierge.ui.trips.currency_combo import CurrencyCombo
from concierge.ui.wrapped_label import wrapped_label

from .devices import DeviceCombo
from .key_field import KeyField
from .setting_spin import SettingSpinBox
from .status import StatusLabel


@dataclasses.dataclass(eq=False)
class Row:
    """A setting's control inside `field`, which the form places; `below` shows under it."""

    setting: Setting[Any]
    control: QWidget
    field: QWidget
    below: QVBoxLayout
    read: Callable[[], Any]
    write: Callable[[Any], None]
    chain: list[QWidget] = dataclasses.field(default_factory=list)
    problem: Callable[[], str | None] = lambda: None
    check_box: bool = False
    """A check box says its label itself: the form gives it no label of its own."""
    note: QLabel | None = None
    """The declaration's note, shown under the control."""

    def __post_init__(self) -> None:
        if not self.chain:
            self.chain = [self.control]

    def add_below(self, widget: QWidget) -> None:
        self.below.addWidget(widget)


def _row(setting: Setting[Any], control: QWidget, parent: QWidget, **parts: Any) -> Row:
    holder = QWidget(parent)
    below = QVBoxLayout(holder)
    below.setContentsMargins(0, 0, 0, 0)
    body = parts.pop("body", control)
    if isinstance(body, QWidget):
        below.addWidget(body)
    else:
        below.addLayout(body)
    if not isinstance(control, SettingSpinBox):
        control.setAccessibleName(setting_name(setting))
        control.setToolTip(shown(setting.description))
    return Row(setting, control, holder, below, **parts)


def _line(setting: Setting[Any], parent: QWidget) -> Row:
    edit = QLineEdit(parent)
    edit.setPlaceholderText(shown(setting.placeholder) if setting.placeholder else setting.default)

    def read() -> str:
        text = edit.text().strip()
        return text if text or setting.blank else str(setting.default)

    return _row(setting, edit, parent, read=read, write=edit.setText)


def _boxed(
    setting: Setting[Any],
    parent: QWidget,
    body: QWidget,
    chain: list[QWidget],
    text: Callable[[], str],
    write: Callable[[str], None],
) -> Row:
    """A row whose control (`chain[0]`, its text read trimmed) sits in a widget of its own."""
    return _row(
        setting, chain[0], parent, body=body, read=lambda: text().strip(), write=write, chain=chain
    )


def _secret(setting: Setting[Any], parent: QWidget) -> Row:
    key = KeyField(parent)
    return _boxed(setting, parent, key, [key.edit, key.toggle], key.edit.text, key.edit.setText)


def _check(setting: Setting[Any], parent: QWidget) -> Row:
    box = QCheckBox(shown(setting.label), parent)
    off, on = setting.values
    row = _row(
        setting,
        box,
        parent,
        read=lambda: on if box.isChecked() else off,
        write=lambda value: box.setChecked(value == on),
        check_box=True,
    )
    if setting.note:
        note = wrapped_label(parent, shown(setting.note))
        note.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        box.setAccessibleDescription(shown(setting.note))
        row.below.setSpacing(2)
        row.add_below(note)
        row.note = note
    return row


def _number(setting: Setting[Any], parent: QWidget) -> Row:
    spin = SettingSpinBox(setting, setting_name(setting), shown(setting.unit), parent)
    spin.setSingleStep(setting.step)
    decimal = isinstance(setting.default, float)
    return _row(
        setting,
        spin,
        parent,
        read=lambda: float(spin.value()) if decimal else spin.value(),
        write=spin.show_setting,
        problem=spin.problem,
    )


def _combo(
    setting: Setting[Any], parent: QWidget, choices: list[tuple[Any, str]], **parts: Any
) -> Row:
    combo = QComboBox(parent)
    values = [value for value, _ in choices]
    for value, text in choices:
        combo.addItem(text, value)
    row = _row(
        setting,
        combo,
        parent,
        read=lambda: values[combo.currentIndex()],
        write=lambda value: combo.setCurrentIndex(values.index(value)),
        **parts,
    )
    combo.setAccessibleDescription(shown(setting.description))
    return row


def _choice(setting: Setting[Any], parent: QWidget) -> Row:
    return _combo(setting, parent, [(value, shown(text)) for value, text in setting.choices])


def _server(setting: Setting[Any], parent: QWidget) -> Row:
    row = _combo(setting, parent, [(preset.key, shown(preset.label)) for preset in PRESETS])
    row.control.setToolTip("")
    row.control.setAccessibleDescription("")
    return row


def language_choices() -> list[tuple[str, str]]:
    """(setting value, name shown): the system's language first, then each we ship, each
    by its own name."""
    system = translate("SettingsDialog", "System ({language})").format(
        language=native_name(choose_language(SYSTEM))
    )
    return [
        (SYSTEM, system),
        *((language.code, language.name) for language in available_languages()),
    ]


def _language(setting: Setting[Any], parent: QWidget) -> Row:
    combo = QComboBox(parent)
    for code, name in language_choices():
        combo.addItem(name, code)

    def write(code: str) -> None:
        if combo.findData(code) < 0:  # a language this build does not ship: keep it
            combo.addItem(native_name(code), code)
        combo.setCurrentIndex(combo.findData(code))

    return _row(setting, combo, parent, read=lambda: str(combo.currentData()), write=write)


def _currency(setting: Setting[Any], parent: QWidget) -> Row:
    combo = CurrencyCombo(parent)
    edit = combo.lineEdit()
    if edit is not None and setting.placeholder:
        edit.setPlaceholderText(shown(setting.placeholder))

    def read() -> str:
        return combo.code() or ("" if setting.blank else str(setting.default))

    return _row(setting, combo, parent, read=read, write=combo.set_code)


def _device(setting: Setting[Any], parent: QWidget) -> Row:
    combo = DeviceCombo("input" if setting.editor is Editor.INPUT_DEVICE else "output", parent)
    return _row(setting, combo, parent, read=combo.chosen, write=combo.choose)


class KeyEdit(QKeySequenceEdit):
    """One key combination, pressed to record it. Esc is left to the dialog (a key
    recorded by leaving would be the app's Stop), and Backspace or Delete clears it."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        alone = event.modifiers() == Qt.KeyboardModifier.NoModifier
        if alone and event.key() == Qt.Key.Key_Escape:
            event.ignore()
        elif alone and event.key() in (Qt.Key.Key_Backspace, Qt.Key.Key_Delete):
            self.clear()
        else:
            super().keyPressEvent(event)


def _key_sequence(setting: Setting[Any], parent: QWidget) -> Row:
    edit = KeyEdit(parent)
    edit.setMaximumSequenceLength(1)
    edit.setClearButtonEnabled(True)
    for clear in edit.findChildren(QToolButton):
        clear.setAccessibleName(translate("SettingsDialog", "Clear"))
        clear.setToolTip(translate("SettingsDialog", "Clear the key: the default is used"))
    portable = QKeySequence.SequenceFormat.PortableText

    def read() -> str:
        keys = edit.keySequence().toString(portable)
        return keys if keys or setting.blank else str(setting.default)

    return _row(
        setting,
        edit,
        parent,
        read=read,
        write=lambda keys: edit.setKeySequence(QKeySequence.fromString(keys, portable)),
    )


class ModelList(QWidget):
    """A model name, typed or picked from what the server lists (Refresh models)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.combo = QComboBox(self)
        self.combo.setEditable(True)
        self.combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        edit = self.combo.lineEdit()
        assert edit is not None  # an editable combo always has one
        edit.setPlaceholderText(
            translate("SettingsDialog", "Type a name, or Refresh models to pick one")
        )
        completer = QCompleter(self.combo.model(), self.combo)
        completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.combo.setCompleter(completer)
        self.refresh_button = QPushButton(translate("SettingsDialog", "Refresh models"), self)
        self.refresh_button.setObjectName("refreshModelsButton")
        self.refresh_button.setAccessibleName(translate("SettingsDialog", "Refresh models"))
        self.refresh_button.setToolTip(
            translate("SettingsDialog", "Ask the server which models it has")
        )
        self.busy = QProgressBar(self)
        self.busy.setObjectName("modelsBusy")
        self.busy.setRange(0, 0)
        self.busy.setTextVisible(False)
        self.busy.setMaximumWidth(80)
        self.busy.setAccessibleName(translate("SettingsDialog", "Loading models"))
        self.busy.hide()
        self.status = StatusLabel(translate("SettingsDialog", "Model list status"), self)
        self.status.setObjectName("modelsStatus")
        line = QHBoxLayout()
        line.addWidget(self.combo, 1)
        line.addWidget(self.busy)
        line.addWidget(self.refresh_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(line)
        layout.addWidget(self.status)  # status rows hide without leaving a gap


def _model_list(setting: Setting[Any], parent: QWidget) -> Row:
    models = ModelList(parent)
    combo = models.combo
    row = _boxed(
        setting,
        parent,
        models,
        [combo, models.refresh_button],
        combo.currentText,
        combo.setEditText,
    )
    row.control.setToolTip("")
    edit = models.combo.lineEdit()
    assert edit is not None
    edit.setAccessibleName(setting_name(setting))
    return row


BUILDERS: dict[Editor, Callable[[Setting[Any], QWidget], Row]] = {
    Editor.LINE: _line,
    Editor.SECRET: _secret,
    Editor.CHOICE: _choice,
    Editor.NUMBER: _number,
    Editor.CHECK: _check,
    Editor.SERVER: _server,
    Editor.MODEL_LIST: _model_list,
    Editor.LANGUAGE: _language,
    Editor.INPUT_DEVICE: _device,
    Editor.OUTPUT_DEVICE: _device,
    Editor.KEY_SEQUENCE: _key_sequence,
    Editor.CURRENCY: _currency,
}
"""How each kind of editor is built; a dict over every `Editor`, so none can be missing."""


def build_row(setting: Setting[Any], parent: QWidget) -> Row:
    return BUILDERS[setting.editor](setting, parent)
