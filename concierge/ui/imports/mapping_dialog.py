"""Before a CSV file is imported: which item field each of its columns fills. One choice per
column ("Ignore" or a field), preselected from what the header names suggest; under them the
first rows read as the import will read them, each with its problem, following every change.
OK queues the file with this mapping, Cancel imports nothing. Tab moves between the choices,
Enter is OK, Esc is Cancel. A row the reader has doubts about (no title, say) shows its
warning where a bad row shows its problem. A field fills one column only: while two columns
name the same field (as they do for a moment when the arrow keys pass over it), the dialog
says so and OK waits."""

from __future__ import annotations

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
from concierge.travel.imports import CSV_FIELDS
from concierge.travel.imports.csv_table import CsvTable, Preview, PreviewRow
from concierge.ui.i18n import shown, translate
from concierge.ui.problems.icons import SEVERITY_WORDS

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


def warning_text(row: PreviewRow) -> str:
    """The reader's warnings about a row that reads ("" for none)."""
    warnings = row.candidate.warnings if row.candidate is not None else ()
    if not warnings:
        return ""
    return f"{shown(SEVERITY_WORDS['warning'])}: {' '.join(shown(w) for w in warnings)}"


class CsvMappingDialog(QDialog):
    """The columns of `table`, each with its field; `mapping()` is the choice made."""

    def __init__(
        self, table: CsvTable, date_pattern: str | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("csvMappingDialog")
        self.setWindowTitle(translate("CsvMapping", "Import {file}").format(file=table.file_name))
        self.table = table
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
        form_box = QWidget(self)
        form = QFormLayout(form_box)
        detected = table.detected()
        self.combos: dict[str, QComboBox] = {}
        for column in table.header:
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
        scroll = QScrollArea(self)
        scroll.setWidget(form_box)
        scroll.setWidgetResizable(True)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
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
        layout.addWidget(scroll, 1)
        layout.addWidget(self.problem)
        layout.addWidget(self.preview, 1)
        layout.addWidget(self.buttons)
        self.last_preview = Preview(())
        self._show_preview()
        first = next(iter(self.combos.values()), None)
        if first is not None:
            first.setFocus(Qt.FocusReason.OtherFocusReason)

    def mapping(self) -> dict[str, str]:
        """Column → item field, for the columns not ignored."""
        chosen = {column: str(combo.currentData()) for column, combo in self.combos.items()}
        return {column: field for column, field in chosen.items() if field}

    def accept(self) -> None:
        if self.last_preview.problem:
            return
        super().accept()

    def _show_preview(self, _index: int = 0) -> None:
        mapping = self.mapping()
        preview = self.table.preview(mapping, self.date_pattern)
        self.last_preview = preview
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
        problem = shown(row.error) if row.error else warning_text(row)
        item = QTreeWidgetItem(self.preview, [str(row.number), *cells, problem or FINE])
        if problem:
            item.setToolTip(len(fields) + 1, problem)
