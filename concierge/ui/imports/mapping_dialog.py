"""Before a CSV file is imported: which item field each column fills (preselected from the
header), how the file is read (separator and date order to choose), and the first rows read
as the import will read them, with each row's problem or warning. A field fills one column
only: while two columns name it (for a moment as the arrow keys pass over it), OK waits."""

from __future__ import annotations

import itertools
from datetime import date, time
from decimal import Decimal
from enum import Enum

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QScrollArea,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from concierge.store import ItemKind
from concierge.store.validation import ITEM_RULES
from concierge.text import QT_TRANSLATE_NOOP
from concierge.travel.imports import CSV_FIELDS, CsvChoices, ImportFileError
from concierge.travel.imports.csv_layout import SEPARATORS, separator_text
from concierge.travel.imports.csv_table import CsvTable, Preview, PreviewRow
from concierge.ui.i18n import shown, translate
from concierge.ui.imports.panel import warnings_said

IGNORE_TEXT = QT_TRANSLATE_NOOP("CsvMapping", "Ignore")
PROBLEM = QT_TRANSLATE_NOOP("CsvMapping", "Problem")
FINE = "—"
"""The problem cell of a row that reads well."""


def cell_text(value: object) -> str:
    """A read value as the preview shows it."""
    if isinstance(value, ItemKind):
        return shown(value.label)
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, bool):
        return translate("CsvMapping", "yes") if value else ""
    if isinstance(value, time):
        return value.isoformat("minutes")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return "" if value is None else str(value)


DATE_FORMATS = {
    "": QT_TRANSLATE_NOOP("CsvMapping", "As the file shows, else as your language writes them"),
    "dd/MM/yyyy": QT_TRANSLATE_NOOP("CsvMapping", "Day, month, year (14/05/2026)"),
    "MM/dd/yyyy": QT_TRANSLATE_NOOP("CsvMapping", "Month, day, year (05/14/2026)"),
    "yyyy-MM-dd": QT_TRANSLATE_NOOP("CsvMapping", "Year, month, day (2026-05-14)"),
}
"""The orders of numeric dates a person can choose ("" the file's own, else the locale's)."""


class CsvMappingDialog(QDialog):
    """The columns of `table`, each with its field, and how the file is split and its dates
    read; `mapping()` and `choices()` are the choice made."""

    def __init__(
        self, table: CsvTable, date_pattern: str | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("csvMappingDialog")
        self.setWindowTitle(translate("CsvMapping", "Import {file}").format(file=table.file_name))
        self.table = table
        self.found_separator = table.layout.separator
        self.date_pattern = date_pattern
        heading = QLabel(
            translate(
                "CsvMapping",
                "Which item field each column of {file} fills. The first rows below "
                "show how they will be read; nothing is imported until you choose OK.",
            ).format(file=table.file_name),
            self,
        )
        heading.setWordWrap(True)
        reading = QFormLayout()
        self.separator = QComboBox(self)
        self.separator.setAccessibleName(translate("CsvMapping", "Separator between cells"))
        for mark in SEPARATORS:
            self.separator.addItem(shown(separator_text(mark)), mark)
        self.separator.setCurrentIndex(self.separator.findData(self.found_separator))
        self.separator.currentIndexChanged.connect(self._split_again)
        self.date_format = QComboBox(self)
        self.date_format.setAccessibleName(translate("CsvMapping", "Order of numeric dates"))
        for pattern, text in DATE_FORMATS.items():
            self.date_format.addItem(shown(text), pattern)
        self.date_format.currentIndexChanged.connect(self._show_preview)
        reading.addRow(
            self._label(translate("CsvMapping", "&Separator:"), self.separator), self.separator
        )
        reading.addRow(
            self._label(translate("CsvMapping", "&Dates:"), self.date_format), self.date_format
        )
        self.reading = QLabel(self)
        self.reading.setObjectName("csvMappingReading")
        self.reading.setWordWrap(True)
        self.column_area = QScrollArea(self)
        self.column_area.setWidgetResizable(True)
        self.column_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.combos: dict[str, QComboBox] = {}
        self.chosen: dict[str, str] = {}
        """Each column's field as last chosen, kept when the file is split again."""
        self.problem = QLabel(self)
        self.problem.setObjectName("csvMappingProblem")
        self.problem.setWordWrap(True)
        self.preview = QTreeWidget(self)
        self.preview.setObjectName("csvMappingPreview")
        self.preview.setAccessibleName(translate("CsvMapping", "How the first rows read"))
        self.preview.setRootIsDecorated(False)
        self.preview.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(translate("CsvMapping", "Import"))
        self.ok_button.setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addLayout(reading)
        layout.addWidget(self.reading)
        layout.addWidget(self.column_area, 1)
        layout.addWidget(self.problem)
        layout.addWidget(self.preview, 1)
        layout.addWidget(self.buttons)
        self.last_preview: Preview
        self._columns()
        first = next(iter(self.combos.values()), None)
        if first is not None:
            first.setFocus(Qt.FocusReason.OtherFocusReason)

    def mapping(self) -> dict[str, str]:
        """Column → item field, for the columns not ignored."""
        chosen = {column: str(combo.currentData()) for column, combo in self.combos.items()}
        return {column: field for column, field in chosen.items() if field}

    def choices(self) -> CsvChoices:
        """The separator and date format chosen, None where they are the file's own."""
        separator = str(self.separator.currentData())
        return CsvChoices(
            separator if separator != self.found_separator else None,
            str(self.date_format.currentData()) or None,
        )

    def accept(self) -> None:
        if self.last_preview.problem:
            return
        super().accept()

    def _label(self, text: str, buddy: QWidget) -> QLabel:
        label = QLabel(text, self)
        label.setBuddy(buddy)
        return label

    def _split_again(self, _index: int = 0) -> None:
        """Show the columns of the file split at the chosen separator."""
        try:
            self.table = self.table.with_separator(str(self.separator.currentData()))
        except ImportFileError as error:
            self.problem.setText(shown(error.reason))
            self.problem.setVisible(True)
            self.ok_button.setEnabled(False)
            return
        self._columns()

    def _columns(self) -> None:
        """One choice per column, preselected as chosen for its name before, else from the
        header."""
        form_box = QWidget(self.column_area)
        form = QFormLayout(form_box)
        self.chosen |= {column: str(combo.currentData()) for column, combo in self.combos.items()}
        kept = {
            column: self.chosen[column] for column in self.table.header if column in self.chosen
        }
        detected = {c: f for c, f in self.table.detected().items() if f not in kept.values()}
        detected |= kept
        self.combos = {}
        for column in self.table.header:
            combo = QComboBox(form_box)
            combo.setAccessibleName(
                translate("CsvMapping", "Field for column “{column}”").format(column=column)
            )
            combo.addItem(shown(IGNORE_TEXT), "")
            for field in CSV_FIELDS:
                combo.addItem(shown(ITEM_RULES[field].label), field)
            combo.setCurrentIndex(max(combo.findData(detected.get(column, "")), 0))
            combo.currentIndexChanged.connect(self._show_preview)
            label = QLabel(column or translate("CsvMapping", "(no name)"), form_box)
            label.setBuddy(combo)
            form.addRow(label, combo)
            self.combos[column] = combo
        self.column_area.setWidget(form_box)
        chain = [self.separator, self.date_format, *self.combos.values(), *self.buttons.buttons()]
        for before, after in itertools.pairwise(chain):
            QWidget.setTabOrder(before, after)
        self._show_preview()

    def _show_preview(self, _index: int = 0) -> None:
        mapping = self.mapping()
        preview = self.table.preview(
            mapping, self.date_pattern, date_format=str(self.date_format.currentData()) or None
        )
        self.last_preview = preview
        self.reading.setText(shown(self.table.describe(preview.found)))
        fields = [field for column in self.table.header if (field := mapping.get(column))]
        labels = [
            translate("CsvMapping", "Row"),
            *(shown(ITEM_RULES[field].label) for field in fields),
            shown(PROBLEM),
        ]
        self.preview.clear()
        self.preview.setHeaderLabels(labels)
        for row in preview.rows:
            self._add_row(row, fields)
        header = self.preview.header()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        bad = sum(1 for row in preview.rows if row.error)
        if preview.problem:
            text = translate("CsvMapping", "Cannot import with these choices: {problem}").format(
                problem=shown(preview.problem)
            )
        elif bad:
            text = translate(
                "CsvMapping",
                "{bad} of the first {count} rows cannot be read; the file is "
                "imported only when every row can.",
            ).format(bad=bad, count=len(preview.rows))
        else:
            text = ""
        self.problem.setText(text)
        self.problem.setVisible(bool(text))
        self.ok_button.setEnabled(not preview.problem)

    def _add_row(self, row: PreviewRow, fields: list[str]) -> None:
        columns = {field: self.table.header.index(c) for c, field in self.mapping().items()}
        if row.candidate is not None:
            cells = [cell_text(getattr(row.candidate, field)) for field in fields]
        else:
            cells = [
                row.cells[columns[field]] if columns[field] < len(row.cells) else ""
                for field in fields
            ]
        warnings = row.candidate.warnings if row.candidate is not None else ()
        problem = shown(row.error) if row.error else warnings_said(warnings)
        item = QTreeWidgetItem(self.preview, [str(row.number), *cells, problem or FINE])
        if problem:
            item.setToolTip(len(fields) + 1, problem)
