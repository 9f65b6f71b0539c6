"""The constraint of one pin, edited in place under the list. Kinds and parameters come from
`concierge.model.constraints`, so it offers exactly what the store accepts."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from concierge.model.constraints import (
    KINDS,
    ConstraintKind,
    OneOf,
    Param,
    option_label,
    parse_rule,
)
from concierge.store import PinRecord
from concierge.ui.i18n import shown, shown_error, translate
from concierge.ui.views.layouts import fill
from concierge.ui.wrapped_label import wrapped_label

Field = QLineEdit | QComboBox


class ConstraintEditor(QFrame):
    """Edits the rule of the pin it was opened for; `saved` hands over (pin id, rule text
    or None) once the rule reads, and the panel writes it."""

    saved = Signal(str, object)
    closed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("constraintEditor")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName(translate("ConstraintEditor", "Constraint editor"))
        self.pin_id: str | None = None
        self.title = QLabel(self)
        self.title.setWordWrap(True)
        kind_label = translate("ConstraintEditor", "Constraint")
        self.kind_label = QLabel(kind_label, self)
        self.kind_combo = QComboBox(self)
        self.kind_combo.setAccessibleName(kind_label)
        self.kind_label.setBuddy(self.kind_combo)
        self.kind_combo.addItem(translate("ConstraintEditor", "None"), None)
        self.pages = QStackedWidget(self)
        self.pages.addWidget(QWidget(self.pages))
        self.fields: dict[str, list[tuple[Param, Field]]] = {}
        for kind in KINDS:
            self.kind_combo.addItem(shown(kind.label), kind.name)
            self.pages.addWidget(self._page(kind))
        self.message = wrapped_label(
            self,
            name="constraintMessage",
            accessible=translate("ConstraintEditor", "Constraint problem"),
            hidden=True,
        )
        save = translate("ConstraintEditor", "Save constraint")
        self.save_button = QPushButton(save, self)
        self.save_button.setAccessibleName(save)
        cancel = translate("ConstraintEditor", "Cancel")
        self.cancel_button = QPushButton(cancel, self)
        self.cancel_button.setAccessibleName(cancel)

        kind_row = QHBoxLayout()
        kind_row.addWidget(self.kind_label)
        kind_row.addWidget(self.kind_combo, 1)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.cancel_button)
        fill(
            QVBoxLayout(self),
            *(self.title, kind_row, self.pages, self.message, buttons),
            margins=(6, 6, 6, 6),
        )

        self.kind_combo.currentIndexChanged.connect(self._kind_chosen)
        self.save_button.clicked.connect(self.accept)
        self.cancel_button.clicked.connect(self.cancel)
        self.hide()

    def _page(self, kind: ConstraintKind) -> QWidget:
        page = QWidget(self.pages)
        form = QFormLayout(page)
        form.setContentsMargins(0, 0, 0, 0)
        fields: list[tuple[Param, Field]] = []
        for param in kind.params:
            field: Field
            if isinstance(param, OneOf):
                field = QComboBox(page)
                for option in param.options:
                    field.addItem(shown(option_label(option)), option)
                hint = "|".join(shown(option_label(option)) for option in param.options)
            else:
                field = QLineEdit(page)
                hint = shown(param.hint)
                field.setPlaceholderText(hint)
                field.returnPressed.connect(self.accept)
            label = shown(param.label)
            field.setAccessibleName(label)
            field.setToolTip(
                translate("ConstraintEditor", "{label}: {hint}").format(label=label, hint=hint)
            )
            form.addRow(label, field)
            fields.append((param, field))
        self.fields[kind.name] = fields
        return page

    def focus_chain(self) -> list[QWidget]:
        """Its controls in tab order (those of the kinds not shown are skipped by Qt)."""
        chain: list[QWidget] = [self.kind_combo]
        for fields in self.fields.values():
            chain.extend(field for _, field in fields)
        return [*chain, self.save_button, self.cancel_button]

    def open_for(self, pin: PinRecord) -> None:
        self.pin_id = pin.id
        self.title.setText(
            translate("ConstraintEditor", "Constraint for “{text}”").format(text=pin.text)
        )
        self.show_problem(None)
        for fields in self.fields.values():
            for _, field in fields:
                self._set(field, "")
        kind_name = None
        if pin.rule is not None:
            try:
                constraint = parse_rule(pin.rule)
            except ValueError:
                constraint = None
            if constraint is not None:
                kind_name = constraint.kind.name
                for param, field in self.fields[kind_name]:
                    self._set(field, param.show(constraint.values[param.name]))
        self.kind_combo.setCurrentIndex(max(self.kind_combo.findData(kind_name), 0))
        self._kind_chosen()
        self.show()
        self.kind_combo.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def cancel(self) -> None:
        """Close without saving, and say so (the panel puts the focus back on the list)."""
        self.discard()
        self.closed.emit()

    def discard(self) -> None:
        """Close without saving, quietly (another trip was opened)."""
        self.pin_id = None
        self.hide()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.cancel()
            return
        super().keyPressEvent(event)

    def kind(self) -> str | None:
        data = self.kind_combo.currentData()
        return data if isinstance(data, str) else None

    def rule(self) -> str | None:
        """The rule the fields state, in its canonical form (None: no constraint); raises
        ValueError with the sentence to show when it does not read."""
        name = self.kind()
        if name is None:
            return None
        args = [self._text(field) for _, field in self.fields[name]]
        kind = next(kind for kind in KINDS if kind.name == name)
        if kind.optional_last and not args[-1]:
            args.pop()
        return parse_rule(f"{name}({','.join(args)})").rule

    def accept(self) -> None:
        if self.pin_id is None:
            return
        try:
            rule = self.rule()
        except ValueError as error:
            self.show_problem(shown_error(error))
            return
        self.show_problem(None)
        self.saved.emit(self.pin_id, rule)

    def show_problem(self, text: str | None) -> None:
        """Say what is wrong under the fields (None: nothing)."""
        self.message.setText(text or "")
        self.message.setAccessibleDescription(text or "")
        self.message.setVisible(bool(text))

    def _kind_chosen(self, *_: object) -> None:
        self.pages.setCurrentIndex(self.kind_combo.currentIndex())
        self.show_problem(None)

    @staticmethod
    def _text(field: Field) -> str:
        if isinstance(field, QComboBox):
            data = field.currentData()
            return data if isinstance(data, str) else field.currentText()
        return field.text().strip()

    @staticmethod
    def _set(field: Field, text: str) -> None:
        if isinstance(field, QComboBox):
            field.setCurrentIndex(max(field.findData(text), 0))
        else:
            field.setText(text)
